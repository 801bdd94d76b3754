/**
 * `GET /strategy`: strategy and tips. One section per topic (corners; X- and C-squares; edges and
 * stable discs; mobility, quiet moves and frontier discs; parity in the endgame; why counting discs
 * in the middle game misleads; avoiding a wipe-out), each with a diagram from a real master game
 * (../domain/strategy.ts, drawn by ./board-svg.ts) and a "try it" position on the game's board
 * markup: the client lets the reader play it and checks the move against the engine's answers,
 * then shows the explanation. Words from the catalogues (`strategy.*`). No inline script or style.
 */
import { squareName } from '../../engine/notation.js';
import type { MessageKey } from '../../i18n/keys.js';
import type { MessageValues } from '../../i18n/translator.js';
import type { StrategyTopic } from '../domain/strategy.js';
import { renderBoardSvg } from './board-svg.js';
import { escapeHtml } from './format.js';
import { layout, type PageContext } from './layout.js';

const e = escapeHtml;
type Text = (key: MessageKey, values?: MessageValues) => string;

/** A topic's facts as message values: disc differences with their sign ("+28", "−2"). */
function values(page: PageContext, facts: Readonly<Record<string, string | number | readonly string[]>>): MessageValues {
  const out: MessageValues = {};
  for (const [k, v] of Object.entries(facts)) out[k] = (k === 'value' || k === 'second') && typeof v === 'number' ? page.t.number(v, { signDisplay: 'exceptZero' }) : typeof v === 'object' ? v.join(', ') : v;
  return out;
}

function tryBoard(t: Text, topic: StrategyTopic): string {
  const x = topic.tryIt;
  const legal = new Set(x.legal);
  let cells = '';
  for (let i = 0; i < 64; i++) {
    const sq = squareName(i);
    const disc = x.board[i] === 'B' ? 'black' : x.board[i] === 'W' ? 'white' : '';
    const label = disc ? t(`client.board.square.${disc}`, { square: sq }) : legal.has(sq) ? t('client.board.square.legal', { square: sq }) : t('client.board.square.empty', { square: sq });
    cells += `<button type="button" class="pl-sq" data-square="${sq}" data-disc="${disc}" data-legal="${legal.has(sq)}" aria-label="${e(label)}" tabindex="-1"><span class="pl-piece"></span></button>`;
  }
  const files = [...'abcdefgh'].map((f) => `<span>${f}</span>`).join('');
  const ranks = [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `<span>${r}</span>`).join('');
  const valuesAttr = x.values ? Object.entries(x.values).map(([m, v]) => `${m}:${v}`).join(' ') : '';
  return (
    '<div class="pl-frame strategy-frame">' +
    `<div class="pl-files" aria-hidden="true">${files}</div>` +
    `<div class="pl-ranks" aria-hidden="true">${ranks}</div>` +
    `<div class="pl-board" data-part="try-board" data-testid="try-board-${topic.key}" role="group" aria-label="${e(t('strategy.tryBoard', { title: t(`strategy.topic.${topic.key}.title` as MessageKey) }))}" data-interactive="false"` +
    ` data-board="${x.board}" data-to-move="${x.toMove}" data-legal="${x.legal.join(' ')}" data-answers="${x.answers.join(' ')}" data-values="${valuesAttr}">${cells}</div>` +
    '</div>'
  );
}

function topicHtml(page: PageContext, topic: StrategyTopic): string {
  const t: Text = page.t.t;
  const k = topic.key;
  const key = (part: string) => `strategy.topic.${k}.${part}` as MessageKey;
  const d = topic.diagram;
  const dv = values(page, d.facts);
  const tv = values(page, topic.tryIt.facts);
  const title = t(key('title'));
  const caption = t(key('diagram'), dv);
  const source = (g: { event: string; moves: readonly string[] }) => `<span class="rules-source">${e(t('rules.diagram.source', { event: g.event, moves: g.moves.join(' ') }))}</span>`;
  return (
    `<section class="rules-section strategy-topic" id="${k}" aria-labelledby="${k}-title" data-testid="topic-${k}">` +
    `<h2 id="${k}-title">${e(title)}</h2>` +
    `<p>${e(t(key('body')))}</p>` +
    `<figure class="rules-figure" data-testid="diagram-${k}">` +
    renderBoardSvg(d, { title, desc: caption }, `diagram-${k}`) +
    `<figcaption>${e(caption)} ${source(d.game!)}</figcaption></figure>` +
    `<div class="strategy-try" data-part="try" data-topic="${k}" data-testid="try-${k}">` +
    `<h3>${e(t('strategy.tryTitle'))}</h3>` +
    `<p data-testid="try-${k}-prompt">${e(t(key('try'), tv))} ${source(topic.tryIt.game)}</p>` +
    '<div class="strategy-try-layout">' +
    tryBoard(t, topic) +
    '<div>' +
    `<p class="learn-feedback" data-part="try-feedback" data-testid="try-${k}-feedback" role="status" aria-live="polite"></p>` +
    `<p class="strategy-explain" data-part="try-explain" data-testid="try-${k}-explain" hidden>${e(t(key('explain'), tv))}</p>` +
    `<p><button type="button" class="pl-btn" data-part="try-reset" data-testid="try-${k}-reset" hidden>${e(t('strategy.again'))}</button></p>` +
    '</div></div></div>' +
    '</section>'
  );
}

/** The strategy page, in the page's language. */
export function renderStrategy(page: PageContext, topics: readonly StrategyTopic[]): string {
  const t: Text = page.t.t;
  const toc = `<nav class="rules-toc" aria-labelledby="toc-title"><h2 id="toc-title">${e(t('rules.toc'))}</h2><ol>${topics
    .map((x) => `<li><a href="#${x.key}">${e(t(`strategy.topic.${x.key}.title` as MessageKey))}</a></li>`)
    .join('')}</ol></nav>`;
  const body =
    '<article class="pl-page rules-page strategy-page" id="strategy" data-testid="strategy">' +
    `<h1>${e(t('strategy.title'))}</h1>` +
    `<p>${e(t('strategy.lede'))}</p>` +
    toc +
    topics.map((x) => topicHtml(page, x)).join('') +
    `<p class="pl-row rules-cta"><a class="pl-btn pl-btn-primary" href="/play">${e(t('rules.links.playWithRules'))}</a><a class="pl-btn" href="/openings">${e(t('rules.links.openings'))}</a></p>` +
    '</article>';
  return layout(page, t('strategy.pageTitle'), body, 'strategy');
}
