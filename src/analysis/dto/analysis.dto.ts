import { ApiProperty } from '@nestjs/swagger';
import { BLUNDER_DISCS, INACCURACY_DISCS, MISTAKE_DISCS } from '../domain/analysis.js';

export class PlayerSummaryDto {
  @ApiProperty({ description: "The player's own moves that had a choice (not forced, not passes, not the CPU stand-in's)" }) counted: number;
  @ApiProperty({ description: 'Mean loss in discs over the counted moves' }) meanLoss: number;
  @ApiProperty({ description: 'Share of the counted moves that were among the best, 0..1' }) bestShare: number;
  @ApiProperty({ description: `Counted moves losing ${INACCURACY_DISCS} to under ${MISTAKE_DISCS} discs` }) inaccuracies: number;
  @ApiProperty({ description: `Counted moves losing ${MISTAKE_DISCS} to under ${BLUNDER_DISCS} discs` }) mistakes: number;
  @ApiProperty({ description: `Counted moves losing ${BLUNDER_DISCS} discs or more` }) blunders: number;
}

export class PlayerSummariesDto {
  @ApiProperty({ type: PlayerSummaryDto }) black: PlayerSummaryDto;
  @ApiProperty({ type: PlayerSummaryDto }) white: PlayerSummaryDto;
}

export class MoveAnalysisDto {
  @ApiProperty({ description: "The record's ply (0 for the first move), as in the move list" }) ply: number;
  @ApiProperty({ enum: ['black', 'white'] }) color: 'black' | 'white';
  @ApiProperty({ type: String, nullable: true, example: 'f5', description: 'null for a pass' }) square: string | null;
  @ApiProperty({ enum: ['player', 'cpu'], description: "Who played it: the CPU stand-in's moves count for nothing" }) by: 'player' | 'cpu';
  @ApiProperty({ description: 'One legal square only, or a pass: it counts for nothing' }) forced: boolean;
  @ApiProperty({ type: [String], example: ['f5'], description: 'Every square that reaches bestValue ([] for a pass)' }) best: string[];
  @ApiProperty({ description: "Final disc difference from the mover's side under best play after the move played (empties to the winner)" }) value: number;
  @ApiProperty({ description: 'The same after the best move' }) bestValue: number;
  @ApiProperty({ description: 'bestValue − value, in discs' }) loss: number;
  @ApiProperty({ description: 'Proved by the endgame solver; false: estimated by the midgame search' }) exact: boolean;
}

export class AnalysisDto {
  @ApiProperty({
    enum: ['pending', 'ready', 'none'],
    description: 'pending: a finished game the engine has not been through yet; ready: the figures; none: an aborted game, a game in play, or an analysis that failed',
  })
  status: 'pending' | 'ready' | 'none';

  @ApiProperty({ description: 'Values are exact (endgame solver) from this many empty squares on' }) exactFromEmpties: number;
  @ApiProperty({ description: 'Depth in plies of the midgame search behind the estimated values' }) depth: number;
  @ApiProperty({ type: [MoveAnalysisDto], description: 'Every record of the move list, passes included ([] unless ready)' }) moves: MoveAnalysisDto[];
  @ApiProperty({ type: PlayerSummariesDto, nullable: true, description: 'null unless ready' }) players: PlayerSummariesDto | null;
}

export const ANALYSIS_DESCRIPTION =
  `The engine's analysis of a finished game. Values are final disc differences from the mover's side under best play ` +
  `(empty squares go to the winner, as GGS and WOF count); loss = bestValue − value. From exactFromEmpties empty squares on, ` +
  `the endgame solver proves them (exact: true); before, a fixed-depth midgame search estimates them (exact: false: ` +
  `estimates can be off by several discs). Forced moves (one legal square), passes and moves of the CPU stand-in count for ` +
  `nothing. A counted move losing ${INACCURACY_DISCS}–${MISTAKE_DISCS} discs is an inaccuracy, ${MISTAKE_DISCS}–${BLUNDER_DISCS} a ` +
  `mistake, ${BLUNDER_DISCS} or more a blunder (lower bounds included).`;
