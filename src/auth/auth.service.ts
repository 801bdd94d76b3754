import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { DataSource, QueryFailedError } from 'typeorm';
import { AppError } from '../common/errors.js';
import { usernameKey } from '../players/domain/username.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayersService } from '../players/players.service.js';
import { AuthResponseDto } from './dto/auth.dto.js';

export interface TokenPayload {
  sub: string;
  name: string;
  guest: boolean;
}

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes). */
const ARGON2_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const GUEST_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

@Injectable()
export class AuthService {
  /** Verified against when the username is unknown, so both failures take about as long. */
  private readonly dummyHash = argon2Hash('not-a-real-password', ARGON2_OPTIONS);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    private readonly players: PlayersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register(username: string, password: string): Promise<AuthResponseDto> {
    const passwordHash = await argon2Hash(password, ARGON2_OPTIONS);
    try {
      const player = await this.insertPlayer(username, false, passwordHash);
      return this.issue(player);
    } catch (err) {
      if (err instanceof QueryFailedError && (err.driverError as { code?: string })?.code === '23505') {
        throw new AppError('USERNAME_TAKEN', `The username "${username}" is taken.`);
      }
      throw err;
    }
  }

  /** passport-local's check: the player for a right pair, else null (same answer, similar time). */
  async validateCredentials(username: string, password: string): Promise<Player | null> {
    const key = usernameKey(username);
    const player = !key
      ? null // no player has such a name: don't ask the database, but spend the same time
      : await this.dataSource
      .getRepository(Player)
      .createQueryBuilder('p')
      .addSelect('p.passwordHash')
      .where('p.username_key = :key', { key })
      .getOne();
    const hash = player?.passwordHash ?? (await this.dummyHash);
    const ok = await argon2Verify(hash, password).catch(() => false);
    return ok && player && !player.guest ? player : null;
  }

  /** A guest: no password; the token the device keeps is its identity. */
  async guest(): Promise<AuthResponseDto> {
    for (let attempt = 0; ; attempt++) {
      const bytes = randomBytes(8);
      const id = Array.from(bytes, (b) => GUEST_ALPHABET[b % GUEST_ALPHABET.length]).join('');
      try {
        return this.issue(await this.insertPlayer(`guest-${id}`, true, null));
      } catch (err) {
        if (attempt >= 3 || !(err instanceof QueryFailedError)) throw err;
      }
    }
  }

  async issue(player: Player): Promise<AuthResponseDto> {
    const payload: TokenPayload = { sub: player.id, name: player.username, guest: player.guest };
    const token = await this.jwt.signAsync(payload);
    return { token, player: await this.players.profile(player) };
  }

  private async insertPlayer(username: string, guest: boolean, passwordHash: string | null): Promise<Player> {
    const repo = this.dataSource.getRepository(Player);
    const { initialRating, initialRd, initialVolatility } = this.config.ratings;
    const saved = await repo.save(
      repo.create({
        username,
        usernameKey: username.toLowerCase(),
        guest,
        passwordHash,
        rating: initialRating,
        rd: initialRd,
        volatility: initialVolatility,
      }),
    );
    return (await repo.findOneBy({ id: saved.id }))!;
  }
}
