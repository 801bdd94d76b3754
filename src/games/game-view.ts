/** How a game, its moves and its summaries look in answers and events (docs/api.md's shapes). */
import { discCounts, legalMoves, squareName } from '../engine/index.js';
import { clockLabel } from './domain/clock.js';
import { clocksAt, controlOf, cpuMovesOf, type GameState, hasMoved, type MoveRecord, standInOf } from './domain/game.js';
import { positionOf } from './domain/transitions.js';
import { computerColorOf } from './domain/computer.js';
import type { SeatPlayerDto } from '../players/dto/player.dto.js';
import { isProvisional } from '../ratings/domain/glicko2.js';
import type { GameDto, GameSummaryDto, MoveDto, RatingStepsDto } from './dto/game.dto.js';
import { OPENING_RECORDS, type LoadedGame, type RatingStep, type SeatPlayer } from './games.repository.js';
import { nameOpening, openingById } from '../openings/domain/openings.js';

export function toMoveDto(m: MoveRecord): MoveDto {
  return {
    ply: m.ply,
    color: m.color,
    square: m.square === null ? null : squareName(m.square),
    pass: m.pass,
    flipped: m.flipped.map(squareName),
    by: m.by,
    at: m.at.toISOString(),
  };
}

function seatPlayer(p: SeatPlayer): SeatPlayerDto {
  return { id: p.id, username: p.username, rating: p.rating, guest: p.guest, provisional: isProvisional(p.rd) };
}

function ratingsOf(ratings: LoadedGame['ratings']): RatingStepsDto | null {
  if (!ratings) return null;
  const step = (r: RatingStep) => ({ before: r.ratingBefore, after: r.rating, provisionalBefore: isProvisional(r.rdBefore), provisionalAfter: isProvisional(r.rd) });
  return { black: step(ratings.black), white: step(ratings.white) };
}

function resultOf(game: GameState, ratings: LoadedGame['ratings']): GameDto['result'] {
  if (game.status === 'active') return null;
  return {
    winner: game.winner,
    reason: game.resultReason ?? 'aborted',
    discs: { black: game.blackDiscs ?? 0, white: game.whiteDiscs ?? 0 },
    ratingChanges:
      game.rated && game.blackRatingChange !== null && game.whiteRatingChange !== null
        ? { black: game.blackRatingChange, white: game.whiteRatingChange }
        : null,
    ratings: game.rated ? ratingsOf(ratings) : null,
  };
}

/** When the CPU stands in for the side to move if nothing happens (see GameDto.standInAt). */
function standInAtOf(game: GameState): string | null {
  const c = game.toMove;
  if (game.status !== 'active' || !c || !game.takeoverAt || standInOf(game, c) || !hasMoved(game, c)) return null;
  // A clocked turn whose takeover is the flag: the clock decides, no stand-in comes.
  if (game.clockBaseSeconds !== null && game.idleDeadline && game.takeoverAt >= game.idleDeadline) return null;
  return game.takeoverAt.toISOString();
}

/**
 * Both clocks at `now` (a read's answer), or without it as of the turn's start (an event: its step
 * is the turn's start, so the values are the current ones when it is published).
 */
function clocksOf(game: GameState, now?: Date): GameDto['clocks'] {
  const at = now ?? (game.status === 'active' ? game.turnStartedAt : game.finishedAt) ?? game.createdAt;
  const clocks = clocksAt(game, at);
  if (!clocks) return null;
  return { black: Math.round(clocks.black), white: Math.round(clocks.white), running: clocks.running, at: at.toISOString() };
}

/** The name of the opening the game followed so far (the longest named line, src/openings/domain/openings.ts), or null. */
export function openingOf(loaded: Pick<LoadedGame, 'openingSquares' | 'openingId'>): string | null {
  if (loaded.openingSquares) return nameOpening(loaded.openingSquares)?.name ?? null;
  return loaded.openingId ? (openingById(loaded.openingId)?.name ?? null) : null;
}

/**
 * What a step's write stores as the game's opening: the id named by the squares after it, where
 * the load read them (the name can still change, or the row has none yet); undefined otherwise
 * (the stored name stays).
 */
export function openingToStore(after: Pick<LoadedGame, 'openingSquares'>): { id: string | null } | undefined {
  return after.openingSquares ? { id: nameOpening(after.openingSquares)?.id ?? null } : undefined;
}

/**
 * The opening squares after a step: the squares of its move records within the first
 * OPENING_RECORDS records appended (so the answer and the events of a step name the opening without
 * reading the moves again).
 */
export function openingSquaresAfter(loaded: Pick<LoadedGame, 'openingSquares'>, records: readonly MoveRecord[]): number[] | undefined {
  if (!loaded.openingSquares) return undefined;
  const added = records.filter((r) => !r.pass && r.square !== null && r.ply < OPENING_RECORDS).map((r) => r.square!);
  return added.length ? [...loaded.openingSquares, ...added] : loaded.openingSquares;
}

function computerOf(game: GameState): GameDto['computer'] {
  const color = computerColorOf(game);
  return color && game.computerLevel !== null ? { level: game.computerLevel, color } : null;
}

export function toGameDto(loaded: LoadedGame, now?: Date): GameDto {
  const { game, black, white, ratings } = loaded;
  const seat = (p: SeatPlayer, standIn: boolean, color: 'black' | 'white') => ({ player: seatPlayer(p), standIn, cpuMoves: cpuMovesOf(game, color) });
  const position = positionOf(game);
  const finished = game.status !== 'active';
  return {
    id: game.id,
    rated: game.rated,
    status: game.status,
    roomCode: game.roomCode,
    settings: {
      rated: game.rated,
      turnSeconds: game.turnSeconds,
      clock: controlOf(game) && { ...controlOf(game)!, label: clockLabel(controlOf(game)!) },
      idleSeconds: game.turnSeconds ? null : game.idleSeconds,
      standInMoves: game.standInMoves,
      showLegalMoves: game.showLegalMoves,
    },
    black: seat(black, game.blackStandIn, 'black'),
    white: seat(white, game.whiteStandIn, 'white'),
    board: game.board,
    toMove: finished ? null : game.toMove,
    ply: game.ply,
    legalMoves: game.showLegalMoves && !finished ? legalMoves(position).map(squareName) : null,
    discs: discCounts(position),
    turnDeadline: game.turnDeadline ? game.turnDeadline.toISOString() : null,
    standInAt: standInAtOf(game),
    idleDeadline: game.status === 'active' && !game.turnSeconds && game.clockBaseSeconds === null && game.idleDeadline ? game.idleDeadline.toISOString() : null,
    clocks: clocksOf(game, now),
    result: resultOf(game, ratings),
    opening: openingOf(loaded),
    computer: computerOf(game),
    createdAt: game.createdAt.toISOString(),
    finishedAt: game.finishedAt ? game.finishedAt.toISOString() : null,
  };
}

export function toSummaryDto(loaded: LoadedGame): GameSummaryDto {
  const { game, black, white, ratings } = loaded;
  return {
    id: game.id,
    rated: game.rated,
    status: game.status,
    black: seatPlayer(black),
    white: seatPlayer(white),
    result: resultOf(game, ratings),
    ply: game.ply,
    opening: openingOf(loaded),
    computer: computerOf(game),
    createdAt: game.createdAt.toISOString(),
    finishedAt: game.finishedAt ? game.finishedAt.toISOString() : null,
  };
}
