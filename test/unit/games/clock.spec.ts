import { describe, expect, it } from '@jest/globals';
import { legalMoves, parseSquare, toBoardString } from '../../../src/engine/index.js';
import {
  CLOCK_PRESETS,
  chargeMove,
  clockLabel,
  FLAG_GRACE_MAX_MS,
  initialLagQuotaMs,
  isValidClock,
  lagQuotaGainMs,
  maxLagQuotaMs,
  parseClockLabel,
} from '../../../src/games/domain/clock.js';
import { clocksAt, type GameRules, type GameState, type Progress } from '../../../src/games/domain/game.js';
import * as rules from '../../../src/games/domain/transitions.js';
import { findPosition } from './positions.js';

const NOW = new Date('2026-11-30T12:00:00Z');
const R: GameRules = { now: NOW, cpuTakeoverSeconds: 60, firstMoveSeconds: 30, idleTurnSeconds: 300, rankedStandInMoves: 2 };
const at = (ms: number): GameRules => ({ ...R, now: new Date(NOW.getTime() + ms) });
const B = 'b0000000-0000-4000-8000-000000000001';
const W = 'w0000000-0000-4000-8000-000000000002';
const sq = (s: string) => parseSquare(s)!;

function clocked(base = 60, inc = 2, rated = true): GameState {
  return rules.newGame(
    { id: 'g1', roomId: null, roomCode: null, rated, turnSeconds: null, clock: { baseSeconds: base, incrementSeconds: inc }, showLegalMoves: true, blackId: B, whiteId: W },
    R,
  );
}

function progress(x: Progress | rules.EarlierPly | rules.Flagged | null): Progress {
  if (!x || 'kind' in x) throw new Error('expected a Progress');
  return x;
}

/** Plays the first legal move for the side to move at `ms`, reporting `lag`. */
function move(g: GameState, ms: number, lag = 0): Progress | rules.EarlierPly | rules.Flagged {
  const player = g.toMove === 'black' ? B : W;
  return rules.playMove(g, { playerId: player, square: legalMoves(rules.positionOf(g))[0], ply: g.ply, timing: { lagMs: lag } }, at(ms));
}

/** Both first moves made (Black at 1 s, White at 2 s): Black's clock runs from 2 s. */
function opened(base = 60, inc = 2, rated = true): GameState {
  const g1 = progress(rules.playMove(clocked(base, inc, rated), { playerId: B, square: sq('d3'), ply: 0 }, at(1000))).game;
  return progress(move(g1, 2000)).game;
}

describe('clock labels and bounds', () => {
  it('names the presets as minutes+seconds and parses them back', () => {
    expect(CLOCK_PRESETS.map(clockLabel)).toEqual(['1+2', '3+2', '5+3', '10+5', '15+10']);
    for (const p of CLOCK_PRESETS) expect(parseClockLabel(clockLabel(p))).toEqual(p);
  });

  it.each(['0+2', '61+0', '5+61', '5', '5+', '+3', 'abc', '5+-1', '1.25+0', ' 1+2 x'])('refuses %j', (text) => {
    expect(parseClockLabel(text)).toBeNull();
  });

  it('accepts a custom clock within the bounds, tenths of a minute included', () => {
    expect(parseClockLabel('2.5+1')).toEqual({ baseSeconds: 150, incrementSeconds: 1 });
    expect(parseClockLabel('60+60')).toEqual({ baseSeconds: 3600, incrementSeconds: 60 });
    expect(isValidClock({ baseSeconds: 59, incrementSeconds: 0 })).toBe(false);
  });
});

describe('lag quota (lichess LagTracker)', () => {
  it('gains min(1 s, 0.4 % of base + 40 × increment, + 0.15 s) a move; starts at 3 ×, caps at 7 ×', () => {
    // 1+2: 60 + 80 = 140 s → 560 + 150 ms.
    expect(lagQuotaGainMs({ baseSeconds: 60, incrementSeconds: 2 })).toBe(710);
    expect(lagQuotaGainMs({ baseSeconds: 300, incrementSeconds: 3 })).toBe(1000);
    expect(initialLagQuotaMs({ baseSeconds: 60, incrementSeconds: 2 })).toBe(2130);
    expect(maxLagQuotaMs({ baseSeconds: 60, incrementSeconds: 2 })).toBe(4970);
  });

  it('credits a steady 300 ms in full, move after move', () => {
    const c = { baseSeconds: 60, incrementSeconds: 0 };
    let remaining = 60_000;
    let quota = initialLagQuotaMs(c);
    for (let i = 0; i < 30; i++) {
      const charge = chargeMove(c, remaining, quota, 1300, 300);
      expect(charge.creditMs).toBe(300);
      remaining = charge.remainingMs;
      quota = charge.quotaMs;
    }
    expect(remaining).toBe(60_000 - 30 * 1000);
  });

  it('drains the quota of a client that claims huge lag: then no more than the gain a move', () => {
    const c = { baseSeconds: 60, incrementSeconds: 2 };
    let quota = initialLagQuotaMs(c);
    const credits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const charge = chargeMove(c, 60_000, quota, 9000, 9000);
      credits.push(charge.creditMs);
      quota = charge.quotaMs;
    }
    expect(credits[0]).toBe(2130);
    expect(credits.slice(2)).toEqual([710, 710, 710, 710]);
  });

  it('never credits more than the turn took, and flags a move that came too late even with its lag', () => {
    const c = { baseSeconds: 60, incrementSeconds: 2 };
    expect(chargeMove(c, 10_000, 2000, 100, 5000)).toMatchObject({ creditMs: 100, remainingMs: 12_000, flagged: false });
    expect(chargeMove(c, 1000, 2000, 1400, 500)).toMatchObject({ flagged: false, remainingMs: 2100 });
    expect(chargeMove(c, 1000, 2000, 1600, 500)).toMatchObject({ flagged: true });
  });
});

describe('a clocked game', () => {
  it('starts with both clocks full, no turn limit, no idle limit; first moves keep the abort timer', () => {
    const g = clocked();
    expect(g).toMatchObject({ clockBaseSeconds: 60, clockIncrementSeconds: 2, blackClockMs: 60_000, whiteClockMs: 60_000, turnSeconds: null, idleSeconds: null });
    expect(g.turnDeadline).toEqual(new Date(NOW.getTime() + 30_000));
    expect(clocksAt(g, at(20_000).now)).toEqual({ black: 60_000, white: 60_000, running: null });
  });

  it("first moves cost nothing and add nothing; then the mover's clock runs on their turn only", () => {
    const g = opened();
    expect(g.blackClockMs).toBe(60_000);
    expect(g.whiteClockMs).toBe(60_000);
    expect(clocksAt(g, at(12_000).now)).toEqual({ black: 50_000, white: 60_000, running: 'black' });
    // The turn's deadline is the flag; the stand-in comes only for a player gone CPU_TAKEOVER_SECONDS before it
    // (here the clock is no longer than that: the flag decides).
    expect(g.turnDeadline).toEqual(new Date(NOW.getTime() + 2000 + 60_000));
    expect(g.takeoverAt).toEqual(new Date(NOW.getTime() + 2000 + 60_000 + FLAG_GRACE_MAX_MS));
    const after = progress(move(g, 12_000)).game;
    expect(after.blackClockMs).toBe(60_000 - 10_000 + 2000);
    expect(after.whiteClockMs).toBe(60_000);
    expect(clocksAt(after, at(15_000).now)).toEqual({ black: 52_000, white: 57_000, running: 'white' });
  });

  it('credits the reported lag up to the quota', () => {
    const g = opened();
    const after = progress(move(g, 12_000, 300)).game;
    expect(after.blackClockMs).toBe(60_000 - 10_000 + 300 + 2000);
    expect(after.blackLagQuotaMs).toBe(2130 + 710 - 300);
  });

  it('an automatic pass costs the passer nothing: the mover plays on with their own clock', () => {
    const { position, square, ply } = findPosition('pass');
    const base = opened();
    const g: GameState = { ...base, board: toBoardString(position), toMove: position.toMove, ply: Math.max(ply, 2) };
    const mover = g.toMove!;
    const player = mover === 'black' ? B : W;
    const p = progress(rules.playMove(g, { playerId: player, square, ply: g.ply }, at(7000)));
    expect(p.records.map((r) => r.pass)).toEqual([false, true]);
    expect(p.game.toMove).toBe(mover);
    const moverAfter = 60_000 - 5000 + 2000;
    expect(clocksAt(p.game, at(7000).now)).toEqual(
      mover === 'black' ? { black: moverAfter, white: 60_000, running: 'black' } : { black: 60_000, white: moverAfter, running: 'white' },
    );
  });

  it('the flag falls at zero plus the grace: a loss on time, rated, found by takeOver with no request', () => {
    const g = opened();
    const flagAt = 2000 + 60_000;
    expect(rules.takeOver(g, at(flagAt))).toBeNull();
    const p = rules.takeOver(g, at(flagAt + FLAG_GRACE_MAX_MS))!;
    expect(p.game).toMatchObject({ status: 'finished', winner: 'white', resultReason: 'time', blackClockMs: 0, whiteClockMs: 60_000 });
    expect(p.events).toEqual([{ type: 'end' }]);
    expect(rules.ratedResult(p.game)).toEqual({ winner: 'white' });
  });

  it('a move that comes after the flag (lag credited) ends the game on time instead', () => {
    const g = opened();
    const late = move(g, 2000 + 60_000 + 800, 300);
    expect('kind' in late && late.kind).toBe('flagged');
    if (!('kind' in late) || late.kind !== 'flagged') return;
    expect(late.progress.game).toMatchObject({ status: 'finished', winner: 'white', resultReason: 'time' });
    // Within the lag credited, the same move counts.
    const inTime = progress(move(g, 2000 + 60_000 + 200, 300)).game;
    expect(inTime.blackClockMs).toBe(100 + 2000);
  });

  it('a present player is never moved for: presence keeps the stand-in away up to the flag', () => {
    const g = opened();
    // Gone for CPU_TAKEOVER_SECONDS: the stand-in comes.
    expect(g.takeoverAt!.getTime()).toBeLessThanOrEqual(g.idleDeadline!.getTime());
    const long = opened(600, 5);
    expect(long.takeoverAt).toEqual(new Date(NOW.getTime() + 2000 + 60_000));
    expect(long.idleDeadline).toEqual(new Date(NOW.getTime() + 2000 + 600_000 + FLAG_GRACE_MAX_MS));
    expect(rules.presentUntil(long, at(200_000))).toEqual(at(260_000).now);
    const taken = rules.takeOver(long, at(62_000))!;
    expect(taken.game.blackStandIn).toBe(true);
  });

  it('resigning stops the clock where it stands', () => {
    const g = opened();
    const p = progress(rules.resign(g, B, at(7000)));
    expect(p.game).toMatchObject({ resultReason: 'resign', blackClockMs: 55_000 });
  });

  it('ranked: the flag of a player whose opponent abandoned wins the stand-in nothing (aborted)', () => {
    const g = { ...opened(), whiteStandIn: true };
    const p = rules.takeOver(g, at(2000 + 60_000 + FLAG_GRACE_MAX_MS))!;
    expect(p.game.status).toBe('aborted');
  });
});
