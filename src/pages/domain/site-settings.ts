/**
 * The numbers the rules page states about this site, read from the running server's configuration
 * and from the rules' own constants (the same ones the server enforces), never written on the
 * page by hand: so the page can never disagree with the server. Pure: no framework.
 */
import { blackScore } from '../../ratings/domain/glicko2.js';
import { MAX_RANKED_GAMES_PER_PAIR_24H, windowRuleWithMax } from '../../matchmaking/domain/pairing.js';
import { ROOM_DEFAULTS, TURN_LIMIT_CHOICES } from '../../rooms/domain/room-rules.js';
import { CLOCK_BOUNDS, CLOCK_PRESETS, clockLabel, DEFAULT_RANKED_CLOCK } from '../../games/domain/clock.js';

export interface SiteSettings {
  /** Players at a board. */
  readonly players: number;
  /** Squares on a side of the board (8×8, not changeable). */
  readonly boardSize: number;
  /** The turn limits a host (or a player joining a queue) can choose; the default is none. */
  readonly turnLimitChoices: readonly number[];
  readonly turnLimitDefault: number | null;
  /** The clocks on offer ("minutes+seconds"), the ranked queue's default, and a custom clock's bounds (minutes; seconds). */
  readonly clockPresets: readonly string[];
  readonly rankedClock: string;
  readonly clockBounds: { readonly minBase: number; readonly maxBase: number; readonly minIncrement: number; readonly maxIncrement: number };
  /** Room settings' defaults (the host can change them). */
  readonly showLegalMovesDefault: boolean;
  readonly swapColorsDefault: boolean;
  /** No turn limit: seconds an absent player to move has before the CPU stands in. */
  readonly cpuTakeoverSeconds: number;
  /** No turn limit: seconds a present but idle player to move has before the CPU stands in. */
  readonly idleTurnSeconds: number;
  /** Each player's first move must come within this many seconds, or the game is aborted. */
  readonly firstMoveSeconds: number;
  /** What a draw scores for the ratings (a win is 1, a loss 0). */
  readonly drawScore: number;
  /** A new player's rating. */
  readonly initialRating: number;
  /** The ranked rating window: ± initial points, widening by step every stepSeconds, up to ± max (RANKED_WINDOW_MAX). */
  readonly rankedWindow: { readonly initial: number; readonly step: number; readonly stepSeconds: number; readonly max: number };
  /** Ranked games between the same two players within 24 hours, at most. */
  readonly rankedGamesPerPair24h: number;
  /** Ranked games: the CPU may play this many moves for a player; more, and that player has abandoned the game (RANKED_STAND_IN_MOVES). */
  readonly rankedStandInMoves: number;
  /** The leaderboard lists players with this many rated games, one of them within leaderboardActiveDays. */
  readonly leaderboardMinGames: number;
  readonly leaderboardActiveDays: number;
  /** A room's rematch offer lapses after this many seconds. */
  readonly rematchOfferSeconds: number;
}

/** What the rules page reads of the running configuration (the app's config has it all). */
export interface SiteConfig {
  readonly cpuTakeoverSeconds: number;
  readonly idleTurnSeconds: number;
  readonly firstMoveSeconds: number;
  readonly ratings: { readonly initialRating: number };
  readonly fairPlay: { readonly rankedWindowMax: number; readonly rankedStandInMoves: number };
  readonly leaderboardMinGames: number;
  readonly leaderboardActiveDays: number;
  readonly rematchOfferSeconds: number;
}

/** This server's settings, as the rules page shows them. */
export function siteSettings(config: SiteConfig): SiteSettings {
  return {
    players: 2,
    boardSize: 8,
    turnLimitChoices: [...TURN_LIMIT_CHOICES],
    turnLimitDefault: ROOM_DEFAULTS.turnSeconds,
    clockPresets: CLOCK_PRESETS.map(clockLabel),
    rankedClock: clockLabel(DEFAULT_RANKED_CLOCK),
    clockBounds: {
      minBase: CLOCK_BOUNDS.minBaseSeconds / 60,
      maxBase: CLOCK_BOUNDS.maxBaseSeconds / 60,
      minIncrement: CLOCK_BOUNDS.minIncrementSeconds,
      maxIncrement: CLOCK_BOUNDS.maxIncrementSeconds,
    },
    showLegalMovesDefault: ROOM_DEFAULTS.showLegalMoves,
    swapColorsDefault: ROOM_DEFAULTS.swapColors,
    cpuTakeoverSeconds: config.cpuTakeoverSeconds,
    idleTurnSeconds: config.idleTurnSeconds,
    firstMoveSeconds: config.firstMoveSeconds,
    drawScore: blackScore(null),
    initialRating: config.ratings.initialRating,
    rankedWindow: windowRuleWithMax(config.fairPlay.rankedWindowMax),
    rankedGamesPerPair24h: MAX_RANKED_GAMES_PER_PAIR_24H,
    rankedStandInMoves: config.fairPlay.rankedStandInMoves,
    leaderboardMinGames: config.leaderboardMinGames,
    leaderboardActiveDays: config.leaderboardActiveDays,
    rematchOfferSeconds: config.rematchOfferSeconds,
  };
}
