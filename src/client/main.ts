/**
 * The one script of every page (served as /assets/client-<hash>.js, CSP script-src 'self'): it
 * finds which page it is on by the shell's root element and starts that page's module.
 */
import { onConnectionState } from './transport/api';
import { show } from './common/dom';
import { mountChallengeForm } from './challenges/challenges';
import { startGame } from './game/game';
import { startHome } from './home/home';
import { startLearn } from './learn/learn';
import { startLobby } from './lobby/lobby';
import { startMod } from './mod/mod';
import { startNotices } from './notices/notices';
import { startExplorer } from './openings/explorer';
import { startOpenings } from './openings/openings';
import { startRetry } from './retry';
import { startStrategy } from './strategy/strategy';
import { startTimes } from './common/times';
import { showModLink } from './common/mod-link';
import { followRememberedLanguage } from './language/preference';

function connectionBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-part=server-status]');
  if (!banner) return;
  onConnectionState((state) => {
    if (state === 'unavailable') show(banner, true);
    else if (state === 'available') show(banner, false);
  });
}

function main(): void {
  followRememberedLanguage();
  connectionBanner();
  const challenge = document.getElementById('challenge');
  if (challenge) mountChallengeForm(challenge);
  const lobby = document.getElementById('play-lobby');
  if (lobby) startLobby(lobby);
  const game = document.getElementById('play-game');
  if (game) startGame(game);
  const learn = document.getElementById('learn');
  if (learn) startLearn(learn);
  const home = document.getElementById('home');
  if (home) startHome(home);
  const openings = document.getElementById('openings');
  if (openings) startOpenings(openings);
  const explorer = document.getElementById('explorer');
  if (explorer) startExplorer(explorer);
  const strategy = document.getElementById('strategy');
  if (strategy) startStrategy(strategy);
  const mod = document.getElementById('mod-root');
  if (mod) startMod(mod);
  const container = document.querySelector<HTMLElement>('main');
  if (container) startNotices(container);
  const retry = document.querySelector<HTMLElement>('[data-part=error-retry]');
  if (retry) startRetry(retry);
  startTimes(document);
  showModLink();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', main);
else main();
