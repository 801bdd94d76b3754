import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { isLanguage } from '../i18n/languages.js';
import type { MeDto, PlayerDto, UpdateMeDto } from '../players/dto/player.dto.js';
import type { Player } from '../players/entities/player.entity.js';
import { PlayersService } from '../players/players.service.js';
import { effectiveRd, isProvisional } from '../ratings/domain/glicko2.js';
import { leaderboardRules } from './domain/eligibility.js';
import { ladderProgress } from './domain/progress.js';
import { LeaderboardPlayersRepository } from './leaderboard-players.repository.js';

/**
 * A player as the API shows them: the account (players/) with what the ladder says of it — the
 * rating's deviation grown for the idle time, provisional or not, the rank, and for the player
 * themselves the progress towards the leaderboard. Here, not in players/, because that is the
 * leaderboard's rules and the rating math; players/ stays the identity.
 */
@Injectable()
export class PlayerProfiles {
  constructor(
    private readonly players: PlayersService,
    private readonly ladder: LeaderboardPlayersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
    return this.toDto(player, await this.ladder.leaderboardRank(player.id));
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
    if (changes.language !== undefined) player = await this.players.setLanguage(player, changes.language);
    return this.me(player);
  }
}
