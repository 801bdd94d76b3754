import { describe, expect, it } from '@jest/globals';
import { GameRuleError } from '../../../src/games/domain/rule-error.js';
import { fromBoardString, legalMoves, parseSquare, playTurn, type Position, startPosition, toBoardString } from '../../../src/engine/index.js';
import type { GameRules, GameState, MoveRecord, Progress } from '../../../src/games/domain/game.js';
import * as rules from '../../../src/games/domain/transitions.js';
import { findPosition } from './positions.js';

const NOW = new Date('2026-11-30T12:00:00Z');
const R: GameRules = { now: NOW, cpuTakeoverSeconds: 60, firstMoveSeconds: 30, idleTurnSeconds: 300, rankedStandInMoves: 2 };
const later = (s: number): GameRules => ({ ...R, now: new Date(NOW.getTime() + s * 1000) });
const B = 'b0000000-0000-4000-8000-000000000001';
const W = 'w0000000-0000-4000-8000-000000000002';
const X = 'x0000000-0000-4000-8000-000000000003';
const sq = (s: string) => parseSquare(s)!;

function game(over: Partial<GameState> = {}): GameState {
  const g = rules.newGame(
    { id: 'g1', roomId: null, roomCode: null, rated: true, turnSeconds: null, showLegalMoves: true, blackId: B, whiteId: W },
    R,
  );
  return { ...g, ...over };
}

/** A game at `position` with `ply` records so far. */
function at(position: Position, ply: number, over: Partial<GameState> = {}): GameState {
  return game({ board: toBoardString(position), toMove: position.toMove, ply, ...over });
}

function progress(x: Progress | rules.EarlierPly | rules.Flagged | null): Progress {
  if (!x || 'kind' in x) throw new Error('expected a Progress');
  return x;
}

function errorOf(f: () => unknown): { code: string; details: unknown } {
  try {
    f();
  } catch (err) {
    if (err instanceof GameRuleError) return { code: err.code, details: err.details };
    throw err;
  }
  throw new Error('expected a GameRuleError');
}

describe('newGame', () => {
  it('starts at the start position, Black to move, with the first-move deadline', () => {
    const g = game();
    expect(g).toMatchObject({ board: toBoardString(startPosition()), toMove: 'black', ply: 0, status: 'active', blackStandIn: false, whiteStandIn: false });
    expect(g.turnDeadline).toEqual(new Date(NOW.getTime() + 30_000));
    expect(g.takeoverAt).toEqual(g.turnDeadline);
    expect(g.turnStartedAt).toEqual(NOW);
  });

  it.each([null, 30, 60])('turn limit %s: the first move has FIRST_MOVE_SECONDS all the same', (turnSeconds) => {
    const g = rules.newGame({ id: 'g', roomId: null, roomCode: null, rated: false, turnSeconds, showLegalMoves: true, blackId: B, whiteId: W }, R);
    expect(g.turnDeadline).toEqual(new Date(NOW.getTime() + 30_000));
    expect(g.takeoverAt).toEqual(g.turnDeadline);
  });
});

describe('the clocks of later turns', () => {
  const afterOpening = (turnSeconds: number | null) => {
    const g = game({ turnSeconds });
    const p1 = progress(rules.playMove(g, { playerId: B, square: sq('d3'), ply: 0 }, R));
    return progress(rules.playMove(p1.game, { playerId: W, square: legalMoves(rules.positionOf(p1.game))[0], ply: 1 }, later(10))).game;
  };
  it.each<[number | null, number | null, number]>([
    [30, 30_000, 30_000],
    [60, 60_000, 60_000],
    [null, null, 60_000],
  ])('turn limit %s: deadline %s ms, takeover after %s ms', (turnSeconds, deadlineMs, takeoverMs) => {
    const g = afterOpening(turnSeconds);
    const start = later(10).now.getTime();
    expect(g.turnDeadline).toEqual(deadlineMs === null ? null : new Date(start + deadlineMs));
    expect(g.takeoverAt).toEqual(new Date(start + takeoverMs));
  });

  it('presence keeps a player safe up to the idle limit, never past it, and never for a first move', () => {
    const g = afterOpening(null);
    expect(rules.presentUntil(g, later(20))).toEqual(new Date(later(20).now.getTime() + 60_000));
    expect(rules.presentUntil(g, later(280))).toEqual(new Date(later(10).now.getTime() + 300_000));
    expect(rules.presentUntil(game(), R)).toBeNull();
    expect(rules.presentUntil(afterOpening(30), R)).toBeNull();
  });
});

describe('playMove: errors', () => {
  const start = game();
  it.each<[string, GameState, rules.MoveCommand, string]>([
    ['a player who is not seated', start, { playerId: X, square: sq('d3'), ply: 0 }, 'FORBIDDEN'],
    ['the wrong side', start, { playerId: W, square: sq('d3'), ply: 0 }, 'NOT_YOUR_TURN'],
    ['a ply from the future', start, { playerId: B, square: sq('d3'), ply: 1 }, 'STALE_PLY'],
    ['an occupied square', start, { playerId: B, square: sq('d4'), ply: 0 }, 'ILLEGAL_MOVE'],
    ['a square that flips nothing', start, { playerId: B, square: sq('a1'), ply: 0 }, 'ILLEGAL_MOVE'],
    ['a finished game', game({ status: 'finished', toMove: null, winner: 'black', resultReason: 'resign' }), { playerId: B, square: sq('d3'), ply: 0 }, 'GAME_OVER'],
    ['an aborted game', game({ status: 'aborted', toMove: null, resultReason: 'aborted' }), { playerId: B, square: sq('d3'), ply: 0 }, 'GAME_OVER'],
  ])('%s → %s', (_label, g, cmd, code) => {
    expect(errorOf(() => rules.playMove(g, cmd, R)).code).toBe(code);
  });

  it('an illegal move lists the legal squares only when hints are on', () => {
    expect(errorOf(() => rules.playMove(game(), { playerId: B, square: sq('a1'), ply: 0 }, R)).details).toEqual({ legalMoves: ['d3', 'c4', 'f5', 'e6'] });
    expect(errorOf(() => rules.playMove(game({ showLegalMoves: false }), { playerId: B, square: sq('a1'), ply: 0 }, R)).details).toBeUndefined();
  });

  it('an older ply asks the caller to look at what was recorded (even after the end)', () => {
    const g = game({ ply: 5 });
    expect(rules.playMove(g, { playerId: W, square: sq('d3'), ply: 2 }, R)).toEqual({ kind: 'earlier-ply', color: 'white' });
    const over = game({ ply: 60, status: 'finished', toMove: null });
    expect(rules.playMove(over, { playerId: B, square: sq('d3'), ply: 59 }, R)).toEqual({ kind: 'earlier-ply', color: 'black' });
  });
});

describe('playMove: progress', () => {
  it('a legal move records it, flips, hands the turn over and starts the next clock (White\'s first move)', () => {
    const p = progress(rules.playMove(game(), { playerId: B, square: sq('d3'), ply: 0 }, later(5)));
    expect(p.origin.ply).toBe(0);
    expect(p.records).toEqual([{ ply: 0, color: 'black', square: sq('d3'), pass: false, flipped: [sq('d4')], by: 'player', at: later(5).now }]);
    expect(p.game).toMatchObject({ ply: 1, toMove: 'white', status: 'active', turnStartedAt: later(5).now, takeoverAt: new Date(NOW.getTime() + 35_000) });
    expect(p.game.board).toBe(toBoardString(playTurn(startPosition(), sq('d3')).position));
    expect(p.events).toEqual([{ type: 'move', record: p.records[0] }]);
  });

  it('the opponent with no legal square passes automatically, and the mover goes again', () => {
    const { position, square, ply } = findPosition('pass');
    const mover = position.toMove === 'black' ? B : W;
    const p = progress(rules.playMove(at(position, ply), { playerId: mover, square, ply }, R));
    expect(p.records).toHaveLength(2);
    expect(p.records[1]).toMatchObject({ ply: ply + 1, pass: true, square: null, flipped: [], by: 'player' });
    expect(p.game).toMatchObject({ ply: ply + 2, toMove: position.toMove, status: 'active' });
    expect(p.events.map((e) => e.type)).toEqual(['move', 'move']);
  });

  it('a pass of a seat the CPU holds is made by the CPU', () => {
    const { position, square, ply } = findPosition('pass');
    const mover = position.toMove === 'black' ? B : W;
    const standIn = position.toMove === 'black' ? { whiteStandIn: true } : { blackStandIn: true };
    const p = progress(rules.playMove(at(position, ply, standIn), { playerId: mover, square, ply }, R));
    expect(p.records[1]).toMatchObject({ pass: true, by: 'cpu' });
  });

  it('the last move ends the game on the board, with the result and an end event', () => {
    const { position, square, ply } = findPosition('end');
    const mover = position.toMove === 'black' ? B : W;
    const p = progress(rules.playMove(at(position, ply), { playerId: mover, square, ply }, R));
    const final = playTurn(position, square).position;
    const discs = { black: 0, white: 0 };
    for (const c of toBoardString(final)) if (c === 'B') discs.black++; else if (c === 'W') discs.white++;
    expect(p.game).toMatchObject({ status: 'finished', resultReason: 'board', toMove: null, turnDeadline: null, takeoverAt: null, finishedAt: NOW });
    expect(p.game.blackDiscs).toBe(discs.black);
    expect(p.game.winner).toBe(discs.black > discs.white ? 'black' : discs.white > discs.black ? 'white' : null);
    expect(p.events.at(-1)).toEqual({ type: 'end' });
  });

  it('a game that ends while the CPU holds a seat is lost by that player: abandoned', () => {
    const { position, square, ply } = findPosition('end');
    const mover = position.toMove === 'black' ? B : W;
    const absent = position.toMove === 'black' ? 'white' : 'black';
    const p = progress(rules.playMove(at(position, ply, absent === 'black' ? { blackStandIn: true } : { whiteStandIn: true }), { playerId: mover, square, ply }, R));
    expect(p.game).toMatchObject({ status: 'finished', resultReason: 'abandoned', winner: position.toMove });
    expect(rules.ratedResult(p.game)).toEqual({ winner: position.toMove });
  });

  it('moving takes the seat back from a stand-in', () => {
    const p = progress(rules.playMove(game({ blackStandIn: true }), { playerId: B, square: sq('d3'), ply: 0 }, R));
    expect(p.game.blackStandIn).toBe(false);
    expect(p.events[0]).toEqual({ type: 'seat', color: 'black', standIn: false });
  });
});

describe('isSafeRetry', () => {
  const rec = (over: Partial<MoveRecord>): MoveRecord => ({ ply: 0, color: 'black', square: sq('d3'), pass: false, flipped: [sq('d4')], by: 'player', at: NOW, ...over });
  it.each<[string, MoveRecord | null, boolean]>([
    ['the same move by the same side', rec({}), true],
    ['another square', rec({ square: sq('c4') }), false],
    ['the other side', rec({ color: 'white' }), false],
    ['a CPU move', rec({ by: 'cpu' }), false],
    ['a pass', rec({ pass: true, square: null }), false],
    ['nothing recorded', null, false],
  ])('%s', (_label, recorded, expected) => {
    expect(rules.isSafeRetry(recorded, 'black', sq('d3'))).toBe(expected);
  });
});

describe('stand-ins and aborts', () => {
  /** Black to move at ply 2 (both have moved), no turn limit. */
  const midgame = (over: Partial<GameState> = {}) => game({ ply: 2, takeoverAt: new Date(NOW.getTime() + 60_000), turnDeadline: null, ...over });

  it('takeOver: nothing before the takeover time, the seat to move after it', () => {
    expect(rules.takeOver(midgame(), later(59))).toBeNull();
    const p = progress(rules.takeOver(midgame(), later(60)));
    expect(p.game.blackStandIn).toBe(true);
    expect(p.records).toEqual([]);
    expect(p.events).toEqual([{ type: 'seat', color: 'black', standIn: true }]);
  });

  it.each<[string, Partial<GameState>]>([
    ['already held by the CPU', { blackStandIn: true }],
    ['a finished game', { status: 'finished', toMove: null }],
    ['no takeover time', { takeoverAt: null }],
  ])('takeOver does nothing for %s', (_label, over) => {
    expect(rules.takeOver(midgame(over), later(3600))).toBeNull();
  });

  it.each<[string, Partial<GameState>]>([
    ['Black has not made a first move', { ply: 0 }],
    ['White has not made a first move', { ply: 1, toMove: 'white' }],
    ['the CPU would hold both seats', { whiteStandIn: true }],
  ])('takeOver aborts the game when %s', (_label, over) => {
    const p = progress(rules.takeOver(midgame(over), later(60)));
    expect(p.game).toMatchObject({ status: 'aborted', resultReason: 'aborted', winner: null, toMove: null, blackStandIn: false });
    expect(p.events).toEqual([{ type: 'end' }]);
    expect(rules.ratedResult(p.game)).toBeNull();
  });

  it('cpuMove plays for the stand-in to move, marked as the CPU', () => {
    const p = rules.cpuMove(midgame({ blackStandIn: true, board: game().board }), sq('f5'), R);
    expect(p.records[0]).toMatchObject({ color: 'black', square: sq('f5'), by: 'cpu' });
    expect(p.game.toMove).toBe('white');
  });

  it('cpuMove refuses when no stand-in is to move, and illegal squares', () => {
    expect(errorOf(() => rules.cpuMove(game(), sq('f5'), R)).code).toBe('CONFLICT');
    expect(errorOf(() => rules.cpuMove(game({ blackStandIn: true }), sq('a1'), R)).code).toBe('ILLEGAL_MOVE');
  });

  it('standInToMove', () => {
    expect(rules.standInToMove(game())).toBe(false);
    expect(rules.standInToMove(game({ blackStandIn: true }))).toBe(true);
    expect(rules.standInToMove(game({ whiteStandIn: true }))).toBe(false);
    expect(rules.standInToMove(game({ blackStandIn: true, status: 'finished', toMove: null }))).toBe(false);
  });

  it('reclaimSeat gives the seat back and, on their turn, a fresh clock', () => {
    const p = progress(rules.reclaimSeat(midgame({ blackStandIn: true, takeoverAt: NOW }), B, later(10)));
    expect(p.game.blackStandIn).toBe(false);
    expect(p.game.takeoverAt).toEqual(new Date(NOW.getTime() + 70_000));
    expect(p.events).toEqual([{ type: 'seat', color: 'black', standIn: false }]);
    const notTheirTurn = progress(rules.reclaimSeat(midgame({ whiteStandIn: true }), W, later(10)));
    expect(notTheirTurn.game.takeoverAt).toEqual(midgame().takeoverAt);
  });

  it.each<[string, Partial<GameState>, string]>([
    ['not seated', { blackStandIn: true }, X],
    ['no stand-in on their seat', {}, B],
    ['a finished game', { blackStandIn: true, status: 'finished', toMove: null }, B],
  ])('reclaimSeat does nothing when %s', (_label, over, who) => {
    expect(rules.reclaimSeat(game(over), who, R)).toBeNull();
  });
});

describe('resign and abort', () => {
  it('resign: the opponent wins, with an end event', () => {
    const p = progress(rules.resign(game({ ply: 3 }), B, R));
    expect(p.game).toMatchObject({ status: 'finished', winner: 'white', resultReason: 'resign', toMove: null, blackDiscs: 2, whiteDiscs: 2 });
    expect(p.events).toEqual([{ type: 'end' }]);
  });

  it.each([0, 1])('resign at ply %i (before both have moved) aborts instead, and a repeat is answered as done', (ply) => {
    const p = progress(rules.resign(game({ ply }), W, R));
    expect(p.game).toMatchObject({ status: 'aborted', resultReason: 'aborted', winner: null });
    expect(rules.ratedResult(p.game)).toBeNull();
    expect(rules.resign(p.game, W, R)).toBeNull();
  });

  it.each<[string, Partial<GameState>, string, string | null]>([
    ['Black at ply 0', { ply: 0 }, B, null],
    ['White at ply 1', { ply: 1, toMove: 'white' }, W, null],
    ['Black at ply 1 (before White moved)', { ply: 1, toMove: 'white' }, B, null],
    ['after both have moved', { ply: 2 }, B, 'TOO_LATE_TO_ABORT'],
    ['an outsider', { ply: 0 }, X, 'FORBIDDEN'],
    ['a finished game', { ply: 9, status: 'finished', toMove: null, resultReason: 'resign', winner: 'white' }, B, 'GAME_OVER'],
  ])('abort: %s', (_label, over, who, code) => {
    if (code) {
      expect(errorOf(() => rules.abort(game(over), who, R)).code).toBe(code);
      return;
    }
    const p = progress(rules.abort(game(over), who, R));
    expect(p.game).toMatchObject({ status: 'aborted', resultReason: 'aborted', winner: null, toMove: null, finishedAt: NOW });
    expect(p.events).toEqual([{ type: 'end' }]);
    expect(rules.abort(p.game, who, R)).toBeNull();
  });

  it('repeating one’s own resignation is answered as done; anything else after the end is GAME_OVER', () => {
    const over = game({ status: 'finished', winner: 'white', resultReason: 'resign', toMove: null });
    expect(rules.resign(over, B, R)).toBeNull();
    expect(errorOf(() => rules.resign(over, W, R)).code).toBe('GAME_OVER');
  });

  it('only a seated player resigns', () => {
    expect(errorOf(() => rules.resign(game(), X, R)).code).toBe('FORBIDDEN');
  });
});

describe('ratedResult', () => {
  it.each<[string, Partial<GameState>, { winner: string | null } | null]>([
    ['a ranked game won on the board', { ply: 60, status: 'finished', winner: 'black' }, { winner: 'black' }],
    ['a ranked draw', { ply: 60, status: 'finished', winner: null }, { winner: null }],
    ['a ranked game abandoned', { ply: 30, status: 'finished', winner: 'white', resultReason: 'abandoned' }, { winner: 'white' }],
    ['an unranked game', { ply: 60, rated: false, status: 'finished', winner: 'black' }, null],
    ['an aborted game', { ply: 1, status: 'aborted', resultReason: 'aborted' }, null],
    ['a game in play', { ply: 20 }, null],
  ])('%s', (_label, over, expected) => {
    expect(rules.ratedResult(game(over))).toEqual(expected);
  });
});

describe('positionOf', () => {
  it('reads the board with the side to move (Black when the game is over)', () => {
    expect(rules.positionOf(game())).toEqual(fromBoardString(game().board, 'black'));
    expect(rules.positionOf({ board: game().board, toMove: null }).toMove).toBe('black');
  });
});

describe('the stand-in wins nobody\'s game (issue #21)', () => {
  it('newGame: an untimed game states its idle limit, a ranked game its stand-in move limit', () => {
    expect(game()).toMatchObject({ idleSeconds: 300, standInMoves: 2, blackCpuMoves: 0, whiteCpuMoves: 0, blackTakeovers: 0, whiteTakeovers: 0, abortedBy: null });
    const timedCasual = rules.newGame({ id: 'g', roomId: null, roomCode: null, rated: false, turnSeconds: 30, showLegalMoves: true, blackId: B, whiteId: W }, R);
    expect(timedCasual).toMatchObject({ idleSeconds: null, standInMoves: null });
  });

  it.each<[number, number, number]>([
    [300, 0, 300],
    [300, 1, 150],
    [300, 2, 75],
    [300, 3, 37.5],
    [300, 4, 18.75],
    [300, 5, 10],
    [300, 12, 10],
    [60, 1, 30],
    [30, 1, 15],
    [30, 2, 10],
    [8, 0, 8],
    [8, 3, 8],
  ])('handOverSeconds(%s s, after %s takeovers) = %s s', (limit, takeovers, expected) => {
    expect(rules.handOverSeconds(limit, takeovers)).toBe(expected);
  });

  /** Black to move after White's first move at `later(10)`, Black's seat taken over `takeovers` times before. */
  const blackTurnAfter = (takeovers: number, turnSeconds: number | null) => {
    const g = game({ turnSeconds, idleSeconds: turnSeconds ? null : 300, blackTakeovers: takeovers });
    const p1 = progress(rules.playMove(g, { playerId: B, square: sq('d3'), ply: 0 }, R));
    return progress(rules.playMove(p1.game, { playerId: W, square: legalMoves(rules.positionOf(p1.game))[0], ply: 1 }, later(10))).game;
  };

  it.each<[number, number | null, number | null, number | null, number]>([
    // takeovers, turn limit, → turn deadline (s), idle deadline (s), takeover (s) after the turn began
    [0, null, null, 300, 60],
    [1, null, null, 150, 60],
    [3, null, null, 37.5, 37.5],
    [6, null, null, 10, 10],
    [0, 60, 60, null, 60],
    [1, 60, 30, null, 30],
    [2, 30, 10, null, 10],
  ])('a seat taken over %s times (turn limit %s): deadline %s s, idle deadline %s s, takeover after %s s', (takeovers, turnSeconds, deadline, idle, takeover) => {
    const g = blackTurnAfter(takeovers, turnSeconds);
    expect(g.toMove).toBe('black');
    const start = later(10).now.getTime();
    expect(g.turnStartedAt).toEqual(later(10).now);
    expect(g.turnDeadline).toEqual(deadline === null ? null : new Date(start + deadline * 1000));
    expect(g.idleDeadline).toEqual(idle === null ? null : new Date(start + idle * 1000));
    expect(g.takeoverAt).toEqual(new Date(start + takeover * 1000));
    if (idle !== null) expect(rules.presentUntil(g, later(1000))).toEqual(new Date(start + idle * 1000));
  });

  it('takeOver counts the takeovers of each seat', () => {
    const g = game({ ply: 2, takeoverAt: NOW, turnDeadline: null, blackTakeovers: 2 });
    expect(progress(rules.takeOver(g, R)).game).toMatchObject({ blackStandIn: true, blackTakeovers: 3, whiteTakeovers: 0 });
  });

  it('CPU moves are counted per seat; its automatic passes are not', () => {
    const p = rules.cpuMove(game({ ply: 2, blackStandIn: true, blackCpuMoves: 1 }), sq('f5'), R);
    expect(p.game).toMatchObject({ blackCpuMoves: 2, whiteCpuMoves: 0 });
    const { position, square, ply } = findPosition('pass');
    const mover = position.toMove === 'black' ? B : W;
    const standIn = position.toMove === 'black' ? { whiteStandIn: true } : { blackStandIn: true };
    const passed = progress(rules.playMove(at(position, ply, standIn), { playerId: mover, square, ply }, R));
    expect(passed.records[1]).toMatchObject({ pass: true, by: 'cpu' });
    expect(passed.game).toMatchObject({ blackCpuMoves: 0, whiteCpuMoves: 0 });
  });

  /** The last move of a game is made by `mover`; `over` sets the counts and flags of the game before it. */
  const endWith = (over: Partial<GameState>) => {
    const { position, square, ply } = findPosition('end');
    const moverId = position.toMove === 'black' ? B : W;
    const p = progress(rules.playMove(at(position, ply, over), { playerId: moverId, square, ply }, R));
    const final = playTurn(position, square).position;
    let b = 0;
    let w = 0;
    for (const c of toBoardString(final)) if (c === 'B') b++; else if (c === 'W') w++;
    return { game: p.game, mover: position.toMove, boardWinner: b > w ? 'black' : w > b ? 'white' : null };
  };

  it.each<[string, Partial<GameState>, 'mover' | 'other' | 'board' | null, string, boolean]>([
    // label, before the last move, → winner, reason, rated
    ['ranked, the CPU played 2 moves for each seat (the limit): the board decides', { blackCpuMoves: 2, whiteCpuMoves: 2 }, 'board', 'board', true],
    ['ranked, the CPU played 3 moves for the mover: abandoned, whoever is ahead', { moverCpu: 3 } as never, 'other', 'abandoned', true],
    ['ranked, the CPU played 3 moves for the mover\'s opponent: abandoned', { otherCpu: 3 } as never, 'mover', 'abandoned', true],
    ['ranked, both seats over the limit: nobody wins, aborted, unrated', { blackCpuMoves: 3, whiteCpuMoves: 5 }, null, 'aborted', false],
    ['casual, the CPU played 20 moves for the mover, who came back: the board decides', { rated: false, standInMoves: null, moverCpu: 20 } as never, 'board', 'board', false],
  ])('%s', (_label, over0, winner, reason, rated) => {
    const { position } = findPosition('end');
    const moverColor = position.toMove;
    const otherColor = moverColor === 'black' ? 'white' : 'black';
    const { moverCpu, otherCpu, ...over } = over0 as Partial<GameState> & { moverCpu?: number; otherCpu?: number };
    const counts: Partial<GameState> = {};
    if (moverCpu !== undefined) Object.assign(counts, moverColor === 'black' ? { blackCpuMoves: moverCpu } : { whiteCpuMoves: moverCpu });
    if (otherCpu !== undefined) Object.assign(counts, otherColor === 'black' ? { blackCpuMoves: otherCpu } : { whiteCpuMoves: otherCpu });
    const end = endWith({ ...over, ...counts });
    const expectedWinner = winner === 'mover' ? moverColor : winner === 'other' ? otherColor : winner === 'board' ? end.boardWinner : null;
    expect(end.game).toMatchObject({ resultReason: reason, winner: expectedWinner, status: reason === 'aborted' ? 'aborted' : 'finished', abortedBy: null });
    expect(rules.ratedResult(end.game) !== null).toBe(rated);
  });

  it.each<[string, Partial<GameState>, string, string | null]>([
    ['ranked, resigning to an opponent the CPU played 3 moves for: aborted, unrated', { ply: 20, whiteCpuMoves: 3 }, 'aborted', null],
    ['ranked, resigning to an opponent the CPU holds now: aborted, unrated', { ply: 20, whiteStandIn: true }, 'aborted', null],
    ['ranked, the resigner is the one over the limit: a resignation', { ply: 20, blackCpuMoves: 3 }, 'resign', 'white'],
    ['casual, resigning to an opponent the CPU played 9 moves for: a resignation', { ply: 20, rated: false, standInMoves: null, whiteCpuMoves: 9 }, 'resign', 'white'],
  ])('%s', (_label, over, reason, winner) => {
    const p = progress(rules.resign(game(over), B, R));
    expect(p.game).toMatchObject({ resultReason: reason, winner });
  });

  it.each<[string, () => Progress | null, 'black' | 'white' | null]>([
    ['Black aborts at ply 0', () => rules.abort(game(), B, R), 'black'],
    ['White aborts at ply 1', () => rules.abort(game({ ply: 1, toMove: 'white' }), W, R), 'white'],
    ['Black resigns at ply 1 (an abort)', () => rules.resign(game({ ply: 1, toMove: 'white' }), B, R), 'black'],
    ['White lets the first-move clock run out', () => rules.takeOver(game({ ply: 1, toMove: 'white', takeoverAt: NOW }), R), 'white'],
    ['the CPU would hold both seats: nobody\'s alone', () => rules.takeOver(game({ ply: 4, takeoverAt: NOW, whiteStandIn: true }), R), null],
  ])('an abort names whose doing it was: %s', (_label, step, by) => {
    expect(progress(step()).game).toMatchObject({ status: 'aborted', abortedBy: by });
  });

  it('the polling staller: present but never moving, taking the seat back after each CPU move — the opponent waits the full idle limit once, then less each time, and the staller loses', () => {
    // Black (the staller) moved once; from then on Black is present all the time but only
    // takes the seat back after each CPU move. White plays the engine's first legal square at once.
    let t = 0;
    const at = () => later(t);
    let g = progress(rules.playMove(game(), { playerId: B, square: sq('d3'), ply: 0 }, at())).game;
    g = progress(rules.playMove(g, { playerId: W, square: legalMoves(rules.positionOf(g))[0], ply: 1 }, at())).game;
    const waits: number[] = [];
    for (let guard = 0; guard < 100 && g.status === 'active'; guard++) {
      if (g.toMove === 'black') {
        // Presence (a poll every few seconds) keeps the stand-in away until the idle limit, never longer.
        let takeoverAt = g.takeoverAt!;
        for (let s = t; s < t + 10_000; s += 5) {
          const until = rules.presentUntil(g, later(s))!;
          if (until.getTime() <= later(s).now.getTime()) break;
          takeoverAt = until;
        }
        waits.push((takeoverAt.getTime() - g.turnStartedAt!.getTime()) / 1000);
        t = (takeoverAt.getTime() - NOW.getTime()) / 1000;
        g = progress(rules.takeOver({ ...g, takeoverAt }, at())).game;
        if (g.status !== 'active') break;
        g = rules.cpuMove(g, legalMoves(rules.positionOf(g))[0], at()).game;
        if (g.status !== 'active') break;
        g = progress(rules.reclaimSeat(g, B, at())).game;
      } else {
        g = progress(rules.playMove(g, { playerId: W, square: legalMoves(rules.positionOf(g))[0], ply: g.ply }, at())).game;
      }
    }
    expect(g.status).toBe('finished');
    expect(waits[0]).toBe(300);
    expect(waits.slice(1).every((w) => w < 300)).toBe(true);
    expect(waits.slice(0, 4)).toEqual([300, 150, 75, 37.5]);
    expect(g.blackCpuMoves).toBeGreaterThan(2);
    expect(g).toMatchObject({ resultReason: 'abandoned', winner: 'white' });
    expect(rules.ratedResult(g)).toEqual({ winner: 'white' });
  });
});

describe('leave: a player leaves their games for good (a closed account, an engine mark)', () => {
  const under = (over: Partial<GameState> = {}) => game({ ply: 4, ...over });

  it('before both have moved: aborted, as the leaver\'s doing', () => {
    const step = progress(rules.leave(game({ ply: 1 }), W, R));
    expect(step.game).toMatchObject({ status: 'aborted', resultReason: 'aborted', winner: null, abortedBy: 'white' });
  });

  it('a ranked game ends at once, abandoned by the leaver, whatever the board says', () => {
    for (const [leaver, winner] of [[B, 'white'], [W, 'black']] as const) {
      const step = progress(rules.leave(under(), leaver, R));
      expect(step.game).toMatchObject({ status: 'finished', resultReason: 'abandoned', winner });
      expect(rules.ratedResult(step.game)).toEqual({ winner });
      expect(step.events).toEqual([{ type: 'end' }]);
    }
  });

  it('a ranked game whose other seat had abandoned it already: aborted, nobody wins', () => {
    expect(progress(rules.leave(under({ whiteStandIn: true }), B, R)).game).toMatchObject({ status: 'aborted', winner: null });
    expect(progress(rules.leave(under({ whiteCpuMoves: 3, standInMoves: 2 }), B, R)).game).toMatchObject({ status: 'aborted', winner: null });
  });

  it('a casual game goes on with the CPU in the leaver\'s seat (never both seats)', () => {
    const casual = under({ rated: false, standInMoves: null });
    const step = progress(rules.leave(casual, W, R));
    expect(step.game).toMatchObject({ status: 'active', whiteStandIn: true, blackStandIn: false });
    expect(step.events).toEqual([{ type: 'seat', color: 'white', standIn: true }]);
    expect(progress(rules.leave({ ...casual, blackStandIn: true }, W, R)).game).toMatchObject({ status: 'aborted' });
    expect(rules.leave({ ...casual, whiteStandIn: true }, W, R)).toBeNull();
  });

  it('nothing for a game that is over or a player not seated', () => {
    expect(rules.leave(under({ status: 'finished' }), B, R)).toBeNull();
    expect(rules.leave(under(), X, R)).toBeNull();
  });
});
