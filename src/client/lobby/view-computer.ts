/**
 * The lobby's "Play the computer" card (./computer.ts's controller) and the custom clock fields
 * of the forms that take one (the room and the computer: the queues' pools are the presets).
 */
import { $, $$, part, parts, show, text } from '../common/dom';
import { show as say } from '../common/messages';
import { customClock, type ComputerColor, type ComputerController, type ComputerLobby } from './computer';

/** The clock a form's select and custom fields name: "5+3", null for none, undefined for a custom clock out of bounds. */
export function formClock(form: HTMLFormElement): string | null | undefined {
  const select = form.elements.namedItem('clock') as HTMLSelectElement;
  if (select.value !== 'custom') return select.value || null;
  const minutes = form.elements.namedItem('clockMinutes') as HTMLInputElement;
  const increment = form.elements.namedItem('clockIncrement') as HTMLInputElement;
  return customClock(minutes.value, increment.value) ?? undefined;
}

/** Shows a form's custom clock fields while "Custom" is chosen. */
export function syncCustomClock(form: HTMLFormElement): void {
  const select = form.elements.namedItem('clock') as HTMLSelectElement;
  const fields = $<HTMLFieldSetElement>('.pl-custom-clock', form);
  const wasHidden = fields.hidden;
  show(fields, select.value === 'custom');
  // Choosing "Custom" takes the keyboard to its first field.
  if (wasHidden && !fields.hidden && document.activeElement === select) $<HTMLInputElement>('input', fields).focus();
}

export function mountComputerCard(root: HTMLElement, lobby: ComputerLobby, c: ComputerController): { render(): void } {
  const form = $<HTMLFormElement>('#computer-form', root);
  const card = form.closest('section') ?? root;
  const flash = $('[data-flash]', card);

  function render(): void {
    const signedIn = !!lobby.s.me;
    for (const b of $$<HTMLButtonElement>('button[type=submit]', form)) b.disabled = !signedIn || c.busy || lobby.inGame;
    for (const el of parts('in-game-note', card)) show(el, lobby.inGame);
    const m = c.message;
    text(flash, m ? say(m.text) : '');
    flash.classList.toggle('pl-info', !!m?.info);
    show(flash, !!m);
    syncCustomClock(form);
  }

  form.addEventListener('change', () => syncCustomClock(form));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const color = ($<HTMLInputElement>('[name=color]:checked', form).value || 'random') as ComputerColor;
    void c.start({
      level: Number((form.elements.namedItem('level') as HTMLSelectElement).value),
      clock: formClock(form),
      color,
      showLegalMoves: (form.elements.namedItem('showLegalMoves') as HTMLInputElement).checked,
    });
  });

  // The home page's "Play the computer" leads here (/play#computer): once signed in, the card is in view.
  let arrived = false;
  const scrollOnce = () => {
    if (arrived || location.hash !== '#computer' || !lobby.s.me) return;
    arrived = true;
    card.scrollIntoView({ block: 'start' });
    (form.elements.namedItem('level') as HTMLSelectElement).focus({ preventScroll: true });
  };
  return {
    render() {
      render();
      scrollOnce();
    },
  };
}

/** The alerts card: browser notifications (opt-in) and the match-found sound (on by default). */
export function mountAlertsCard(
  root: HTMLElement,
  alerts: {
    state(): 'on' | 'off' | 'blocked' | 'unsupported';
    set(on: boolean): Promise<unknown>;
    soundOn(): boolean;
    setSound(on: boolean): void;
  },
  msg: (key: 'notify.on' | 'notify.off' | 'notify.blocked' | 'notify.unsupported' | 'sound.match.on' | 'sound.match.off') => string,
): void {
  const toggle = part<HTMLButtonElement>('notify-toggle', root);
  const sound = part<HTMLButtonElement>('match-sound-toggle', root);
  const status = part('notify-status', root);
  const render = () => {
    const state = alerts.state();
    const on = state === 'on';
    toggle.setAttribute('aria-pressed', String(on));
    text(toggle, msg(on ? 'notify.on' : 'notify.off'));
    toggle.disabled = state === 'unsupported';
    const why = state === 'blocked' ? msg('notify.blocked') : state === 'unsupported' ? msg('notify.unsupported') : '';
    text(status, why);
    show(status, !!why);
    sound.setAttribute('aria-pressed', String(alerts.soundOn()));
    text(sound, msg(alerts.soundOn() ? 'sound.match.on' : 'sound.match.off'));
  };
  toggle.addEventListener('click', async () => {
    await alerts.set(alerts.state() !== 'on');
    render();
  });
  sound.addEventListener('click', () => {
    alerts.setSound(!alerts.soundOn());
    render();
  });
  render();
}
