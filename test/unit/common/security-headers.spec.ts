/** helmet's headers worked out once (src/common/security-headers.ts) are the ones helmet sets on each answer. */
import { describe, expect, it } from '@jest/globals';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { helmetOptions } from '../../../src/app.factory.js';
import { helmetHeaders, securityHeaders } from '../../../src/common/security-headers.js';
import type { AppConfig } from '../../../src/config/config.js';

function answer(): { req: IncomingMessage; res: ServerResponse } {
  const req = new IncomingMessage(new Socket());
  return { req, res: new ServerResponse(req) };
}

describe('security headers', () => {
  for (const tlsBehindProxy of [false, true]) {
    it(`are helmet's own, with and without TLS (tlsBehindProxy ${tlsBehindProxy})`, () => {
      const options = helmetOptions({ tlsBehindProxy } as AppConfig);
      const byHelmet = answer();
      // Express sets it before any middleware; helmet takes it away, the app no longer sets it.
      byHelmet.res.setHeader('X-Powered-By', 'Express');
      let nexts = 0;
      helmet(options)(byHelmet.req, byHelmet.res, () => (nexts += 1));
      const ours = answer();
      securityHeaders(options)(ours.req as never, ours.res as never, () => (nexts += 1));
      expect(nexts).toBe(2);
      expect(ours.res.getHeaders()).toEqual(byHelmet.res.getHeaders());
      expect(ours.res.getHeader('x-powered-by')).toBeUndefined();
      expect(ours.res.getHeader('x-content-type-options')).toBe('nosniff');
      expect(String(ours.res.getHeader('content-security-policy'))).toContain("script-src 'self'");
      expect(ours.res.getHeader('strict-transport-security') !== undefined).toBe(tlsBehindProxy);
    });
  }

  it('refuse a policy worked out per request (a nonce)', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", () => "'nonce-abc'"] } } })).toThrow(/function/);
  });
});
