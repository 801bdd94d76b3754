/** The move list and, once the game is over, the replay controls (a move in the list shows the board after it). */
import { h, part, parts, show, text } from '../common/dom';
import { msg, show as say } from '../common/messages';
import { parseSquare } from '../common/position';
import { nameOpening } from '../../openings/domain/openings';
import { countMoves, replayView, type GameController } from './state';

export function mountMoveList(root: HTMLElement, c: GameController): { render(): void } {
  const s = c.s;
  const ol = part('move-list', root);
  const buttons = {
    first: part<HTMLButtonElement>('replay-first', root),
    prev: part<HTMLButtonElement>('replay-prev', root),
    next: part<HTMLButtonElement>('replay-next', root),
    last: part<HTMLButtonElement>('replay-last', root),
  };
  /** What the list was last drawn for: its length and whether the game was over (its moves are then buttons). */
  let drawn = { count: -1, over: false };

  function renderList(over: boolean): void {
    const list = s.moves.filter(Boolean);
    drawn = { count: list.length, over };
    ol.textContent = '';
    for (const m of list) {
      const sq = h('span', m.pass ? { class: 'pl-pass' } : {}, m.pass ? msg('moves.pass') : (m.square ?? ''));
      const bits: (Node | string)[] = [
        h('span', { class: 'pl-n' }, String(m.ply + 1)),
        h('span', { class: 'pl-dot pl-dot-' + m.color, role: 'img', 'aria-label': msg('color.name', { color: m.color }) }),
        sq,
      ];
      if (m.by === 'cpu') bits.push(h('span', { class: 'pl-by-cpu', title: msg('moves.cpu.title') }, msg('moves.cpu')));
      // A pass's word is longer than a square's ("zamu imerukwa"): its item takes two cells.
      const attrs = { 'data-part': 'move-item', 'data-ply': String(m.ply), ...(m.pass ? { class: 'pl-pass-item' } : {}) };
      ol.append(over ? h('li', attrs, h('button', { type: 'button', class: 'pl-move-btn' }, ...bits)) : h('li', attrs, ...bits));
    }
    // The opening: the longest named line the moves followed (the shared table), linked to its page.
    const opening = nameOpening(list.flatMap((m) => (m.pass || !m.square ? [] : [parseSquare(m.square)!])));
    const openingEl = part('game-opening', root);
    openingEl.textContent = '';
    if (opening) {
      const name = msg(`opening.name.${opening.id}` as Parameters<typeof msg>[0]);
      openingEl.append(h('a', { href: `/openings#opening-${opening.id}` }, msg('opening.label', { name })));
    }
    openingEl.setAttribute('data-opening', opening?.id ?? '');
    show(openingEl, opening !== null);
    show(part('no-moves', root), list.length === 0);
    text(part('move-count', root), list.length ? msg('moves.count', { count: list.length }) : '');
    ol.scrollTop = ol.scrollHeight;
  }

  function render(): void {
    const g = s.game!;
    const over = g.status !== 'active';
    if (countMoves(s) !== drawn.count || over !== drawn.over) renderList(over);
    const v = replayView(s);
    show(part('replay', root), v.on);
    root.setAttribute('data-view', s.view === null ? 'final' : String(s.view));
    if (!v.on) return;
    text(part('replay-position', root), say(v.position));
    buttons.first.disabled = buttons.prev.disabled = v.at === 0;
    buttons.next.disabled = buttons.last.disabled = v.at === v.total;
    let shown: HTMLElement | null = null;
    for (const li of parts('move-item', ol)) {
      const here = Number(li.getAttribute('data-ply')) === v.at - 1;
      li.classList.toggle('pl-current', here);
      const button = li.querySelector('button');
      if (here) {
        shown = li;
        button?.setAttribute('aria-current', 'step');
      } else button?.removeAttribute('aria-current');
    }
    if (shown !== null) follow(shown);
    else if (v.at === 0) ol.scrollTop = 0;
  }

  /** Scrolls the list (not the page) so that the replay's current move is in view. */
  function follow(li: HTMLElement): void {
    const box = ol.getBoundingClientRect();
    const item = li.getBoundingClientRect();
    if (item.top < box.top) ol.scrollTop -= box.top - item.top;
    else if (item.bottom > box.bottom) ol.scrollTop += item.bottom - box.bottom;
  }

  const at = () => s.view ?? countMoves(s);
  buttons.first.addEventListener('click', () => c.goTo(0));
  buttons.prev.addEventListener('click', () => c.goTo(at() - 1));
  buttons.next.addEventListener('click', () => c.goTo(at() + 1));
  buttons.last.addEventListener('click', () => c.goTo(countMoves(s)));
  ol.addEventListener('click', (ev) => {
    const li = (ev.target as Element).closest('[data-part=move-item]');
    if (li && s.game && s.game.status !== 'active') c.goTo(Number(li.getAttribute('data-ply')) + 1);
  });
  return { render };
}
