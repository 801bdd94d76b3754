import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql } from '../database/sql.js';

export interface RevokedRow {
  jti: string;
  expiresAt: Date;
}

const NOW = sql<Record<string, never>, { at: Date }>(null, () => `SELECT now() AS at`);
const REVOKE = sql<{ jti: string; playerId: string; expiresAt: Date }>(
  null,
  (p) => `INSERT INTO revoked_tokens (jti, player_id, expires_at, revoked_at) VALUES (${p.jti}, ${p.playerId}, ${p.expiresAt}, now()) ON CONFLICT (jti) DO NOTHING`,
);
const REVOKED_SINCE = sql<{ since: Date }, RevokedRow>(
  null,
  (p) => `SELECT jti, expires_at AS "expiresAt" FROM revoked_tokens WHERE revoked_at > ${p.since} AND expires_at > now()`,
);
const ALL_REVOKED = sql<Record<string, never>, RevokedRow>(null, () => `SELECT jti, expires_at AS "expiresAt" FROM revoked_tokens WHERE expires_at > now()`);
const PRUNE = sql<Record<string, never>>(null, () => `DELETE FROM revoked_tokens WHERE expires_at <= now()`);
/**
 * The one owner of `revoked_tokens`: tokens signed out one by one (their `jti`), kept until they
 * would have expired anyway.
 */
@Injectable()
export class RevokedTokensRepository {
  constructor(private readonly db: Db) {}

  async now(): Promise<Date> {
    return (await this.db.first(NOW({})))!.at;
  }

  async revoke(jti: string, playerId: string, expiresAt: Date): Promise<void> {
    await this.db.query(REVOKE({ jti, playerId, expiresAt }));
  }

  /** Live revoked tokens: all of them, or those revoked after `since`. */
  revoked(since: Date | null): Promise<RevokedRow[]> {
    return this.db.query(since ? REVOKED_SINCE({ since }) : ALL_REVOKED({}));
  }

  async prune(): Promise<void> {
    await this.db.query(PRUNE({}));
  }
}
