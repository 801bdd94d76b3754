/**
 * Challenges in the browser: the form on a player page (rated or casual, a clock, a colour), the
 * lobby's list of open challenges (accept, decline with a reason, withdraw), and the end card's
 * ranked rematch and "challenge back". Each follows the player's own events (`challenge`, `game`)
 * and goes to the game once a challenge is accepted; GET /api/challenges is the fallback.
 */
import { notifyChallenge } from '../common/notify';
import { CLOCK_PRESETS, clockLabel, DEFAULT_RANKED_CLOCK } from '../../games/domain/clock';
import { h, show, text } from '../common/dom';
import { gameHref } from '../common/format';
import { leave } from '../common/leave';
import { msg } from '../common/messages';
import { getToken } from '../common/storage';
import { api, ApiError, type Challenge, type Game, type Me } from '../transport/api';
import { followMe, ignore, playerHandlers } from '../transport/events';
import type { Stream } from '../transport/sse';

const PRESETS = CLOCK_PRESETS.map(clockLabel);
const REASONS = ['busy', 'later', 'casual', 'rated', 'clock'] as const;
type Reason = (typeof REASONS)[number];
const POLL_MS = 5000;

/** "Rated · 5+3 · White": what a challenge offers, from `me`'s side (the colour is mine). */
export function challengeTerms(c: Challenge, meId: string | null): string {
  const kind = msg(c.rated ? 'game.meta.rated' : 'game.meta.casual');
  const clock = c.clock ? msg('game.meta.clock', { label: c.clock }) : msg('game.meta.noLimit');
  const mine = c.challenger.id === meId ? c.colour : c.colour === 'random' ? 'random' : c.colour === 'black' ? 'white' : 'black';
  const colour = mine === 'random' ? msg('challenge.colour.random') : msg('color.name', { color: mine });
  return msg('challenge.terms', { kind, clock, colour });
}

const reasonText = (r: string | null): string => (r && (REASONS as readonly string[]).includes(r) ? msg(`challenge.reason.${r as Reason}`) : '');

/** What an ended challenge says to its challenger. */
function outcomeText(c: Challenge): string {
  const name = c.challenged.username;
  if (c.state === 'declined') return msg('challenge.declined', { name, reason: reasonText(c.declineReason) });
  if (c.state === 'expired') return msg('challenge.expired', { name });
  if (c.state === 'cancelled') return msg('challenge.cancelled');
  return '';
}

const errorText = (e: unknown): string => (e instanceof ApiError && e.serverMessage ? e.serverMessage : (e as Error).message);

/** How a page leaves for a game. */
export type Leave = (gameId: string, roomCode: string | null) => void;

const leaveForTheGame: Leave = (gameId, roomCode) => {
  leave(gameHref(gameId, roomCode));
};

/**
 * Follows the player's events; an accepted challenge leaves for the game page, and so does a
 * started game unless `games` is false (the lobby, which follows its own games).
 */
function follow(onChallenge: (c: Challenge) => void, toGame: Leave = leaveForTheGame, games = true): Stream {
  return followMe(
    playerHandlers({
      challenge: (c) => {
        if (c.state === 'accepted' && c.gameId) toGame(c.gameId, null);
        else onChallenge(c);
      },
      game: (game) => {
        if (games && game.status === 'active') toGame(game.id, game.roomCode);
      },
      // Queue matches and rematch offers are the lobby's and the game page's.
      matched: ignore,
      rematch: ignore,
    }),
  );
}

/**
 * The player page's challenge form: shown to a signed-in visitor on someone else's page. The query
 * may prefill it (`?rated=1&clock=5+3#challenge`: the end card's "challenge back").
 */
export function mountChallengeForm(root: HTMLElement): void {
  const username = root.getAttribute('data-username') ?? '';
  if (!getToken()) {
    root.append(h('p', { class: 'pl-hint', 'data-part': 'challenge-sign-in' }, msg('challenge.signIn')));
    show(root, true);
    return;
  }
  void (async () => {
    const me: Me | null = await api.me().catch(() => null);
    if (!me || me.username.toLowerCase() === username.toLowerCase()) return;
    const q = new URLSearchParams(location.search);
    const rated = h('input', { type: 'checkbox', name: 'rated', 'data-part': 'challenge-rated' }) as HTMLInputElement;
    rated.checked = q.get('rated') === '1' && !me.guest;
    rated.disabled = me.guest;
    const clock = h('select', { name: 'clock', 'data-part': 'challenge-clock' }) as HTMLSelectElement;
    const colour = h('select', { name: 'colour', 'data-part': 'challenge-colour' }) as HTMLSelectElement;
    for (const c of ['random', 'black', 'white'] as const) {
      colour.append(h('option', { value: c }, c === 'random' ? msg('challenge.colour.random') : msg('color.name', { color: c })));
    }
    const fillClocks = () => {
      const chosen = clock.value || q.get('clock') || clockLabel(DEFAULT_RANKED_CLOCK);
      clock.textContent = '';
      // Rated games are played with a preset clock; a casual one may have none.
      if (!rated.checked) clock.append(h('option', { value: '' }, msg('game.meta.noLimit')));
      for (const p of PRESETS) clock.append(h('option', { value: p }, p));
      clock.value = [...clock.options].some((o) => o.value === chosen) ? chosen : clockLabel(DEFAULT_RANKED_CLOCK);
    };
    fillClocks();
    rated.addEventListener('change', fillClocks);
    const send = h('button', { type: 'submit', class: 'pl-btn pl-btn-primary', 'data-part': 'challenge-send' }, msg('challenge.send')) as HTMLButtonElement;
    const withdraw = h('button', { type: 'button', class: 'pl-btn', 'data-part': 'challenge-withdraw', hidden: '' }, msg('challenge.withdraw')) as HTMLButtonElement;
    const status = h('p', { class: 'pl-hint', role: 'status', 'data-part': 'challenge-status' });
    const label = (key: 'challenge.clock' | 'challenge.colour', control: HTMLElement) => h('label', {}, msg(key), ' ', control);
    const form = h(
      'form',
      { class: 'pl-challenge', 'data-part': 'challenge-form' },
      h('h2', { id: 'challenge-title' }, msg('challenge.title', { name: username })),
      h('label', {}, rated, ' ', msg('game.meta.rated')),
      label('challenge.clock', clock),
      label('challenge.colour', colour),
      h('div', { class: 'pl-actions' }, send, withdraw),
      status,
    ) as HTMLFormElement;
    root.append(form);
    root.setAttribute('aria-labelledby', 'challenge-title');
    show(root, true);
    if (location.hash === '#challenge') send.focus();

    let sent: Challenge | null = null;
    const update = (c: Challenge | null, note = '') => {
      sent = c && c.state === 'open' ? c : null;
      show(withdraw, !!sent);
      // One open challenge at a time: the form offers to withdraw it instead of sending another.
      show(send, !sent);
      send.disabled = false;
      text(status, sent ? msg('challenge.sent', { name: username, terms: challengeTerms(sent, me.id) }) : c ? outcomeText(c) : note);
    };
    follow((c) => {
      if (sent && c.id === sent.id) update(c);
    });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      send.disabled = true;
      api
        .challenge({ to: username, rated: rated.checked, clock: clock.value || null, colour: colour.value as Challenge['colour'] })
        .then((c) => update(c), (err: unknown) => update(null, errorText(err)));
    });
    withdraw.addEventListener('click', () => {
      if (sent) void api.cancelChallenge(sent.id).then((c) => update(c), (err: unknown) => update(sent, errorText(err)));
    });
    // The fallback when an event is missed: the challenge as it is now.
    setInterval(() => {
      if (!sent) return;
      void api.challengeById(sent.id).then((c) => {
        if (c.state === 'accepted' && c.gameId) leaveForTheGame(c.gameId, null);
        else if (c.state !== 'open') update(c);
      }, () => undefined);
    }, POLL_MS);
  })();
}

/**
 * The lobby's open challenges: to me (accept, or decline with a reason) and from me (withdraw).
 * The lobby leaves for a game through `toGame` (its own); its game events are its own.
 */
export function mountChallengeList(root: HTMLElement, toGame: Leave = leaveForTheGame): void {
  let me: Me | null = null;
  let started = false;
  const list = h('ul', { class: 'pl-challenges', 'data-part': 'challenge-list' });
  const note = h('p', { class: 'pl-hint', role: 'status', 'data-part': 'challenge-note' });
  root.append(h('h2', { id: 'challenges-title' }, msg('challenge.listTitle')), list, note);
  root.setAttribute('aria-labelledby', 'challenges-title');

  const render = (incoming: Challenge[], outgoing: Challenge[]) => {
    list.textContent = '';
    for (const c of incoming) {
      const reason = h('select', { 'data-part': 'decline-reason', 'aria-label': msg('challenge.reasonLabel') }) as HTMLSelectElement;
      for (const r of REASONS) reason.append(h('option', { value: r }, reasonText(r)));
      const accept = h('button', { type: 'button', class: 'pl-btn pl-btn-primary', 'data-part': 'challenge-accept' }, msg('challenge.accept'));
      const decline = h('button', { type: 'button', class: 'pl-btn', 'data-part': 'challenge-decline' }, msg('challenge.decline'));
      accept.addEventListener('click', () => {
        void api.acceptChallenge(c.id).then((a) => {
          if (a.gameId) toGame(a.gameId, null);
        }, (err: unknown) => text(note, errorText(err)));
      });
      decline.addEventListener('click', () => {
        void api.declineChallenge(c.id, { reason: reason.value as Reason }).then(() => refresh(), (err: unknown) => text(note, errorText(err)));
      });
      list.append(h('li', { 'data-part': 'challenge-incoming', 'data-challenge-id': c.id },
        h('span', {}, msg('challenge.incoming', { name: c.challenger.username, terms: challengeTerms(c, me?.id ?? null) })), ' ', accept, ' ', reason, ' ', decline));
    }
    for (const c of outgoing) {
      const withdraw = h('button', { type: 'button', class: 'pl-btn', 'data-part': 'challenge-withdraw' }, msg('challenge.withdraw'));
      withdraw.addEventListener('click', () => void api.cancelChallenge(c.id).then(() => refresh(), (err: unknown) => text(note, errorText(err))));
      list.append(h('li', { 'data-part': 'challenge-outgoing', 'data-challenge-id': c.id },
        h('span', {}, msg('challenge.outgoing', { name: c.challenged.username, terms: challengeTerms(c, me?.id ?? null) })), ' ', withdraw));
    }
    show(root, incoming.length + outgoing.length > 0 || note.textContent !== '');
  };
  const refresh = async () => {
    const l = await api.challenges().catch(() => null);
    if (l) render(l.incoming, l.outgoing);
  };
  const start = async () => {
    if (started || !getToken()) return;
    started = true;
    me = await api.me().catch(() => null);
    follow(
      (c) => {
        if (c.challenger.id === me?.id && c.state !== 'open') text(note, outcomeText(c));
        // A new challenge to this player: a browser notification if they opted in and the tab is hidden.
        if (c.state === 'open' && c.challenger.id !== me?.id) notifyChallenge(c.challenger.username, '/play');
        void refresh();
      },
      toGame,
      false,
    );
    await refresh();
  };
  void start();
  // Signing in on the lobby (no reload) starts the list; the poll is the fallback for a missed event.
  setInterval(() => void (started ? refresh() : start()), POLL_MS);
}

/**
 * The end card of a finished game that was not a room's: a rematch (same clock, colours swapped,
 * rated as the game was; the opponent accepts by asking too) and "challenge back" (the challenge
 * form on the opponent's page, prefilled with this game's terms).
 */
export function mountGameRematch(root: HTMLElement, game: () => Game | null, meId: () => string | null): { update(): void } {
  const button = h('button', { type: 'button', class: 'pl-btn pl-btn-primary', 'data-part': 'ranked-rematch' }, msg('game.rematch')) as HTMLButtonElement;
  // The offer's own answers on the card: the one who offered may withdraw it, the other decline it.
  const withdraw = h('button', { type: 'button', class: 'pl-btn', 'data-part': 'ranked-rematch-withdraw', hidden: '' }, msg('game.rematch.withdraw')) as HTMLButtonElement;
  const decline = h('button', { type: 'button', class: 'pl-btn', 'data-part': 'ranked-rematch-decline', hidden: '' }, msg('game.rematch.decline')) as HTMLButtonElement;
  const back = h('a', { class: 'pl-btn', 'data-part': 'challenge-back' }, msg('challenge.back')) as HTMLAnchorElement;
  const status = h('p', { class: 'pl-hint', role: 'status', 'data-part': 'ranked-rematch-status' });
  root.append(status, button, withdraw, decline, back);
  let stream: Stream | null = null;
  let offer: Challenge | null = null;
  let theirs: Challenge | null = null;
  /** What became of our last offer (declined, expired, withdrawn), said until a new one stands. */
  let outcome = '';
  let busy = false;

  const opponent = (g: Game) => (g.black.player.id === meId() ? g.white.player : g.black.player);
  const render = () => {
    const g = game();
    const mine = g && meId() && (g.black.player.id === meId() || g.white.player.id === meId());
    const on = !!g && !!mine && g.status !== 'active' && !g.roomCode;
    show(root, on);
    if (!on || !g) return;
    const name = opponent(g).username;
    text(button, msg(theirs ? 'game.rematch.accept' : 'game.rematch'));
    button.disabled = !!offer || busy;
    show(withdraw, !!offer);
    withdraw.disabled = busy;
    show(decline, !offer && !!theirs);
    decline.disabled = busy;
    text(status, offer ? msg('game.rematch.offered', { name }) : theirs ? msg('game.rematch.offer', { name }) : outcome);
    const q = new URLSearchParams();
    if (g.rated) q.set('rated', '1');
    if (g.settings.clock) q.set('clock', g.settings.clock.label);
    back.href = `/players/${encodeURIComponent(name)}?${q.toString()}#challenge`;
    if (!stream) {
      stream = follow((c) => {
        if (c.rematchOf !== g.id) return;
        if (c.challenger.id === meId()) {
          offer = c.state === 'open' ? c : null;
          if (c.state !== 'open') outcome = outcomeText(c);
        } else theirs = c.state === 'open' ? c : null;
        render();
      });
      // An offer made before this page opened: the open challenges say so.
      void api.challenges().then((l) => {
        theirs = l.incoming.find((c) => c.rematchOf === g.id) ?? null;
        offer = l.outgoing.find((c) => c.rematchOf === g.id) ?? null;
        render();
      }, () => undefined);
    }
  };
  /** Runs one of the card's requests, one at a time; a refusal is said in the status line. */
  const act = (work: () => Promise<void>) => {
    if (busy) return;
    busy = true;
    render();
    void work().then(
      () => {
        busy = false;
        render();
      },
      (err: unknown) => {
        busy = false;
        render();
        text(status, errorText(err));
      },
    );
  };
  button.addEventListener('click', () => {
    const g = game();
    if (!g) return;
    act(async () => {
      const c = await api.gameRematch(g.id);
      if (c.state === 'accepted' && c.gameId) leaveForTheGame(c.gameId, null);
      else {
        offer = c;
        outcome = '';
      }
    });
  });
  withdraw.addEventListener('click', () => {
    const standing = offer;
    if (!standing) return;
    act(async () => {
      const c = await api.cancelChallenge(standing.id);
      offer = c.state === 'open' ? c : null;
      outcome = outcomeText(c);
    });
  });
  decline.addEventListener('click', () => {
    const standing = theirs;
    if (!standing) return;
    act(async () => {
      const c = await api.declineChallenge(standing.id, { reason: 'later' });
      theirs = c.state === 'open' ? c : null;
    });
  });
  return { update: render };
}
