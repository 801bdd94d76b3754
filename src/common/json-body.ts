/**
 * The JSON body parser, with a short way for the common body: `Content-Type: application/json`
 * (charset utf-8 or none), a Content-Length within the limit, no Content-Encoding. body-parser
 * spends ~4 % of a move's CPU on such a body: it matches the media type and parses the header's
 * parameters, wraps the stream in raw-body's five listeners and iconv's decoder, and checks
 * whether the request is finished, each for a 30-byte `{"square":"d3","ply":12}`. The short way
 * reads the bytes and parses them as body-parser would (a BOM dropped, strict: an object or an
 * array, an empty text is {}), and fails as body-parser does (status and `type`, which is all
 * parserError reads). Every other body still goes through body-parser.
 */
import type { IncomingMessage } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** The media types the short way takes as they come (lower-cased): any other spelling goes to body-parser. */
const SHORT_WAY_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);
const DIGITS = /^[0-9]{1,9}$/;
/** What JSON's grammar allows around a value. */
const JSON_SPACE = /^[\x20\x09\x0a\x0d]*/;

/** An error shaped as body-parser's (http-errors: status, statusCode, expose, type). */
function parserFailure(status: number, message: string, type: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true, type });
}

/** The body as body-parser's strict JSON parser returns it, or throws its error. */
export function parseJsonText(text: string): unknown {
  if (text.length === 0) return {};
  const first = text[0] === '{' || text[0] === '[' ? text[0] : text.charAt(JSON_SPACE.exec(text)![0].length);
  if (first !== '{' && first !== '[') throw parserFailure(400, 'strict violation', 'entity.parse.failed');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw parserFailure(400, err instanceof Error ? err.message : String(err), 'entity.parse.failed');
  }
}

/** The Content-Length of a request the short way takes, else null (body-parser decides). */
export function shortWayLength(req: IncomingMessage, limit: number): number | null {
  const headers = req.headers;
  const type = headers['content-type'];
  const length = headers['content-length'];
  if (type === undefined || length === undefined || headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) return null;
  if (!SHORT_WAY_TYPES.has(type.toLowerCase()) || !DIGITS.test(length)) return null;
  const n = Number(length);
  // Not yet read by anyone, and still coming or waiting in the stream.
  if (n === 0 || n > limit || !req.readable || req.readableDidRead || !req.socket?.readable) return null;
  return n;
}

/**
 * Express middleware: JSON bodies as `express.json({ limit })` parses them, through the short way
 * when the request allows it.
 */
export function jsonBodies(limit: number): RequestHandler {
  const bodyParser = express.json({ limit });
  return (req: Request, res: Response, next: NextFunction) => {
    const length = shortWayLength(req, limit);
    if (length === null) return bodyParser(req, res, next);
    const chunks: Buffer[] = [];
    let received = 0;
    const done = (err: Error | null) => {
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('aborted', onAborted);
      req.removeListener('error', onError);
      if (err) return next(err);
      if (received !== length) return next(parserFailure(400, 'request size did not match content length', 'request.size.invalid'));
      let text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received)).toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      try {
        req.body = parseJsonText(text);
      } catch (parseErr) {
        return next(parseErr);
      }
      next();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= length) chunks.push(chunk);
    };
    const onEnd = () => done(null);
    const onAborted = () => done(parserFailure(400, 'request aborted', 'request.aborted'));
    // As body-parser passes a stream's own error on: a 400 without a type.
    const onError = (err: Error) => done(Object.assign(err, { status: 400, statusCode: 400, expose: true }));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('error', onError);
  };
}
