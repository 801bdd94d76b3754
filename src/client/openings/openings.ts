/**
 * The /openings page: each opening's line played through on its board. The server draws the
 * final position (src/pages/views/openings.ts); the buttons step back and forth through the line,
 * and the discs are redrawn from the shared engine's replay (SVG elements made one by one: no HTML
 * is parsed). Keyboard: the buttons are ordinary buttons; the step is announced politely.
 */
import { parseSquare, squareName } from '../../engine/notation';
import { replay } from '../../engine/transcript';
import { toBoardString } from '../../engine/position';
import { SVG_GEOMETRY } from '../../pages/views/board-svg';
import { $, $$ } from '../common/dom';
import { msg } from '../common/messages';

const SVG = 'http://www.w3.org/2000/svg';
const { label: L, cell: C } = SVG_GEOMETRY;

function circle(attrs: Record<string, string | number>): SVGCircleElement {
  const el = document.createElementNS(SVG, 'circle');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** Redraws an opening board's discs and last-move mark for the line's first `ply` moves. */
export function drawLine(svg: SVGSVGElement, moves: readonly string[], ply: number): void {
  const r = replay(moves.slice(0, ply).join(''));
  const board = toBoardString(r.position);
  for (const old of $$('[data-disc], [data-mark=placed]', svg)) old.remove();
  for (let sq = 0; sq < 64; sq++) {
    const ch = board[sq];
    if (ch !== 'B' && ch !== 'W') continue;
    const black = ch === 'B';
    svg.append(
      circle({ cx: L + (sq & 7) * C + C / 2, cy: L + (sq >> 3) * C + C / 2, r: 16, fill: black ? '#111' : '#f6f6f1', stroke: black ? '#000' : '#555', 'stroke-width': 1, 'data-square': squareName(sq), 'data-disc': black ? 'black' : 'white' }),
    );
  }
  if (ply > 0) {
    const last = moves[ply - 1];
    const sq = parseSquare(last) ?? -1;
    svg.append(circle({ cx: L + (sq & 7) * C + C / 2, cy: L + (sq >> 3) * C + C / 2, r: 5, fill: '#e5484d', 'data-mark': 'placed', 'data-square': last }));
  }
}

function startOne(figure: HTMLElement): void {
  const moves = (figure.dataset.line ?? '').match(/../g) ?? [];
  const svg = $<SVGSVGElement>('svg', figure);
  const steps = $('[data-part=opening-steps]', figure);
  const label = $('[data-part=opening-step]', figure);
  const title = svg.querySelector('title');
  const desc = svg.querySelector('desc');
  const items = $$('[data-part=opening-moves] li', figure);
  let ply = moves.length;
  const set = (next: number) => {
    ply = Math.max(0, Math.min(moves.length, next));
    drawLine(svg, moves, ply);
    const where = ply === 0 ? msg('replay.start') : msg('replay.position', { at: ply, total: moves.length });
    label.textContent = where;
    if (title) title.textContent = `${figure.dataset.name ?? ''}: ${where}`;
    if (desc) desc.textContent = moves.slice(0, ply).join(' ');
    items.forEach((li, i) => li.toggleAttribute('data-current', i === ply - 1));
    figure.dataset.ply = String(ply);
  };
  steps.addEventListener('click', (ev) => {
    const step = (ev.target as Element).closest('[data-step]')?.getAttribute('data-step');
    if (step === 'first') set(0);
    else if (step === 'back') set(ply - 1);
    else if (step === 'forward') set(ply + 1);
    else if (step === 'last') set(moves.length);
  });
  steps.hidden = false;
  figure.dataset.ply = String(ply);
}

export function startOpenings(root: HTMLElement): void {
  for (const figure of $$('[data-part=opening]', root)) startOne(figure);
}
