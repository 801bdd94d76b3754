import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppError } from '../common/errors.js';
import { assets, chooseEncoding, ENCODINGS } from './assets.js';

/**
 * The browser client's bundle (/assets/client-<hash>.js, /assets/site-<hash>.css and their source
 * maps). A name carries its content's hash, so it is cached for a year and never revalidated.
 * Scripts and stylesheets go out as the build compressed them (brotli, else gzip) when the browser
 * accepts it; each encoding has its own ETag.
 */
@ApiExcludeController()
@Controller('assets')
export class AssetsController {
  @Get(':file')
  file(@Param('file') file: string, @Req() req: Request, @Res() res: Response): void {
    const asset = assets().get(file);
    if (!asset) throw new AppError('NOT_FOUND', { key: 'api.request.noAsset', values: { file: file.slice(0, 100) } });
    const available = ENCODINGS.filter((e) => asset.encoded[e]);
    const encoding = chooseEncoding(req.headers['accept-encoding'], available);
    const etag = encoding ? `${asset.etag.slice(0, -1)}-${encoding}"` : asset.etag;
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    if (available.length) res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    if (encoding) res.setHeader('Content-Encoding', encoding);
    const body = encoding ? asset.encoded[encoding]! : asset.body;
    // Said here: the compression middleware writes the head itself and would otherwise send a
    // file of known size chunked, without its length.
    res.setHeader('Content-Length', body.length);
    res.status(200).end(body);
  }
}
