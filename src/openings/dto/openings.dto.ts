import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

export class FiguresDto {
  @ApiProperty({ description: 'Games that reached the position' }) games: number;
  @ApiProperty({ type: Number, nullable: true, description: "Black's score in them, 0..1 (a draw is half a point); null without games" }) blackScore: number | null;
  @ApiProperty({ type: Number, nullable: true, description: "Black's mean final disc difference (Black − White) in them; null without games" }) meanDiscDiff: number | null;
}

export class OpeningDto {
  @ApiProperty({ example: 'tiger' }) id: string;
  @ApiProperty({ example: 'Tiger', description: 'The name in English (the pages name it in their language)' }) name: string;
  @ApiProperty({ enum: ['perpendicular', 'diagonal', 'parallel'], description: "White's first reply: the opening's family" }) family: 'perpendicular' | 'diagonal' | 'parallel';
  @ApiProperty({ example: 'f5d6c3d3c4', description: 'The line from the start position (any of its mirror images is the same opening)' }) moves: string;
  @ApiProperty({ type: FiguresDto, description: 'In the shipped master games (WTHOR 2023–2025)' }) master: FiguresDto;
  @ApiProperty({ type: FiguresDto, description: "In this ladder's finished rated games" }) ladder: FiguresDto;
}

export class OpeningsDto {
  @ApiProperty({ description: 'Master games in the index' }) masterGames: number;
  @ApiProperty({ description: 'Rated ladder games in the index' }) ladderGames: number;
  @ApiProperty({ type: [OpeningDto] }) openings: OpeningDto[];
}

export class ExplorerQueryDto {
  @ApiPropertyOptional({ example: 'f5d6c3', description: 'The line from the start position: squares run together, passes not written (empty: the start position)' })
  @IsOptional()
  @IsString()
  moves?: string;
}

export class EngineValueDto {
  @ApiProperty({ description: "For the side to move: the final disc difference (its discs − the other side's, empties to the winner) with best play after this move" }) value: number;
  @ApiProperty({ description: 'true: proved by the endgame solver; false: estimated by a shallow midgame search' }) exact: boolean;
}

export class ExplorerMoveDto {
  @ApiProperty({ example: 'c3' }) square: string;
  @ApiProperty({ type: [String], description: 'Other legal squares leading to the same position up to symmetry (their figures are the same)' }) same: string[];
  @ApiProperty({ type: FiguresDto, description: 'Master games that played it' }) master: FiguresDto;
  @ApiProperty({ type: FiguresDto, description: 'Rated ladder games that played it' }) ladder: FiguresDto;
  @ApiProperty({ type: EngineValueDto }) engine: EngineValueDto;
  @ApiProperty({ type: String, nullable: true, example: 'tiger', description: 'The opening this move reaches, when it names one' }) opening: string | null;
}

export class ExplorerDto {
  @ApiProperty({ example: 'f5d6c3', description: 'The line, lower-case' }) line: string;
  @ApiProperty({ description: '64 characters B / W / . (a1..h1, a2..h2, …)' }) board: string;
  @ApiProperty({ type: String, nullable: true, enum: ['black', 'white'], description: 'null when the game is over' }) toMove: 'black' | 'white' | null;
  @ApiProperty({ type: String, nullable: true, description: 'The id of the longest named opening the line followed' }) opening: string | null;
  @ApiProperty({ type: String, nullable: true, description: "That opening's name in English" }) openingName: string | null;
  @ApiProperty({ type: FiguresDto, description: 'Master games that reached this position' }) master: FiguresDto;
  @ApiProperty({ type: FiguresDto, description: 'Rated ladder games that reached this position' }) ladder: FiguresDto;
  @ApiProperty({ type: [ExplorerMoveDto], description: 'Every legal move, most played in the master games first, then by the engine' }) moves: ExplorerMoveDto[];
}
