import { Module } from '@nestjs/common';
import { EngineModule } from '../engine-service/engine.module.js';
import { GamesModule } from '../games/games.module.js';
import { RatingsModule } from '../ratings/ratings.module.js';
import { AnalysisController } from './analysis.controller.js';
import { AnalysisRepository } from './analysis.repository.js';
import { AnalysisRunner } from './analysis-runner.js';
import { AnalysisService } from './analysis.service.js';

/** The analysis of finished games (a durable job queue run on every copy), the GGF export and the fair-play statistics. */
@Module({
  imports: [GamesModule, RatingsModule, EngineModule],
  controllers: [AnalysisController],
  providers: [AnalysisRepository, AnalysisService, AnalysisRunner],
  exports: [AnalysisService],
})
export class AnalysisModule {}
