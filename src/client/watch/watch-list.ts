/** "Watch": the live games (GET /api/games?status=active), each linking to its board; refreshed every 15 s. */
import { $, h, part, show, text } from '../common/dom';
import { ratingLabel } from '../../ratings/domain/rating-label';
import { gameHref } from '../common/format';
import { msg } from '../common/messages';
import { api, type GameSummary } from '../transport/api';
import { OPENINGS } from '../../openings/domain/openings';

const REFRESH_MS = 15_000;

/** "alice (1500?)"; a guest's name alone (no rating to show). */
function seatText(p: GameSummary['black']): string {
  const label = ratingLabel(p);
  return label === null ? p.username : msg('watch.seat', { name: p.username, rating: label });
}

/** "Opening: Tiger" in the page's language (the API names it in English: the shared table gives its id), or null. */
function openingPart(g: GameSummary): HTMLElement | null {
  const opening = g.opening ? OPENINGS.find((o) => o.name === g.opening) : undefined;
  if (!opening) return null;
  const name = msg(`opening.name.${opening.id}` as Parameters<typeof msg>[0]);
  return h('span', { class: 'pl-watch-opening', 'data-opening': opening.id }, msg('opening.label', { name }));
}

function item(g: GameSummary): HTMLElement {
  const seat = (p: GameSummary['black'], color: 'black' | 'white') =>
    h('span', { class: 'pl-watch-seat' }, h('span', { class: `pl-dot pl-dot-${color}`, 'aria-hidden': 'true' }), seatText(p));
  const opening = openingPart(g);
  return h(
    'li',
    {},
    h(
      'a',
      { href: gameHref(g.id), 'data-game-id': g.id },
      seat(g.black, 'black'),
      h('span', { class: 'pl-vs' }, msg('watch.vs')),
      seat(g.white, 'white'),
      ...(opening ? [opening] : []),
      h('span', { class: 'pl-watch-meta' }, msg('watch.meta', { rated: g.rated, move: g.ply + 1 })),
    ),
    // A challenge to either player: the form on their page (a link of its own: links do not nest).
    h('span', { class: 'pl-watch-challenge' }, challengeLink(g.black.username), ' ', challengeLink(g.white.username)),
  );
}

const challengeLink = (name: string): HTMLElement =>
  h('a', { href: `/players/${encodeURIComponent(name)}#challenge`, 'data-part': 'watch-challenge' }, msg('challenge.title', { name }));

export function mountWatchList(box: HTMLElement): void {
  const ul = $('ul', box);
  const empty = part('watch-empty', box);
  let timer: ReturnType<typeof setTimeout> | undefined;
  async function load(): Promise<void> {
    clearTimeout(timer);
    try {
      const { games } = await api.liveGames(12);
      ul.textContent = '';
      for (const g of games) ul.append(item(g));
      show(empty, games.length === 0);
      text(empty, msg('watch.none'));
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
