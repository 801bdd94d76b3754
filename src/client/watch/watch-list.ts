/** "Watch": the live games (GET /api/games?status=active), each linking to its board; refreshed every 15 s. */
import { api, type GameSummary } from '../api';
import { $, h, show, text } from '../lib/dom';
import { gameHref, rating } from '../lib/format';

const REFRESH_MS = 15_000;

function item(g: GameSummary): HTMLElement {
  const seat = (p: GameSummary['black'], color: 'black' | 'white') =>
    h('span', { class: 'pl-watch-seat' }, h('span', { class: `pl-dot pl-dot-${color}`, 'aria-hidden': 'true' }), `${p.username} (${rating(p.rating)})`);
  return h(
    'li',
    {},
    h(
      'a',
      { href: gameHref(g.id), 'data-testid': 'watch-game', 'data-game-id': g.id },
      seat(g.black, 'black'),
      h('span', { class: 'pl-vs' }, 'vs'),
      seat(g.white, 'white'),
      h('span', { class: 'pl-watch-meta' }, `${g.rated ? 'Rated' : 'Casual'} · move ${g.ply + 1}`),
    ),
  );
}

export function mountWatchList(box: HTMLElement): void {
  const ul = $('ul', box);
  const empty = $('[data-testid=watch-empty]', box);
  let timer: ReturnType<typeof setTimeout> | undefined;
  async function load(): Promise<void> {
    clearTimeout(timer);
    try {
      const { games } = await api.liveGames(12);
      ul.textContent = '';
      for (const g of games) ul.append(item(g));
      show(empty, games.length === 0);
      text(empty, 'No live games right now. Start one!');
      box.setAttribute('data-state', 'loaded');
    } catch (e) {
      show(empty, true);
      text(empty, (e as Error).message);
      box.setAttribute('data-state', 'error');
    } finally {
      if (!document.hidden) timer = setTimeout(() => void load(), REFRESH_MS);
    }
  }
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) void load();
  });
  void load();
}
