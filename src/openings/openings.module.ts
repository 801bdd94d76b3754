import { Module } from '@nestjs/common';
import { OpeningsController } from './openings.controller.js';
import { OpeningsRepository } from './openings.repository.js';
import { OpeningsService } from './openings.service.js';

/** The named openings (GET /api/openings) and the opening explorer (GET /api/explorer) over its position index; their pages are the pages module's. */
@Module({
  controllers: [OpeningsController],
  providers: [OpeningsRepository, OpeningsService],
  exports: [OpeningsService],
})
export class OpeningsModule {}
