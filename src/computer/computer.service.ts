import { Inject, Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { AppError } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { playerEvent } from '../events/event-map.js';
import { EventsService } from '../events/events.service.js';
import { parseClockLabel } from '../games/domain/clock.js';
import { COMPUTER_PLAYER_ID, COMPUTER_USERNAME, type ComputerLevel } from '../games/domain/computer.js';
import type { GameDto } from '../games/dto/game.dto.js';
import { GamesService } from '../games/games.service.js';
import { GameListsRepository } from '../games/game-lists.repository.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayersRepository } from '../players/players.repository.js';
import { initialValues } from '../ratings/domain/glicko2.js';
import type { CreateComputerGameDto } from './dto/computer-game.dto.js';

/**
 * Games against the computer: never rated, for guests too, with any clock or none. The game is an
 * ordinary casual game whose other seat is the computer's player row; GamesService plays the
 * computer's moves off the request path, after each step's commit.
 */
@Injectable()
export class ComputerService {
  constructor(
    private readonly db: Db,
    private readonly games: GamesService,
    private readonly gameLists: GameListsRepository,
    private readonly players: PlayersRepository,
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(player: Player, dto: CreateComputerGameDto): Promise<GameDto> {
    const level = (dto.level ?? 1) as ComputerLevel;
    const clock = dto.clock ? parseClockLabel(dto.clock) : null;
    const choice = dto.color ?? 'random';
    const humanBlack = choice === 'random' ? randomInt(2) === 0 : choice === 'black';
    const game = await this.db.transaction(async () => {
      // One game at a time, as for rooms and the queue: the player's row is held while we look.
      await this.players.lock(player.id);
      const active = await this.gameLists.activeGameIdOf(player.id);
      if (active) throw new AppError('ALREADY_IN_GAME', { key: 'api.rooms.youInGame' }, { gameId: active });
      await this.mustBeUnderHourlyLimit(player);
      await this.ensureComputerPlayer();
      const created = await this.games.createGame({
        roomId: null,
        roomCode: null,
        rated: false,
        turnSeconds: null,
        clock,
        showLegalMoves: dto.showLegalMoves ?? true,
        blackId: humanBlack ? player.id : COMPUTER_PLAYER_ID,
        whiteId: humanBlack ? COMPUTER_PLAYER_ID : player.id,
        computerLevel: level,
      });
      const answer = await this.games.toDto(created);
      // The player's other tabs follow them to the game, as for a queue or room game.
      await this.events.publish(playerEvent(player.id, 'game', answer));
      return answer;
    });
    return game;
  }

  /**
   * At most COMPUTER_GAMES_PER_HOUR games against the computer started by one player within any
   * hour: each costs engine time on the server, and a game resigned at once costs nothing to the
   * player. Counted from the games themselves, so the cap holds across app copies; the player's
   * row lock (held by the caller's transaction) makes concurrent starts count in turn.
   */
  private async mustBeUnderHourlyLimit(player: Player): Promise<void> {
    const { started, wait } = await this.gameLists.computerGamesInLastHour(player.id);
    const limit = this.config.computerGamesPerHour;
    if (started >= limit) {
      const seconds = Math.max(1, wait ?? 3600);
      throw new AppError(
        'RATE_LIMITED',
        { key: 'api.computer.rateLimited', values: { limit, minutes: Math.ceil(seconds / 60) } },
        { limit, retryAfterSeconds: seconds },
      );
    }
  }

  /** The computer's player row, made on first use: a bot with no password (nobody signs in as it), never rated. */
  private async ensureComputerPlayer(): Promise<void> {
    const r = initialValues();
    await this.db.query(
      `INSERT INTO players (id, username, username_key, guest, bot, rating, rd, volatility) VALUES ($1, $2, $3, false, true, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
      [COMPUTER_PLAYER_ID, COMPUTER_USERNAME, COMPUTER_USERNAME.toLowerCase(), r.rating, r.rd, r.volatility],
    );
  }
}
