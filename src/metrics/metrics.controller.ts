import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { MetricsService } from './metrics.service.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Prometheus scrapes it; not part of the JSON API (like /health's probes, documented in docs/operations.md). */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Everyone gets the public metrics; `Authorization: Bearer <METRICS_TOKEN>` adds the operators' (the queue's size). */
  @Get()
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.setHeader('Content-Type', this.metrics.contentType);
    res.send(await this.metrics.text(this.isOperator(req.headers.authorization)));
  }

  private isOperator(authorization: string | undefined): boolean {
    const token = this.config.metricsToken;
    if (!token || !authorization) return false;
    return timingSafeEqual(digest(authorization), digest(`Bearer ${token}`));
  }
}
