import { afterEach, describe, expect, it, jest } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { AppError } from '../../../src/common/errors.js';
import type { AppConfig } from '../../../src/config/config.js';
import type { TokenStanding } from '../../../src/auth/token-standing.js';
import { TokenVerifier } from '../../../src/auth/token-verifier.js';

const SECRET = 'token-verifier-spec-secret-0123456789';
const SUB = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

function verifier(refused: { now: boolean } = { now: false }): TokenVerifier {
  const standing = { refusal: () => (refused.now ? { key: 'api.auth.tokenRevoked' } : null) } as unknown as TokenStanding;
  return new TokenVerifier({ jwtSecret: SECRET } as AppConfig, standing);
}

const refusedWith = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).code;
  }
  throw new Error('not refused');
};

describe('TokenVerifier, which remembers the tokens it verified', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('refuses a remembered token once it has expired', () => {
    const v = verifier();
    const now = Date.now();
    const token = jwt.sign({ sub: SUB, name: 'ada', exp: Math.floor(now / 1000) + 60 }, SECRET, { algorithm: 'HS256' });
    expect(v.verify(`Bearer ${token}`).id).toBe(SUB);
    expect(v.verify(`Bearer ${token}`).id).toBe(SUB);
    jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect(refusedWith(() => v.verify(`Bearer ${token}`))).toBe('UNAUTHENTICATED');
  });

  it('checks the standing on every use, remembered or not', () => {
    const refused = { now: false };
    const v = verifier(refused);
    const token = jwt.sign({ sub: SUB, name: 'ada' }, SECRET, { algorithm: 'HS256', expiresIn: 3600 });
    expect(v.verify(`Bearer ${token}`).username).toBe('ada');
    refused.now = true;
    expect(refusedWith(() => v.verify(`Bearer ${token}`))).toBe('UNAUTHENTICATED');
  });

  it('never remembers a token that did not verify', () => {
    const v = verifier();
    const forged = jwt.sign({ sub: SUB, name: 'eve' }, 'another-secret-0123456789abcdef', { algorithm: 'HS256', expiresIn: 3600 });
    expect(refusedWith(() => v.verify(`Bearer ${forged}`))).toBe('UNAUTHENTICATED');
    expect(refusedWith(() => v.verify(`Bearer ${forged}`))).toBe('UNAUTHENTICATED');
    const none = jwt.sign({ sub: SUB, name: 'eve' }, '', { algorithm: 'none' });
    expect(refusedWith(() => v.verify(`Bearer ${none}`))).toBe('UNAUTHENTICATED');
  });
});
