import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { effectiveRd, isProvisional } from '../ratings/domain/glicko2.js';
import { leaderboardRules } from '../leaderboard/domain/eligibility.js';
import { ladderProgress } from '../leaderboard/domain/progress.js';
import { usernameKey } from './domain/username.js';
import { isLanguage } from '../i18n/languages.js';
import { MeDto, PlayerDto, UpdateMeDto } from './dto/player.dto.js';
import { Player } from './entities/player.entity.js';
import { PlayersRepository } from './players.repository.js';

@Injectable()
export class PlayersService {
  constructor(
    private readonly players: PlayersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  findById(id: string): Promise<Player | null> {
    return this.players.findById(id);
  }

  findByIds(ids: readonly string[]): Promise<Player[]> {
    return this.players.findByIds(ids);
  }

  async findByUsername(username: string): Promise<Player | null> {
    const key = usernameKey(username);
    return key ? this.players.findByUsernameKey(key) : null;
  }

  async getByUsername(username: string): Promise<Player> {
    const player = await this.findByUsername(username);
    if (!player) throw notFound('player', username);
    return player;
  }

  /** Holds the player's row until the caller's transaction ends. */
  lock(id: string): Promise<void> {
    return this.players.lock(id);
  }

  toDto(player: Player, rank: number | null, now = new Date()): PlayerDto {
    const rd = effectiveRd(player, now, this.config.ratings);
    return {
      id: player.id,
      username: player.username,
      guest: player.guest,
      bot: player.bot,
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
      engineUser: player.engineMarkedAt !== null,
      closed: player.closedAt !== null,
    };
  }

  async profile(player: Player): Promise<PlayerDto> {
    return this.toDto(player, await this.players.leaderboardRank(player.id));
  }

  /** Your own player: the profile and your settings. */
  async me(player: Player): Promise<MeDto> {
    const ladder = ladderProgress(player, leaderboardRules(this.config), new Date(), this.config.ratings);
    return {
      ...(await this.profile(player)),
      language: isLanguage(player.language) ? player.language : null,
      moderator: player.moderator,
      ladder: { listed: ladder.listed, gamesToGo: ladder.gamesToGo },
    };
  }

  /** Saves your settings (the fields given), then answers as `me`. */
  async updateMe(player: Player, changes: UpdateMeDto): Promise<MeDto> {
    if (changes.language !== undefined) {
      await this.players.setLanguage(player.id, changes.language);
      player = { ...player, language: changes.language };
    }
    return this.me(player);
  }
}
