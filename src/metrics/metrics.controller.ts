import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { MetricsService } from './metrics.service.js';

@ApiTags('health')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus text format: moves, move latency, active games, queue sizes, open streams, pool use', schema: { type: 'string' } })
  async scrape(@Res() res: Response): Promise<void> {
    res.setHeader('Content-Type', this.metrics.contentType);
    res.send(await this.metrics.text());
  }
}
