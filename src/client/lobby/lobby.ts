/** The lobby (/play): wires the transport to the controller (./state.ts) and the controller to the views (./view.ts). */
import { followSavedLanguage } from '../language/preference';
import { $ } from '../common/dom';
import { leave } from '../common/leave';
import { validRoomCode } from '../common/format';
import { readSettings } from '../common/settings';
import { gameHref } from '../common/format';
import { markMatchFound, notificationState, notifyMatchFound, setNotifications } from '../common/notify';
import { matchSoundOn, setMatchSound } from '../common/sound';
import { msg } from '../common/messages';
import { ComputerController } from './computer';
import { mountAlertsCard, mountComputerCard } from './view-computer';
import { api } from '../transport/api';
import { followMe } from '../transport/events';
import { mountChallengeList } from '../challenges/challenges';
import { mountWatchList } from '../watch/watch-list';
import { LobbyController } from './state';
import { mountLobbyView } from './view';

export function startLobby(root: HTMLElement): void {
  let view: { render(): void } | null = null;
  let computerCard: { render(): void } | null = null;
  // A match found: the chime on the game page, and a notification while this tab is hidden.
  const followMeAndMatches: typeof followMe = (onEvent, options) =>
    followMe((ev) => {
      if (ev.name === 'matched' && ev.data.gameId) {
        markMatchFound(ev.data.gameId);
        notifyMatchFound(gameHref(ev.data.gameId));
      }
      onEvent(ev);
    }, options);
  const controller = new LobbyController(readSettings(root), { api, followMe: followMeAndMatches }, {
    changed: () => {
      view?.render();
      computerCard?.render();
    },
    navigate: leave,
    signedIn: followSavedLanguage,
  });
  view = mountLobbyView(root, controller);
  const computer = new ComputerController(controller, api, { changed: () => computerCard?.render(), navigate: leave });
  computerCard = mountComputerCard(root, controller, computer);
  computerCard.render();
  mountAlertsCard(root, { state: notificationState, set: setNotifications, soundOn: matchSoundOn, setSound: setMatchSound }, (key) => msg(key));

  const challenges = root.querySelector<HTMLElement>('[data-part=challenges]');
  if (challenges) mountChallengeList(challenges, (gameId, roomCode) => controller.go(gameId, roomCode));
  const watch = root.querySelector<HTMLElement>('[data-part=watch-list]');
  if (watch) mountWatchList(watch);
  const q = new URLSearchParams(location.search);
  const again = { mode: q.get('again'), turn: q.get('turn'), clock: q.get('clock') };
  if (again.mode) history.replaceState(null, '', '/play');
  const join = q.get('join');
  if (validRoomCode(join)) ($<HTMLFormElement>('#join-form', root).elements.namedItem('code') as HTMLInputElement).value = join.trim().toUpperCase();
  void controller.start(again, join);
}
