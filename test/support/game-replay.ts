import { expect } from '@jest/globals';
import pg from 'pg';
import { parseSquare, playTurn, startPosition, toBoardString } from '../../src/engine/index.js';

export interface AckedMove {
  gameId: string;
  ply: number;
  square: string;
}

type Query = (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;

/**
 * No acknowledged move is lost and no game is half-written: every acknowledged move is stored at
 * its ply, and every game's move rows are plies 0..ply-1 that replay to its stored board.
 */
export async function expectStoredGamesConsistent(query: Query, acked: AckedMove[], gameIds: string[]): Promise<void> {
  for (const a of acked) {
    const row = await query('SELECT square FROM moves WHERE game_id = $1 AND ply = $2', [a.gameId, a.ply]);
    expect({ ...a, stored: row.rows }).toEqual({ ...a, stored: [{ square: parseSquare(a.square) }] });
  }
  for (const gameId of gameIds) {
    const game = (await query('SELECT board, to_move, ply, status FROM games WHERE id = $1', [gameId])).rows[0];
    const moves = (await query('SELECT ply, color, square, pass FROM moves WHERE game_id = $1 ORDER BY ply', [gameId])).rows;
    expect(moves.map((m) => m.ply)).toEqual([...Array(game.ply).keys()]);
    let position = startPosition();
    for (const m of moves.filter((x) => !x.pass)) {
      expect(m.color).toBe(position.toMove);
      position = playTurn(position, m.square).position;
    }
    expect(toBoardString(position)).toBe(game.board);
    if (game.status === 'active') expect(position.toMove).toBe(game.to_move);
  }
}

/** A one-off query on `url`. */
export function queryOn(url: string): Query {
  return async (sql, params) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(sql, params);
    } finally {
      await client.end();
    }
  };
}
