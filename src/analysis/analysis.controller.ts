import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../common/api-errors.js';
import { UuidOr404Pipe } from '../common/uuid-or-404.pipe.js';
import { AnalysisService } from './analysis.service.js';
import { ANALYSIS_DESCRIPTION, AnalysisDto } from './dto/analysis.dto.js';

@ApiTags('games')
@Controller('api/games')
export class AnalysisController {
  constructor(private readonly analyses: AnalysisService) {}

  @Get(':id/analysis')
  @ApiOperation({ summary: "The engine's analysis of a finished game", description: ANALYSIS_DESCRIPTION })
  @ApiOkResponse({ type: AnalysisDto, description: 'The analysis: pending, ready with the figures, or none' })
  @ApiErrors('NOT_FOUND')
  analysis(@Param('id', UuidOr404Pipe) id: string): Promise<AnalysisDto> {
    return this.analyses.analysis(id);
  }

  @Get(':id/ggf')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiProduces('text/plain')
  @ApiOperation({
    summary: 'The game in GGF (NBoard, Edax, GGS), as a download',
    description:
      'e.g. `(;GM[Othello]PC[Outflank]DT[2026.11.30_17:34:03.UTC]PB[ann]PW[bob]RB[1523.40]RW[1498.10]TI[00:30,N1//00:30,N1]TY[8]RE[+4.000]' +
      'BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5//1.20]W[d6//3.05]…;)`: players, their ratings ' +
      'when the game began, the turn limit as a GGS clock (omitted without one), the result for Black (final disc difference, empties to ' +
      'the winner; `:r` for a resignation; omitted for an active or aborted game), the name of the opening it followed (`GN`, when it followed a named line), the start board, and each move with the seconds its ' +
      'player used; an automatic pass is `PA`. Any game, in play or over.',
  })
  @ApiOkResponse({ description: 'The GGF text (Content-Disposition: attachment)', schema: { type: 'string' } })
  @ApiErrors('NOT_FOUND')
  async ggf(@Param('id', UuidOr404Pipe) id: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { filename, text } = await this.analyses.ggf(id);
    res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    return text;
  }
}
