/**
 * The board component: 64 square buttons (a1 top-left, as the API names them), rendered from a
 * BoardModel, with one tab stop moved by the arrow keys (roving tabindex); Enter or Space plays
 * the focused square (it is a button). It touches only its own element, and says which square was
 * chosen through `onSquare`; what a choice means is the page's business. Used by /play/:id (and
 * the lessons). The squares are those the server rendered into `el`, or made here when it has none.
 */
import { msg } from './messages';
import { parseSquare, squareName, step } from './position';

export type Disc = 'black' | 'white' | '';

export interface BoardModel {
  /** 64 characters B / W / . in API order. */
  readonly board: string;
  /** Squares marked with a light dot (legal moves shown to the player to move). */
  readonly legal: readonly string[];
  /** Squares a click plays. */
  readonly playable: readonly string[];
  /** The last move's square, marked. */
  readonly last: string | null;
  /** The viewer may play on this board now. */
  readonly interactive: boolean;
  /** The viewer's colour (the hover preview's colour), or null. */
  readonly color: 'black' | 'white' | null;
  /** A request or an update is on its way: no play until it is settled. */
  readonly busy: boolean;
  /** The viewer's move on its way to the server, shown at once as a pending disc (in `color`). */
  readonly pending?: string | null;
}

export interface BoardOptions {
  /** A square was clicked (or played from the keyboard). */
  onSquare(square: string): void;
  /** The square with the tab stop at the start (d3). */
  focus?: number;
}

export interface Board {
  render(model: BoardModel): void;
  readonly element: HTMLElement;
}

const DISC: Record<string, Disc> = { B: 'black', W: 'white' };

export function mountBoard(el: HTMLElement, opts: BoardOptions): Board {
  let focus = opts.focus ?? 19;
  let squares = Array.from(el.querySelectorAll<HTMLButtonElement>('button[data-square]'));
  if (squares.length !== 64) {
    el.textContent = '';
    squares = Array.from({ length: 64 }, (_, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'pl-sq';
      b.setAttribute('data-square', squareName(i));
      b.setAttribute('data-disc', '');
      b.tabIndex = i === focus ? 0 : -1;
      const piece = document.createElement('span');
      piece.className = 'pl-piece';
      b.append(piece);
      el.append(b);
      return b;
    });
  }

  el.addEventListener('click', (ev) => {
    const sq = (ev.target as Element).closest<HTMLElement>('[data-square]')?.getAttribute('data-square');
    if (!sq) return;
    focus = parseSquare(sq) ?? focus;
    opts.onSquare(sq);
  });
  el.addEventListener('keydown', (ev) => {
    const next = step(focus, ev.key);
    if (next === focus) return;
    ev.preventDefault();
    focus = next;
    squares.forEach((b, i) => (b.tabIndex = i === next ? 0 : -1));
    squares[next].focus();
  });

  return {
    element: el,
    render(m: BoardModel): void {
      squares.forEach((b, i) => {
        const disc = DISC[m.board.charAt(i)] ?? '';
        const prev = b.getAttribute('data-disc') ?? '';
        if (prev !== disc) {
          b.setAttribute('data-disc', disc);
          b.classList.toggle('pl-new', prev === '' && disc !== '');
          // A flipped disc turns over (CSS skips it under prefers-reduced-motion).
          b.classList.toggle('pl-flip', prev !== '' && disc !== '');
        }
        const sq = squareName(i);
        const legal = m.legal.includes(sq);
        b.setAttribute('data-legal', legal ? 'true' : 'false');
        b.setAttribute('data-playable', m.playable.includes(sq) ? 'true' : 'false');
        b.setAttribute('data-last', sq === m.last ? 'true' : 'false');
        if (sq === m.pending) b.setAttribute('data-pending', 'true');
        else b.removeAttribute('data-pending');
        const label = disc ? (disc === 'black' ? 'board.square.black' : 'board.square.white') : legal ? 'board.square.legal' : 'board.square.empty';
        b.setAttribute('aria-label', msg(label, { square: sq }));
        b.tabIndex = i === focus ? 0 : -1;
      });
      el.setAttribute('data-interactive', m.interactive ? 'true' : 'false');
      el.setAttribute('data-color', m.color ?? '');
      el.setAttribute('data-busy', m.busy ? 'true' : 'false');
    },
  };
}

/** Marks a square briefly (a refused click). */
export function markSquare(board: Board, square: string): void {
  const b = board.element.querySelector<HTMLElement>(`[data-square="${square}"]`);
  if (!b) return;
  b.setAttribute('data-bad', 'true');
  setTimeout(() => b.removeAttribute('data-bad'), 1200);
}

/** The smallest board side the fitting leaves (px): below it, the page scrolls instead. */
const MIN_BOARD = 240;
/** Room kept free under what must stay visible (px). */
const MARGIN = 8;

/**
 * Sizes a board's frame (its coordinates and the board) to the viewport: as wide as its column
 * allows, and no taller than the height the viewport has below what stands above it (the header,
 * the seats, a banner), less `below` px that must stay visible under it (the replay buttons) and
 * `reserve` px kept for a banner that may come (a pass). Measured, since the header's height
 * depends on the language and the width; call it after each render and on resize.
 */
export function fitBoard(frame: HTMLElement, below = 0, reserve = 0): void {
  const top = frame.getBoundingClientRect().top + window.scrollY;
  const free = window.innerHeight - top - below - reserve - MARGIN;
  const side = `${Math.max(MIN_BOARD, Math.floor(free))}px`;
  if (frame.style.maxWidth !== side) frame.style.maxWidth = side;
}

/**
 * Calls `fit` whenever the page's layout may have moved the board: the window or the page changes
 * size (a banner shows, a web font arrives and the header grows). A fit that changes nothing
 * changes no size, so this settles.
 */
export function keepFitted(fit: () => void): void {
  new ResizeObserver(() => fit()).observe(document.body);
  void document.fonts?.ready.then(fit);
}

/** The height an element takes in the flow with its margins (0 when hidden). */
export function outerHeight(el: HTMLElement): number {
  if (el.hidden) return 0;
  const cs = getComputedStyle(el);
  return el.getBoundingClientRect().height + parseFloat(cs.marginTop) + parseFloat(cs.marginBottom);
}
