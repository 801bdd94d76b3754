import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { DEVICE_ID_PATTERN } from '../account-links/domain/sightings.js';

/**
 * The device id cookie: a random id the server gives a browser on its first sign-up
 * or sign-in and reads back on the next ones. It only ever goes to /api/auth (Path), is not
 * readable by scripts (HttpOnly), and is kept hashed with the account (AccountLinksService):
 * accounts signed in from one device are linked for ranked pairing, and a device an account has
 * signed in from before has its own count under the per-account sign-in limit.
 */
export const DEVICE_COOKIE = 'outflank_device';
const MAX_AGE_MS = 400 * 24 * 3600 * 1000;

/** The request's device id, if it sent a well-formed one. */
export function readDeviceId(req: Pick<Request, 'headers'>): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return DEVICE_ID_PATTERN.test(value) ? value : null;
  }
  return null;
}

/** The request's device id, or a new one set on the response. */
export function ensureDeviceId(req: Pick<Request, 'headers'>, res: Response, secure: boolean): string {
  const existing = readDeviceId(req);
  if (existing) return existing;
  const id = randomBytes(16).toString('base64url');
  res.cookie(DEVICE_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure, path: '/api/auth', maxAge: MAX_AGE_MS });
  return id;
}
