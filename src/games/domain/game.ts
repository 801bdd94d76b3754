/**
 * A game as the rules see it: plain data, no framework. Every transition in ./transitions.ts takes
 * one of these and a command and returns a Progress (the game after, the new move records, the
 * events to publish) or throws a GameRuleError naming the broken rule.
 */
import type { Color } from '../../engine/index.js';
import type { ClockControl } from './clock.js';

export type ColorName = Color;
export type GameStatus = 'active' | 'finished' | 'aborted';
export type ResultReason = 'board' | 'resign' | 'abandoned' | 'aborted' | 'time';
export type MoveBy = 'player' | 'cpu';

export interface GameState {
  readonly id: string;
  readonly roomId: string | null;
  readonly roomCode: string | null;
  readonly rated: boolean;
  readonly turnSeconds: number | null;
  /**
   * No turn limit: the game's idle limit (IDLE_TURN_SECONDS when it was made), one of its
   * settings; null with a turn limit. null in games made before it was stored: the rules' value.
   */
  readonly idleSeconds: number | null;
  /**
   * Ranked games: the CPU may play this many moves for a seat (RANKED_STAND_IN_MOVES when the game
   * was made); a seat it played more moves for is scored abandoned at the end, whoever is ahead.
   * null in casual games (there only the seat the CPU still holds at the end has abandoned).
   */
  readonly standInMoves: number | null;
  readonly showLegalMoves: boolean;
  /** A clocked game's base time and increment (./clock.ts); both null in a game without a clock. */
  readonly clockBaseSeconds: number | null;
  readonly clockIncrementSeconds: number | null;
  /**
   * A clocked game: each seat's time left, in ms. For the side to move it is the time left when
   * the turn began (turnStartedAt); its clock runs from there once that side has made its first move.
   */
  readonly blackClockMs: number | null;
  readonly whiteClockMs: number | null;
  /** A clocked game: each seat's lag quota, in ms (see ./clock.ts). */
  readonly blackLagQuotaMs: number | null;
  readonly whiteLagQuotaMs: number | null;
  readonly blackId: string;
  readonly whiteId: string;
  readonly blackStandIn: boolean;
  readonly whiteStandIn: boolean;
  /** Moves (not passes) the CPU stand-in has played for each seat in this game. */
  readonly blackCpuMoves: number;
  readonly whiteCpuMoves: number;
  /** How many times the stand-in took each seat over in this game (each one shortens that seat's next limit). */
  readonly blackTakeovers: number;
  readonly whiteTakeovers: number;
  /** 64 characters B / W / . in API order (a1..h1, a2..h2, …). */
  readonly board: string;
  /** null once the game is over. */
  readonly toMove: ColorName | null;
  /** Records in the move list, passes included: the game's version. */
  readonly ply: number;
  readonly status: GameStatus;
  readonly winner: ColorName | null;
  readonly resultReason: ResultReason | null;
  readonly blackDiscs: number | null;
  readonly whiteDiscs: number | null;
  readonly blackRatingChange: number | null;
  readonly whiteRatingChange: number | null;
  /** When the side to move runs out of time: the turn limit, the first-move limit, or a running clock's zero (the flag). */
  readonly turnDeadline: Date | null;
  /** When the rules act for the side to move if nothing happens (stand-in or abort). */
  readonly takeoverAt: Date | null;
  /** When the current turn began (the idle rule counts from it). */
  readonly turnStartedAt: Date | null;
  /**
   * No turn limit, after the player's first move: when the stand-in comes even for a present
   * player (the turn's start + the seat's escalated idle limit); null otherwise.
   */
  readonly idleDeadline: Date | null;
  /** An aborted game: whose doing it was (who aborted, resigned before both moved, or missed their first move); null otherwise or when nobody's alone. */
  readonly abortedBy: ColorName | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

/** One entry of the move list: a move, or an automatic pass (square null, flipped []). */
export interface MoveRecord {
  readonly ply: number;
  readonly color: ColorName;
  /** Square index 0..63, null for a pass. */
  readonly square: number | null;
  readonly pass: boolean;
  readonly flipped: readonly number[];
  readonly by: MoveBy;
  readonly at: Date;
}

export type GameEvent =
  | { readonly type: 'move'; readonly record: MoveRecord }
  | { readonly type: 'seat'; readonly color: ColorName; readonly standIn: boolean }
  | { readonly type: 'end' };

/** What a transition did: lichess's Progress(origin, game, events). */
export interface Progress {
  /** The game the transition started from; its ply is the version the write is conditional on. */
  readonly origin: GameState;
  readonly game: GameState;
  readonly records: readonly MoveRecord[];
  readonly events: readonly GameEvent[];
}

/** The clocks and house settings the rules need, with "now" injected. */
export interface GameRules {
  readonly now: Date;
  /** No turn limit: how long an absent player to move has before the CPU stands in. */
  readonly cpuTakeoverSeconds: number;
  /** Each player's first move must come within this, in every game (else the game is aborted). */
  readonly firstMoveSeconds: number;
  /** No turn limit: a player who has not moved for this long gets the stand-in, present or not. */
  readonly idleTurnSeconds: number;
  /** New ranked games: the CPU may play this many moves for a seat (RANKED_STAND_IN_MOVES; see GameState.standInMoves). */
  readonly rankedStandInMoves: number;
}

/** What a move request brings besides the square: the lag the client measured (ms), credited up to the seat's quota in a clocked game. */
export interface MoveTiming {
  readonly lagMs: number;
}

export interface NewGameSpec {
  readonly id: string;
  readonly roomId: string | null;
  readonly roomCode: string | null;
  readonly rated: boolean;
  readonly turnSeconds: number | null;
  /** Base time and increment; null: no clock. A game has a turn limit or a clock, never both. */
  readonly clock?: ClockControl | null;
  readonly showLegalMoves: boolean;
  readonly blackId: string;
  readonly whiteId: string;
}

/** Whether a seat's owner has made a move of their own: the first two records are always players' own. */
export function hasMoved(game: Pick<GameState, 'ply'>, color: ColorName): boolean {
  return game.ply > (color === 'black' ? 0 : 1);
}

/** Both players have made a move: from here on a game can be rated, and no longer aborted. */
export const bothMoved = (game: Pick<GameState, 'ply'>): boolean => game.ply >= 2;

export const isActive = (g: GameState): boolean => g.status === 'active';

export function seatOf(game: Pick<GameState, 'blackId' | 'whiteId'>, playerId: string): ColorName | null {
  if (game.blackId === playerId) return 'black';
  if (game.whiteId === playerId) return 'white';
  return null;
}

export const standInOf = (game: GameState, color: ColorName): boolean => (color === 'black' ? game.blackStandIn : game.whiteStandIn);

export const cpuMovesOf = (game: Pick<GameState, 'blackCpuMoves' | 'whiteCpuMoves'>, color: ColorName): number =>
  color === 'black' ? game.blackCpuMoves : game.whiteCpuMoves;

export const takeoversOf = (game: Pick<GameState, 'blackTakeovers' | 'whiteTakeovers'>, color: ColorName): number =>
  color === 'black' ? game.blackTakeovers : game.whiteTakeovers;

export const clockOf = (game: Pick<GameState, 'blackClockMs' | 'whiteClockMs'>, color: ColorName): number | null =>
  color === 'black' ? game.blackClockMs : game.whiteClockMs;

export const lagQuotaOf = (game: Pick<GameState, 'blackLagQuotaMs' | 'whiteLagQuotaMs'>, color: ColorName): number =>
  (color === 'black' ? game.blackLagQuotaMs : game.whiteLagQuotaMs) ?? 0;

/** The game's time control, or null without a clock. */
export function controlOf(game: Pick<GameState, 'clockBaseSeconds' | 'clockIncrementSeconds'>): ClockControl | null {
  return game.clockBaseSeconds === null ? null : { baseSeconds: game.clockBaseSeconds, incrementSeconds: game.clockIncrementSeconds ?? 0 };
}

/** The side to move's clock is running: a clocked game, on a turn after that side's first move. */
export const clockRunning = (game: GameState): boolean =>
  game.status === 'active' && game.clockBaseSeconds !== null && game.toMove !== null && hasMoved(game, game.toMove);

/**
 * Each seat's time left at `now` (ms, never below 0), and whose clock runs; null without a clock.
 * The running side's stored time is its time at the turn's start.
 */
export function clocksAt(game: GameState, now: Date): { black: number; white: number; running: ColorName | null } | null {
  if (game.clockBaseSeconds === null || game.blackClockMs === null || game.whiteClockMs === null) return null;
  const running = clockRunning(game) ? game.toMove : null;
  const spent = running && game.turnStartedAt ? Math.max(0, now.getTime() - game.turnStartedAt.getTime()) : 0;
  return {
    black: Math.max(0, game.blackClockMs - (running === 'black' ? spent : 0)),
    white: Math.max(0, game.whiteClockMs - (running === 'white' ? spent : 0)),
    running,
  };
}

export const playerOf = (game: GameState, color: ColorName): string => (color === 'black' ? game.blackId : game.whiteId);

/** The turn limits a room or a queue ticket may have, in seconds (null, the default, is none). */
export const TURN_LIMITS = [30, 60] as const;
export type TurnLimit = (typeof TURN_LIMITS)[number];

/** True when `s` is one of the turn limits on offer. */
export const isTurnLimit = (s: unknown): s is TurnLimit => (TURN_LIMITS as readonly unknown[]).includes(s);

/** The game can be called off: it is on and not both players have moved (a resignation then aborts it too). */
export const canAbort = (game: Pick<GameState, 'status' | 'ply'>): boolean => game.status === 'active' && !bothMoved(game);

/** The side to move has yet to make their first move: its deadline, when missed, aborts the game. */
export const awaitingFirstMove = (game: Pick<GameState, 'status' | 'ply' | 'toMove'>): boolean =>
  game.status === 'active' && game.toMove !== null && !hasMoved(game, game.toMove);
