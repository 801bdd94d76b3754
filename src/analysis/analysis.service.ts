import { controlOf } from '../games/domain/game.js';
import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { ANALYSIS_DEPTH, ANALYSIS_EXACT_EMPTIES, squareName } from '../engine/index.js';
import { GameQueries } from '../games/game-queries.service.js';
import { GamesRepository } from '../games/games.repository.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { AnalysisRepository, type PlayerAnalysedGame } from './analysis.repository.js';
import {
  fairPlayScore, type FairPlayScore, moveTimeFigures, type MoveTimeFigures, playerFigures, type PlayerFigures, RatingBands, RECENT_GAMES,
} from './domain/fair-play.js';
import { writeGgf } from './domain/ggf.js';
import { nameOpening } from '../openings/domain/openings.js';
import type { AnalysisDto } from './dto/analysis.dto.js';

/** A player's fair-play statistics, as the moderators see them. */
export interface PlayerFairPlay {
  figures: PlayerFigures;
  score: FairPlayScore;
  times: MoveTimeFigures;
  games: PlayerAnalysedGame[];
}

export interface Outlier {
  playerId: string;
  username: string;
  rating: number;
  figures: PlayerFigures;
  score: FairPlayScore;
}

/** Reading analyses, exporting games, and the fair-play statistics built on the analyses. */
@Injectable()
export class AnalysisService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: AnalysisRepository,
    private readonly games: GameQueries,
    private readonly gameRows: GamesRepository,
    private readonly ratings: RatingsService,
  ) {}

  async analysis(gameId: string): Promise<AnalysisDto> {
    // The game's status only (the replay asks again while the analysis is pending).
    const status = await this.gameRows.statusOf(gameId);
    if (status === null) throw notFound('game', gameId);
    const empty = { exactFromEmpties: ANALYSIS_EXACT_EMPTIES, depth: ANALYSIS_DEPTH, moves: [], players: null };
    if (status !== 'finished') return { status: 'none', ...empty };
    const stored = await this.repo.analysisOf(gameId);
    if (!stored) return { status: (await this.repo.jobState(gameId)) === 'failed' ? 'none' : 'pending', ...empty };
    return {
      status: 'ready',
      exactFromEmpties: stored.exactFromEmpties,
      depth: stored.depth,
      moves: stored.moves.map((m) => ({
        ply: m.ply,
        color: m.color,
        square: m.square === null ? null : squareName(m.square),
        by: m.by,
        forced: m.forced,
        best: m.best.map(squareName),
        value: m.value,
        bestValue: m.bestValue,
        loss: m.loss,
        exact: m.exact,
      })),
      players: stored.players,
    };
  }

  /** The game in GGF, and a file name for it. */
  async ggf(gameId: string): Promise<{ filename: string; text: string }> {
    const record = await this.games.record(gameId);
    if (!record) throw notFound('game', gameId);
    const { game, black, white } = record.loaded;
    const [blackRating, whiteRating] = await Promise.all([
      this.ratings.ratingAt(black.id, game.createdAt),
      this.ratings.ratingAt(white.id, game.createdAt),
    ]);
    const result =
      game.status === 'finished' && game.resultReason !== null && game.resultReason !== 'aborted'
        ? { winner: game.winner, reason: game.resultReason, discs: { black: game.blackDiscs ?? 0, white: game.whiteDiscs ?? 0 } }
        : null;
    const text = writeGgf({
      black: { username: black.username, rating: blackRating },
      white: { username: white.username, rating: whiteRating },
      createdAt: game.createdAt,
      turnSeconds: game.turnSeconds,
      clock: controlOf(game),
      result,
      moves: record.moves.map((m) => ({ color: m.color, square: m.square, at: m.at })),
      opening: nameOpening(record.moves.flatMap((m) => (m.square === null ? [] : [m.square])))?.name ?? null,
    });
    const day = game.createdAt.toISOString().slice(0, 10);
    return { filename: `outflank-${day}-${black.username}-${white.username}-${game.id.slice(0, 8)}.ggf`, text: `${text}\n` };
  }

  /** A player's statistics over their latest analysed rated games, against players of similar rating. */
  async fairPlay(playerId: string, rating: number): Promise<PlayerFairPlay> {
    const [games, bands] = await Promise.all([this.repo.ratedSidesOf(playerId, RECENT_GAMES), this.bands()]);
    const figures = playerFigures(games);
    return { figures, score: fairPlayScore(figures, rating, bands), times: moveTimeFigures(games.flatMap((g) => g.moveSeconds)), games };
  }

  /** The players furthest outside their band (highest scores first). */
  async outliers(limit: number): Promise<Outlier[]> {
    const population = await this.repo.population(RECENT_GAMES, this.config.leaderboardActiveDays);
    const rated = population.map((p) => ({ ...p, figures: playerFigures(p.phases) }));
    const bands = new RatingBands(rated);
    return rated
      .map((p) => ({ playerId: p.playerId, username: p.username, rating: p.rating, figures: p.figures, score: fairPlayScore(p.figures, p.rating, bands) }))
      .filter((o) => o.score.score !== null)
      .sort((a, b) => (b.score.score as number) - (a.score.score as number))
      .slice(0, limit);
  }

  private async bands(): Promise<RatingBands> {
    const population = await this.repo.population(RECENT_GAMES, this.config.leaderboardActiveDays);
    return new RatingBands(population.map((p) => ({ rating: p.rating, figures: playerFigures(p.phases) })));
  }
}
