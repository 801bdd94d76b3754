import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { PlayersService } from '../players/players.service.js';
import { effectiveRd, isProvisional } from '../ratings/domain/glicko2.js';
import { glickoConfigOf } from '../ratings/ratings.service.js';
import { LeaderboardDto } from './dto/leaderboard.dto.js';

interface Row {
  username: string;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  last_rated_at: Date | null;
}

/**
 * Registered players with at least LEADERBOARD_MIN_GAMES rated games and one in the last
 * LEADERBOARD_ACTIVE_DAYS days, by rating (ties: lower RD, then name).
 */
@Injectable()
export class LeaderboardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async page(limit = 50, offset = 0): Promise<LeaderboardDto> {
    const params = [this.config.leaderboardMinGames, this.config.leaderboardActiveDays];
    const [rows, total] = await Promise.all([
      this.dataSource.query(
        `SELECT p.username, p.rating, p.rd, p.volatility, p.games, p.wins, p.draws, p.losses, p.last_rated_at
         FROM players p WHERE ${PlayersService.ELIGIBLE}
         ORDER BY p.rating DESC, p.rd ASC, p.username_key ASC
         LIMIT $3 OFFSET $4`,
        [...params, limit, offset],
      ) as Promise<Row[]>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM players p WHERE ${PlayersService.ELIGIBLE}`, params) as Promise<{ n: number }[]>,
    ]);
    const now = new Date();
    const glicko = glickoConfigOf(this.config);
    return {
      total: total[0].n,
      entries: rows.map((r, i) => {
        const rd = effectiveRd({ rating: r.rating, rd: r.rd, volatility: r.volatility, lastRatedAt: r.last_rated_at }, now, glicko);
        return {
          rank: offset + i + 1,
          username: r.username,
          rating: r.rating,
          rd,
          provisional: isProvisional(rd),
          games: r.games,
          wins: r.wins,
          draws: r.draws,
          losses: r.losses,
          lastActiveAt: r.last_rated_at ? new Date(r.last_rated_at).toISOString() : null,
        };
      }),
    };
  }
}
