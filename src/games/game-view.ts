/** How a game, its moves and its summaries look in answers and events (API.md's shapes). */
import { discCounts, legalMoves, squareName } from '../engine/index.js';
import { cpuMovesOf, type GameState, hasMoved, type MoveRecord, standInOf } from './domain/game.js';
import { positionOf } from './domain/transitions.js';
import type { GameDto, GameSummaryDto, MoveDto } from './dto/game.dto.js';
import type { LoadedGame, SeatPlayer } from './games.repository.js';

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

function resultOf(game: GameState): GameDto['result'] {
  if (game.status === 'active') return null;
  return {
    winner: game.winner,
    reason: game.resultReason ?? 'aborted',
    discs: { black: game.blackDiscs ?? 0, white: game.whiteDiscs ?? 0 },
    ratingChanges:
      game.rated && game.blackRatingChange !== null && game.whiteRatingChange !== null
        ? { black: game.blackRatingChange, white: game.whiteRatingChange }
        : null,
  };
}

/** When the CPU stands in for the side to move if nothing happens (see GameDto.standInAt). */
function standInAtOf(game: GameState): string | null {
  const c = game.toMove;
  if (game.status !== 'active' || !c || !game.takeoverAt || standInOf(game, c) || !hasMoved(game, c)) return null;
  return game.takeoverAt.toISOString();
}

export function toGameDto({ game, black, white }: LoadedGame): GameDto {
  const seat = (p: SeatPlayer, standIn: boolean, color: 'black' | 'white') => ({
    player: { id: p.id, username: p.username, rating: p.rating },
    standIn,
    cpuMoves: cpuMovesOf(game, color),
  });
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
    result: resultOf(game),
    createdAt: game.createdAt.toISOString(),
    finishedAt: game.finishedAt ? game.finishedAt.toISOString() : null,
  };
}

export function toSummaryDto({ game, black, white }: LoadedGame): GameSummaryDto {
  const seat = (p: SeatPlayer) => ({ id: p.id, username: p.username, rating: p.rating });
  return {
    id: game.id,
    rated: game.rated,
    status: game.status,
    black: seat(black),
    white: seat(white),
    result: resultOf(game),
    ply: game.ply,
    createdAt: game.createdAt.toISOString(),
    finishedAt: game.finishedAt ? game.finishedAt.toISOString() : null,
  };
}
