import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { notFound } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import { effectiveRd, isProvisional } from '../ratings/domain/glicko2.js';
import { usernameKey } from './domain/username.js';
import { PlayerDto } from './dto/player.dto.js';
import { Player } from './entities/player.entity.js';

@Injectable()
export class PlayersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly leaderboard: LeaderboardService,
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

  toDto(player: Player, rank: number | null, now = new Date()): PlayerDto {
    const rd = effectiveRd(player, now, this.config.ratings);
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
    return this.toDto(player, await this.leaderboard.rankOf(player.id));
  }
}
