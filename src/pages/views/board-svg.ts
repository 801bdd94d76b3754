/**
 * Board diagrams as inline SVG, drawn by the server from a diagram's data (../domain/diagrams.ts,
 * computed by the engine): never a hand-drawn picture. Pure string building, no framework.
 *
 * The picture: files a–h left to right, ranks 1–8 top to bottom (as everywhere on the site); dots
 * on legal squares, a red dot on the disc just placed, gold rings around the discs it flipped, a
 * gold line along each outflanked line, a gold frame around a corner that can never flip. Every
 * drawn disc and mark carries data-square (and data-disc or data-mark), so tests can check the
 * picture against the engine. Colours are presentation attributes (no style attribute: the CSP
 * allows no inline style); labels use currentColor, set by the stylesheet.
 */
import type { BoardDiagram } from '../domain/diagrams.js';
import { escapeHtml } from './format.js';

/** Geometry of the picture (user units of the viewBox). */
export const SVG_GEOMETRY = Object.freeze({ label: 20, cell: 40, margin: 4 });

const { label: L, cell: C, margin: M } = SVG_GEOMETRY;
const SIZE = L + 8 * C + M;
const FILES = 'abcdefgh';
const GOLD = '#f5c542';

const nameOf = (sq: number): string => FILES[sq & 7] + String((sq >> 3) + 1);
const cx = (sq: number): number => L + (sq & 7) * C + C / 2;
const cy = (sq: number): number => L + (sq >> 3) * C + C / 2;

export interface DiagramText {
  /** Short name of the picture (the SVG's <title>). */
  title: string;
  /** What it shows, in full sentences (the SVG's <desc>): the text alternative. */
  desc: string;
}

function grid(): string {
  let d = '';
  for (let i = 1; i < 8; i++) {
    d += `M${L + i * C} ${L}V${L + 8 * C}M${L} ${L + i * C}H${L + 8 * C}`;
  }
  return `<path d="${d}" stroke="#0f4d2f" stroke-width="1.5"/>`;
}

function labels(): string {
  let out = '';
  for (let i = 0; i < 8; i++) {
    out += `<text x="${L + i * C + C / 2}" y="${L - 6}" text-anchor="middle">${FILES[i]}</text>`;
    out += `<text x="${L / 2}" y="${L + i * C + C / 2 + 4.5}" text-anchor="middle">${i + 1}</text>`;
  }
  return `<g class="board-svg-labels" fill="currentColor" font-size="13" font-weight="600" aria-hidden="true">${out}</g>`;
}

function discs(board: string): string {
  let out = '';
  for (let sq = 0; sq < 64; sq++) {
    const ch = board[sq];
    if (ch !== 'B' && ch !== 'W') continue;
    const black = ch === 'B';
    out +=
      `<circle cx="${cx(sq)}" cy="${cy(sq)}" r="16" fill="${black ? '#111' : '#f6f6f1'}" stroke="${black ? '#000' : '#555'}" stroke-width="1"` +
      ` data-square="${nameOf(sq)}" data-disc="${black ? 'black' : 'white'}"/>`;
  }
  return out;
}

/** The SVG of one diagram. `id` must be unique in the page (it names the title and desc). */
export function renderBoardSvg(diagram: BoardDiagram, text: DiagramText, id: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(id)) throw new RangeError(`diagram id must be lower-case letters, digits and dashes: ${id}`);
  if (diagram.board.length !== 64) throw new RangeError('a diagram board has 64 squares');
  const marks: string[] = [];
  for (const sq of diagram.corners) {
    marks.push(`<rect x="${cx(sq) - C / 2 + 2}" y="${cy(sq) - C / 2 + 2}" width="${C - 4}" height="${C - 4}" rx="3" fill="none" stroke="${GOLD}" stroke-width="3" data-mark="corner" data-square="${nameOf(sq)}"/>`);
  }
  for (const line of diagram.lines) {
    marks.push(
      `<line x1="${cx(line.from)}" y1="${cy(line.from)}" x2="${cx(line.to)}" y2="${cy(line.to)}" stroke="${GOLD}" stroke-width="3" stroke-linecap="round" stroke-opacity="0.85"` +
        ` data-mark="line" data-from="${nameOf(line.from)}" data-to="${nameOf(line.to)}"/>`,
    );
  }
  for (const sq of diagram.flipped) {
    marks.push(`<circle cx="${cx(sq)}" cy="${cy(sq)}" r="18" fill="none" stroke="${GOLD}" stroke-width="3" data-mark="flipped" data-square="${nameOf(sq)}"/>`);
  }
  for (const sq of diagram.legal) {
    const fill = diagram.toMove === 'black' ? '#111' : '#fff';
    marks.push(`<circle cx="${cx(sq)}" cy="${cy(sq)}" r="6" fill="${fill}" fill-opacity="0.55" data-mark="legal" data-square="${nameOf(sq)}"/>`);
  }
  if (diagram.placed !== null) {
    marks.push(`<circle cx="${cx(diagram.placed)}" cy="${cy(diagram.placed)}" r="5" fill="#e5484d" data-mark="placed" data-square="${nameOf(diagram.placed)}"/>`);
  }
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="board-svg" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-labelledby="${titleId}" aria-describedby="${descId}" focusable="false"` +
    ` data-diagram="${escapeHtml(diagram.key)}" data-to-move="${diagram.toMove}">` +
    `<title id="${titleId}">${escapeHtml(text.title)}</title>` +
    `<desc id="${descId}">${escapeHtml(text.desc)}</desc>` +
    `<rect x="${L}" y="${L}" width="${8 * C}" height="${8 * C}" rx="4" fill="#1f7a4d"/>` +
    grid() +
    labels() +
    discs(diagram.board) +
    marks.join('') +
    '</svg>'
  );
}
