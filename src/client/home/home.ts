/** The home page: "Play now" and the live games to watch (the leaderboard is server-rendered). */
import { mountWatchList } from '../watch/watch-list';

export function startHome(root: HTMLElement): void {
  const watch = root.querySelector<HTMLElement>('[data-part=watch-list]');
  if (watch) mountWatchList(watch);
}
