import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Response } from 'express';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
  ) {}

  @Get()

  @ApiOperation({ summary: 'Check that the server and its database are up' })
  @HttpCode(200)
  @ApiOkResponse({ description: 'The server and its database are up.', schema: { example: { status: 'ok', db: 'up' } } })
  @ApiServiceUnavailableResponse({ description: 'The database is down.', schema: { example: { status: 'error', db: 'down' } } })
  async check(@Res({ passthrough: true }) res: Response): Promise<{ status: 'ok' | 'error'; db: 'up' | 'down' }> {
    try {
      await this.health.check([() => this.db.pingCheck('db', { timeout: 2000 })]);
      return { status: 'ok', db: 'up' };
    } catch {
      res.status(503);
      return { status: 'error', db: 'down' };
    }
  }
}
