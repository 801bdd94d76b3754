/** The lobby (/play): wires the transport to the controller (./state.ts) and the controller to the views (./view.ts). */
import { followSavedLanguage } from '../i18n/preference';
import { $ } from '../common/dom';
import { validRoomCode } from '../common/format';
import { readSettings } from '../common/settings';
import { api } from '../transport/api';
import { followMe } from '../transport/events';
import { mountChallengeList } from '../challenges/challenges';
import { mountWatchList } from '../watch/watch-list';
import { LobbyController } from './state';
import { mountLobbyView } from './view';

export function startLobby(root: HTMLElement): void {
  let view: { render(): void } | null = null;
  const controller = new LobbyController(readSettings(root), { api, followMe }, {
    changed: () => view?.render(),
    navigate: (href) => void (location.href = href),
    signedIn: followSavedLanguage,
  });
  view = mountLobbyView(root, controller);

  const challenges = root.querySelector<HTMLElement>('[data-part=challenges]');
  if (challenges) mountChallengeList(challenges);
  const watch = root.querySelector<HTMLElement>('[data-part=watch-list]');
  if (watch) mountWatchList(watch);
  const q = new URLSearchParams(location.search);
  const again = { mode: q.get('again'), turn: q.get('turn'), clock: q.get('clock') };
  if (again.mode) history.replaceState(null, '', '/play');
  const join = q.get('join');
  if (validRoomCode(join)) ($<HTMLFormElement>('#join-form', root).elements.namedItem('code') as HTMLInputElement).value = join.trim().toUpperCase();
  void controller.start(again, join);
}
