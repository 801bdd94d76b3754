import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql } from '../database/sql.js';
import type { SightingKind } from './entities/account-sighting.entity.js';

const RECORD = sql<{ playerId: string; kinds: readonly string[]; hashes: readonly string[]; now: Date }>(
  null,
  (p) => `INSERT INTO account_sightings (player_id, kind, hash, first_seen_at, last_seen_at)
    SELECT ${p.playerId}, s.kind, s.hash, ${p.now}, ${p.now} FROM unnest(${p.kinds}::text[], ${p.hashes}::text[]) AS s(kind, hash)
    ON CONFLICT (player_id, kind, hash) DO UPDATE SET last_seen_at = GREATEST(account_sightings.last_seen_at, EXCLUDED.last_seen_at)`,
);
const LINKED_PAIRS = sql<{ as: readonly string[]; bs: readonly string[]; since: Date }, { a: string; b: string }>(
  null,
  (p) => `SELECT p.a, p.b FROM unnest(${p.as}::uuid[], ${p.bs}::uuid[]) AS p(a, b)
    WHERE EXISTS (
      SELECT 1 FROM account_sightings x JOIN account_sightings y ON y.kind = x.kind AND y.hash = x.hash
      WHERE x.player_id = p.a AND y.player_id = p.b AND x.last_seen_at >= ${p.since} AND y.last_seen_at >= ${p.since})`,
);
const SEEN = sql<{ playerId: string; kind: SightingKind; hash: string }, { one: number }>(
  null,
  (p) => `SELECT 1 AS one FROM account_sightings WHERE player_id = ${p.playerId} AND kind = ${p.kind} AND hash = ${p.hash}`,
);

/** The one owner of `account_sightings`. Times are the app's Clock, passed in. */
@Injectable()
export class AccountSightingsRepository {
  constructor(private readonly db: Db) {}

  /** The account was seen from these (kind, hash) at `now`: one upsert for all of them. */
  async record(playerId: string, sightings: readonly { kind: SightingKind; hash: string }[], now: Date): Promise<void> {
    if (sightings.length === 0) return;
    await this.db.query(RECORD({ playerId, kinds: sightings.map((s) => s.kind), hashes: sightings.map((s) => s.hash), now }));
  }

  /** Which of these pairs of accounts share an address or device, both seen since `since`. */
  async linkedPairs(pairs: readonly { a: string; b: string }[], since: Date): Promise<{ a: string; b: string }[]> {
    if (pairs.length === 0) return [];
    return this.db.query(LINKED_PAIRS({ as: pairs.map((p) => p.a), bs: pairs.map((p) => p.b), since }));
  }

  /** Whether the account has been seen from this (kind, hash). */
  async seen(playerId: string, kind: SightingKind, hash: string): Promise<boolean> {
    return (await this.db.first(SEEN({ playerId, kind, hash }))) !== null;
  }
}
