/**
 * The analysed replay (issue #20): once the game is over, the engine's analysis beside the
 * replay — an evaluation graph (SVG; estimates dashed, exact values solid; a click shows that
 * position), the current move's loss and "best was …", marks on the move list, a summary per
 * player, the downloads (GGF, transcript) and, for a player of the game, a report form. It follows
 * the replay's position, so the keyboard replay (← → Home End) drives it too. Its own DOM only:
 * the page gives it an empty container (#game-analysis) and calls render() after each redraw.
 */
import { ApiError, request } from '../api/http';
import { analysisMessage as t, type AnalysisMessageKey } from '../../analysis/messages.en';
import { type Analysis, FLAGGED, geometry, graphPoints, graphSegments, markOf, moveAt, signed } from './analysis';

export interface AnalysisHost {
  gameId: string;
  /** Records shown now (the replay position). */
  at(): number;
  goTo(at: number): void;
  /** The game is over (only then is there an analysis, a replay and a report). */
  over(): boolean;
  /** The viewer's seat, or null for a spectator. */
  viewerColor(): 'black' | 'white' | null;
  playerName(color: 'black' | 'white'): string;
  /** The move list, whose items (li[data-ply]) get the marks. */
  moveList(): HTMLElement;
}

const SVG = 'http://www.w3.org/2000/svg';
const PENDING_RETRY_MS = 3000;
const PENDING_TRIES = 60;

function el(tag: string, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

function svg(tag: string, attrs: Record<string, string>): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

const pct = (x: number): string => `${Math.round(x * 100)} %`;

export function mountAnalysis(container: HTMLElement, host: AnalysisHost): { render(): void } {
  let analysis: Analysis | null = null;
  let setCursor: ((at: number) => void) | null = null;
  let state: 'idle' | 'loading' | 'pending' | 'ready' | 'none' | 'failed' = 'idle';
  let drawnFor: Analysis | null = null;
  let tries = 0;

  const heading = el('h2', { id: 'analysis-title' }, t('analysis.heading'));
  const status = el('p', { class: 'pl-hint', role: 'status' });
  const graphBox = el('div', { class: 'pl-eval' });
  const current = el('p', { class: 'pl-eval-move', 'aria-live': 'polite' });
  const summary = el('div', { class: 'pl-eval-summary' });
  const note = el('p', { class: 'pl-hint' });
  const downloads = el(
    'p',
    { class: 'pl-downloads' },
    el('a', { href: `/api/games/${encodeURIComponent(host.gameId)}/ggf`, download: '' }, t('analysis.download.ggf')),
    ' · ',
    el('a', { href: `/api/games/${encodeURIComponent(host.gameId)}/transcript`, download: `${host.gameId}.txt` }, t('analysis.download.transcript')),
  );
  const report = mountReport(host);
  container.setAttribute('aria-labelledby', 'analysis-title');
  container.append(heading, status, graphBox, current, summary, note, downloads, report.root);

  async function load(): Promise<void> {
    state = 'loading';
    try {
      const got = await request<Analysis>('GET', `/api/games/${encodeURIComponent(host.gameId)}/analysis`);
      analysis = got;
      state = got.status === 'ready' ? 'ready' : got.status === 'pending' ? 'pending' : 'none';
      if (state === 'pending' && ++tries < PENDING_TRIES) setTimeout(() => void load(), PENDING_RETRY_MS);
    } catch {
      state = 'failed';
    }
    render();
  }

  function drawGraph(a: Analysis): void {
    const points = graphPoints(a);
    const g = geometry(points);
    const root = svg('svg', {
      viewBox: `0 0 ${g.width} ${g.height}`,
      class: 'pl-eval-graph',
      role: 'img',
      'aria-label': t('analysis.graph.label'),
      preserveAspectRatio: 'none',
    });
    root.append(svg('line', { x1: '0', y1: String(g.y(0)), x2: String(g.width), y2: String(g.y(0)), class: 'pl-eval-zero' }));
    const firstExact = points.find((p) => p.exact);
    if (firstExact) {
      const x = g.x(firstExact.at - 1);
      root.append(svg('rect', { x: String(x), y: '0', width: String(g.width - x), height: String(g.height), class: 'pl-eval-exact-zone' }));
    }
    for (const seg of graphSegments(points, g)) root.append(svg('path', { d: seg.d, class: seg.exact ? 'pl-eval-line' : 'pl-eval-line pl-eval-estimate' }));
    for (const p of points) {
      if (!FLAGGED.includes(p.mark)) continue;
      root.append(svg('circle', { cx: String(g.x(p.at)), cy: String(g.y(p.black)), r: '4', class: `pl-eval-dot pl-mark-${p.mark}` }));
    }
    const cursor = svg('line', { y1: '0', y2: String(g.height), class: 'pl-eval-cursor' });
    root.append(cursor);
    root.addEventListener('click', (ev) => {
      const box = root.getBoundingClientRect();
      const at = Math.round(((ev.clientX - box.left) / box.width) * points.length);
      host.goTo(Math.max(0, Math.min(points.length, at)));
    });
    graphBox.textContent = '';
    graphBox.append(root);
    const exactFrom = el('p', { class: 'pl-hint' }, t('analysis.graph.exactFrom', { empties: a.exactFromEmpties }));
    graphBox.append(exactFrom);
    setCursor = (at: number) => {
      const x = String(g.x(at));
      cursor.setAttribute('x1', x);
      cursor.setAttribute('x2', x);
    };
  }

  function drawSummary(a: Analysis): void {
    summary.textContent = '';
    if (!a.players) return;
    const heads: AnalysisMessageKey[] = [
      'analysis.summary.player', 'analysis.summary.counted', 'analysis.summary.bestShare', 'analysis.summary.meanLoss',
      'analysis.summary.inaccuracies', 'analysis.summary.mistakes', 'analysis.summary.blunders',
    ];
    const table = el('table', { class: 'pl-eval-table' }, el('caption', {}, t('analysis.summary.caption')));
    table.append(el('thead', {}, el('tr', {}, ...heads.map((k) => el('th', { scope: 'col' }, t(k))))));
    const body = el('tbody');
    for (const color of ['black', 'white'] as const) {
      const s = a.players[color];
      body.append(
        el(
          'tr',
          {},
          el('th', { scope: 'row' }, el('span', { class: `pl-dot pl-dot-${color}`, 'aria-hidden': 'true' }), ` ${host.playerName(color)}`),
          el('td', {}, String(s.counted)),
          el('td', {}, pct(s.bestShare)),
          el('td', {}, s.meanLoss.toFixed(1)),
          el('td', {}, String(s.inaccuracies)),
          el('td', {}, String(s.mistakes)),
          el('td', {}, String(s.blunders)),
        ),
      );
    }
    table.append(body);
    summary.append(table);
    note.textContent = t('analysis.summary.note', { empties: a.exactFromEmpties, depth: a.depth });
  }

  function describeCurrent(a: Analysis, at: number): string {
    const m = moveAt(a, at);
    if (!m) return '';
    const where = m.square ?? t('analysis.move.pass');
    const mark = markOf(m);
    const bits: string[] = [`${at}. ${where}`];
    if (mark === 'pass') return bits.join(' · ');
    if (mark === 'forced') bits.push(t('analysis.move.forced'));
    else if (mark === 'best') bits.push(t('analysis.move.best'));
    else {
      if (FLAGGED.includes(mark)) bits.push(t(`analysis.class.${mark}` as AnalysisMessageKey));
      bits.push(t('analysis.move.loss', { loss: m.loss.toFixed(m.exact ? 0 : 1) }), t('analysis.move.bestWas', { squares: m.best.join(', ') }));
    }
    if (mark === 'cpu') bits.push(t('analysis.move.cpu'));
    bits.push(t('analysis.move.value', { value: signed(m.value), bestValue: signed(m.bestValue) }));
    bits.push(t(m.exact ? 'analysis.move.exact' : 'analysis.move.estimate'));
    return bits.join(' · ');
  }

  function render(): void {
    const over = host.over();
    container.hidden = !over;
    if (!over) return;
    if (state === 'idle') void load();
    report.render();
    status.textContent =
      state === 'pending' || state === 'loading' ? t('analysis.pending') : state === 'none' ? t('analysis.none') : state === 'failed' ? t('analysis.failed') : '';
    if (state !== 'ready' || !analysis) return;
    if (drawnFor !== analysis) {
      drawGraph(analysis);
      drawSummary(analysis);
      drawnFor = analysis;
    }
    markMoves(host.moveList());
    const at = host.at();
    setCursor?.(at);
    current.textContent = describeCurrent(analysis, at);
  }

  /** Marks inaccuracies, mistakes and blunders on the move list's items (data-ply). */
  function markMoves(list: HTMLElement): void {
    if (!analysis || state !== 'ready') return;
    for (const li of Array.from(list.querySelectorAll<HTMLElement>('li[data-ply]'))) {
      const m = analysis.moves[Number(li.getAttribute('data-ply'))];
      if (!m || li.querySelector('.pl-mark')) continue;
      const mark = markOf(m);
      if (!FLAGGED.includes(mark)) continue;
      li.classList.add(`pl-mark-${mark}`);
      const target = li.querySelector('button') ?? li;
      const word = t(`analysis.class.${mark}` as AnalysisMessageKey);
      target.append(
        el(
          'span',
          { class: `pl-mark pl-mark-${mark}`, title: `${word} · ${t('analysis.move.bestWas', { squares: m.best.join(', ') })}` },
          el('span', { 'aria-hidden': 'true' }, t(`analysis.symbol.${mark}` as AnalysisMessageKey)),
          el('span', { class: 'sr-only' }, ` ${word}`),
        ),
      );
    }
  }

  return { render };
}

/** "Report opponent": for a player of a finished game, a reason from the list and optional words. */
function mountReport(host: AnalysisHost): { root: HTMLElement; render(): void } {
  const root = el('div', { class: 'pl-report' });
  const open = el('button', { type: 'button', class: 'pl-btn' }, t('analysis.report.button')) as HTMLButtonElement;
  const reasons = ['engine', 'stalling', 'abuse', 'other'] as const;
  const select = el('select', { id: 'report-reason', name: 'reason' }, ...reasons.map((r) => el('option', { value: r }, t(`analysis.report.reason.${r}` as AnalysisMessageKey)))) as HTMLSelectElement;
  const textArea = el('textarea', { id: 'report-text', name: 'text', maxlength: '500', rows: '2' }) as HTMLTextAreaElement;
  const send = el('button', { type: 'submit', class: 'pl-btn pl-btn-primary' }, t('analysis.report.send')) as HTMLButtonElement;
  const form = el(
    'form',
    { class: 'pl-report-form' },
    el('label', { for: 'report-reason' }, t('analysis.report.reason')),
    select,
    el('label', { for: 'report-text' }, t('analysis.report.text')),
    textArea,
    send,
  ) as HTMLFormElement;
  form.hidden = true;
  const out = el('p', { class: 'pl-hint', role: 'status' });
  root.append(open, form, out);
  let done = false;
  open.addEventListener('click', () => {
    form.hidden = !form.hidden;
    if (!form.hidden) select.focus();
  });
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    send.disabled = true;
    const body: { reason: string; text?: string } = { reason: select.value };
    if (textArea.value.trim()) body.text = textArea.value.trim();
    request('POST', `/api/games/${encodeURIComponent(host.gameId)}/reports`, body)
      .then(() => {
        done = true;
        form.hidden = true;
        out.textContent = t('analysis.report.sent');
        render();
      })
      .catch((err: unknown) => {
        send.disabled = false;
        if (err instanceof ApiError && err.code === 'ALREADY_REPORTED') {
          done = true;
          form.hidden = true;
          out.textContent = t('analysis.report.already');
          render();
        } else out.textContent = t('analysis.report.error', { message: err instanceof Error ? err.message : String(err) });
      });
  });
  function render(): void {
    const player = host.viewerColor() !== null && host.over();
    root.hidden = !player;
    open.hidden = done;
  }
  return { root, render };
}
