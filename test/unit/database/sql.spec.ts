import { describe, expect, it } from '@jest/globals';
import { sql, table } from '../../../src/database/sql.js';
import { GAMES, MOVE_STATEMENTS, stepParams } from '../../../src/games/games.repository.js';
import { newGame, playMove } from '../../../src/games/domain/transitions.js';
import { parseSquare } from '../../../src/engine/index.js';

interface Thing {
  id: string;
  createdAt: Date;
  score: number | null;
}

const THINGS = table<Thing>('things', { id: ['id', 'uuid'], createdAt: ['created_at', 'timestamptz'], score: ['score', 'float8'] });

describe('typed SQL: column maps and named parameters', () => {
  it('selects every column under its property name, or the ones asked for', () => {
    expect(THINGS.select('t')).toBe('t.id AS "id", t.created_at AS "createdAt", t.score AS "score"');
    expect(THINGS.select('t', ['score'])).toBe('t.score AS "score"');
    expect(THINGS.names(['createdAt', 'id'])).toBe('created_at, id');
    expect(THINGS.col('createdAt')).toBe('created_at');
  });

  it('numbers named parameters in order of first use, the same name being the same placeholder', () => {
    const q = sql<{ id: string; since: Date; limit: number }, Thing>(
      'things_since',
      (p) => `SELECT ${THINGS.select('t')} FROM things t WHERE (t.id = ${p.id} OR ${p.id} IS NULL) AND t.created_at >= ${p.since} LIMIT ${p.limit}`,
    );
    expect(q.text).toBe('SELECT t.id AS "id", t.created_at AS "createdAt", t.score AS "score" FROM things t WHERE (t.id = $1 OR $1 IS NULL) AND t.created_at >= $2 LIMIT $3');
    const since = new Date(0);
    expect(q({ limit: 5, since, id: 'x' })).toEqual({ name: 'things_since', text: q.text, values: ['x', since, 5] });
    expect(q.order).toEqual(['id', 'since', 'limit']);
  });

  it('a wrong column or parameter does not compile (checked by tsc in npm run lint; never run)', () => {
    const wrong = () => {
      // @ts-expect-error: Thing has no property `name`
      table<Thing>('things', { id: ['id', 'uuid'], createdAt: ['created_at', 'timestamptz'], score: ['score', 'float8'], name: ['name', 'text'] });
      // @ts-expect-error: the column of `score` is missing
      table<Thing>('things', { id: ['id', 'uuid'], createdAt: ['created_at', 'timestamptz'] });
      // @ts-expect-error: `scores` is not a column of Thing
      THINGS.select('t', ['scores']);
      // @ts-expect-error: the statement has no parameter `gameId`
      sql<{ id: string }>(null, (p) => `SELECT 1 WHERE ${p.gameId}`);
      const q = sql<{ id: string; limit: number }>(null, (p) => `SELECT ${p.id}, ${p.limit}`);
      // @ts-expect-error: `limit` is missing
      q({ id: 'x' });
    };
    expect(typeof wrong).toBe('function');
    expect(GAMES.col('takeoverAt')).toBe('takeover_at');
  });

  it("a move's write binds each value to its column by name", () => {
    const rules = { now: new Date('2030-01-01T00:00:00Z'), cpuTakeoverSeconds: 60, firstMoveSeconds: 30, idleTurnSeconds: 600, rankedStandInMoves: 2 };
    const game = newGame({ id: '00000000-0000-4000-8000-000000000001', roomId: null, roomCode: null, rated: false, turnSeconds: null, showLegalMoves: true, blackId: 'b', whiteId: 'w' }, rules);
    const step = playMove(game, { playerId: 'b', square: parseSquare('d3')!, ply: 0 }, rules);
    if ('kind' in step) throw new Error('d3 is legal');
    const statement = MOVE_STATEMENTS.step(stepParams(step, 7, null));
    expect(statement.name).toBe('game_step');
    const value = (column: string) => statement.values![Number(new RegExp(`\\b${column} = \\$(\\d+)`).exec(statement.text)![1]) - 1];
    expect(value('board')).toBe(step.game.board);
    expect(value('ply')).toBe(1);
    expect(value('to_move')).toBe('white');
    expect(value('takeover_at')).toBe(step.game.takeoverAt);
    expect(value('version')).toBe(7); // the version the step was decided on
    expect(statement.text).not.toMatch(/notify/i); // events leave after the commit
    expect(MOVE_STATEMENTS.load({ id: game.id })).toEqual({ name: 'game_load', text: MOVE_STATEMENTS.load.text, values: [game.id] });
  });
});
