/**
 * The analysed replay's view: once the game is over, beside the replay, the engine's
 * analysis — an evaluation graph (SVG; estimates dashed, the exact phase shaded; a click shows that
 * position), the shown move's loss and "best was …", marks on the move list, a summary per
 * player, the downloads (GGF, transcript) and, for a player of the game, the report form. It
 * follows the replay position of the game's state, so the keyboard replay (← → Home End) drives it.
 * It renders from AnalysisController's and GameController's state; the shell gives it an empty
 * `data-part="analysis"` section.
 */
import { h, part, parts, show, text } from '../common/dom';
import { msg, show as say } from '../common/messages';
import { i18n } from '../i18n';
import { ggfHref, transcriptHref } from '../../pages/views/format';
import {
  type Analysis, type AnalysisController, describeMove, FLAGGED, geometry, graphPoints, graphSegments, markOf, REPORT_REASONS,
  type ReportReason, statusText,
} from './analysis-state';
import { countMoves, myColor, type GameController } from './state';

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attrs: Record<string, string>): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

const pct = (x: number): string => `${Math.round(x * 100)} %`;

export function mountAnalysis(root: HTMLElement, game: GameController, c: AnalysisController): { render(): void } {
  const s = game.s;
  const box = part('analysis', root);
  const heading = h('h2', { id: 'analysis-title' }, msg('analysis.heading'));
  // When the game was played, in the reader's own clock and language.
  const played = h('p', { class: 'pl-hint', 'data-part': 'game-played' });
  const status = h('p', { class: 'pl-hint', role: 'status' });
  const graphBox = h('div', { class: 'pl-eval' });
  const current = h('p', { class: 'pl-eval-move', 'aria-live': 'polite' });
  // The summary table scrolls sideways on a narrow screen: a named region that takes the focus,
  // so that a keyboard can scroll it too.
  const summary = h('div', { class: 'pl-eval-summary', role: 'region', tabindex: '0', 'aria-label': msg('analysis.summary.caption') });
  const note = h('p', { class: 'pl-hint' });
  const downloads = h(
    'p',
    { class: 'pl-downloads' },
    h('a', { href: ggfHref(s.gameId), download: '' }, msg('analysis.download.ggf')),
    ' · ',
    h('a', { href: transcriptHref(s.gameId), download: `${s.gameId}.txt` }, msg('analysis.download.transcript')),
  );
  const report = mountReport(c);
  box.setAttribute('aria-labelledby', 'analysis-title');
  box.append(heading, played, status, graphBox, current, summary, note, downloads, report.root);

  let drawnFor: Analysis | null = null;
  let setCursor: ((at: number) => void) | null = null;

  function drawGraph(a: Analysis): void {
    const points = graphPoints(a);
    const g = geometry(points);
    const el = svg('svg', { viewBox: `0 0 ${g.width} ${g.height}`, class: 'pl-eval-graph', role: 'img', 'aria-label': msg('analysis.graph.label'), preserveAspectRatio: 'none' });
    el.append(svg('line', { x1: '0', y1: String(g.y(0)), x2: String(g.width), y2: String(g.y(0)), class: 'pl-eval-zero' }));
    const firstExact = points.find((p) => p.exact);
    if (firstExact) {
      const x = g.x(firstExact.at - 1);
      el.append(svg('rect', { x: String(x), y: '0', width: String(g.width - x), height: String(g.height), class: 'pl-eval-exact-zone' }));
    }
    for (const seg of graphSegments(points, g)) el.append(svg('path', { d: seg.d, class: ['pl-eval-line', ...(seg.exact ? [] : ['pl-eval-estimate'])].join(' ') }));
    for (const p of points) {
      if (FLAGGED.includes(p.mark)) el.append(svg('circle', { cx: String(g.x(p.at)), cy: String(g.y(p.black)), r: '4', class: `pl-eval-dot pl-mark-${p.mark}` }));
    }
    const cursor = svg('line', { y1: '0', y2: String(g.height), class: 'pl-eval-cursor' });
    el.append(cursor);
    el.addEventListener('click', (ev) => {
      const r = el.getBoundingClientRect();
      game.goTo(Math.max(0, Math.min(points.length, Math.round(((ev.clientX - r.left) / r.width) * points.length))));
    });
    graphBox.textContent = '';
    // The axis in words: who is ahead above and below the middle line, and by how much at the edge.
    const axis = h(
      'div',
      { class: 'pl-eval-axis', 'aria-hidden': 'true' },
      h('span', { 'data-part': 'graph-top' }, msg('analysis.graph.ahead', { color: 'black', discs: String(g.range) })),
      h('span', { 'data-part': 'graph-bottom' }, msg('analysis.graph.ahead', { color: 'white', discs: String(g.range) })),
    );
    graphBox.append(h('div', { class: 'pl-eval-plot' }, axis, el), h('p', { class: 'pl-hint' }, msg('analysis.graph.exactFrom', { empties: String(a.exactFromEmpties) })));
    setCursor = (at) => {
      cursor.setAttribute('x1', String(g.x(at)));
      cursor.setAttribute('x2', String(g.x(at)));
    };
  }

  function drawSummary(a: Analysis): void {
    summary.textContent = '';
    if (!a.players) return;
    const heads = [
      'analysis.summary.player', 'analysis.summary.counted', 'analysis.summary.bestShare', 'analysis.summary.meanLoss',
      'analysis.summary.inaccuracies', 'analysis.summary.mistakes', 'analysis.summary.blunders',
    ] as const;
    const body = h('tbody');
    for (const color of ['black', 'white'] as const) {
      const p = a.players[color];
      body.append(
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, h('span', { class: `pl-dot pl-dot-${color}`, 'aria-hidden': 'true' }), ` ${s.game?.[color].player.username ?? ''}`),
          h('td', {}, String(p.counted)),
          h('td', {}, pct(p.bestShare)),
          h('td', {}, p.meanLoss.toFixed(1)),
          h('td', {}, String(p.inaccuracies)),
          h('td', {}, String(p.mistakes)),
          h('td', {}, String(p.blunders)),
        ),
      );
    }
    summary.append(
      h('table', { class: 'pl-eval-table' }, h('caption', {}, msg('analysis.summary.caption')), h('thead', {}, h('tr', {}, ...heads.map((k) => h('th', { scope: 'col' }, msg(k))))), body),
    );
    text(note, msg('analysis.summary.note', { empties: String(a.exactFromEmpties), depth: String(a.depth) }));
  }

  /** Inaccuracies, mistakes and blunders marked on the move list's items (?!, ?, ??; the word for screen readers). */
  function markMoves(a: Analysis): void {
    for (const li of parts('move-item', root)) {
      const m = a.moves[Number(li.getAttribute('data-ply'))];
      if (!m || li.querySelector('.pl-mark')) continue;
      const mark = markOf(m);
      if (mark !== 'inaccuracy' && mark !== 'mistake' && mark !== 'blunder') continue;
      const word = msg(`analysis.class.${mark}`);
      li.classList.add(`pl-mark-${mark}`);
      (li.querySelector('button') ?? li).append(
        h(
          'span',
          { class: `pl-mark pl-mark-${mark}`, title: `${word} · ${msg('analysis.move.bestWas', { squares: m.best.join(', ') })}` },
          h('span', { 'aria-hidden': 'true' }, msg(`analysis.symbol.${mark}`)),
          h('span', { class: 'sr-only' }, ` ${word}`),
        ),
      );
    }
  }

  function render(): void {
    const over = !!s.game && s.game.status !== 'active';
    show(box, over);
    if (!over) return;
    c.gameOver();
    report.render(myColor(s) !== null);
    const when = s.game?.finishedAt ?? s.game?.createdAt;
    const ms = when ? Date.parse(when) : NaN;
    text(played, Number.isFinite(ms) ? msg('game.playedOn', { date: i18n.longDate(ms, { time: true }) }) : '');
    const st = statusText(c.s);
    text(status, st ? say(st) : '');
    const a = c.s.analysis;
    if (c.s.status !== 'ready' || !a) return;
    if (drawnFor !== a) {
      drawGraph(a);
      drawSummary(a);
      drawnFor = a;
    }
    markMoves(a);
    const at = s.view ?? countMoves(s);
    setCursor?.(at);
    text(current, describeMove(a, at).map(say).join(' · '));
  }

  return { render };
}

/** "Report opponent": for a player of the finished game, a reason from the list and optional words. */
function mountReport(c: AnalysisController): { root: HTMLElement; render(player: boolean): void } {
  const open = h('button', { type: 'button', class: 'pl-btn' }, msg('analysis.report.button')) as HTMLButtonElement;
  const select = h('select', { id: 'report-reason', name: 'reason' }, ...REPORT_REASONS.map((r) => h('option', { value: r }, msg(`analysis.report.reason.${r}`)))) as HTMLSelectElement;
  const words = h('textarea', { id: 'report-text', name: 'text', maxlength: '500', rows: '2' }) as HTMLTextAreaElement;
  const send = h('button', { type: 'submit', class: 'pl-btn pl-btn-primary' }, msg('analysis.report.send')) as HTMLButtonElement;
  const form = h(
    'form',
    { class: 'pl-report-form' },
    h('label', { for: 'report-reason' }, msg('analysis.report.reason')),
    select,
    h('label', { for: 'report-text' }, msg('analysis.report.text')),
    words,
    send,
  ) as HTMLFormElement;
  const out = h('p', { class: 'pl-hint', role: 'status' });
  const root = h('div', { class: 'pl-report' }, open, form, out);
  open.addEventListener('click', () => {
    c.toggleReport();
    if (c.s.report === 'open') select.focus();
  });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void c.sendReport(select.value as ReportReason, words.value);
  });
  return {
    root,
    render(player: boolean) {
      show(root, player);
      const r = c.s.report;
      show(open, r === 'closed' || r === 'open');
      show(form, r === 'open' || r === 'sending');
      send.disabled = r === 'sending';
      text(out, r === 'sent' ? msg('analysis.report.sent') : r === 'already' ? msg('analysis.report.already') : c.s.reportError ? say(c.s.reportError) : '');
    },
  };
}
