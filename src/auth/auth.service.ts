import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { AppError, validationFailed } from '../common/errors.js';
import { looksLikeGuestName, RESERVED_PREFIXES, usernameKey } from '../players/domain/username.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayersRepository } from '../players/players.repository.js';
import { PlayerProfiles } from '../leaderboard/player-profiles.service.js';
import { Clock } from '../common/clock.js';
import { AccountLinksService, type Origin } from '../account-links/account-links.service.js';
import { LoginFailuresRepository } from '../rate-limit/login-failures.repository.js';
import { AuthResponseDto } from './dto/auth.dto.js';
import { loginAttempt } from './domain/login-throttle.js';
import { RevokedTokensRepository } from './revoked-tokens.repository.js';
import { TokenStanding } from './token-standing.js';
import type { TokenPrincipal } from './token-verifier.js';

export interface TokenPayload {
  sub: string;
  name: string;
  guest: boolean;
  /** The player's token version at issue (TokenStanding): raising it revokes the token. */
  tv?: number;
  /** The token's own id: signing out revokes it alone. */
  jti?: string;
  /** Expiry (seconds since the epoch), set by the signer. */
  exp?: number;
}

const GUEST_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

@Injectable()
export class AuthService {
  /** argon2id with the configured cost (by default OWASP's minimum: 19 MiB, 2 passes). */
  private readonly argon2Options: { algorithm: Algorithm; memoryCost: number; timeCost: number; parallelism: number };
  /** Verified against when the username is unknown, so both failures take about as long. */
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly playerRows: PlayersRepository,
    private readonly jwt: JwtService,
    private readonly profiles: PlayerProfiles,
    private readonly loginFailures: LoginFailuresRepository,
    private readonly links: AccountLinksService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly revokedTokens: RevokedTokensRepository,
    private readonly standing: TokenStanding,
  ) {
    const { memoryKib, passes } = config.passwordHash;
    this.argon2Options = { algorithm: Algorithm.Argon2id, memoryCost: memoryKib, timeCost: passes, parallelism: 1 };
    this.dummyHash = argon2Hash('not-a-real-password', this.argon2Options);
  }

  async register(username: string, password: string, bot = false, origin: Origin = {}): Promise<AuthResponseDto> {
    // The DTO refuses these already; this guards every other caller of the service.
    if (looksLikeGuestName(username)) throw validationFailed({ key: 'api.validation.guestPrefix', values: { prefix: RESERVED_PREFIXES } });
    const passwordHash = await argon2Hash(password, this.argon2Options);
    const player = await this.insertPlayer(username, false, passwordHash, bot);
    if (!player) throw new AppError('USERNAME_TAKEN', { key: 'api.auth.usernameTaken', values: { username } });
    await this.links.record(player.id, origin);
    return this.issue(player);
  }

  /** A correct login: the account is recorded as seen from this address and device, and gets a token. */
  async signedIn(player: Player, origin: Origin): Promise<AuthResponseDto> {
    await this.links.record(player.id, origin);
    return this.issue(player);
  }

  /**
   * passport-local's check: the player for a right pair, else null (same answer, similar time).
   * Each username has its own sign-in limit (any address): after LOGIN_FREE_FAILURES failures, an
   * attempt made before the previous one's delay is over is 429 RATE_LIMITED (Retry-After) and
   * checks no password; a correct login clears the count. Unknown names are counted the same way,
   * so the answer says nothing about whether an account exists.
   */
  async validateCredentials(username: string, password: string, deviceId: string | null = null): Promise<Player | null> {
    const key = usernameKey(username);
    const player = !key
      ? null // no player has such a name: don't ask the database, but spend the same time
      : await this.playerRows.findWithPasswordByUsernameKey(key);
    // A device this account signed in from before has a count of its own: failures from
    // elsewhere (someone guessing, or trying to lock the owner out) do not slow the owner there.
    const nameKey = `u:${key ?? username.toLowerCase().slice(0, 64)}`;
    const device = player && (await this.links.knownDevice(player.id, deviceId)) ? this.links.deviceHash(deviceId) : null;
    const throttleKey = device ? `d:${device}:${nameKey.slice(2)}` : nameKey;
    const rule = { free: this.config.fairPlay.loginFreeFailures, maxSeconds: this.config.fairPlay.loginDelayMaxSeconds };
    const attempt = await this.loginFailures.attempt(throttleKey, (current) => loginAttempt(current, this.clock.now(), rule));
    if (!attempt.allowed) {
      throw new AppError('RATE_LIMITED', { key: 'api.auth.loginThrottled', values: { seconds: attempt.retryAfterSeconds } }, {
        retryAfterSeconds: attempt.retryAfterSeconds,
      });
    }
    const hash = player?.passwordHash ?? (await this.dummyHash);
    const ok = await argon2Verify(hash, password).catch(() => false);
    if (!(ok && player && !player.guest)) return null;
    await this.loginFailures.clear([...new Set([nameKey, throttleKey])]);
    return player;
  }

  /** A guest: no password; the token the device keeps is its identity. */
  async guest(): Promise<AuthResponseDto> {
    for (let attempt = 0; ; attempt++) {
      const bytes = randomBytes(8);
      const id = Array.from(bytes, (b) => GUEST_ALPHABET[b % GUEST_ALPHABET.length]).join('');
      const player = await this.insertPlayer(`guest-${id}`, true, null);
      if (player) return this.issue(player);
      if (attempt >= 3) throw new Error('four generated guest names in a row were taken');
    }
  }

  /**
   * Signs this token out: it is refused from its next request on, on every app copy (within
   * TOKEN_REVOCATION_POLL_MS elsewhere). A token from before tokens had ids can only end with all
   * of the player's tokens.
   */
  async signOut(principal: TokenPrincipal): Promise<void> {
    if (principal.jti && principal.expiresAt) await this.revokedTokens.revoke(principal.jti, principal.id, principal.expiresAt);
    else await this.playerRows.revokeTokens(principal.id);
    await this.standing.refresh();
  }

  /** Every token of the player stops working, this one included. */
  async signOutEverywhere(playerId: string): Promise<void> {
    await this.playerRows.revokeTokens(playerId);
    await this.standing.refresh();
  }

  /**
   * A new password, given the current one (checked like a sign-in, under the same per-account
   * limit): every other token of the player stops working, and this device gets a new token.
   */
  async changePassword(principal: TokenPrincipal, currentPassword: string, newPassword: string, deviceId: string | null): Promise<AuthResponseDto> {
    if (principal.guest) throw new AppError('FORBIDDEN', { key: 'api.auth.guestNoPassword' });
    const player = await this.playerRows.findById(principal.id);
    if (!player) throw new AppError('UNAUTHENTICATED', { key: 'api.auth.playerGone' });
    const checked = await this.validateCredentials(player.username, currentPassword, deviceId);
    if (checked?.id !== player.id) throw new AppError('FORBIDDEN', { key: 'api.auth.wrongCurrentPassword' });
    const tokenVersion = await this.playerRows.setPassword(player.id, await argon2Hash(newPassword, this.argon2Options));
    await this.standing.refresh();
    return this.issue({ ...player, tokenVersion });
  }

  async issue(player: Player): Promise<AuthResponseDto> {
    const payload: TokenPayload = { sub: player.id, name: player.username, guest: player.guest, tv: player.tokenVersion ?? 0, jti: randomBytes(16).toString('base64url') };
    const token = await this.jwt.signAsync(payload);
    return { token, player: await this.profiles.me(player) };
  }

  /** The new player, or null when the name is taken. */
  private insertPlayer(username: string, guest: boolean, passwordHash: string | null, bot = false): Promise<Player | null> {
    const { initialRating, initialRd, initialVolatility } = this.config.ratings;
    return this.playerRows.insert({ username, guest, bot: bot && !guest, passwordHash, rating: initialRating, rd: initialRd, volatility: initialVolatility });
  }
}
