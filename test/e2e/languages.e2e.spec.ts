/**
 * Six languages over HTTP (issue #19): which language a page and an API error get, the saved
 * preference (PATCH /api/players/me), the pseudo-locale, hreflang, the self-hosted fonts.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { pseudoText } from '../../src/i18n/compile.js';
import { LANGUAGES } from '../../src/i18n/languages.js';
import { guestPlayer, registerPlayer, type TestPlayer } from '../factories/players.js';
import { startRoomGame } from '../factories/games.js';
import { startTestApp, TestApp } from '../support/app.js';

/** Letters of each language's script (a page in that language has plenty of them). */
const SCRIPT: Record<string, RegExp> = {
  en: /[A-Za-z]/,
  sw: /[A-Za-z]/,
  bn: /[\u0980-\u09FF]/,
  hi: /[\u0900-\u097F]/,
  ne: /[\u0900-\u097F]/,
  tg: /[\u0400-\u04FF]/,
};
/** The text between <main> and </main>, tags removed. */
const mainText = (html: string) => (/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' ');
const htmlLang = (html: string) => /<html lang="([^"]+)" data-lang-source="([^"]+)"/.exec(html)?.slice(1, 3);
const LOGO = '<span class="pl-logo-discs" aria-hidden="true"><span class="pl-dot pl-dot-black"></span><span class="pl-dot pl-dot-white"></span></span>';
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('languages (pages and API messages)', () => {
  let t: TestApp;
  let alice: TestPlayer;
  let gameId: string;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await registerPlayer(t.http);
    const bob = await guestPlayer(t.http);
    gameId = (await startRoomGame(t.http, alice, bob)).gameId;
  });

  afterAll(async () => {
    await t.close();
  });

  it('every page in every language: <html lang>, its title and text in the language\'s script, hreflang alternates for the others', async () => {
    const pages = ['/', '/leaderboard', '/play', `/play/${gameId}`, `/players/${alice.username}`, '/players/nobody_here', '/play/not-a-game'];
    const english = new Map<string, string | undefined>();
    for (const path of pages) english.set(path, title((await request(t.http).get(path).set('Accept-Language', 'en')).text));
    for (const lang of LANGUAGES) {
      for (const path of pages) {
        const res = await request(t.http).get(path).set('Accept-Language', lang);
        expect({ path, lang, status: res.status < 500 }).toEqual({ path, lang, status: true });
        expect({ path, lang: htmlLang(res.text) }).toEqual({ path, lang: [lang, 'header'] });
        expect({ path, lang, script: SCRIPT[lang].test(mainText(res.text)) }).toEqual({ path, lang, script: true });
        if (lang !== 'en' && path !== `/players/${alice.username}`) expect({ path, lang, title: title(res.text) }).not.toEqual({ path, lang, title: english.get(path) });
        for (const other of LANGUAGES) {
          expect(res.text).toContain(`<link rel="alternate" hreflang="${other}" href="${path}?lang=${other}">`);
        }
        expect(res.text).toContain(`<link rel="alternate" hreflang="x-default" href="${path}">`);
        expect(res.headers['vary']).toMatch(/Accept-Language/);
      }
    }
  });

  it('?lang beats the cookie, which beats Accept-Language, which beats English; ?lang is remembered in the cookie', async () => {
    const chosen = await request(t.http).get('/play?lang=tg').set('Cookie', 'outflank_lang=sw').set('Accept-Language', 'bn');
    expect(htmlLang(chosen.text)).toEqual(['tg', 'query']);
    expect(chosen.headers['set-cookie']?.[0]).toMatch(/^outflank_lang=tg; Max-Age=31536000; Path=\/; Expires=.*; SameSite=Lax$/);
    // The picker's links keep the page and its query, with the language.
    expect(chosen.text).toContain('<a href="/play?lang=bn" hreflang="bn" lang="bn"');
    const cookie = await request(t.http).get('/play').set('Cookie', 'a=1; outflank_lang=sw').set('Accept-Language', 'bn');
    expect(htmlLang(cookie.text)).toEqual(['sw', 'cookie']);
    expect(cookie.headers['set-cookie']).toBeUndefined();
    expect(htmlLang((await request(t.http).get('/play').set('Accept-Language', 'fr-FR, hi;q=0.8, bn;q=0.5')).text)).toEqual(['hi', 'header']);
    expect(htmlLang((await request(t.http).get('/play').set('Accept-Language', 'fr-FR, de')).text)).toEqual(['en', 'default']);
    // An unknown ?lang or cookie is ignored.
    expect(htmlLang((await request(t.http).get('/play?lang=xx').set('Cookie', 'outflank_lang=zz').set('Accept-Language', 'ne')).text)).toEqual(['ne', 'header']);
    // The paging links of the leaderboard keep working with the language in the query.
    const paged = await request(t.http).get('/leaderboard?limit=5&lang=bn');
    expect(paged.text).toContain('<link rel="alternate" hreflang="sw" href="/leaderboard?limit=5&amp;lang=sw">');
  });

  it('the pseudo-locale: accented, longer, never offered by the picker', async () => {
    const res = await request(t.http).get('/play?lang=en-XA');
    expect(htmlLang(res.text)).toEqual(['en-XA', 'query']);
    expect(res.text).toContain(`<h1>${LOGO}⟦${pseudoText('Play Reversi')}⟧</h1>`);
    expect(res.text).not.toContain('hreflang="en-XA"');
  });

  it("an API error's code never changes; its message follows Accept-Language", async () => {
    const messages = new Set<string>();
    for (const lang of LANGUAGES) {
      const res = await request(t.http).get('/api/players/nobody_here').set('Accept-Language', lang).expect(404);
      expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.stringContaining('nobody_here') });
      expect({ lang, script: SCRIPT[lang].test(res.body.message.replace('nobody_here', '')) }).toEqual({ lang, script: true });
      messages.add(res.body.message);
    }
    expect(messages.size).toBe(LANGUAGES.length);
    const en = await request(t.http).get('/api/players/nobody_here').expect(404);
    expect(en.body.message).toBe('Player "nobody_here" was not found.');
    // Validation messages too: a form's field named in the reader's language, a program's field
    // (and an unknown one) as sent.
    const bad = await request(t.http).post('/api/auth/register').set('Accept-Language', 'sw').send({ username: 'x', password: 'password123', extra: 1 }).expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(bad.body.message).toBe('sehemu isiyojulikana "extra" (zinatarajiwa username, password, bot pekee); jina la mtumiaji: herufi zisipungue 3');
    // details stay in English: they are data for programs, like the code.
    expect(bad.body.details.fields).toEqual(expect.arrayContaining([{ field: 'username', problems: ['username must be longer than or equal to 3 characters'] }]));
    const named: Record<string, string> = {
      en: 'username may contain only letters, digits, _ and -; password must be longer than or equal to 8 characters',
      bn: 'ব্যবহারকারী নামে শুধু অক্ষর, অঙ্ক, _ এবং - থাকতে পারে; পাসওয়ার্ড',
      hi: 'यूज़रनेम में केवल अक्षर, अंक, _ और - हो सकते हैं; पासवर्ड',
      ne: 'प्रयोगकर्ता नाममा अक्षर, अङ्क, _ र - मात्र हुन सक्छन्; पासवर्ड',
      sw: 'jina la mtumiaji linaweza kuwa na herufi, tarakimu, _ na - pekee; nenosiri: herufi zisipungue 8',
      tg: 'номи корбар танҳо ҳарфҳо, рақамҳо, _ ва - дошта метавонад; рамз',
    };
    for (const lang of LANGUAGES) {
      const res = await request(t.http).post('/api/auth/register').set('Accept-Language', lang).send({ username: 'José', password: 'short' }).expect(400);
      expect({ lang, message: res.body.message.slice(0, named[lang].length) }).toEqual({ lang, message: named[lang] });
      expect({ lang, english: /username|password/.test(lang === 'en' ? '' : res.body.message) }).toEqual({ lang, english: false });
    }
    const move = await request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).set('Accept-Language', 'tg').send({ square: 'a1', ply: 0 }).expect(422);
    expect(move.body).toMatchObject({ code: 'ILLEGAL_MOVE', message: 'a1 ҳаракати иҷозатдодашуда нест: ягон диск гардонда намешавад.' });
    const bn = await request(t.http).post(`/api/games/${gameId}/moves`).set(alice.auth).set('Accept-Language', 'bn').send({ square: 'zz', ply: 0 }).expect(400);
    expect(bn.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'square হতে হবে a1..h8' });
    // Framework errors (a route that does not exist, a bad JSON body).
    expect((await request(t.http).get('/api/nowhere').set('Accept-Language', 'hi').expect(404)).body.message).toBe('GET /api/nowhere का कोई रूट नहीं है।');
    const json = await request(t.http).post('/api/auth/login').set('Accept-Language', 'ne').set('Content-Type', 'application/json').send('{oops').expect(400);
    expect(json.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'अनुरोधको बडी मान्य JSON होइन।' });
  });

  it('PATCH /api/players/me saves the language; it beats the cookie and Accept-Language for the API', async () => {
    const me = await registerPlayer(t.http);
    expect((await request(t.http).get('/api/players/me').set(me.auth).expect(200)).body.language).toBeNull();
    const saved = await request(t.http).patch('/api/players/me').set(me.auth).send({ language: 'ne' }).expect(200);
    expect(saved.body).toMatchObject({ username: me.username, language: 'ne' });
    expect((await request(t.http).get('/api/players/me').set(me.auth).expect(200)).body.language).toBe('ne');
    expect((await request(t.http).post('/api/auth/login').send({ username: me.username, password: 'password123' }).expect(200)).body.player.language).toBe('ne');
    // The public profile does not show it.
    expect((await request(t.http).get(`/api/players/${me.username}`).expect(200)).body.language).toBeUndefined();
    const err = await request(t.http).post('/api/queue').set(me.auth).set('Cookie', 'outflank_lang=sw').set('Accept-Language', 'bn').send({ mode: 'fast' }).expect(400);
    expect(err.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'mode ranked वा unranked हुनुपर्छ' });
    // Without a saved language the cookie decides, then Accept-Language.
    await request(t.http).patch('/api/players/me').set(me.auth).send({ language: null }).expect(200);
    expect((await request(t.http).post('/api/queue').set(me.auth).set('Cookie', 'outflank_lang=sw').set('Accept-Language', 'bn').send({ mode: 'fast' })).body.message).toBe('mode lazima iwe ranked au unranked');
    expect((await request(t.http).post('/api/queue').set(me.auth).set('Accept-Language', 'bn').send({ mode: 'fast' })).body.message).toBe('mode হতে হবে ranked বা unranked');
    // Only the site's languages; the pseudo-locale and unknown fields are refused, nothing changes.
    for (const body of [{ language: 'fr' }, { language: 'en-XA' }, { language: 5 }, { language: 'bn', theme: 'dark' }]) {
      const res = await request(t.http).patch('/api/players/me').set(me.auth).set('Accept-Language', 'en').send(body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await request(t.http).patch('/api/players/me').set(me.auth).send({ language: 'fr' })).body.message).toBe('language must be one of en, bn, sw, hi, ne, tg');
    expect((await request(t.http).get('/api/players/me').set(me.auth).expect(200)).body.language).toBeNull();
    await request(t.http).patch('/api/players/me').send({ language: 'bn' }).expect(401);
    // Guests may choose too.
    const guest = await guestPlayer(t.http);
    expect((await request(t.http).patch('/api/players/me').set(guest.auth).send({ language: 'tg' }).expect(200)).body.language).toBe('tg');
  });

  it('error pages speak the page language', async () => {
    const res = await request(t.http).get('/play/not-a-game?lang=tg').expect(404);
    // A malformed game id is a broken link (issue #22), said in Tajik.
    expect(res.text).toContain('<h1>Ин пайванд вайрон аст</h1>');
    const page = await request(t.http).get('/no/such/page').set('Accept', 'text/html').set('Accept-Language', 'ne').expect(404);
    expect(page.text).toContain('<h1>पृष्ठ भेटिएन</h1>');
    const player = await request(t.http).get('/players/nobody_here').set('Accept-Language', 'hi').expect(404);
    expect(player.text).toContain('<h1>खिलाड़ी नहीं मिला</h1>');
  });

  it('Bengali and Devanagari fonts are self-hosted with unicode-range, cached for a year', async () => {
    const html = (await request(t.http).get('/?lang=bn')).text;
    const cssUrl = /<link rel="stylesheet" href="(\/assets\/site-[A-Z0-9]+\.css)">/.exec(html)![1];
    const css = (await request(t.http).get(cssUrl).expect(200)).text;
    const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => m[1]);
    const families = faces.map((f) => /font-family:\s*"?([^";]+)"?/.exec(f)?.[1]);
    expect(new Set(families)).toEqual(new Set(['Noto Sans Bengali', 'Noto Sans Devanagari']));
    for (const face of faces) {
      expect(face).toMatch(/unicode-range:\s*U\+/);
      const url = /url\("?\.?\/?([^")]+\.woff2)"?\)/.exec(face)![1];
      const font = await request(t.http).get(`/assets/${url}`).expect(200);
      expect(font.headers['content-type']).toBe('font/woff2');
      expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(font.headers['content-length'])).toBeGreaterThan(20_000);
    }
    // First in the stack (their unicode-range keeps them to their scripts), the page's own script first.
    expect(css).toMatch(/--font-stack:\s*"?Noto Sans Bengali"?,\s*"?Noto Sans Devanagari"?,\s*system-ui/);
    expect(css).toMatch(/:root:lang\(hi\),\s*:root:lang\(ne\)\s*\{\s*--font-stack:\s*"?Noto Sans Devanagari"?,\s*"?Noto Sans Bengali"?,\s*system-ui/);
  });
});
