import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { SeatPlayerDto } from '../../players/dto/player.dto.js';
import { fastBodyCheck, i18nMessage, plainObjectWithKeys } from '../../common/validation.js';
import { MAX_REPORTED_LAG_MS } from '../domain/clock.js';

export class PlayMoveDto {
  @ApiProperty({ example: 'd3', description: 'a1..h8, case-insensitive' })
  @IsString()
  @Matches(/^[a-hA-H][1-8]$/, { message: i18nMessage('api.validation.square') })
  square: string;

  @ApiProperty({ example: 0, description: "The game's current ply (records so far, passes included)" })
  @IsInt()
  @Min(0)
  @Max(1000)
  ply: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_REPORTED_LAG_MS,
    description:
      'The network lag the client measured for this move, in ms (e.g. half its last round trip). In a clocked game the server ' +
      "credits it back to the mover's clock, up to the seat's lag quota (see docs/rules-and-fair-play.md, Game clocks); ignored without a clock",
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_REPORTED_LAG_MS)
  lag?: number;
}

const SQUARE = /^[a-hA-H][1-8]$/;
const PLAY_MOVE_KEYS = ['square', 'ply', 'lag'] as const;
const intIn = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/**
 * PlayMoveDto's decorators written out, for the move route (the hottest of the API): a body they
 * all accept, or null (then class-validator runs, and its refusal is the answer).
 */
export function checkPlayMove(body: unknown): PlayMoveDto | null {
  if (!plainObjectWithKeys(body, PLAY_MOVE_KEYS)) return null;
  const { square, ply, lag } = body;
  if (typeof square !== 'string' || !SQUARE.test(square) || !intIn(ply, 0, 1000)) return null;
  if (lag !== undefined && lag !== null && !intIn(lag, 0, MAX_REPORTED_LAG_MS)) return null;
  const dto = new PlayMoveDto();
  dto.square = square;
  dto.ply = ply;
  if ('lag' in body) dto.lag = lag as number | undefined;
  return dto;
}
fastBodyCheck(PlayMoveDto, checkPlayMove);

export class EmptyBodyDto {}

export class GamesQueryDto {
  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: 'ISO time: only games created before it (paging)' })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true }, { message: i18nMessage('api.validation.beforeIso') })
  @Matches(/T\d\d:\d\d/, { message: i18nMessage('api.validation.beforeTime') })
  before?: string;
}

export class ActiveGamesQueryDto extends GamesQueryDto {
  @ApiPropertyOptional({ enum: ['active'], default: 'active', description: 'Only live games are listed' })
  @IsOptional()
  @IsIn(['active'], { message: i18nMessage('api.validation.status') })
  status?: 'active';
}

export class SeatDto {
  @ApiProperty({ type: SeatPlayerDto }) player: SeatPlayerDto;
  @ApiProperty({ description: 'true while the CPU plays this seat' }) standIn: boolean;
  @ApiProperty({
    description:
      'Moves (not passes) the CPU stand-in has played for this seat so far. In a ranked game, more than settings.standInMoves ' +
      'and this seat is scored abandoned at the end (a loss), whoever is ahead on the board',
  })
  cpuMoves: number;
}

export class ClockControlDto {
  @ApiProperty({ description: 'Each player\'s time for the game at the start, in seconds', example: 300 }) baseSeconds: number;
  @ApiProperty({ description: 'Seconds added to a player\'s clock after each of their moves (not after their first move)', example: 3 }) incrementSeconds: number;
  @ApiProperty({ description: 'minutes+seconds, as the lobby and the queue name it', example: '5+3' }) label: string;
}

export class GameSettingsDto {
  @ApiProperty() rated: boolean;
  @ApiProperty({ type: Number, nullable: true, enum: [30, 60] }) turnSeconds: number | null;
  @ApiProperty({ type: ClockControlDto, nullable: true, description: 'The game\'s clock (base time + increment); null without one. A game has a turn limit or a clock, never both' })
  clock: ClockControlDto | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Without a turn limit: the idle limit in seconds (IDLE_TURN_SECONDS when the game was made). A player who has not moved for ' +
      'this long gets the CPU stand-in even while present; each time the stand-in has taken a seat over in this game, that seat\'s ' +
      'next limit is half as long (at least 10 s). null with a turn limit (there the turn limit is halved the same way)',
  })
  idleSeconds: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Ranked games: the CPU stand-in may play this many moves for a seat (RANKED_STAND_IN_MOVES); a seat it played more for is ' +
      'scored abandoned at the end: a loss for that seat and a rated win for the other, whoever is ahead. null in casual games',
  })
  standInMoves: number | null;
  @ApiProperty() showLegalMoves: boolean;
}

export class DiscsDto {
  @ApiProperty() black: number;
  @ApiProperty() white: number;
}

export class RatingChangesDto {
  @ApiProperty() black: number;
  @ApiProperty() white: number;
}

export class RatingStepDto {
  @ApiProperty({ description: 'The rating before the game' }) before: number;
  @ApiProperty({ description: 'The rating after the game' }) after: number;
  @ApiProperty({ description: 'Provisional before the game (RD ≥ 110)' }) provisionalBefore: boolean;
  @ApiProperty({ description: 'Provisional after the game (RD ≥ 110)' }) provisionalAfter: boolean;
}

export class RatingStepsDto {
  @ApiProperty({ type: RatingStepDto }) black: RatingStepDto;
  @ApiProperty({ type: RatingStepDto }) white: RatingStepDto;
}

export class GameResultDto {
  @ApiProperty({ type: String, nullable: true, enum: ['black', 'white'] }) winner: 'black' | 'white' | null;
  @ApiProperty({ enum: ['board', 'resign', 'abandoned', 'aborted', 'time'], description: 'time: the loser\'s clock ran out' })
  reason: 'board' | 'resign' | 'abandoned' | 'aborted' | 'time';
  @ApiProperty({ type: DiscsDto }) discs: DiscsDto;
  @ApiProperty({ type: RatingChangesDto, nullable: true }) ratingChanges: RatingChangesDto | null;
  @ApiProperty({ type: RatingStepsDto, nullable: true, description: "A rated game: each player's rating before → after it (null for unrated and aborted games)" })
  ratings: RatingStepsDto | null;
}

/** Both clocks, as the server keeps them; clients count the running one down locally from `black`/`white`. */
export class GameClocksDto {
  @ApiProperty({ description: "Black's time left in ms, as of `at`" }) black: number;
  @ApiProperty({ description: "White's time left in ms, as of `at`" }) white: number;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['black', 'white'],
    description: "Whose clock runs: the side to move's, once that side has made its first move (a first move has its own timer: turnDeadline); null after the game",
  })
  running: 'black' | 'white' | null;
  @ApiProperty({ format: 'date-time', description: 'The server time the two values are exact at (the step of an event, the time of an answer)' }) at: string;
}

/** The `opening` field of a game and of a game summary: one description for both. */
const ApiOpening = () =>
  ApiProperty({
    type: String,
    nullable: true,
    example: 'Tiger',
    description:
      "The opening the game followed so far: the longest named line it played (positions compared up to the board's symmetries; " +
      'the names of GET /api/openings, in English). null when it followed none (yet)',
  });

export class GameComputerDto {
  @ApiProperty({ type: Number, enum: [1, 2, 3, 4, 5, 6, 7, 8], description: '1: a beginner that makes mistakes on purpose … 8: the engine at its strongest' }) level: number;
  @ApiProperty({ enum: ['black', 'white'], description: 'The seat the computer plays' }) color: 'black' | 'white';
}

export class GameDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() rated: boolean;
  @ApiProperty({ enum: ['active', 'finished', 'aborted'] }) status: 'active' | 'finished' | 'aborted';
  @ApiProperty({ type: String, nullable: true, description: 'The room it belongs to (for rematch), null for queue games' }) roomCode: string | null;
  @ApiProperty({ type: GameSettingsDto }) settings: GameSettingsDto;
  @ApiProperty({ type: SeatDto }) black: SeatDto;
  @ApiProperty({ type: SeatDto }) white: SeatDto;
  @ApiProperty({ description: '64 characters B/W/. ; index = (rank-1)*8 + file' }) board: string;
  @ApiProperty({ type: String, nullable: true, enum: ['black', 'white'] }) toMove: 'black' | 'white' | null;
  @ApiProperty() ply: number;
  @ApiProperty({ type: [String], nullable: true, description: 'null when hints are off' }) legalMoves: string[] | null;
  @ApiProperty({ type: DiscsDto }) discs: DiscsDto;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) turnDeadline: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description:
      'Extra field: when the CPU stands in for the side to move if nothing happens (their turn limit, or without one CPU_TAKEOVER_SECONDS ' +
      'after they were last seen, never later than IDLE_TURN_SECONDS into the turn). null during a first move (missing it aborts the game: see turnDeadline), while the CPU already holds the seat, and after the game',
  })
  standInAt: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description:
      'Extra field: in a game with neither a clock nor a turn limit, after the first moves, when the CPU stands in for the side to move even if ' +
      'they are present (the idle limit, settings.idleSeconds, counted from the turn\'s start); null otherwise',
  })
  idleDeadline: string | null;
  @ApiProperty({ type: GameClocksDto, nullable: true, description: 'Both clocks of a clocked game (null without a clock)' })
  clocks: GameClocksDto | null;
  @ApiProperty({ type: GameResultDto, nullable: true }) result: GameResultDto | null;
  @ApiOpening() opening: string | null;
  @ApiProperty({ type: GameComputerDto, nullable: true, description: 'A game against the computer (never rated): its level and seat; null otherwise' })
  computer: GameComputerDto | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) finishedAt: string | null;
}

export class MoveDto {
  @ApiProperty() ply: number;
  @ApiProperty({ enum: ['black', 'white'] }) color: 'black' | 'white';
  @ApiProperty({ type: String, nullable: true }) square: string | null;
  @ApiProperty() pass: boolean;
  @ApiProperty({ type: [String] }) flipped: string[];
  @ApiProperty({ enum: ['player', 'cpu'] }) by: 'player' | 'cpu';
  @ApiProperty({ format: 'date-time' }) at: string;
}

export class MoveResponseDto {
  @ApiProperty({ type: MoveDto }) move: MoveDto;
  @ApiProperty({ type: GameDto }) game: GameDto;
}

export class MovesDto {
  @ApiProperty({ type: [MoveDto] }) moves: MoveDto[];
}

export class GameSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() rated: boolean;
  @ApiProperty({ enum: ['active', 'finished', 'aborted'] }) status: string;
  @ApiProperty({ type: SeatPlayerDto }) black: SeatPlayerDto;
  @ApiProperty({ type: SeatPlayerDto }) white: SeatPlayerDto;
  @ApiProperty({ type: GameResultDto, nullable: true }) result: GameResultDto | null;
  @ApiProperty() ply: number;
  @ApiOpening() opening: string | null;
  @ApiProperty({ type: GameComputerDto, nullable: true, description: 'A game against the computer: its level and seat; null otherwise' })
  computer: GameComputerDto | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) finishedAt: string | null;
}

export class GameSummariesDto {
  @ApiProperty({ type: [GameSummaryDto] }) games: GameSummaryDto[];
}

/** The `move` event of a game's stream: one record, and the game after the step that made it (what a client needs to show the next turn). */
export class MoveEventDto extends MoveDto {
  @ApiProperty({
    type: GameDto,
    required: false,
    description:
      'The game after the step this record belongs to (a move and the automatic pass after it are one step: both events carry the game after both). ' +
      'A client that holds the game at this record\'s ply applies it without a request. Absent only on a record replayed after a reconnection that is not the last one replayed.',
  })
  game?: GameDto;
}

/** The `seat` event: a stand-in takes a seat or hands it back, or the side to move's presence moved the stand-in's time. */
export class SeatEventDto {
  @ApiProperty({ format: 'uuid' }) gameId: string;
  @ApiProperty({ enum: ['black', 'white'] }) color: 'black' | 'white';
  @ApiProperty({ description: 'true while the CPU plays this seat' }) standIn: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'The game\'s standInAt after this change' }) standInAt: string | null;
  @ApiProperty({ type: GameDto, required: false, description: 'The game after a takeover or a hand-back (absent for a presence change, which moves standInAt only)' })
  game?: GameDto;
}
