/**
 * `GET /openings`: the named openings (src/openings/domain/openings.ts), grouped by family, each
 * with its final position drawn from the engine (./board-svg.ts), its line with buttons to play
 * it through on that board (the client's openings module redraws it), a sentence on its idea, and
 * how often it occurs and how Black scores, in the master games and on the ladder. Every word from
 * the catalogues (`openings.*`); the openings' names are the catalogues' too. No inline script or style.
 */
import { replay } from '../../engine/transcript.js';
import { toBoardString } from '../../engine/position.js';
import type { MessageKey } from '../../i18n/keys.js';
import type { MessageValues } from '../../i18n/translator.js';
import type { OpeningFamily } from '../../openings/domain/openings.js';
import type { FiguresDto, OpeningDto, OpeningsDto } from '../../openings/dto/openings.dto.js';
import type { BoardDiagram } from '../domain/diagrams.js';
import { renderBoardSvg } from './board-svg.js';
import { escapeHtml } from './format.js';
import { layout, type PageContext } from './layout.js';

const e = escapeHtml;
type Text = (key: MessageKey, values?: MessageValues) => string;

const FAMILIES: readonly OpeningFamily[] = ['perpendicular', 'diagonal', 'parallel'];

/** The board after a line, the last move marked, as a diagram of the rules page's kind. */
export function lineDiagram(moves: string, key: string): BoardDiagram {
  const r = replay(moves);
  const played = r.moves.filter((m) => m.square !== null);
  const last = played[played.length - 1];
  return {
    key: key as BoardDiagram['key'],
    board: toBoardString(r.position),
    toMove: r.position.toMove,
    legal: [],
    placed: last ? last.square : null,
    flipped: [],
    lines: [],
    corners: [],
    game: null,
    facts: {},
  };
}

/** The line as words: "f5 d6 c3 d3 c4". */
export function spacedLine(moves: string): string {
  return (moves.match(/../g) ?? []).join(' ');
}

function figuresText(page: PageContext, f: FiguresDto, total: number, where: 'master' | 'ladder'): string {
  const t: Text = page.t.t;
  if (f.games === 0 || f.blackScore === null) return t(`openings.figures.${where}None`);
  return t(`openings.figures.${where}`, {
    games: page.t.number(f.games),
    total: page.t.number(total),
    share: page.t.number(total > 0 ? f.games / total : 0, { style: 'percent', maximumFractionDigits: 0 }),
    score: page.t.number(f.blackScore, { style: 'percent', maximumFractionDigits: 0 }),
    diff: page.t.number(f.meanDiscDiff ?? 0, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }),
  });
}

function openingHtml(page: PageContext, o: OpeningDto, view: OpeningsDto): string {
  const t: Text = page.t.t;
  const name = t(`openings.name.${o.id}` as MessageKey);
  const id = `opening-${o.id}`;
  const line = spacedLine(o.moves);
  const svg = renderBoardSvg(lineDiagram(o.moves, o.id), { title: t('openings.boardTitle', { name }), desc: t('openings.boardDesc', { name, line }) }, `${id}-board`);
  const plies = o.moves.length / 2;
  const a = (key: MessageKey) => e(t(key));
  const stepper =
    `<div class="pl-row opening-steps" data-part="opening-steps" hidden>` +
    `<button type="button" class="pl-btn" data-step="first" aria-label="${a('play.game.replayFirst')}">«</button>` +
    `<button type="button" class="pl-btn" data-step="back" aria-label="${a('play.game.replayPrev')}">‹</button>` +
    `<span class="opening-step" data-part="opening-step" aria-live="polite">${e(t('client.replay.position', { at: plies, total: plies }))}</span>` +
    `<button type="button" class="pl-btn" data-step="forward" aria-label="${a('play.game.replayNext')}">›</button>` +
    `<button type="button" class="pl-btn" data-step="last" aria-label="${a('play.game.replayLast')}">»</button>` +
    '</div>';
  const moves = (o.moves.match(/../g) ?? []).map((m, i) => `<li data-ply="${i + 1}">${e(m)}</li>`).join('');
  return (
    `<section class="rules-section opening" id="${id}" aria-labelledby="${id}-name" data-testid="${id}" data-opening="${o.id}">` +
    `<h3 id="${id}-name">${e(name)}</h3>` +
    `<figure class="rules-figure opening-figure" data-part="opening" data-line="${o.moves}" data-name="${e(name)}">` +
    `<div class="opening-board" data-part="opening-board">${svg}</div>` +
    '<figcaption>' +
    `<div class="opening-line"><strong>${a('openings.line')}</strong> <ol class="opening-moves" data-part="opening-moves">${moves}</ol></div>` +
    stepper +
    `<p>${e(t(`openings.idea.${o.id}` as MessageKey))}</p>` +
    `<ul class="opening-figures"><li data-testid="${id}-master">${e(figuresText(page, o.master, view.masterGames, 'master'))}</li>` +
    `<li data-testid="${id}-ladder">${e(figuresText(page, o.ladder, view.ladderGames, 'ladder'))}</li></ul>` +
    `<p><a href="/explorer?moves=${o.moves}" data-testid="${id}-explore">${a('openings.explore')}</a></p>` +
    '</figcaption></figure></section>'
  );
}

/** The openings page, in the page's language. */
export function renderOpenings(page: PageContext, view: OpeningsDto): string {
  const t: Text = page.t.t;
  const families = FAMILIES.map((family) => {
    const members = view.openings.filter((o) => o.family === family);
    return (
      `<section class="rules-section" id="family-${family}" aria-labelledby="family-${family}-title">` +
      `<h2 id="family-${family}-title">${e(t(`openings.family.${family}` as MessageKey))}</h2>` +
      members.map((o) => openingHtml(page, o, view)).join('') +
      '</section>'
    );
  }).join('');
  const body =
    `<article class="pl-page rules-page openings-page" id="openings" data-testid="openings">` +
    `<h1>${e(t('openings.title'))}</h1>` +
    `<p>${e(t('openings.lede'))}</p>` +
    `<p class="subtle">${e(t('openings.symmetry'))}</p>` +
    `<p class="subtle" data-testid="openings-source">${e(t('openings.source', { games: page.t.number(view.masterGames), ladder: page.t.number(view.ladderGames) }))}</p>` +
    families +
    `<p class="pl-row rules-cta"><a class="pl-btn pl-btn-primary" href="/play">${e(t('rules.links.playWithRules'))}</a><a class="pl-btn" href="/rules">${e(t('openings.readRules'))}</a></p>` +
    '</article>';
  return layout(page, t('openings.pageTitle'), body);
}
