import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SightingKind } from './entities/account-sighting.entity.js';

/** The one owner of `account_sightings`. Times are the app's Clock, passed in. */
@Injectable()
export class AccountSightingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The account was seen from these (kind, hash) at `now`: one upsert for all of them. */
  async record(playerId: string, sightings: readonly { kind: SightingKind; hash: string }[], now: Date): Promise<void> {
    if (sightings.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO account_sightings (player_id, kind, hash, first_seen_at, last_seen_at)
       SELECT $1, s.kind, s.hash, $4, $4 FROM unnest($2::text[], $3::text[]) AS s(kind, hash)
       ON CONFLICT (player_id, kind, hash) DO UPDATE SET last_seen_at = GREATEST(account_sightings.last_seen_at, EXCLUDED.last_seen_at)`,
      [playerId, sightings.map((s) => s.kind), sightings.map((s) => s.hash), now],
    );
  }

  /** Which of these pairs of accounts share an address or device, both seen since `since`. */
  async linkedPairs(pairs: readonly { a: string; b: string }[], since: Date): Promise<{ a: string; b: string }[]> {
    if (pairs.length === 0) return [];
    return (await this.dataSource.query(
      `SELECT p.a, p.b FROM unnest($1::uuid[], $2::uuid[]) AS p(a, b)
       WHERE EXISTS (
         SELECT 1 FROM account_sightings x JOIN account_sightings y ON y.kind = x.kind AND y.hash = x.hash
         WHERE x.player_id = p.a AND y.player_id = p.b AND x.last_seen_at >= $3 AND y.last_seen_at >= $3)`,
      [pairs.map((p) => p.a), pairs.map((p) => p.b), since],
    )) as { a: string; b: string }[];
  }

  /** Whether the account has been seen from this (kind, hash). */
  async seen(playerId: string, kind: SightingKind, hash: string): Promise<boolean> {
    const rows = (await this.dataSource.query('SELECT 1 FROM account_sightings WHERE player_id = $1 AND kind = $2 AND hash = $3', [
      playerId, kind, hash,
    ])) as unknown[];
    return rows.length > 0;
  }
}
