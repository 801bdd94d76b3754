import { describe, expect, it } from '@jest/globals';
import type { NextFunction, Request, Response } from 'express';
import { languageCookieMiddleware, pathWithoutLang } from '../../../src/i18n/http/request-language.js';

/** A GET of `url` through the middleware: the cookies it set and the Vary it sent. */
function through(url: string, persistPseudo: boolean): { cookies: string[]; vary: string[] } {
  const u = new URL(url, 'http://localhost');
  const cookies: string[] = [];
  const vary: string[] = [];
  const req = { method: 'GET', path: u.pathname, query: Object.fromEntries(u.searchParams), headers: {} } as unknown as Request;
  const res = {
    cookie: (name: string, value: string) => cookies.push(`${name}=${value}`),
    // Express's res.vary takes a comma-separated list of fields (appended in order).
    vary: (fields: string) => vary.push(...fields.split(',').map((f) => f.trim())),
  } as unknown as Response;
  let nexted = false;
  languageCookieMiddleware({ secure: false, persistPseudo })(req, res, (() => (nexted = true)) as NextFunction);
  expect(nexted).toBe(true);
  return { cookies, vary };
}

describe('the language cookie middleware', () => {
  it('remembers a real language; the pseudo-locale only where tests ask for it', () => {
    expect(through('/play?lang=bn', false).cookies).toEqual(['outflank_lang=bn']);
    expect(through('/play?lang=en-XA', false).cookies).toEqual([]);
    expect(through('/play?lang=en-XA', true).cookies).toEqual(['outflank_lang=en-XA']);
  });

  it('says that pages and API answers depend on the cookie and Accept-Language, not the hashed static files', () => {
    expect(through('/play', false).vary).toEqual(['Cookie', 'Accept-Language']);
    expect(through('/api/games/nope', false).vary).toEqual(['Cookie', 'Accept-Language']);
    expect(through('/api/games/nope?lang=bn', false).cookies).toEqual([]);
    expect(through('/assets/client-X.js', false).vary).toEqual([]);
  });
});

describe('pathWithoutLang: links to the page in other languages', () => {
  it('drops lang and keeps the rest of the query', () => {
    expect(pathWithoutLang('/players/ada?lang=bn&tab=games')).toBe('/players/ada?tab=games');
    expect(pathWithoutLang('/play?LANG=sw')).toBe('/play');
  });

  it('never links off the site: one leading slash, no backslash', () => {
    for (const url of ['//evil.example', '//evil.example/x?lang=bn', '/\\evil.example', '/\\/evil.example', '\\\\evil.example', '///evil.example']) {
      const path = pathWithoutLang(url);
      expect(path.startsWith('/')).toBe(true);
      expect(path.startsWith('//')).toBe(false);
      expect(path).not.toContain('\\');
      expect(new URL(path, 'https://outflank.example').host).toBe('outflank.example');
    }
  });
});
