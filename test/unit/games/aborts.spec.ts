import { describe, expect, it } from '@jest/globals';
import { parseSquare } from '../../../src/engine/index.js';
import { ABORT_RULE, abortBlame, abortCooldown } from '../../../src/games/domain/aborts.js';
import type { GameRules, GameState, Progress } from '../../../src/games/domain/game.js';
import * as rules from '../../../src/games/domain/transitions.js';

const NOW = new Date('2026-11-30T12:00:00Z');
const R: GameRules = { now: NOW, cpuTakeoverSeconds: 60, firstMoveSeconds: 30, idleTurnSeconds: 300 };
const later = (s: number): GameRules => ({ ...R, now: new Date(NOW.getTime() + s * 1000) });
const B = 'b0000000-0000-4000-8000-000000000001';
const W = 'w0000000-0000-4000-8000-000000000002';

const fresh = (): GameState =>
  rules.newGame({ id: 'g1', roomId: null, roomCode: null, rated: true, turnSeconds: null, showLegalMoves: true, blackId: B, whiteId: W }, R);

function step(x: Progress | rules.EarlierPly | null): Progress {
  if (!x || 'kind' in x) throw new Error('expected a Progress');
  return x;
}

describe('who is to blame for an aborted game', () => {
  it('the player who calls it off, or resigns before both have moved', () => {
    const g = fresh();
    expect(abortBlame(g, step(rules.abort(g, W, R)).game, W)).toEqual({ color: 'white', kind: 'abort' });
    expect(abortBlame(g, step(rules.resign(g, B, R)).game, B)).toEqual({ color: 'black', kind: 'abort' });
  });

  it('the player whose first-move clock ran out', () => {
    const g = fresh();
    expect(abortBlame(g, step(rules.takeOver(g, later(31))).game, null)).toEqual({ color: 'black', kind: 'first-move' });
    const afterBlack = step(rules.playMove(g, { playerId: B, square: parseSquare('d3')!, ply: 0 }, R)).game;
    const timedOut = step(rules.takeOver(afterBlack, later(60))).game;
    expect(timedOut.status).toBe('aborted');
    expect(abortBlame(afterBlack, timedOut, null)).toEqual({ color: 'white', kind: 'first-move' });
  });

  it('nobody for a step that did not abort, or for a game whose both players were gone', () => {
    const g = fresh();
    const played = step(rules.playMove(g, { playerId: B, square: parseSquare('d3')!, ply: 0 }, R)).game;
    expect(abortBlame(g, played, B)).toBeNull();
    const both = step(rules.playMove(played, { playerId: W, square: parseSquare('c3')!, ply: 1 }, R)).game;
    // Both have moved; Black's stand-in holds the seat, and White's time runs out: the CPU would hold both seats.
    const bothGone = { ...both, blackStandIn: true, toMove: 'white' as const, takeoverAt: NOW };
    const over = step(rules.takeOver(bothGone, later(1))).game;
    expect(over.status).toBe('aborted');
    expect(abortBlame(bothGone, over, null)).toBeNull();
    const finished = { ...g, status: 'aborted' as const };
    expect(abortBlame(finished, finished, W)).toBeNull();
  });
});

describe('the wait before the next ranked pairing', () => {
  const latest = new Date(NOW.getTime() - 60_000);

  it(`costs nothing for the first ${ABORT_RULE.free} aborts of the recent games`, () => {
    expect(abortCooldown({ games: 10, aborts: ABORT_RULE.free, latest }, NOW)).toBeNull();
    expect(abortCooldown({ games: 10, aborts: 0, latest: null }, NOW)).toBeNull();
  });

  it('escalates from the next one: 5, 10, 20, 40 … minutes after the latest abort, at most 4 hours', () => {
    const minutes = [3, 4, 5, 6, 7, 8, 9, 10].map((aborts) => abortCooldown({ games: 10, aborts, latest }, NOW)?.minutes);
    expect(minutes).toEqual([5, 10, 20, 40, 80, 160, 240, 240]);
  });

  it('says the time left, and is over once it has passed', () => {
    const wait = abortCooldown({ games: 10, aborts: 3, latest }, NOW)!;
    expect(wait.until).toEqual(new Date(latest.getTime() + 5 * 60_000));
    expect(wait.secondsLeft).toBe(4 * 60);
    expect(wait).toMatchObject({ aborts: 3, games: 10 });
    expect(abortCooldown({ games: 10, aborts: 3, latest }, new Date(latest.getTime() + 5 * 60_000))).toBeNull();
  });
});
