import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql, table } from '../database/sql.js';
import type { DeclineReason } from './domain/challenge.js';
import { Challenge } from './entities/challenge.entity.js';

/** What a challenge row holds (its player relations aside). */
export type ChallengeRow = Omit<Challenge, 'challenger' | 'challenged'>;

export type NewChallenge = Pick<
  ChallengeRow, 'challengerId' | 'challengedId' | 'rated' | 'clockBaseSeconds' | 'clockIncrementSeconds' | 'colour' | 'rematchOf' | 'expiresAt'
>;

export const CHALLENGES = table<ChallengeRow>('challenges', {
  id: ['id', 'uuid'],
  challengerId: ['challenger_id', 'uuid'],
  challengedId: ['challenged_id', 'uuid'],
  rated: ['rated', 'boolean'],
  clockBaseSeconds: ['clock_base_seconds', 'int'],
  clockIncrementSeconds: ['clock_increment_seconds', 'int'],
  colour: ['colour', 'text'],
  state: ['state', 'text'],
  declineReason: ['decline_reason', 'text'],
  rematchOf: ['rematch_of', 'uuid'],
  gameId: ['game_id', 'uuid'],
  createdAt: ['created_at', 'timestamptz'],
  expiresAt: ['expires_at', 'timestamptz'],
  endedAt: ['ended_at', 'timestamptz'],
});

const NEW_KEYS = [
  'challengerId', 'challengedId', 'rated', 'clockBaseSeconds', 'clockIncrementSeconds', 'colour', 'rematchOf', 'expiresAt',
] as const satisfies readonly (keyof NewChallenge)[];

const C = CHALLENGES.select('c');

const INSERT = sql<NewChallenge & { createdAt: Date }, ChallengeRow>(
  null,
  (p) => `INSERT INTO challenges AS c (${CHALLENGES.names(NEW_KEYS)}, created_at) VALUES (${NEW_KEYS.map((k) => p[k]).join(', ')}, ${p.createdAt}) RETURNING ${C}`,
);
const BY_ID = sql<{ id: string }, ChallengeRow>('challenge_by_id', (p) => `SELECT ${C} FROM challenges c WHERE c.id = ${p.id}`);
const LOCK_BY_ID = sql<{ id: string }, ChallengeRow>('challenge_lock_by_id', (p) => `SELECT ${C} FROM challenges c WHERE c.id = ${p.id} FOR UPDATE`);
/** The open challenges a player sent or received that have not lapsed, oldest first. */
const OPEN_OF = sql<{ playerId: string; now: Date }, ChallengeRow>(
  'challenges_open_of',
  (p) => `SELECT ${C} FROM challenges c WHERE c.state = 'open' AND c.expires_at > ${p.now}
    AND (c.challenger_id = ${p.playerId} OR c.challenged_id = ${p.playerId}) ORDER BY c.created_at, c.id`,
);
const OPEN_BETWEEN = sql<{ challengerId: string; challengedId: string; now: Date }, ChallengeRow>(
  null,
  (p) => `SELECT ${C} FROM challenges c WHERE c.state = 'open' AND c.expires_at > ${p.now}
    AND c.challenger_id = ${p.challengerId} AND c.challenged_id = ${p.challengedId} FOR UPDATE`,
);
const OPEN_REMATCH = sql<{ gameId: string; challengerId: string; now: Date }, ChallengeRow>(
  null,
  (p) => `SELECT ${C} FROM challenges c WHERE c.state = 'open' AND c.expires_at > ${p.now}
    AND c.rematch_of = ${p.gameId} AND c.challenger_id = ${p.challengerId} FOR UPDATE`,
);
const END = sql<{ id: string; state: string; declineReason: DeclineReason | null; gameId: string | null; now: Date }, ChallengeRow>(
  null,
  (p) => `UPDATE challenges c SET state = ${p.state}, decline_reason = ${p.declineReason}, game_id = ${p.gameId}, ended_at = ${p.now}
    WHERE c.id = ${p.id} AND c.state = 'open' RETURNING ${C}`,
);
/** The lapsed open challenges, written expired (at most `limit` per sweep, oldest first). */
const EXPIRE_DUE = sql<{ now: Date; limit: number }, ChallengeRow>(
  null,
  (p) => `UPDATE challenges c SET state = 'expired', ended_at = c.expires_at
    WHERE c.id IN (SELECT id FROM challenges WHERE state = 'open' AND expires_at <= ${p.now} ORDER BY expires_at LIMIT ${p.limit} FOR UPDATE SKIP LOCKED)
    RETURNING ${C}`,
);

@Injectable()
export class ChallengesRepository {
  constructor(private readonly db: Db) {}

  async insert(c: NewChallenge, createdAt: Date): Promise<ChallengeRow> {
    const row = await this.db.first(INSERT({ ...c, createdAt }));
    if (!row) throw new Error('challenge insert returned no row');
    return row;
  }

  findById(id: string): Promise<ChallengeRow | null> {
    return this.db.first(BY_ID({ id }));
  }

  lockById(id: string): Promise<ChallengeRow | null> {
    return this.db.first(LOCK_BY_ID({ id }));
  }

  openOf(playerId: string, now: Date): Promise<ChallengeRow[]> {
    return this.db.query(OPEN_OF({ playerId, now }));
  }

  openBetween(challengerId: string, challengedId: string, now: Date): Promise<ChallengeRow | null> {
    return this.db.first(OPEN_BETWEEN({ challengerId, challengedId, now }));
  }

  openRematch(gameId: string, challengerId: string, now: Date): Promise<ChallengeRow | null> {
    return this.db.first(OPEN_REMATCH({ gameId, challengerId, now }));
  }

  /** Ends an open challenge (only while it is open): the row after, or null when it was no longer open. */
  end(id: string, state: 'accepted' | 'declined' | 'cancelled' | 'expired', now: Date, extra: { declineReason?: DeclineReason; gameId?: string } = {}): Promise<ChallengeRow | null> {
    return this.db.first(END({ id, state, declineReason: extra.declineReason ?? null, gameId: extra.gameId ?? null, now }));
  }

  expireDue(now: Date, limit: number): Promise<ChallengeRow[]> {
    return this.db.query(EXPIRE_DUE({ now, limit }));
  }
}
