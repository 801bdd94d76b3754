/**
 * The language of an HTTP request (negotiate.ts reads the signals; this reads the request), and
 * the middleware that remembers a `?lang=` choice in the language cookie.
 */
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { translator } from '../catalogues/index.js';
import { fromQuery, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, negotiateLanguage, readCookie, type NegotiatedLanguage } from '../negotiate.js';
import { PSEUDO_LANGUAGE } from '../languages.js';
import type { PageContext } from '../page-context.js';

export type { PageContext };

/** The signals of a request. `lang` in the query is read on pages only (the API's queries are validated). */
export function requestLanguage(req: Request | undefined, options: { query?: boolean } = {}): NegotiatedLanguage {
  if (!req) return negotiateLanguage({});
  const user = req.user as { language?: unknown } | undefined;
  return negotiateLanguage({
    query: options.query ? (req.query as Record<string, unknown> | undefined)?.lang : undefined,
    saved: typeof user?.language === 'string' ? user.language : null,
    cookie: readCookie(req.headers?.cookie, LANGUAGE_COOKIE),
    acceptLanguage: req.headers?.['accept-language'],
  });
}


/**
 * The path and query of a URL without its `lang` parameter, safe to link to on this site: one
 * leading slash (a path given as `//host` or `/\host` would otherwise be a link to another site,
 * browsers reading `\` as `/`) and no backslash.
 */
export function pathWithoutLang(url: string): string {
  const [rawPath, query = ''] = url.split('#')[0].split('?');
  const path = '/' + rawPath.replace(/^[/\\]+/, '').replace(/\\/g, '%5C');
  const kept = query
    .split('&')
    .filter((p) => p !== '' && !/^lang(=|$)/i.test(p))
    .join('&');
  return kept ? `${path}?${kept}` : path;
}

/** The page context of a request (`?lang`, the cookie, Accept-Language, English). */
export function pageContext(req: Request): PageContext {
  const { lang, source } = requestLanguage(req, { query: true });
  return { t: translator(lang), lang, source, path: pathWithoutLang(req.originalUrl ?? req.url ?? '/') };
}

/** A controller parameter: the page context of the request (`@Page() page: PageContext`). */
export const Page = createParamDecorator((_data: unknown, ctx: ExecutionContext): PageContext => pageContext(ctx.switchToHttp().getRequest<Request>()));

/**
 * `?lang=xx` on a page URL is remembered in the language cookie (a year, the whole site), so the
 * next pages keep the choice — except the pseudo-locale outside tests (`persistPseudo`): it is a
 * tool for one page, never a visitor's lasting choice. Pages and the API's answers (their messages
 * are localized) say that they depend on the cookie and Accept-Language (`Vary`); the hashed
 * static files do not.
 */
export function languageCookieMiddleware(options: { secure: boolean; persistPseudo: boolean }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.path.startsWith('/assets/')) return next();
    if ((req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api/')) {
      const chosen = fromQuery((req.query as Record<string, unknown> | undefined)?.lang);
      if (chosen && (options.persistPseudo || chosen !== PSEUDO_LANGUAGE) && readCookie(req.headers.cookie, LANGUAGE_COOKIE) !== chosen) {
        res.cookie(LANGUAGE_COOKIE, chosen, { path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS * 1000, sameSite: 'lax', secure: options.secure });
      }
    }
    // One call for both (vary reads a comma-separated list): the same header as two calls, parsed once.
    res.vary('Cookie, Accept-Language');
    next();
  };
}
