import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { notFound } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { effectiveRd, isProvisional } from '../ratings/domain/glicko2.js';
import { usernameKey } from './domain/username.js';
import { PlayerDto } from './dto/player.dto.js';
import { Player } from './entities/player.entity.js';

@Injectable()
export class PlayersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private repo(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(Player);
  }

  findById(id: string, manager?: EntityManager): Promise<Player | null> {
    return this.repo(manager).findOneBy({ id });
  }

  async findByUsername(username: string): Promise<Player | null> {
    const key = usernameKey(username);
    return key ? this.repo().findOneBy({ usernameKey: key }) : null;
  }

  async getByUsername(username: string): Promise<Player> {
    const player = await this.findByUsername(username);
    if (!player) throw notFound(`Player "${username}"`);
    return player;
  }

  /** Leaderboard SQL condition for `p` (a players alias); $1 = min games, $2 = active days. */
  static readonly ELIGIBLE = `NOT p.guest AND p.games >= $1 AND p.last_rated_at >= now() - make_interval(days => $2)`;

  /** The player's leaderboard position, or null when they are not on it. */
  async rankOf(player: Player): Promise<number | null> {
    const rows: { rank: string }[] = await this.dataSource.query(
      `SELECT CASE WHEN me.eligible THEN 1 + (
          SELECT count(*) FROM players p
          WHERE ${PlayersService.ELIGIBLE}
            AND (p.rating > me.rating
              OR (p.rating = me.rating AND (p.rd < me.rd OR (p.rd = me.rd AND p.username_key < me.username_key))))
        ) END AS rank
       FROM (SELECT p.*, (${PlayersService.ELIGIBLE}) AS eligible FROM players p WHERE p.id = $3) me`,
      [this.config.leaderboardMinGames, this.config.leaderboardActiveDays, player.id],
    );
    return rows[0]?.rank == null ? null : Number(rows[0].rank);
  }

  toDto(player: Player, rank: number | null, now = new Date()): PlayerDto {
    const rd = effectiveRd(player, now, { ...this.config.ratings, epsilon: 1e-6 });
    return {
      id: player.id,
      username: player.username,
      guest: player.guest,
      rating: player.rating,
      rd,
      volatility: player.volatility,
      provisional: isProvisional(rd),
      rank,
      games: player.games,
      wins: player.wins,
      draws: player.draws,
      losses: player.losses,
      createdAt: player.createdAt.toISOString(),
    };
  }

  async profile(player: Player): Promise<PlayerDto> {
    return this.toDto(player, await this.rankOf(player));
  }
}
