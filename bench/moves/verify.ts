/**
 * bench:moves's check of what the run left in the database: every game's moves replay to its
 * stored state, every acknowledged move is there and no other, finished rated games are rated.
 */
import type pg from 'pg';
import { replay, toBoardString, type Color } from '../../src/engine/index.js';

export interface VerifyReport {
  games: number;
  finished: number;
  active: number;
  moveRows: number;
  problems: string[];
}

export async function verify(client: pg.Client, acked: Map<string, number>): Promise<VerifyReport> {
  const ids = [...acked.keys()];
  const games = (
    await client.query(
      `SELECT id, ply, board, to_move, status, winner, result_reason, black_discs, white_discs, rated FROM games WHERE id = ANY($1::uuid[])`,
      [ids],
    )
  ).rows as {
    id: string;
    ply: number;
    board: string;
    to_move: Color | null;
    status: string;
    winner: Color | null;
    result_reason: string | null;
    black_discs: number | null;
    white_discs: number | null;
    rated: boolean;
  }[];
  const moveRows = (
    await client.query(`SELECT game_id, ply, color, square, pass, flipped, by FROM moves WHERE game_id = ANY($1::uuid[]) ORDER BY game_id, ply`, [ids])
  ).rows as { game_id: string; ply: number; color: Color; square: number | null; pass: boolean; flipped: number[]; by: string }[];
  const history = new Map<string, number>();
  for (const r of (await client.query(`SELECT game_id, count(*)::int AS n FROM rating_history WHERE game_id = ANY($1::uuid[]) GROUP BY game_id`, [ids])).rows)
    history.set(r.game_id as string, r.n as number);

  const byGame = new Map<string, typeof moveRows>();
  for (const r of moveRows) {
    const list = byGame.get(r.game_id) ?? [];
    list.push(r);
    byGame.set(r.game_id, list);
  }
  const problems: string[] = [];
  const problem = (id: string, what: string) => {
    if (problems.length < 50) problems.push(`${id}: ${what}`);
  };
  if (games.length !== ids.length) problems.push(`${ids.length - games.length} games are missing from the games table`);
  let finished = 0;
  let active = 0;
  for (const g of games) {
    const rows = byGame.get(g.id) ?? [];
    if (rows.length !== g.ply) problem(g.id, `${rows.length} move rows for ply ${g.ply}`);
    rows.forEach((r, i) => {
      if (r.ply !== i) problem(g.id, `row ${i} has ply ${r.ply}`);
      if (r.by !== 'player') problem(g.id, `ply ${r.ply} was played by ${r.by}`);
    });
    const played = rows.filter((r) => !r.pass);
    if (played.length !== acked.get(g.id)) problem(g.id, `${played.length} moves stored, ${acked.get(g.id)} acknowledged to the client`);
    let game;
    try {
      game = replay(played.map((r) => r.square!));
    } catch (err) {
      problem(g.id, `the stored moves do not replay: ${String(err)}`);
      continue;
    }
    if (game.moves.length !== rows.length) problem(g.id, `replay has ${game.moves.length} records (with passes), the table ${rows.length}`);
    game.moves.forEach((m, i) => {
      const r = rows[i];
      if (!r) return;
      const same =
        r.color === m.color && r.square === m.square && r.pass === m.pass && [...r.flipped].sort((a, b) => a - b).join() === [...m.flipped].sort((a, b) => a - b).join();
      if (!same) problem(g.id, `ply ${i}: stored ${JSON.stringify(r)} but the replay gives ${JSON.stringify(m)}`);
    });
    if (toBoardString(game.position) !== g.board) problem(g.id, 'the stored board is not the replayed one');
    if (g.status === 'finished') {
      finished += 1;
      if (!game.finished) problem(g.id, 'finished in the table, not over in the replay');
      if (g.result_reason !== 'board') problem(g.id, `result reason ${g.result_reason}`);
      if (g.winner !== game.result.winner) problem(g.id, `winner ${g.winner}, replay ${game.result.winner}`);
      if (g.black_discs !== game.result.discs.black || g.white_discs !== game.result.discs.white)
        problem(g.id, `discs ${g.black_discs}-${g.white_discs}, replay ${game.result.discs.black}-${game.result.discs.white}`);
      if (g.rated && history.get(g.id) !== 2) problem(g.id, `${history.get(g.id) ?? 0} rating_history rows for a finished rated game`);
    } else if (g.status === 'active') {
      active += 1;
      if (game.finished) problem(g.id, 'over in the replay, active in the table');
      if (g.to_move !== game.position.toMove) problem(g.id, `to_move ${g.to_move}, replay ${game.position.toMove}`);
      if (history.has(g.id)) problem(g.id, 'rating_history rows for an unfinished game');
    } else {
      problem(g.id, `status ${g.status}`);
    }
  }
  return { games: games.length, finished, active, moveRows: moveRows.length, problems };
}
