/**
 * The lobby's views: render the LobbyState into the server's shell (sign-in, the player, the
 * forms, the waiting cards, an invite) and turn the forms' submissions into the controller's
 * commands. The only lobby code that touches the DOM.
 */
import { $, $$, h, part, parts, show, text } from '../common/dom';
import { gameHref, playerHref } from '../common/format';
import { msg, show as say } from '../common/messages';
import { PASSWORD_LENGTH, USERNAME_LENGTH } from '../../players/domain/username';
import { formClock, syncCustomClock } from './view-computer';
import { ladderNote, myRating, queueCooldown, rankedGateNote, queueHeld, queueWindow, RANKED_CLOCK, type LobbyController, type Mode, type Place } from './state';

export function mountLobbyView(root: HTMLElement, c: LobbyController): { render(): void } {
  const s = c.s;
  const forms = {
    auth: $<HTMLFormElement>('#auth-form', root),
    create: $<HTMLFormElement>('#create-form', root),
    join: $<HTMLFormElement>('#join-form', root),
    queue: $<HTMLFormElement>('#queue-form', root),
    account: $<HTMLFormElement>('#password-form', root),
  };
  const field = <T extends HTMLInputElement | HTMLSelectElement>(form: HTMLFormElement, name: string) => form.elements.namedItem(name) as T;
  const invite = part('invite', root);
  const top = part('lobby-error', root);
  const guestButton = part<HTMLButtonElement>('guest-button', root);
  const modeInput = (mode: Mode) => $<HTMLInputElement>(`[name=mode][value=${mode}]`, forms.queue);
  const turnOptions = (form: HTMLFormElement) => field<HTMLSelectElement>(form, 'turnSeconds');
  /** What the turn-limit select says: null (no limit) or seconds. */
  const turnOf = (form: HTMLFormElement): number | null => {
    const v = turnOptions(form).value;
    return v ? Number(v) : null;
  };
  const clockSelect = (form: HTMLFormElement) => field<HTMLSelectElement>(form, 'clock');
  /** The clock picked ("5+3"), or null for none; a custom clock out of bounds goes as typed, for the server to refuse with its rule. */
  const clockOf = (form: HTMLFormElement): string | null => {
    const picked = formClock(form);
    if (picked !== undefined) return picked;
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    return `${field('clockMinutes')}+${field('clockIncrement')}`;
  };
  const checkedMode = (): Mode => ($<HTMLInputElement>('[name=mode]:checked', forms.queue).value === 'ranked' ? 'ranked' : 'unranked');
  /**
   * A ranked game always has a clock: for ranked, "No clock" and the turn limit are off (5+3 is
   * picked if no clock was); a form with a clock picked has no turn limit to choose.
   */
  function syncTimeControls(): void {
    const ranked = checkedMode() === 'ranked';
    const queueClock = clockSelect(forms.queue);
    const none = $<HTMLOptionElement>('option[value=""]', queueClock);
    none.disabled = ranked;
    if (ranked && !queueClock.value) queueClock.value = RANKED_CLOCK;
    show(part('queue-turn-label', root), !ranked && !queueClock.value);
    show(part('room-turn-label', root), !clockSelect(forms.create).value);
    syncCustomClock(forms.create);
  }
  const placeOf: Record<Exclude<Place, 'top'>, HTMLElement> = { auth: forms.auth, account: forms.account, create: forms.create, join: forms.join, queue: forms.queue, invite };
  let choiceShown = '';

  function renderMessage(): void {
    for (const el of $$('[data-flash]', root)) show(el, false);
    const m = s.message;
    const near = m && m.place !== 'top' ? placeOf[m.place] : null;
    const el = near ? $('[data-flash]', near.closest('section') ?? root) : top;
    const value = m ? say(m.text) : '';
    text(el, value);
    el.classList.toggle('pl-info', !!m?.info);
    show(el, !!value);
    if (near) {
      // The top banner mirrors the message (tests and screen readers find it in one place).
      text(top, value);
      top.classList.toggle('pl-info', !!m?.info);
      show(top, false);
    }
  }

  function renderForms(): void {
    const inGame = c.inGame;
    for (const [place, form] of Object.entries(forms) as [Place, HTMLFormElement][]) {
      for (const b of $$<HTMLButtonElement>('button', form)) b.disabled = s.busy.has(place) || (inGame && b.type === 'submit' && place !== 'auth' && place !== 'account');
    }
    for (const el of parts('in-game-note', root)) show(el, inGame);
    guestButton.disabled = s.busy.has('auth');
    for (const b of $$<HTMLButtonElement>('button', invite)) b.disabled = s.busy.has('invite');
  }

  function renderAuth(): void {
    // One form, two modes: logging in, or creating an account with its rules stated up front.
    const register = s.authMode === 'register';
    forms.auth.setAttribute('data-mode', s.authMode);
    part('auth-mode-login', root).setAttribute('aria-pressed', String(!register));
    part('auth-mode-register', root).setAttribute('aria-pressed', String(register));
    show(part('login-button', root), !register);
    show(part('register-button', root), register);
    show(part('username-rule', root), register);
    show(part('password-rule', root), register);
    const username = field<HTMLInputElement>(forms.auth, 'username');
    const password = field<HTMLInputElement>(forms.auth, 'password');
    // Password managers offer a new password only to a field that asks for one.
    password.autocomplete = register ? 'new-password' : 'current-password';
    // The rules as constraint attributes too (the form is checked in the page's language before it
    // is sent: novalidate keeps the browser's own bubbles, in the browser's language, away).
    if (register) {
      username.setAttribute('aria-describedby', 'username-rule');
      password.setAttribute('aria-describedby', 'password-rule');
      username.minLength = USERNAME_LENGTH.min;
      password.minLength = PASSWORD_LENGTH.min;
    } else {
      username.removeAttribute('aria-describedby');
      password.removeAttribute('aria-describedby');
      username.removeAttribute('minlength');
      password.removeAttribute('minlength');
    }
    // On an invite the invite card's guest button is the one way in: no second one here.
    show(part('guest-start', root), !s.invite?.open);
  }

  function renderMe(): void {
    const me = s.me;
    show(part('signed-out', root), !me && s.phase !== 'unavailable' && s.phase !== 'loading');
    show(part('signed-in-area', root), !!me);
    if (!me) return;
    const name = part<HTMLAnchorElement>('me-name', root);
    text(name, me.username);
    name.href = playerHref(me.username);
    show(part('me-guest', root), me.guest);
    // Guests have no password to change: their one token is their account.
    show(part('account', root), !me.guest);
    const r = myRating(s);
    show(part('me-rating-box', root), r !== null);
    text(part('me-rating', root), r ?? '');
    show(part('rating-help', root), r !== null);
    const ladder = ladderNote(s);
    const note = part('ladder-note', root);
    text(note, ladder ? say(ladder) : '');
    show(note, !!ladder);
    // Guests play casual games only: say so rather than grey things out silently.
    modeInput('ranked').disabled = me.guest;
    for (const note of parts('guest-note', root)) show(note, me.guest);
    // A new account: what opens ranked play, and how far it is (the queue would refuse it).
    const gate = rankedGateNote(s, Date.now());
    for (const note of parts('ranked-gate', root)) {
      show(note, !!gate);
      if (gate) text(note, say(gate));
    }
    const box = part('active-games', root);
    const ul = $('ul', box);
    ul.textContent = '';
    for (const g of s.activeGames) ul.append(h('li', {}, h('a', { href: gameHref(g.id) }, msg('lobby.continueGame', { name: g.opponent }))));
    show(box, s.activeGames.length > 0);
  }

  function renderChoice(): void {
    // The form shows the controller's choice when it changes (remembered mode, "Play again").
    const key = `${s.choice.mode}:${s.choice.turnSeconds ?? ''}:${s.choice.clock ?? ''}:${s.me?.guest ?? ''}`;
    if (key === choiceShown) return;
    choiceShown = key;
    modeInput(s.me?.guest ? 'unranked' : s.choice.mode).checked = true;
    turnOptions(forms.queue).value = s.choice.turnSeconds === null ? '' : String(s.choice.turnSeconds);
    clockSelect(forms.queue).value = s.choice.clock ?? '';
    syncTimeControls();
  }

  function renderWaiting(): void {
    const room = s.room;
    show(part('room-waiting', root), !!room);
    show(forms.create, !room);
    if (room) {
      text(part('room-code', root), room.code);
      part<HTMLAnchorElement>('room-invite', root).href = '/play?join=' + encodeURIComponent(room.code);
    }
    const ticket = s.ticket;
    show(part('queue-waiting', root), !!ticket);
    show(forms.queue, !ticket);
    if (ticket) {
      text(part('queue-mode', root), msg('lobby.queue.mode', { mode: ticket.mode }));
      // Ranked pairing looks for close ratings first; the window widens while you wait.
      const win = queueWindow(s);
      const el = part('queue-window', root);
      show(el, !!win);
      if (win) text(el, say(win));
      // A ranked cooldown (too many aborts, games thrown): why, and the time left.
      const cooldown = queueCooldown(s, Date.now());
      const cel = part('queue-cooldown', root);
      show(cel, !!cooldown);
      if (cooldown) text(cel, say(cooldown));
      // Players wait in the range, but a rule keeps each of them from this one: say which, and what to do.
      const held = queueHeld(s);
      const hel = part('queue-held', root);
      show(hel, !!held);
      if (held) text(hel, say(held));
    }
  }

  function renderInvite(): void {
    const inv = s.invite;
    show(invite, !!inv);
    if (!inv) return;
    invite.setAttribute('data-state', inv.broken ? 'broken' : inv.open ? 'open' : 'closed');
    text(part('invite-title', invite), say(inv.title));
    text(part('invite-settings', invite), inv.settings ? say(inv.settings) : '');
    show(part('invite-guest-join', invite), inv.open && !s.me);
    show(part('invite-hint', invite), inv.open && !s.me);
    show(part('invite-join', invite), inv.open && !!s.me);
  }

  function render(): void {
    renderAuth();
    renderMe();
    renderChoice();
    renderForms();
    renderWaiting();
    renderInvite();
    renderMessage();
    show(part('lobby-retry', root), s.phase === 'unavailable');
    if (s.phase !== 'loading') root.setAttribute('data-state', s.phase);
    keepFocus();
  }

  /**
   * Signing in hides the button that had the focus ("Play as guest", "Log in"): the focus would
   * fall to the page's body and a keyboard user would start over from the top. It goes to the
   * quick match's first control instead.
   */
  let signingIn = false;
  function keepFocus(): void {
    if (!s.me) {
      signingIn = s.phase === 'signed-out';
      return;
    }
    if (!signingIn) return;
    signingIn = false;
    const active = document.activeElement as HTMLElement | null;
    const lost = !active || active === document.body || (root.contains(active) && active.offsetParent === null);
    if (lost) $<HTMLInputElement>('[name=mode]:checked', forms.queue).focus();
  }

  // ---- the forms ----
  guestButton.addEventListener('click', () => void c.guest());
  part('auth-mode-login', root).addEventListener('click', () => c.setAuthMode('login'));
  part('auth-mode-register', root).addEventListener('click', () => c.setAuthMode('register'));
  forms.auth.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const ok = await c.signIn(s.authMode, field<HTMLInputElement>(forms.auth, 'username').value, field<HTMLInputElement>(forms.auth, 'password').value);
    if (ok) forms.auth.reset();
  });
  part('sign-out', root).addEventListener('click', () => {
    if (s.me?.guest && !window.confirm(msg('lobby.signOutGuest'))) return;
    void c.signOutHere();
  });
  forms.account.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const ok = await c.changePassword(field<HTMLInputElement>(forms.account, 'currentPassword').value, field<HTMLInputElement>(forms.account, 'newPassword').value);
    if (ok) forms.account.reset();
  });
  part('sign-out-everywhere', root).addEventListener('click', () => void c.signOutEverywhere());
  forms.create.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void c.createRoom({
      turnSeconds: turnOf(forms.create),
      clock: clockOf(forms.create),
      showLegalMoves: field<HTMLInputElement>(forms.create, 'showLegalMoves').checked,
      swapColors: field<HTMLInputElement>(forms.create, 'swapColors').checked,
    });
  });
  part('room-cancel', root).addEventListener('click', () => c.stopRoomWait());
  part('room-copy', root).addEventListener('click', async () => {
    const link = new URL(part<HTMLAnchorElement>('room-invite', root).href, location.href).href;
    const status = part('room-copy-status', root);
    try {
      await navigator.clipboard.writeText(link);
      text(status, msg('lobby.linkCopied'));
    } catch {
      text(status, link);
    }
  });
  forms.join.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void c.joinRoom(field<HTMLInputElement>(forms.join, 'code').value);
  });
  forms.queue.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void c.queue(checkedMode(), turnOf(forms.queue), clockOf(forms.queue));
  });
  forms.queue.addEventListener('change', syncTimeControls);
  forms.create.addEventListener('change', syncTimeControls);
  part('queue-cancel', root).addEventListener('click', () => void c.leaveQueue());
  part('invite-guest-join', invite).addEventListener('click', () => void c.joinInvited(true));
  part('invite-join', invite).addEventListener('click', () => void c.joinInvited(false));
  part('lobby-retry', root).addEventListener('click', () => void c.resume());

  return { render };
}
