import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { GameSummaryDto } from '../games/dto/game.dto.js';
import { GameQueries } from '../games/game-queries.service.js';
import { gamesToRdBelow, ladderProgress } from '../leaderboard/domain/progress.js';
import { LeaderboardService } from '../leaderboard/leaderboard.service.js';
import { OpeningsService } from '../openings/openings.service.js';
import { PlayerProfiles } from '../leaderboard/player-profiles.service.js';
import { PlayersService } from '../players/players.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import type { GameOutcome, LeaderboardRuleView, LeaderboardView, PlayerPageView, RecentGameView } from './views/index.js';

/** Leaderboard paging for the HTML pages: bad or missing values fall back to sane ones (no 400 on a page). */
export const PAGE_DEFAULT_LIMIT = 50;
export const PAGE_MAX_LIMIT = 200;
export const PAGE_MAX_OFFSET = 10_000_000;
/** How many of a player's latest games their page lists. */
export const RECENT_GAMES = 20;

/** A query value as a whole number, or null when it is missing or not one (repeated keys: the first). */
function wholeNumber(raw: unknown): number | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || !/^\s*-?\d{1,12}\s*$/.test(value)) return null;
  return Number(value);
}

/** `limit` in 1..200 (default 50) and `offset` in 0..10,000,000 (default 0), whatever the query said. */
export function clampPaging(rawLimit: unknown, rawOffset: unknown): { limit: number; offset: number } {
  const limit = wholeNumber(rawLimit);
  const offset = wholeNumber(rawOffset);
  return {
    limit: limit === null || limit < 1 ? PAGE_DEFAULT_LIMIT : Math.min(limit, PAGE_MAX_LIMIT),
    offset: offset === null || offset < 0 ? 0 : Math.min(offset, PAGE_MAX_OFFSET),
  };
}

/** How a game ended for the player who had `color`. */
export function outcomeFor(game: Pick<GameSummaryDto, 'status' | 'result'>, color: 'black' | 'white'): GameOutcome {
  if (game.status === 'aborted' || game.result?.reason === 'aborted') return 'aborted';
  if (game.status !== 'finished' || !game.result) return 'active';
  if (game.result.winner === null) return 'draw';
  return game.result.winner === color ? 'win' : 'loss';
}

/** One row of a player's recent games, seen from `playerId`'s seat. */
export function recentGameView(game: GameSummaryDto, playerId: string, opening: string | null = null): RecentGameView {
  const color = game.black.id === playerId ? 'black' : 'white';
  const opponent = color === 'black' ? game.white : game.black;
  return {
    id: game.id,
    opponent: opponent.username,
    color,
    outcome: outcomeFor(game, color),
    discs: game.result ? { black: game.result.discs.black, white: game.result.discs.white } : null,
    rated: game.rated,
    ratingDelta: game.result?.ratingChanges ? game.result.ratingChanges[color] : null,
    finishedAt: game.finishedAt,
    opening,
  };
}

/** Builds the view models of the server-rendered pages from the domain services. */
@Injectable()
export class PagesService {
  constructor(
    private readonly leaderboard: LeaderboardService,
    private readonly players: PlayersService,
    private readonly profiles: PlayerProfiles,
    private readonly ratings: RatingsService,
    private readonly games: GameQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly openings: OpeningsService,
  ) {}

  /** The rule's view: from the configuration only, so worked out once (gamesToRdBelow runs up to 99 rating steps). */
  private rule: LeaderboardRuleView | null = null;

  /** The leaderboard's rule with this server's values, and what it asks of a new player. */
  ruleView(): LeaderboardRuleView {
    const rules = this.leaderboard.rules;
    const r = this.config.ratings;
    return (this.rule ??= {
      minGames: rules.minGames,
      activeDays: rules.activeDays,
      provisionalRd: rules.provisionalRd,
      initialRd: r.initialRd,
      newcomerGames: Math.max(rules.minGames, gamesToRdBelow({ rating: r.initialRating, rd: r.initialRd, volatility: r.initialVolatility }, rules.provisionalRd, r)),
    });
  }

  async leaderboardView(limit: number, offset: number): Promise<LeaderboardView> {
    const page = await this.leaderboard.page(limit, offset);
    return { entries: page.entries, total: page.total, limit, offset, rule: this.ruleView() };
  }

  /** The player page's view, or null when no player has that name. */
  async playerView(username: string, rawBefore?: unknown): Promise<PlayerPageView | null> {
    const player = await this.players.findByUsername(username);
    if (!player) return null;
    // Paged as the API pages (games created before a time); a `before` that is no time is ignored, like the leaderboard's paging.
    const before = typeof rawBefore === 'string' && Number.isFinite(Date.parse(rawBefore)) ? new Date(Date.parse(rawBefore)).toISOString() : undefined;
    const [profile, history, page] = await Promise.all([
      this.profiles.profile(player),
      this.ratings.historyOf(player.id),
      this.games.gamesOf(player.id, RECENT_GAMES + 1, before),
    ]);
    const games = page.slice(0, RECENT_GAMES);
    const older = page.length > RECENT_GAMES ? games[games.length - 1].createdAt : null;
    const openings = await this.openings.openingsOf(games.map((g) => g.id));
    return {
      player: {
        username: profile.username,
        guest: profile.guest,
        rating: profile.rating,
        rd: profile.rd,
        volatility: profile.volatility,
        provisional: profile.provisional,
        rank: profile.rank,
        games: profile.games,
        wins: profile.wins,
        draws: profile.draws,
        losses: profile.losses,
        createdAt: profile.createdAt,
        engineUser: profile.engineUser,
        closed: profile.closed,
      },
      ladder: player.bot ? undefined : ladderProgress(player, this.leaderboard.rules, new Date(), this.config.ratings),
      history: history.map((p, i) => ({ gameId: p.gameId ?? `refund-${i}`, at: p.at, rating: p.rating, rd: p.rd, delta: p.delta })),
      recentGames: games.map((g) => recentGameView(g, player.id, openings.get(g.id)?.id ?? null)),
      gamesPaging: { older, paged: before !== undefined },
    };
  }
}
