import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { MessageRef } from '../common/errors.js';
import { Periodic } from '../common/periodic.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { PlayersRepository, type PlayerStanding } from '../players/players.repository.js';
import { RevokedTokensRepository } from './revoked-tokens.repository.js';

/** Changes committed this long before the previous look are read again (a slow commit is not missed). */
const OVERLAP_MS = 60_000;
/** How often the expired revoked tokens are dropped (memory and table). */
const PRUNE_EVERY_MS = 10 * 60_000;

/** What a token says about itself that its standing depends on. */
export interface TokenClaims {
  sub: string;
  /** The player's token version when it was issued (absent in tokens from before versions: 0). */
  tv?: unknown;
  /** The token's own id (absent in tokens from before sign-out: such a token ends only with its version). */
  jti?: unknown;
}

/**
 * Whether a verified token still stands, from memory: every request that acts for a player asks
 * here, and none reads the database for it. Each app copy holds the players whose standing is not
 * a fresh account's (a raised token version, a closed account) and the tokens signed out one by
 * one, loaded at start and then polled for what changed (TOKEN_REVOCATION_POLL_MS, one indexed
 * query per copy, whatever the request rate); a copy that makes a change reads it at once.
 */
@Injectable()
export class TokenStanding implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TokenStanding.name);
  private readonly players = new Map<string, { tokenVersion: number; closed: boolean }>();
  /** Revoked token ids → when the token expires (ms). */
  private readonly revoked = new Map<string, number>();
  /** The database's time at the previous look; null before the first (which loads everything). */
  private since: Date | null = null;
  private nextPruneAt = 0;
  /** Told after every look at what changed (open event streams of refused tokens are ended then). */
  private readonly changeListeners = new Set<() => void>();
  private readonly poller = new Periodic(
    () => this.poll(),
    (err) => this.logger.warn(`token standing poll failed: ${String(err)}`),
  );

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly playerRows: PlayersRepository,
    private readonly revokedTokens: RevokedTokensRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Not through the poller: a copy that cannot load the revocations must not serve as if there were none.
    await this.poll();
    if (this.config.tokenRevocationPollMs > 0) this.poller.start(this.config.tokenRevocationPollMs);
  }

  async onModuleDestroy(): Promise<void> {
    await this.poller.stop();
  }

  /** Reads what changed now (after this copy committed a change of its own). */
  refresh(): Promise<void> {
    return this.poller.run();
  }

  /** Calls `listener` after every look at what changed (this copy's own changes at once, the others' at the next poll). */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Why the token no longer stands, or null when it does. */
  refusal(claims: TokenClaims): MessageRef | null {
    const standing = this.players.get(claims.sub);
    if (standing) {
      if (standing.closed) return { key: 'api.moderation.closedAccount' };
      // Older than the player's version: revoked. Newer is fine (issued on a copy that knows more).
      const version = typeof claims.tv === 'number' ? claims.tv : 0;
      if (version < standing.tokenVersion) return { key: 'api.auth.tokenRevoked' };
    }
    if (typeof claims.jti === 'string' && this.revoked.has(claims.jti)) return { key: 'api.auth.tokenRevoked' };
    return null;
  }

  private async poll(): Promise<void> {
    const at = await this.revokedTokens.now();
    const since = this.since ? new Date(this.since.getTime() - OVERLAP_MS) : null;
    for (const row of await this.playerRows.standing(since)) this.apply(row);
    for (const row of await this.revokedTokens.revoked(since)) this.revoked.set(row.jti, row.expiresAt.getTime());
    this.since = at;
    for (const listener of this.changeListeners) listener();
    if (Date.now() >= this.nextPruneAt) {
      this.nextPruneAt = Date.now() + PRUNE_EVERY_MS;
      const now = Date.now();
      for (const [jti, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(jti);
      await this.revokedTokens.prune();
    }
  }

  private apply(row: PlayerStanding): void {
    if (row.tokenVersion === 0 && !row.closed) this.players.delete(row.id);
    else this.players.set(row.id, { tokenVersion: row.tokenVersion, closed: row.closed });
  }
}
