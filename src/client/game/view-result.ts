/** The result banner, and the actions: abort, resign (two clicks), rematch by consent, play again. */
import { h, part, show, text } from '../common/dom';
import { msg, show as say } from '../common/messages';
import { actionsView, rematchView, resultView, type GameController } from './state';

const RESIGN_ARMED_MS = 4000;

export function mountResult(root: HTMLElement, c: GameController): { render(now: number): void } {
  const s = c.s;
  const banner = part('result-banner', root);
  const abort = part<HTMLButtonElement>('abort-button', root);
  const resign = part<HTMLButtonElement>('resign-button', root);
  const rematch = part<HTMLButtonElement>('rematch-button', root);
  const decline = part<HTMLButtonElement>('rematch-decline', root);
  const rematchStatus = part('rematch-status', root);
  const again = part<HTMLAnchorElement>('play-again', root);
  let resignTimer: ReturnType<typeof setTimeout> | undefined;

  const ratingHelp = part('result-rating-help', root);

  function renderResult(): void {
    const r = resultView(s);
    show(banner, !!r);
    if (!r) return;
    // Old → new ratings, and what they mean, once a rated game is over.
    show(ratingHelp, !!r.changes);
    banner.className = 'pl-result ' + r.tone;
    text(part('result-title', banner), say(r.title));
    text(part('result-detail', banner), say(r.detail));
    text(part('result-score', banner), say(r.score));
    const changes = part('rating-changes', banner);
    changes.textContent = '';
    if (r.changes) {
      for (const ch of r.changes) changes.append(h('span', { class: ch.direction === 'up' ? 'pl-up' : ch.direction === 'down' ? 'pl-down' : '' }, say(ch.text)));
    } else changes.append(h('span', { class: 'pl-hint' }, r.rated ? (r.voided ? msg('game.result.voided') : '') : msg('game.result.casual')));
  }

  function render(now: number): void {
    renderResult();
    const a = actionsView(s);
    show(abort, a.abort);
    abort.disabled = s.pending.has('abort');
    show(resign, a.resign);
    resign.disabled = s.pending.has('resign');
    show(again, !!a.playAgain);
    if (a.playAgain) again.href = a.playAgain;
    const rv = rematchView(s, now);
    show(rematch, !!rv.button);
    if (rv.button) text(rematch, say(rv.button));
    rematch.disabled = s.pending.has('rematch');
    show(decline, !!rv.decline);
    if (rv.decline) text(decline, say(rv.decline));
    decline.disabled = s.pending.has('decline');
    show(rematchStatus, !!rv.status);
    if (rv.status) text(rematchStatus, say(rv.status));
  }

  const disarm = () => {
    clearTimeout(resignTimer);
    resign.classList.remove('pl-armed');
    text(resign, msg('game.resign'));
  };
  resign.addEventListener('click', () => {
    // Two clicks (no native dialog): the first arms the button for a few seconds.
    if (!resign.classList.contains('pl-armed')) {
      resign.classList.add('pl-armed');
      text(resign, msg('game.resign.confirm'));
      clearTimeout(resignTimer);
      resignTimer = setTimeout(disarm, RESIGN_ARMED_MS);
      return;
    }
    disarm();
    void c.resign();
  });
  abort.addEventListener('click', () => void c.abort());
  rematch.addEventListener('click', () => void c.rematch());
  decline.addEventListener('click', () => void c.declineRematch());
  return { render };
}
