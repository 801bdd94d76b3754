/** Pure rating audit: replays every rated game from scratch and lists what disagrees with storage. */
import { blackScore, Glicko2Config, initialValues, rateGame, RatingValues } from './glicko2.js';

export interface AuditPlayer extends RatingValues {
  id: string;
  username: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  lastRatedAt: Date | null;
}

export interface StoredHistory {
  ratingBefore: number;
  rdBefore: number;
  volatilityBefore: number;
  rating: number;
  rd: number;
  volatility: number;
  delta: number;
}

export interface AuditGame {
  id: string;
  /** The order its ratings were applied in (rating_history.seq); games and refunds replay in it. */
  seq?: number;
  blackId: string;
  whiteId: string;
  winner: 'black' | 'white' | null;
  finishedAt: Date;
  blackChange: number | null;
  whiteChange: number | null;
  /** The stored history rows, or null when missing. */
  black: StoredHistory | null;
  white: StoredHistory | null;
}

/** Rating points given back to a player who lost them to an account marked as an engine user. */
export interface AuditRefund {
  id: string;
  playerId: string;
  /** The engine user. */
  sourcePlayerId: string;
  /** The ranked games whose lost points it gives back. */
  gameIds: string[];
  seq: number;
  points: number;
  ratingBefore: number;
  rating: number;
  /** A lifted mark's row: the refund it takes back (its points are the games' lost points, negated). */
  reverses?: string | null;
}

export interface Discrepancy {
  subject: string;
  field: string;
  stored: number | string | null;
  expected: number | string | null;
}

const TOLERANCE = 1e-9;

interface Replayed extends RatingValues {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  lastRatedAt: Date | null;
}

/**
 * `games` must be in the order their ratings were applied (rating_history.seq); refunds are
 * replayed among them by their seq (a game without one stays where it is, after every refund).
 */
export function auditRatings(players: AuditPlayer[], games: AuditGame[], config: Glicko2Config, refunds: readonly AuditRefund[] = []): Discrepancy[] {
  const out: Discrepancy[] = [];
  const check = (subject: string, field: string, stored: number | null, expected: number | null) => {
    const same = stored === null || expected === null ? stored === expected : Math.abs(stored - expected) <= TOLERANCE * Math.max(1, Math.abs(expected));
    if (!same) out.push({ subject, field, stored, expected });
  };
  const state = new Map<string, Replayed>();
  const current = (id: string): Replayed => {
    let s = state.get(id);
    if (!s) state.set(id, (s = { ...initialValues(config), games: 0, wins: 0, draws: 0, losses: 0, lastRatedAt: null }));
    return s;
  };
  const byId = new Map(games.map((g) => [g.id, g]));
  const refundAt = [...refunds].sort((a, b) => a.seq - b.seq);
  let nextRefund = 0;
  const applyRefund = (r: AuditRefund) => {
    const subject = `refund ${r.id} (player ${r.playerId})`;
    const s = current(r.playerId);
    const before = s.rating;
    check(subject, 'rating_before', r.ratingBefore, before);
    // What the player lost to the engine user in the games it names, as the history says.
    let lost = 0;
    for (const id of r.gameIds) {
      const g = byId.get(id);
      const mine = g && g.blackId === r.playerId && g.whiteId === r.sourcePlayerId ? g.black : g && g.whiteId === r.playerId && g.blackId === r.sourcePlayerId ? g.white : undefined;
      if (!mine) out.push({ subject, field: 'game', stored: id, expected: 'a rated game against the engine user' });
      else lost -= Math.min(0, mine.delta);
    }
    const points = r.reverses ? -lost : lost;
    check(subject, 'points', r.points, points);
    check(subject, 'rating', r.rating, before + points);
    s.rating = before + points;
  };
  for (const g of games) {
    while (nextRefund < refundAt.length && refundAt[nextRefund].seq < (g.seq ?? Infinity)) applyRefund(refundAt[nextRefund++]);
    const black = current(g.blackId);
    const white = current(g.whiteId);
    const score = blackScore(g.winner);
    const change = rateGame(black, white, score, config, g.finishedAt);
    for (const [color, c, stored, storedChange] of [
      ['black', change.a, g.black, g.blackChange],
      ['white', change.b, g.white, g.whiteChange],
    ] as const) {
      const subject = `game ${g.id} (${color})`;
      if (!stored) {
        out.push({ subject, field: 'rating_history', stored: null, expected: 'a row' });
      } else {
        check(subject, 'rating_before', stored.ratingBefore, c.before.rating);
        check(subject, 'rd_before', stored.rdBefore, c.before.rd);
        check(subject, 'volatility_before', stored.volatilityBefore, c.before.volatility);
        check(subject, 'rating', stored.rating, c.rating);
        check(subject, 'rd', stored.rd, c.rd);
        check(subject, 'volatility', stored.volatility, c.volatility);
        check(subject, 'delta', stored.delta, c.delta);
      }
      check(subject, 'ratingChange', storedChange, c.delta);
    }
    for (const [s, c, points] of [
      [black, change.a, score],
      [white, change.b, 1 - score],
    ] as const) {
      s.rating = c.rating;
      s.rd = c.rd;
      s.volatility = c.volatility;
      s.games += 1;
      s.wins += points === 1 ? 1 : 0;
      s.draws += points === 0.5 ? 1 : 0;
      s.losses += points === 0 ? 1 : 0;
      s.lastRatedAt = g.finishedAt;
    }
  }
  while (nextRefund < refundAt.length) applyRefund(refundAt[nextRefund++]);
  for (const p of players) {
    const r = current(p.id);
    const subject = `player ${p.username}`;
    for (const field of ['rating', 'rd', 'volatility', 'games', 'wins', 'draws', 'losses'] as const) check(subject, field, p[field], r[field]);
    const storedAt = p.lastRatedAt?.getTime() ?? null;
    const expectedAt = r.lastRatedAt?.getTime() ?? null;
    if (storedAt !== expectedAt) {
      out.push({ subject, field: 'last_rated_at', stored: p.lastRatedAt?.toISOString() ?? null, expected: r.lastRatedAt?.toISOString() ?? null });
    }
  }
  return out;
}
