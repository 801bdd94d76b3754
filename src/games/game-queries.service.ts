import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { notFound } from '../common/errors.js';
import { writeTranscript } from '../engine/index.js';
import { nameOpening } from '../openings/domain/openings.js';
import type { GameDto, GameSummaryDto, MoveDto } from './dto/game.dto.js';
import { toGameDto, toMoveDto, toSummaryDto } from './game-view.js';
import type { MoveRecord } from './domain/game.js';
import { GameListsRepository } from './game-lists.repository.js';
import { GamesRepository, type LoadedGame } from './games.repository.js';

/** Reading games: answers, move lists, transcripts, lists. */
@Injectable()
export class GameQueries {
  constructor(
    private readonly repo: GamesRepository,
    private readonly lists: GameListsRepository,
    private readonly clock: Clock,
  ) {}

  /** The game as it is: a read never writes (taking a seat back is GamesService.takeSeat). */
  async getGame(id: string): Promise<GameDto> {
    const loaded = await this.repo.loadWithRatings(id);
    if (!loaded) throw notFound('game', id);
    return toGameDto(loaded, this.clock.now());
  }

  async mustExist(id: string): Promise<void> {
    if (!(await this.repo.exists(id))) throw notFound('game', id);
  }

  async listMoves(id: string): Promise<MoveDto[]> {
    await this.mustExist(id);
    return (await this.repo.movesSince(id)).map(toMoveDto);
  }

  async transcript(id: string): Promise<string> {
    await this.mustExist(id);
    const records = await this.repo.movesSince(id);
    return writeTranscript(records.filter((m) => !m.pass).map((m) => m.square!));
  }

  /** The transcript and the name of the opening it followed (src/openings/domain/openings.ts), or null. */
  async transcriptWithOpening(id: string): Promise<{ text: string; opening: string | null }> {
    await this.mustExist(id);
    const squares = (await this.repo.movesSince(id)).filter((m) => !m.pass).map((m) => m.square!);
    return { text: writeTranscript(squares), opening: nameOpening(squares)?.name ?? null };
  }

  /** A game with its whole move list (for its analysis and its GGF), or null. */
  async record(id: string): Promise<{ loaded: LoadedGame; moves: MoveRecord[] } | null> {
    const loaded = await this.repo.load(id);
    if (!loaded) return null;
    return { loaded, moves: await this.repo.movesSince(id) };
  }

  async gamesOf(playerId: string, limit: number, before?: string): Promise<GameSummaryDto[]> {
    return (await this.lists.gamesOf(playerId, limit, before ? new Date(before) : undefined)).map(toSummaryDto);
  }

  async active(limit: number, before?: string): Promise<GameSummaryDto[]> {
    return (await this.lists.active(limit, before ? new Date(before) : undefined)).map(toSummaryDto);
  }
}
