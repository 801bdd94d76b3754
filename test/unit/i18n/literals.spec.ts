/**
 * No user-visible English outside the English catalogue. The page views are rendered in the
 * pseudo-locale (every catalogue text accented and between ⟦ ⟧): any plain English word left in
 * their text or in a visible attribute (title, aria-label, placeholder, alt, data-label) came from
 * a literal in the code. The browser client's sources and stylesheets are scanned for literals
 * that read like English sentences.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LANGUAGE_INFO, LANGUAGES } from '../../../src/i18n/languages';
import { pageContextOf } from '../../../src/i18n/page-context';
import { clientSettings } from '../../../src/pages/client-settings';
import { renderErrorPage, renderNotFoundPage } from '../../../src/pages/views/error';
import { renderLeaderboard } from '../../../src/pages/views/leaderboard';
import { renderPlayGame, renderPlayLobby, renderPlayNotFound } from '../../../src/pages/views/play';
import { renderNotFound, renderPlayer, type PlayerPageView } from '../../../src/pages/views/player';
import { renderModOverview, renderModPlayer, renderModShell } from '../../../src/moderation/views/mod-page';
import { boosted, flagged, outliers, playerView, reports } from '../moderation/mod-views.fixture';
import { renderLearn } from '../../../src/pages/views/learn';
import { renderRules } from '../../../src/pages/views/rules';
import { rulesDiagrams } from '../../../src/pages/domain/diagrams';
import { siteSettings } from '../../../src/pages/domain/site-settings';
import { loadConfig } from '../../../src/config/config';

const PSEUDO = pageContextOf('en-XA', '/somewhere?x=1');
const SETTINGS = clientSettings({ firstMoveSeconds: 30, cpuTakeoverSeconds: 60, sseHeartbeatSeconds: 15 });
const ROOT = join(__dirname, '../../..');

/** Words a page may show in any language: names, codes, units, the data of the fixtures below. */
const ALLOWED = new Set([
  'Outflank', 'RD', 'CPU', 'API', 'UTC', 'Glicko',
  'alice', 'bob', 'carol', 'dave', 'zed_99', 'ghost_name', 'NOT_FOUND', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE',
  // The rules page's diagrams come from real tournaments, named as the WTHOR database names them.
  'GPI', 'Milano', 'Iranian', 'Championship', 'EGP', 'Istanbul',
  // The picker names each language in itself and in English (never translated).
  ...LANGUAGES.flatMap((l) => [LANGUAGE_INFO[l].name, LANGUAGE_INFO[l].english]),
]);

const decode = (s: string) =>
  s.replace(/&nbsp;/g, ' ').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The visible text and the visible attributes of a page. */
function visibleTexts(html: string): string[] {
  // Dates are Intl's (in the page's language), not literals.
  const body = html.replace(/(<time[^>]*>)[^<]*(<\/time>)/g, '$1$2').replace(/<script[\s\S]*?<\/script>/gi, '').replace(/<style[\s\S]*?<\/style>/gi, '').replace(/<head>[\s\S]*?<\/head>/i, (h) => (/<title>([^<]*)<\/title>/.exec(h)?.[0] ?? ''));
  const attrs = [...body.matchAll(/\s(?:title|aria-label|placeholder|alt|data-label)="([^"]*)"/g)].map((m) => m[1]);
  const text = body.replace(/<[^>]*>/g, '\n').split('\n');
  return [...attrs, ...text].map(decode).map((s) => s.trim()).filter(Boolean);
}

/** English words left in a text once the pseudo-localised parts, numbers and allowed words are gone. */
function englishIn(text: string): string[] {
  let rest = text.replace(/⟦[^⟧]*⟧/g, ' ');
  for (const word of ALLOWED) rest = rest.split(word).join(' ');
  return (rest.match(/[A-Za-z][A-Za-z'’_-]*[A-Za-z]/g) ?? []).filter((w) => !ALLOWED.has(w) && !/^[a-h][1-8]$/.test(w));
}

const view: PlayerPageView = {
  player: { username: 'alice', guest: true, rating: 1612, rd: 84, volatility: 0.06, provisional: true, rank: null, games: 3, wins: 1, draws: 1, losses: 1, createdAt: '2024-01-02T10:00:00Z' },
  history: [1, 2, 3].map((i) => ({ gameId: `g${i}`, at: `2024-01-0${i}T10:00:00Z`, rating: 1500 + i * 10, rd: 200, delta: 10 })),
  recentGames: [
    { id: 'g1', opponent: 'bob', color: 'black', outcome: 'win', discs: { black: 40, white: 24 }, rated: true, ratingDelta: 12, finishedAt: '2024-01-01T10:00:00Z' },
    { id: 'g2', opponent: 'carol', color: 'white', outcome: 'active', discs: null, rated: false, ratingDelta: null, finishedAt: null },
  ],
};
const oneDay: PlayerPageView = { ...view, history: view.history.map((p) => ({ ...p, at: '2024-01-01T10:00:00Z' })) };
const entry = (rank: number) => ({ rank, username: 'zed_99', rating: 1700, rd: 60, provisional: rank === 2, games: 9, wins: 5, draws: 1, losses: 3, lastActiveAt: '2024-05-01T00:00:00Z' });

const PAGES: [string, string][] = [
  ['home', renderLeaderboard(PSEUDO, { entries: [entry(1), entry(2)], total: 120, limit: 2, offset: 2 }, { home: true })],
  ['leaderboard (empty)', renderLeaderboard(PSEUDO, { entries: [], total: 0, limit: 50, offset: 0 })],
  ['leaderboard (its rule)', renderLeaderboard(PSEUDO, { entries: [entry(1)], total: 1, limit: 50, offset: 0, rule: { minGames: 5, activeDays: 90, provisionalRd: 110, initialRd: 350, newcomerGames: 12 } })],
  ['player (on the way to the leaderboard)', renderPlayer(PSEUDO, { ...view, ladder: { listed: false, guest: false, gamesToGo: 4 } })],
  ['player (a guest)', renderPlayer(PSEUDO, { ...view, ladder: { listed: false, guest: true, gamesToGo: null } })],
  ['page not found', renderNotFoundPage(PSEUDO, '/ghost_name')],
  ['leaderboard (past the end)', renderLeaderboard(PSEUDO, { entries: [], total: 3, limit: 50, offset: 100 })],
  ['player', renderPlayer(PSEUDO, view)],
  ['player (one day)', renderPlayer(PSEUDO, oneDay)],
  ['player (no games)', renderPlayer(PSEUDO, { ...view, history: [], recentGames: [] })],
  ['player not found', renderNotFound(PSEUDO, 'ghost_name')],
  ['player (engine user, closed)', renderPlayer(PSEUDO, { ...view, player: { ...view.player, engineUser: true, closed: true } })],
  ['lobby', renderPlayLobby(PSEUDO, SETTINGS)],
  ['game', renderPlayGame(PSEUDO, '00000000-0000-4000-8000-000000000000', SETTINGS)],
  ['game not found', renderPlayNotFound(PSEUDO, 'ghost_name')],
  ['moderation shell', renderModShell(PSEUDO)],
  // The players' and moderators' own words are data: here a name the check allows.
  ['moderation overview', renderModOverview(PSEUDO, reports.map((r) => ({ ...r, text: 'bob' })), outliers, flagged, boosted.map((b) => ({ ...b, player: { ...b.player, username: 'alice' } })), { page: 2, limit: 20, total: 45 })],
  ['moderation overview (empty)', renderModOverview(PSEUDO, [], { players: [] })],
  ['moderation player', renderModPlayer(PSEUDO, { ...playerView, reports: playerView.reports.map((r) => ({ ...r, text: null })), auditLog: playerView.auditLog.map((a) => ({ ...a, reason: 'carol' })) })],
  ['moderation player (nothing yet)', renderModPlayer(PSEUDO, { ...playerView, recentGames: [], reports: [], auditLog: [], moveTimes: { moves: 0, meanSeconds: null, medianSeconds: null, variation: null } })],
  ['404', renderErrorPage(PSEUDO, { statusCode: 404, code: 'NOT_FOUND', message: '⟦…⟧' })],
  ['500', renderErrorPage(PSEUDO, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'stack' })],
  ['503', renderErrorPage(PSEUDO, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' })],
  ['rules', renderRules(PSEUDO, { settings: siteSettings(loadConfig({ JWT_SECRET: 'a-test-secret-0123456789' })), diagrams: rulesDiagrams(), squares: 64, startDiscs: 4 })],
  ['learn', renderLearn(PSEUDO)],
];

describe('no English literal in the page views', () => {
  it.each(PAGES)('%s, rendered in the pseudo-locale, shows only catalogue text', (_name, html) => {
    const left = visibleTexts(html).flatMap((text) => englishIn(text).map((w) => `${w} (in ${JSON.stringify(text.slice(0, 80))})`));
    expect(left).toEqual([]);
  });

  it('the check finds a literal (the same test on a page with one)', () => {
    const html = renderPlayNotFound(PSEUDO, 'x').replace('</h1>', ' Oops here</h1>');
    expect(visibleTexts(html).flatMap(englishIn)).toEqual(['Oops', 'here']);
  });
});

// ---- the browser client -------------------------------------------------------------------------

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, ext) : path.endsWith(ext) ? [path] : [];
  });
}

/** String literals that read like English text (two words or more, or a capitalised word and a stop). */
function englishLiterals(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/^\s*(?:import|export)\b[^;]*?(['"])[^'"\n]*\1;?$/gm, '') // module paths
    .replace(/\b(class|className)(\s*[:=]\s*)(['"`])(?:[^'"`\\]|\\.)*?\3/g, '$1$2') // class names
    .replace(/\b(closest|querySelector|querySelectorAll|matches)\(\s*(['"`])(?:[^'"`\\]|\\.)*?\2/g, '$1(') // selectors
    .replace(/console\.\w+\([^;]*\);/g, '')
    .replace(/throw new Error\([^;]*\);/g, '')
    .replace(/new Error\(`[^`]*`\)/g, '');
  const literals = [...code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map((m) => m[1] ?? m[2] ?? m[3]);
  return literals.filter((s) => {
    const text = s.replace(/\$\{[^}]*\}/g, ' ');
    if (/^[\s[\]#.:=*>()a-z0-9_-]*$/i.test(text) && !/[A-Za-z]{2,} [A-Za-z]{2,}/.test(text)) return false; // selectors, names, keys
    if (/^(\/|https?:|data-|aria-|application\/|text\/)/.test(text)) return false;
    if (/\[data-|data-testid|querySelector/.test(text)) return false;
    return /[A-Za-z]{2,}[ ,:;!?.…]+[A-Za-z]{2,}/.test(text) || /^[A-Z][a-z]+[.!?…]$/.test(text.trim());
  });
}

describe('no English literal in the browser client', () => {
  const sources = files(join(ROOT, 'src/client'), '.ts').filter((f) => !f.endsWith('.d.ts'));

  it.each(sources.map((f) => [relative(ROOT, f)]))('%s', (file) => {
    expect(englishLiterals(readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it('the scan finds literals (on a sample)', () => {
    const sample =
      "import type en from '../../i18n/catalogues/en.json';\n" +
      "text(el, 'Your turn: play a square.'); $('[data-testid=x]'); h('span', { class: 'pl-vs' }, 'vs'); flash(`Resign ${x}?`);\n" +
      "h('span', { class: `pl-dot pl-dot-${c}` }); el.className = 'pl-btn pl-btn-primary'; t.closest('input, select, textarea');";
    expect(englishLiterals(sample)).toEqual([
      'Your turn: play a square.',
    ]);
  });

  it('stylesheets show no text of their own (content: only symbols or attr())', () => {
    for (const file of files(join(ROOT, 'src/client/styles'), '.css')) {
      const contents = [...readFileSync(file, 'utf8').matchAll(/content:\s*([^;}]*)/g)].map((m) => m[1]);
      expect({ file: relative(ROOT, file), words: contents.filter((c) => /"[^"]*[A-Za-z]{2,}[^"]*"/.test(c)) }).toEqual({ file: relative(ROOT, file), words: [] });
    }
  });
});
