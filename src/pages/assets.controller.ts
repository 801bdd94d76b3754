import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppError } from '../common/errors.js';
import { assets } from './assets.js';

/**
 * The browser client's bundle (/assets/client-<hash>.js, /assets/site-<hash>.css and their source
 * maps). A name carries its content's hash, so it is cached for a year and never revalidated.
 */
@ApiExcludeController()
@Controller('assets')
export class AssetsController {
  @Get(':file')
  file(@Param('file') file: string, @Req() req: Request, @Res() res: Response): void {
    const asset = assets().get(file);
    if (!asset) throw new AppError('NOT_FOUND', { key: 'api.request.noAsset', values: { file: file.slice(0, 100) } });
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', asset.etag);
    if (req.headers['if-none-match'] === asset.etag) {
      res.status(304).end();
      return;
    }
    res.status(200).end(asset.body);
  }
}
