import { Module } from '@nestjs/common';
import { OpeningsPagesController } from './openings-pages.controller.js';
import { OpeningsController } from './openings.controller.js';
import { OpeningsRepository } from './openings.repository.js';
import { OpeningsService } from './openings.service.js';

/** The named openings (/openings, GET /api/openings) and the opening explorer (GET /api/explorer) over its position index. */
@Module({
  controllers: [OpeningsController, OpeningsPagesController],
  providers: [OpeningsRepository, OpeningsService],
  exports: [OpeningsService],
})
export class OpeningsModule {}
