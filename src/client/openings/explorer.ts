/**
 * The /explorer page: the board of the position (the game's board component: one tab stop, arrow
 * keys, Enter or Space) made playable on its legal squares; a move loads the next position's page
 * (/explorer?moves=…, which the server renders with its figures), so the browser's Back goes back
 * a move. The table's links do the same without the script.
 */
import { parseSquare } from '../../engine/notation';
import { mountBoard } from '../common/board';
import { part } from '../common/dom';

export function startExplorer(root: HTMLElement): void {
  const el = part('explorer-board', root);
  const line = el.dataset.line ?? '';
  const legal = (el.dataset.legal ?? '').split(' ').filter((s) => s !== '');
  const toMove = el.dataset.toMove === 'black' || el.dataset.toMove === 'white' ? el.dataset.toMove : null;
  const board = mountBoard(el, {
    onSquare: (sq) => {
      if (!legal.includes(sq)) return;
      board.render({ board: el.dataset.board ?? '', legal, playable: legal, last: null, interactive: false, color: toMove, busy: true });
      window.location.assign(`/explorer?moves=${line}${sq}`);
    },
    focus: (legal.length > 0 ? parseSquare(legal[0]) : null) ?? 19,
  });
  const lastMove = line.length >= 2 ? line.slice(-2) : null;
  board.render({ board: el.dataset.board ?? '', legal, playable: legal, last: lastMove, interactive: legal.length > 0, color: toMove, busy: false });
}
