/**
 * `GET /learn`: the shell of the three-minute lesson. The browser client (src/client/learn/) runs
 * the lesson on it: the board is the game board's markup and look (play.css), the steps and their
 * checks come from the lesson controller and the shared engine. No inline script or style.
 */
import { squareName } from '../../engine/notation.js';
import type { MessageKey } from '../../i18n/keys.js';
import type { MessageValues } from '../../i18n/translator.js';
import { escapeHtml } from './format.js';
import { layout, type PageContext } from './layout.js';

const e = escapeHtml;
type Text = (key: MessageKey, values?: MessageValues) => string;

/** The 64 squares, a1 top-left, as the game board has them (the client sets discs, dots and labels). */
function boardHtml(t: Text): string {
  let cells = '';
  for (let i = 0; i < 64; i++) {
    const sq = squareName(i);
    cells += `<button type="button" class="pl-sq" data-square="${sq}" data-disc="" aria-label="${e(t('client.board.square.empty', { square: sq }))}" tabindex="${i === 19 ? 0 : -1}"><span class="pl-piece"></span></button>`;
  }
  const files = [...'abcdefgh'].map((f) => `<span>${f}</span>`).join('');
  const ranks = [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `<span>${r}</span>`).join('');
  return (
    '<div class="pl-frame" data-part="board-frame" data-testid="board-frame">' +
    `<div class="pl-files" aria-hidden="true">${files}</div>` +
    `<div class="pl-ranks" aria-hidden="true">${ranks}</div>` +
    `<div class="pl-board" data-part="learn-board" data-testid="learn-board" role="group" aria-label="${e(t('learn.board'))}" data-interactive="false">${cells}</div>` +
    '</div>'
  );
}

function countHtml(color: 'black' | 'white'): string {
  return `<span class="learn-count" data-part="learn-count-${color}" data-testid="learn-count-${color}"><span class="pl-dot pl-dot-${color}" aria-hidden="true"></span> <span data-count></span></span>`;
}

/** The lesson page. */
export function renderLearn(page: PageContext): string {
  const t: Text = page.t.t;
  const body = `<div class="pl-page learn-page" id="learn" data-testid="learn" data-state="loading">
<header class="learn-hero">
<h1>${e(t('learn.title'))}</h1>
<p>${e(t('learn.lede'))}</p>
</header>
<div class="learn-layout">
<section class="learn-board-area" aria-labelledby="learn-step-title">
<div class="learn-counts"><span class="learn-you" data-part="learn-you" data-testid="learn-you"></span><span class="pl-spacer"></span>${countHtml('black')}${countHtml('white')}</div>
${boardHtml(t)}
<p class="pl-square-hint" data-part="learn-square-hint" data-testid="learn-square-hint" hidden></p>
</section>
<section class="pl-card learn-panel" data-part="learn-panel" data-testid="learn-panel">
<p class="learn-progress subtle" data-part="learn-progress" data-testid="learn-progress">${e(t('learn.loading'))}</p>
<ol class="learn-steps" data-part="learn-steps" data-testid="learn-steps"></ol>
<h2 id="learn-step-title" data-part="learn-step-title" data-testid="learn-step-title"></h2>
<p data-part="learn-step-intro" data-testid="learn-step-intro"></p>
<p class="learn-feedback" data-part="learn-feedback" data-testid="learn-feedback" role="status" aria-live="polite"></p>
<div class="learn-answers pl-row" data-part="learn-answers" data-testid="learn-answers" role="group" aria-labelledby="learn-feedback-question" hidden>
<span class="sr-only" id="learn-feedback-question">${e(t('learn.step.count.question'))}</span>
<button type="button" class="pl-btn" data-answer="black">${e(t('learn.answer.black'))}</button>
<button type="button" class="pl-btn" data-answer="white">${e(t('learn.answer.white'))}</button>
<button type="button" class="pl-btn" data-answer="draw">${e(t('learn.answer.draw'))}</button>
</div>
<div class="pl-row learn-actions">
<button type="button" class="pl-btn pl-btn-primary" data-part="learn-next" data-testid="learn-next" hidden>${e(t('learn.next'))}</button>
<button type="button" class="pl-btn" data-part="learn-retry" data-testid="learn-retry" hidden>${e(t('learn.retry'))}</button>
</div>
<div class="learn-done" data-part="learn-done" data-testid="learn-done" hidden>
<h2>${e(t('learn.done.title'))}</h2>
<p>${e(t('learn.done.body'))}</p>
<p class="pl-row"><a class="pl-btn pl-btn-primary" href="/play?again=unranked" data-part="learn-play" data-testid="learn-play">${e(t('learn.playCasual'))}</a><a class="pl-btn" href="/strategy" data-testid="learn-strategy">${e(t('rules.links.strategy'))}</a><a class="pl-btn" href="/rules">${e(t('learn.readRules'))}</a></p>
</div>
<p><button type="button" class="pl-link" data-part="learn-restart" data-testid="learn-restart">${e(t('learn.restart'))}</button></p>
</section>
</div>
</div>`;
  return layout(page, t('learn.pageTitle'), body, 'learn');
}
