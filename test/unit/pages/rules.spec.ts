import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../../src/config/config.js';
import { rulesDiagrams } from '../../../src/pages/domain/diagrams.js';
import { siteSettings } from '../../../src/pages/domain/site-settings.js';
import { LANGUAGES, type Language } from '../../../src/i18n/languages.js';
import { pageContextOf } from '../../../src/i18n/page-context.js';
import { listAnd, listOr } from '../../../src/pages/lists.js';
import { renderLearn } from '../../../src/pages/views/learn.js';
import { durationText, renderRules } from '../../../src/pages/views/rules.js';
import { MAX_RANKED_GAMES_PER_PAIR_24H, RANKED_WINDOW } from '../../../src/matchmaking/domain/pairing.js';
import { ROOM_DEFAULTS, TURN_LIMIT_CHOICES } from '../../../src/rooms/domain/room-rules.js';

const ENV = { JWT_SECRET: 'a-test-secret-0123456789' };
const diagrams = rulesDiagrams();
const page = (env: Record<string, string> = {}, lang: Language = 'en') =>
  renderRules(pageContextOf(lang, '/rules'), { settings: siteSettings(loadConfig({ ...ENV, ...env })), diagrams, squares: 64, startDiscs: 4 });
const en = pageContextOf('en').t.t;

/** The text of a settings row (`data-setting`), tags stripped. */
function settingRow(html: string, key: string): string {
  const m = new RegExp(`<(tr|li) data-setting="${key}">([\\s\\S]*?)</\\1>`).exec(html);
  if (!m) throw new Error(`no row ${key}`);
  return m[2].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

describe('the rules page (view)', () => {
  const html = page();

  it('has the seed page’s sections, each linked from the contents', () => {
    const ids = ['what', 'setup', 'playing', 'legal', 'pass', 'end', 'othello', 'first', 'site', 'house', 'ladder', 'terms', 'questions'];
    for (const id of ids) {
      expect(html).toContain(`<section class="rules-section" id="${id}" aria-labelledby="${id}-title"><h2 id="${id}-title">`);
      expect(html).toContain(`<a href="#${id}">`);
    }
    expect(html).toContain('<title>Rules · Outflank</title>');
    expect(html).toContain('<h1>Reversi: rules and how to play</h1>');
    expect(html).toContain('<a href="/rules" aria-current="page">Rules</a>');
  });

  it('states the newcomers’ gate and the cheap-win rule from the configuration (the defaults, one way of the gate, and off)', () => {
    expect(settingRow(html, 'newcomers')).toBe(
      'New accounts: ranked games open after 3 finished casual games or once the account is 24 hours old, whichever comes first; until then, casual games and rooms are open.',
    );
    expect(settingRow(html, 'cheapWin')).toBe(
      'A win nobody fought for does not count: a ranked game the loser gives up (resigns, leaves or runs out of time) before making 15 moves of their own changes neither player’s rating.',
    );
    expect(settingRow(page({ RANKED_MIN_CASUAL_GAMES: '0', RANKED_MIN_ACCOUNT_HOURS: '48' }), 'newcomers')).toBe(
      'New accounts: ranked games open once the account is 48 hours old; until then, casual games and rooms are open.',
    );
    expect(settingRow(page({ RANKED_MIN_CASUAL_GAMES: '5', RANKED_MIN_ACCOUNT_HOURS: '0' }, 'sw'), 'newcomers')).toContain('michezo 5 ya kawaida');
    const off = page({ RANKED_MIN_CASUAL_GAMES: '0', RANKED_MIN_ACCOUNT_HOURS: '0', RATED_MIN_LOSER_MOVES: '0' });
    expect(off).not.toContain('data-setting="newcomers"');
    expect(off).not.toContain('data-setting="cheapWin"');
  });

  it('shows the four engine diagrams, each described in words', () => {
    for (const key of ['start', 'flip', 'pass', 'corner']) {
      const fig = new RegExp(`<figure class="rules-figure" data-testid="diagram-${key}"><svg [^>]*aria-labelledby="diagram-${key}-title" aria-describedby="diagram-${key}-desc"[\\s\\S]*?</figure>`).exec(html);
      expect(fig).not.toBeNull();
      expect(fig![0]).toMatch(/<desc id="[^"]+">[^<]{40,}<\/desc>/);
      expect(fig![0]).toMatch(/<figcaption><strong>[^<]+<\/strong>/);
    }
    expect(html).toContain('Black’s legal squares: d3, c4, f5, and e6.');
    expect(html).toContain('Black plays f3 (red dot). It outflanks 3 lines at once, and all 4 discs in them flip: e3, e4, f4, and f5');
    expect(html).toContain('From a real game (GPI Milano 2023), after f5 f4 e3 d2 d3 e6 f6 g4.');
    expect(html).toContain('A game has at most 60 moves: 64 squares minus the 4 discs');
  });

  it('states the terms, the questions, and links to play and to the lesson; no inline script or style', () => {
    for (const term of ['Outflank', 'Flip', 'Pass', 'Corner']) expect(html).toContain(`<dt>${term}</dt>`);
    expect(html.match(/<h3>/g)).toHaveLength(6);
    expect(html).toContain('<a class="pl-btn pl-btn-primary" href="/play" data-testid="rules-play-top">Play now with these rules</a>');
    expect(html).toContain('href="/learn"');
    expect(html).not.toMatch(/<style|\sstyle=|<script>|\son[a-z]+=/i);
  });

  it('fills the settings tables from the configuration and the rules’ own constants', () => {
    expect(settingRow(html, 'turnLimit')).toContain(`${listOr(TURN_LIMIT_CHOICES.map(String), 'en')} seconds per move`);
    expect(settingRow(html, 'dropOut')).toContain('after 60 seconds away (or 5 minutes without a move');
    expect(settingRow(html, 'draws')).toContain('(a score of 0.5)');
    expect(settingRow(html, 'showLegalMoves')).toContain(ROOM_DEFAULTS.showLegalMoves ? ' On ' : ' Off ');
    expect(settingRow(html, 'swapColors')).toContain(ROOM_DEFAULTS.swapColors ? ' On ' : ' Off ');
    expect(settingRow(html, 'boardSize')).toContain('8×8 No');
    expect(settingRow(html, 'abort')).toContain('within 30 seconds');
    expect(settingRow(html, 'window')).toBe(
      `Rating window: the ranked queue pairs players whose ratings are at most ${RANKED_WINDOW.initial} points apart, a gap that widens by ${RANKED_WINDOW.step} points for every ${RANKED_WINDOW.stepSeconds} seconds of waiting, up to ${RANKED_WINDOW.max}. The same two players meet in at most ${MAX_RANKED_GAMES_PER_PAIR_24H} ranked games in 24 hours.`,
    );
    expect(settingRow(html, 'standIn')).toBe(
      'The CPU stands in, it never wins: in a ranked game, once the CPU has played more than 2 moves for a player, that player has abandoned the game and loses it, whoever is ahead at the end; the other player wins it, rated.',
    );
    const other = page({
      CPU_TAKEOVER_SECONDS: '45', IDLE_TURN_SECONDS: '7200', FIRST_MOVE_SECONDS: '20', RATING_INITIAL: '1600', LEADERBOARD_MIN_GAMES: '1',
      RANKED_WINDOW_MAX: '500', RANKED_STAND_IN_MOVES: '1',
    });
    // The ranked window's cap and the stand-in's limit are settings (RANKED_WINDOW_MAX, RANKED_STAND_IN_MOVES: issue #21).
    expect(settingRow(other, 'window')).toContain(`for every ${RANKED_WINDOW.stepSeconds} seconds of waiting, up to 500.`);
    expect(settingRow(other, 'standIn')).toContain('once the CPU has played more than 1 move for a player');
    expect(settingRow(other, 'dropOut')).toContain('after 45 seconds away (or 2 hours without a move');
    expect(settingRow(other, 'abort')).toContain('within 20 seconds');
    expect(settingRow(other, 'ranked')).toContain('starts at 1600');
    expect(settingRow(other, 'leaderboard')).toContain('at least 1 rated games');
  });

  it('links the lesson page: a board of 64 squares the client fills, and the way on to a casual game', () => {
    const learn = renderLearn(pageContextOf('en', '/learn'));
    expect(learn.match(/class="pl-sq" data-square="[a-h][1-8]"/g)).toHaveLength(64);
    expect(learn).toContain('<a class="pl-btn pl-btn-primary" href="/play?again=unranked" data-part="learn-play" data-testid="learn-play">Play a casual game</a>');
    expect(learn).not.toMatch(/<style|\sstyle=|<script>|\son[a-z]+=/i);
  });
});

describe('the rules page in every language', () => {
  it.each(LANGUAGES)('%s: the page’s language, its own title, no English sentence left', (lang) => {
    const html = page({}, lang);
    const t = pageContextOf(lang).t.t;
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(`<h1>${t('rules.title')}</h1>`);
    expect(html).toContain(`<a href="/rules" aria-current="page">${t('layout.nav.rules')}</a>`);
    if (lang !== 'en') {
      for (const key of ['rules.lede', 'rules.site.dropOut', 'rules.diagram.start.title', 'rules.faq.title'] as const) {
        expect(html).not.toContain(en(key));
      }
    }
  });

  it('follows the seed pages’ own words in Bengali and Swahili', () => {
    expect(page({}, 'bn')).toContain('<h1>রিভার্সি: নিয়ম এবং কীভাবে খেলতে হয়</h1>');
    expect(page({}, 'bn')).toContain('এই নিয়মগুলি দিয়ে এখন খেলুন');
    expect(page({}, 'sw')).toContain('<h1>Reversi: kanuni na jinsi ya kucheza</h1>');
    expect(page({}, 'sw')).toContain('Cheza sasa kwa kanuni hizi');
    expect(page({}, 'hi')).toContain('<h1>रिवर्सी: नियम और कैसे खेलें</h1>');
  });
});

describe('words around the numbers', () => {
  it('lists in each language, Tajik pinned (ICU has no Tajik list patterns)', () => {
    expect(listAnd(['d3', 'c4', 'f5'], 'en')).toBe('d3, c4, and f5');
    expect(listAnd(['d3', 'c4', 'f5'], 'sw-u-nu-latn')).toBe('d3, c4 na f5');
    expect(listOr(['30', '60'], 'bn-u-nu-latn')).toBe('30 বা 60');
    expect(listAnd(['d3', 'c4', 'f5'], 'tg-u-nu-latn')).toBe('d3, c4 ва f5');
    expect(listOr(['30', '60'], 'tg-u-nu-latn')).toBe('30 ё 60');
    expect(listOr(['30'], 'tg')).toBe('30');
  });

  it('says durations in the largest whole unit, in the page’s language', () => {
    expect([1, 30, 90, 120, 300, 3600, 7200].map((n) => durationText(en, n))).toEqual(['1 second', '30 seconds', '90 seconds', '2 minutes', '5 minutes', '60 minutes', '2 hours']);
    expect(durationText(pageContextOf('sw').t.t, 300)).toBe('dakika 5');
    expect(durationText(pageContextOf('bn').t.t, 45)).toBe('45 সেকেন্ড');
  });
});
