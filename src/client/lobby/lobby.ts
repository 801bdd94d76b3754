/** The lobby (/play): sign in (guest, login, register), create or join a room, quick match. */
import { api, ApiError, detail, type Me, type Ticket } from '../api';
import { followSavedLanguage } from '../i18n/preference';
import { $, $$, h, show, text } from '../lib/dom';
import { gameHref, playerHref, rating, validRoomCode } from '../lib/format';
import { followMe } from '../api/events';
import type { Stream } from '../lib/sse';
import { getToken, pref, setPref, setToken } from '../lib/storage';
import { mountWatchList } from '../watch/watch-list';

export function startLobby(root: HTMLElement): void {
  let me: Me | null = null;
  let meStream: Stream | null = null;
  let waitingRoom: string | null = null;
  let roomPoll: ReturnType<typeof setInterval> | undefined;
  let queuePoll: ReturnType<typeof setInterval> | undefined;
  let leaving = false;
  let inFlight = 0;

  const createForm = $<HTMLFormElement>('#create-form');
  const joinForm = $<HTMLFormElement>('#join-form');
  const queueForm = $<HTMLFormElement>('#queue-form');
  const authForm = $<HTMLFormElement>('#auth-form');
  const input = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const select = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLSelectElement;

  // Set while this device has a queue ticket, so the lobby only asks GET /api/queue then (it is 404 otherwise).
  const queued = () => pref('queued') === '1';
  const setQueued = (on: boolean) => setPref('queued', on ? '1' : null);

  /** A message next to the form it concerns (or at the top when there is none). */
  function flash(message: string, info = false, near?: HTMLElement): void {
    for (const el of $$('[data-flash]', root)) show(el, false);
    const el = near ? $('[data-flash]', near.closest('section') ?? root) : $('[data-testid=lobby-error]');
    text(el, message);
    el.classList.toggle('pl-info', info);
    show(el, !!message);
    const top = $('[data-testid=lobby-error]');
    if (near) {
      // The top banner mirrors the message (tests and screen readers find it in one place).
      text(top, message);
      top.classList.toggle('pl-info', info);
      show(top, false);
    }
  }
  /** Seated in a game that is not over: one game at a time, so the forms that start one wait. */
  let inGame = false;
  function busy(form: HTMLFormElement, on: boolean): void {
    inFlight = Math.max(0, inFlight + (on ? 1 : -1));
    for (const b of $$<HTMLButtonElement>('button', form)) b.disabled = on || (inGame && b.type === 'submit');
  }
  function renderInGame(): void {
    for (const f of [createForm, joinForm, queueForm]) for (const b of $$<HTMLButtonElement>('button[type=submit]', f)) b.disabled = inGame;
    for (const el of $$('[data-testid=in-game-note]', root)) show(el, inGame);
  }
  function go(gameId: string, roomCode: string | null): void {
    if (leaving) return;
    leaving = true;
    meStream?.close();
    setQueued(false);
    location.href = gameHref(gameId, roomCode);
  }

  function render(): void {
    show($('[data-auth=out]', root), !me);
    show($('[data-auth=in]', root), !!me);
    if (me) {
      const name = $<HTMLAnchorElement>('[data-testid=me-name]');
      text(name, me.username);
      name.href = playerHref(me.username);
      show($('[data-testid=me-guest]'), me.guest);
      text($('[data-testid=me-rating]'), me.guest ? 'unrated' : rating(me.rating) + (me.provisional ? '?' : ''));
      // Guests play casual games only: say so rather than grey things out silently.
      const ranked = $<HTMLInputElement>('[name=mode][value=ranked]', queueForm);
      ranked.disabled = me.guest;
      if (me.guest) $<HTMLInputElement>('[name=mode][value=unranked]', queueForm).checked = true;
      for (const note of $$('[data-testid=guest-note]', root)) show(note, me.guest);
    }
    root.setAttribute('data-state', me ? 'signed-in' : 'signed-out');
    renderInvite();
  }

  async function signedIn(player: Me): Promise<void> {
    followSavedLanguage(player);
    me = player;
    flash('');
    render();
    meStream?.close();
    meStream = followMe(
      (ev) => {
        // While a join/queue request is out, its own answer navigates (leaving now would cut it off).
        const later = (f: () => void) => setTimeout(f, inFlight ? 1500 : 0);
        if (ev.name === 'game' && ev.data.status === 'active') {
          const code = waitingRoom;
          const id = ev.data.id;
          later(() => go(id, code));
        }
        if (ev.name === 'matched' && ev.data.gameId) {
          const id = ev.data.gameId;
          later(() => go(id, null));
        }
      },
      {
        onOpen(again) {
          if (again && queued()) void checkQueue();
        },
        onFatal(status) {
          if (status === 401) signOut('Your session has expired. Please sign in again.');
        },
      },
    );
    void loadActiveGames();
    if (queued()) void checkQueue();
    else playAgain();
  }

  /** `/play?again=<mode>&turn=<seconds>` (a result's "Play again"): queue once more, same mode and limit. */
  let againDone = false;
  function playAgain(): void {
    const q = new URLSearchParams(location.search);
    const mode = q.get('again');
    if (againDone || !me || (mode !== 'ranked' && mode !== 'unranked') || (mode === 'ranked' && me.guest)) return;
    againDone = true;
    $<HTMLInputElement>(`[name=mode][value=${mode}]`, queueForm).checked = true;
    const turn = q.get('turn') ?? '';
    if (turn === '' || turn === '30' || turn === '60') select(queueForm, 'turnSeconds').value = turn;
    history.replaceState(null, '', '/play');
    queueForm.requestSubmit();
  }

  function signOut(message: string): void {
    inGame = false;
    renderInGame();
    meStream?.close();
    meStream = null;
    stopRoomWait();
    stopQueueWait();
    setToken(null);
    me = null;
    render();
    flash(message, !!message);
  }

  async function loadActiveGames(): Promise<void> {
    const box = $('[data-testid=active-games]');
    if (!me) return;
    try {
      const list = await api.playerGames(me.username, 10);
      const active = list.games.filter((g) => g.status === 'active');
      const ul = $('ul', box);
      ul.textContent = '';
      for (const g of active) {
        const opponent = g.black.id === me.id ? g.white.username : g.black.username;
        ul.append(h('li', {}, h('a', { href: gameHref(g.id), 'data-testid': 'active-game' }, `Continue your game against ${opponent} →`)));
      }
      show(box, active.length > 0);
      // In a game: the forms say so instead of inviting a second one.
      inGame = active.length > 0;
      renderInGame();
    } catch {
      show(box, false);
    }
  }

  // ---- sign in ----
  $('[data-testid=guest-button]').addEventListener('click', async (ev) => {
    const button = ev.currentTarget as HTMLButtonElement;
    button.disabled = true;
    try {
      const r = await api.guest();
      setToken(r.token);
      await signedIn(r.player);
    } catch (e) {
      flash((e as Error).message);
    } finally {
      button.disabled = false;
    }
  });

  authForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const submitter = (ev as SubmitEvent).submitter as HTMLButtonElement | null;
    const action = submitter?.value === 'register' ? 'register' : 'login';
    const body = { username: input(authForm, 'username').value.trim(), password: input(authForm, 'password').value };
    busy(authForm, true);
    try {
      const r = action === 'register' ? await api.register(body) : await api.login(body);
      setToken(r.token);
      authForm.reset();
      await signedIn(r.player);
    } catch (e) {
      flash(e instanceof ApiError && e.status === 401 ? 'Wrong username or password.' : (e as Error).message, false, authForm);
    } finally {
      busy(authForm, false);
    }
  });

  $('[data-testid=sign-out]').addEventListener('click', () => {
    if (me?.guest && !window.confirm('Guests cannot sign back in: this guest account will be gone from this device. Sign out?')) return;
    signOut('');
  });

  // ---- rooms ----
  function stopRoomWait(): void {
    clearInterval(roomPoll);
    roomPoll = undefined;
    waitingRoom = null;
    show($('[data-testid=room-waiting]'), false);
    show(createForm, true);
  }
  function waitForRoom(room: { code: string }): void {
    waitingRoom = room.code;
    text($('[data-testid=room-code]'), room.code);
    const invite = $<HTMLAnchorElement>('[data-testid=room-invite]');
    invite.href = '/play?join=' + encodeURIComponent(room.code);
    show(createForm, false);
    show($('[data-testid=room-waiting]'), true);
    clearInterval(roomPoll);
    // The 'game' event on /api/me/events normally takes us to the game; polling is the fallback.
    roomPoll = setInterval(async () => {
      try {
        const r = await api.room(room.code);
        if (r.gameId) go(r.gameId, r.code);
      } catch {
        /* keep waiting */
      }
    }, 3000);
  }

  $('[data-testid=room-copy]').addEventListener('click', async () => {
    const link = new URL($<HTMLAnchorElement>('[data-testid=room-invite]').href, location.href).href;
    const status = $('[data-testid=room-copy-status]');
    try {
      await navigator.clipboard.writeText(link);
      text(status, 'Link copied');
    } catch {
      text(status, link);
    }
  });

  createForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const turn = select(createForm, 'turnSeconds').value;
    const body = {
      turnSeconds: (turn ? Number(turn) : null) as 30 | 60 | null,
      showLegalMoves: input(createForm, 'showLegalMoves').checked,
      swapColors: input(createForm, 'swapColors').checked,
    };
    busy(createForm, true);
    try {
      const room = await api.createRoom(body);
      flash('');
      if (room.gameId) go(room.gameId, room.code);
      else waitForRoom(room);
    } catch (e) {
      inGameOr(e, createForm);
    } finally {
      busy(createForm, false);
    }
  });

  $('[data-testid=room-cancel]').addEventListener('click', () => stopRoomWait());

  joinForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const code = input(joinForm, 'code').value.trim().toUpperCase();
    if (!validRoomCode(code)) {
      flash('A room code is 4 to 12 letters and digits.', false, joinForm);
      return;
    }
    busy(joinForm, true);
    try {
      const room = await api.joinRoom(code);
      flash('');
      if (room.gameId) go(room.gameId, room.code);
      else waitForRoom(room);
    } catch (e) {
      const c = e instanceof ApiError ? e.code : undefined;
      if (c === 'NOT_FOUND') flash(`There is no room ${code}. Check the code.`, false, joinForm);
      else if (c === 'ROOM_FULL') flash(`Room ${code} already has two players.`, false, joinForm);
      else if (c === 'GUEST_NOT_ALLOWED') flash(`Room ${code} is rated: register to play rated games.`, false, joinForm);
      else inGameOr(e, joinForm);
    } finally {
      busy(joinForm, false);
    }
  });

  /** ALREADY_IN_GAME takes the player to their game; anything else is shown at the form. */
  function inGameOr(e: unknown, form: HTMLElement): void {
    const gameId = detail<string>(e, 'gameId');
    if (e instanceof ApiError && e.code === 'ALREADY_IN_GAME' && gameId) {
      flash('You already have a game in progress. Taking you there…', true, form);
      setTimeout(() => go(gameId, null), 900);
    } else flash((e as Error).message, false, form);
  }

  // ---- quick match ----
  function stopQueueWait(): void {
    clearInterval(queuePoll);
    queuePoll = undefined;
    setQueued(false);
    show($('[data-testid=queue-waiting]'), false);
    show(queueForm, true);
  }
  function waitForMatch(ticket: Ticket): void {
    text($('[data-testid=queue-mode]'), ticket.mode === 'ranked' ? 'ranked' : 'casual');
    // Ranked pairing looks for close ratings first; the window widens while you wait.
    const win = $('[data-testid=queue-window]');
    show(win, !!ticket.window);
    if (ticket.window) text(win, `Opponents rated ${Math.round(ticket.window.min)}–${Math.round(ticket.window.max)}: the range widens while you wait.`);
    setQueued(true);
    show(queueForm, false);
    show($('[data-testid=queue-waiting]'), true);
    clearInterval(queuePoll);
    // The 'matched' event normally arrives first; polling is the fallback, keeps the ticket
    // present, and shows a ranked ticket's widening window.
    queuePoll = setInterval(() => void checkQueue(), ticket.mode === 'ranked' ? 2000 : 4000);
  }
  async function checkQueue(): Promise<void> {
    if (!me) return;
    try {
      const t = await api.queue();
      if (t.state === 'matched' && t.gameId) go(t.gameId, null);
      else if (t.state === 'waiting') waitForMatch(t);
      else {
        stopQueueWait();
        if (t.reason === 'absent') flash('Your place in the queue lapsed while this page was away. Queue again when you are ready.', false, queueForm);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) stopQueueWait();
    }
  }

  queueForm.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const mode = $<HTMLInputElement>('[name=mode]:checked', queueForm).value === 'ranked' ? 'ranked' : 'unranked';
    const turn = select(queueForm, 'turnSeconds').value;
    setPref('mode', mode);
    busy(queueForm, true);
    try {
      const t = await api.joinQueue({ mode, turnSeconds: (turn ? Number(turn) : null) as 30 | 60 | null });
      flash('');
      if (t.gameId) go(t.gameId, null);
      else waitForMatch(t);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'ALREADY_QUEUED') void checkQueue();
      else inGameOr(e, queueForm);
    } finally {
      busy(queueForm, false);
    }
  });

  $('[data-testid=queue-cancel]').addEventListener('click', async () => {
    try {
      await api.leaveQueue();
    } catch {
      /* leaving twice is fine */
    }
    stopQueueWait();
  });

  // ---- invite links (/play?join=CODE) ----
  const invite = $('[data-testid=invite]');
  let inviteCode: string | null = null;
  function renderInvite(): void {
    if (!inviteCode) return;
    show($('[data-testid=invite-guest-join]'), !me);
    show($('[data-testid=invite-hint]'), !me);
    show($('[data-testid=invite-join]'), !!me);
  }
  async function loadInvite(code: string): Promise<void> {
    try {
      const room = await api.room(code);
      const host = room.seats[0];
      const st = room.settings;
      const parts = [
        'Casual',
        st.turnSeconds ? `${st.turnSeconds} s per move` : 'no time limit',
        st.showLegalMoves ? 'legal squares shown' : 'no hints',
        st.swapColors ? 'colours swap after each game' : 'same colours every game',
      ];
      text($('[data-testid=invite-title]'), `${host ? host.username : 'A player'} invites you to a game`);
      text($('[data-testid=invite-settings]'), `Room ${room.code}: ${parts.join(' · ')}.`);
      if (room.seats[1]) {
        flash(`Room ${room.code} already has two players.`, false, invite);
        inviteCode = null;
        for (const b of $$<HTMLButtonElement>('button', invite)) b.hidden = true;
      } else inviteCode = room.code;
      show(invite, true);
      renderInvite();
    } catch (e) {
      show(invite, true);
      text($('[data-testid=invite-title]'), 'This invite link does not work');
      flash(e instanceof ApiError && e.code === 'NOT_FOUND' ? `There is no room ${code}: ask for a new link.` : (e as Error).message, false, invite);
    }
  }
  async function joinInvited(button: HTMLButtonElement, asGuest: boolean): Promise<void> {
    if (!inviteCode) return;
    button.disabled = true;
    inFlight++;
    try {
      if (asGuest) {
        const r = await api.guest();
        setToken(r.token);
        me = r.player;
        render();
      }
      const room = await api.joinRoom(inviteCode);
      if (room.gameId) go(room.gameId, room.code);
      else waitForRoom(room);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'ALREADY_IN_GAME') inGameOr(e, invite);
      else flash((e as Error).message, false, invite);
      if (asGuest && me) void signedIn(me);
    } finally {
      inFlight = Math.max(0, inFlight - 1);
      button.disabled = false;
    }
  }
  $('[data-testid=invite-guest-join]').addEventListener('click', (ev) => void joinInvited(ev.currentTarget as HTMLButtonElement, true));
  $('[data-testid=invite-join]').addEventListener('click', (ev) => void joinInvited(ev.currentTarget as HTMLButtonElement, false));

  // ---- start ----
  const watch = root.querySelector<HTMLElement>('[data-testid=watch-list]');
  if (watch) mountWatchList(watch);
  const lastMode = pref('mode');
  if (lastMode === 'ranked' || lastMode === 'unranked') $<HTMLInputElement>(`[name=mode][value=${lastMode}]`, queueForm).checked = true;
  const join = new URLSearchParams(location.search).get('join');
  if (validRoomCode(join)) {
    input(joinForm, 'code').value = join.trim().toUpperCase();
    void loadInvite(join.trim().toUpperCase());
  }
  const retry = $<HTMLButtonElement>('[data-testid=lobby-retry]');
  async function start(): Promise<void> {
    show(retry, false);
    if (!getToken()) return render();
    try {
      await signedIn(await api.me());
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        // The token was refused (and dropped): signed out.
        me = null;
        render();
        return;
      }
      // The server is unavailable: keep the token (a guest's only identity) and offer to try again,
      // rather than a sign-in form that would replace it.
      flash(`${(e as Error).message} You are still signed in on this device.`);
      root.setAttribute('data-state', 'unavailable');
      show(retry, true);
    }
  }
  retry.addEventListener('click', () => void start());
  void start();
}
