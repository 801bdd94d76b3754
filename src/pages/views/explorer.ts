/**
 * `GET /explorer?moves=…`: the opening explorer. The board of the position a line reaches (the
 * game board's markup: the client makes it clickable and keyboard-played; a move loads the next
 * position), the line with a way back, a form to type a line, and the table of the position's
 * moves: how the master games and the ladder's rated games played each, and the engine's value,
 * labelled exact or estimated. Every move is also a link, so the page works without the script.
 * Words from the catalogues (`openings.explorer.*`). No inline script or style.
 */
import { squareName } from '../../engine/notation.js';
import type { MessageKey } from '../../i18n/keys.js';
import type { MessageValues } from '../../i18n/translator.js';
import type { ExplorerDto, FiguresDto } from '../../openings/dto/openings.dto.js';
import { escapeHtml } from './format.js';
import { layout, type PageContext } from './layout.js';

const e = escapeHtml;
type Text = (key: MessageKey, values?: MessageValues) => string;

export interface ExplorerPageView {
  explorer: ExplorerDto;
  /** The error the typed line got (already in the page's language), or null. */
  error: string | null;
  /** What was typed, to show it back in the form. */
  typed: string;
}

const href = (line: string) => (line === '' ? '/explorer' : `/explorer?moves=${line}`);

function boardHtml(t: Text, x: ExplorerDto): string {
  const legal = new Set(x.moves.flatMap((m) => [m.square, ...m.same]));
  let cells = '';
  for (let i = 0; i < 64; i++) {
    const sq = squareName(i);
    const disc = x.board[i] === 'B' ? 'black' : x.board[i] === 'W' ? 'white' : '';
    const label = disc ? t(`client.board.square.${disc}`, { square: sq }) : legal.has(sq) ? t('client.board.square.legal', { square: sq }) : t('client.board.square.empty', { square: sq });
    cells += `<button type="button" class="pl-sq" data-square="${sq}" data-disc="${disc}" data-legal="${legal.has(sq)}" aria-label="${e(label)}" tabindex="${i === 19 ? 0 : -1}"><span class="pl-piece"></span></button>`;
  }
  const files = [...'abcdefgh'].map((f) => `<span>${f}</span>`).join('');
  const ranks = [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `<span>${r}</span>`).join('');
  return (
    '<div class="pl-frame" data-part="board-frame" data-testid="board-frame">' +
    `<div class="pl-files" aria-hidden="true">${files}</div>` +
    `<div class="pl-ranks" aria-hidden="true">${ranks}</div>` +
    `<div class="pl-board" data-part="explorer-board" data-testid="explorer-board" role="group" aria-label="${e(t('openings.explorer.board'))}" data-interactive="false"` +
    ` data-board="${x.board}" data-to-move="${x.toMove ?? ''}" data-line="${x.line}" data-legal="${[...legal].join(' ')}">${cells}</div>` +
    '</div>'
  );
}

function figureCells(page: PageContext, f: FiguresDto): string {
  if (f.games === 0 || f.blackScore === null) return '<td>0</td><td>–</td><td>–</td>';
  return (
    `<td>${e(page.t.number(f.games))}</td>` +
    `<td>${e(page.t.number(f.blackScore, { style: 'percent', maximumFractionDigits: 0 }))}</td>` +
    `<td>${e(page.t.number(f.meanDiscDiff ?? 0, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }))}</td>`
  );
}

function movesTable(page: PageContext, x: ExplorerDto): string {
  const t: Text = page.t.t;
  if (x.moves.length === 0) return `<p data-testid="explorer-over">${e(t('openings.explorer.over'))}</p>`;
  const heads = (['move', 'masterGames', 'blackScore', 'discDiff', 'ladderGames', 'blackScore', 'discDiff', 'engine', 'opening'] as const)
    .map((k) => `<th scope="col">${e(t(`openings.explorer.col.${k}`))}</th>`)
    .join('');
  const rows = x.moves
    .map((m) => {
      const value = page.t.number(m.engine.value, { maximumFractionDigits: m.engine.exact ? 0 : 1, signDisplay: 'exceptZero' });
      const engine = t(m.engine.exact ? 'openings.explorer.exact' : 'openings.explorer.estimate', { value });
      const same = m.same.length > 0 ? ` <span class="subtle">(${e(m.same.join(', '))})</span>` : '';
      const opening = m.opening ? e(t(`openings.name.${m.opening}` as MessageKey)) : '';
      return (
        `<tr data-move="${m.square}">` +
        `<th scope="row"><a href="${href(x.line + m.square)}" data-testid="explorer-move-${m.square}">${e(m.square)}</a>${same}</th>` +
        figureCells(page, m.master) +
        figureCells(page, m.ladder) +
        `<td data-exact="${m.engine.exact}">${e(engine)}</td>` +
        `<td>${opening}</td></tr>`
      );
    })
    .join('');
  return (
    `<p class="explorer-caption" aria-hidden="true">${e(t('openings.explorer.caption'))}</p>` +
    '<div class="table-wrap"><table class="rules-table explorer-table" data-testid="explorer-moves">' +
    `<caption class="sr-only">${e(t('openings.explorer.caption'))}</caption>` +
    `<thead><tr>${heads}</tr></thead><tbody>${rows}</tbody></table></div>` +
    `<p class="subtle">${e(t('openings.explorer.engineNote'))}</p>`
  );
}

/** The explorer page, in the page's language. */
export function renderExplorer(page: PageContext, view: ExplorerPageView): string {
  const t: Text = page.t.t;
  const x = view.explorer;
  const plies = (x.line.match(/../g) ?? []) as string[];
  const crumbs = plies.map((m, i) => `<li><a href="${href(plies.slice(0, i + 1).join(''))}"${i === plies.length - 1 ? ' aria-current="page"' : ''}>${e(m)}</a></li>`).join('');
  const where = plies.length === 0 ? t('openings.explorer.start') : t('openings.explorer.after', { line: plies.join(' ') });
  const toMove = x.toMove ? t('openings.explorer.toMove', { color: x.toMove }) : t('openings.explorer.gameOver');
  const opening = x.opening
    ? `<p data-testid="explorer-opening">${e(t('openings.explorer.opening', { name: t(`openings.name.${x.opening}` as MessageKey) }))} <a href="/openings#opening-${x.opening}">${e(t('openings.explorer.aboutOpening'))}</a></p>`
    : '';
  const reached = t('openings.explorer.reached', { master: page.t.number(x.master.games), ladder: page.t.number(x.ladder.games) });
  const error = view.error ? `<p class="pl-flash" role="alert" data-testid="explorer-error">${e(view.error)}</p>` : '';
  const body =
    `<div class="pl-page explorer-page" id="explorer" data-testid="explorer">` +
    `<h1>${e(t('openings.explorer.title'))}</h1>` +
    `<p>${e(t('openings.explorer.lede'))}</p>` +
    error +
    '<div class="learn-layout explorer-layout">' +
    `<section class="learn-board-area" aria-labelledby="explorer-where">` +
    `<h2 id="explorer-where" data-testid="explorer-where">${e(where)}</h2>` +
    `<p data-testid="explorer-to-move">${e(toMove)}</p>` +
    boardHtml(t, x) +
    '</section>' +
    `<section class="pl-card explorer-panel" aria-labelledby="explorer-moves-title">` +
    `<h2 id="explorer-moves-title">${e(t('openings.explorer.movesTitle'))}</h2>` +
    opening +
    `<p data-testid="explorer-reached">${e(reached)}</p>` +
    (plies.length > 0
      ? `<nav aria-label="${e(t('openings.explorer.lineLabel'))}"><ol class="opening-moves explorer-line" data-testid="explorer-line"><li><a href="/explorer">${e(t('openings.explorer.startShort'))}</a></li>${crumbs}</ol></nav>` +
        `<p class="pl-row"><a class="pl-btn" href="${href(plies.slice(0, -1).join(''))}" data-testid="explorer-back">${e(t('openings.explorer.back'))}</a></p>`
      : '') +
    movesTable(page, x) +
    `<form class="explorer-form pl-row" method="get" action="/explorer" data-testid="explorer-form">` +
    `<label for="explorer-input">${e(t('openings.explorer.typeLabel'))}</label>` +
    `<input id="explorer-input" name="moves" type="text" inputmode="latin" autocomplete="off" spellcheck="false" value="${e(view.typed)}" placeholder="f5d6c3" aria-describedby="explorer-type-hint">` +
    `<button type="submit" class="pl-btn">${e(t('openings.explorer.show'))}</button>` +
    `<span id="explorer-type-hint" class="subtle">${e(t('openings.explorer.typeHint'))}</span>` +
    '</form>' +
    `<p><a href="/openings">${e(t('openings.explorer.toOpenings'))}</a></p>` +
    '</section></div></div>';
  return layout(page, t('openings.explorer.pageTitle'), body);
}
