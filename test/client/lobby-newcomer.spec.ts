/** Issue #22 in the lobby's controller (no DOM): register mode, the server's own words, a broken invite, the way to the leaderboard. */
import { describe, expect, it, jest } from '@jest/globals';
import './english';
import { ladderNote, LobbyController, queueHeld, type LobbyTransport } from '../../src/client/lobby/state';
import { show } from '../../src/client/common/messages';
import { ApiError, type Me } from '../../src/client/transport/api';

const SETTINGS = { turnLimits: [30, 60], firstMoveSeconds: 30, cpuTakeoverSeconds: 60, awayAfterSeconds: 18 };
const ADA = { id: 'p2', username: 'ada', guest: false, bot: false, rating: 1612.4, provisional: true, ladder: { listed: false, gamesToGo: 7 } } as Me;

function setup(me: Me = ADA) {
  const api = {
    me: jest.fn(async () => me),
    guest: jest.fn(async () => ({ token: 'tok', player: { ...me, guest: true, ladder: { listed: false, gamesToGo: null } } })),
    login: jest.fn(async () => ({ token: 'tok', player: me })),
    register: jest.fn(async (_body: unknown) => ({ token: 'tok', player: me })),
    playerGames: jest.fn(async () => ({ games: [] })),
    room: jest.fn(async () => ({})),
    joinRoom: jest.fn(async () => ({})),
  };
  const c = new LobbyController(SETTINGS, { api, followMe: jest.fn(() => ({ close: jest.fn() })) } as unknown as LobbyTransport, {
    changed: () => undefined,
    navigate: () => undefined,
    signedIn: () => undefined,
  });
  return { c, api };
}
const said = (c: LobbyController) => c.s.message && { place: c.s.message.place, text: show(c.s.message.text) };

describe('the sign-in card: log in, or create an account', () => {
  it('starts in log-in mode; switching clears a message of the form', async () => {
    const { c, api } = setup();
    expect(c.s.authMode).toBe('login');
    api.login.mockRejectedValueOnce(new ApiError('no', 401, 'UNAUTHENTICATED', undefined));
    await c.signIn('login', 'ada', 'nope-nope');
    expect(said(c)?.place).toBe('auth');
    c.setAuthMode('register');
    expect(c.s.authMode).toBe('register');
    expect(c.s.message).toBeNull();
  });

  it('registering sends the name and password to register, not login', async () => {
    const { c, api } = setup();
    c.setAuthMode('register');
    expect(await c.signIn(c.s.authMode, ' ada ', 'correct horse')).toBe(true);
    expect(api.register).toHaveBeenCalledWith({ username: 'ada', password: 'correct horse' });
    expect(api.login).not.toHaveBeenCalled();
  });

  it('a name the server would refuse ("José") is said before sending, in the page\'s own words', async () => {
    const { c, api } = setup();
    expect(await c.signIn('register', 'José', 'correct horse')).toBe(false);
    expect(said(c)).toEqual({ place: 'auth', text: 'This username does not fit the rule: 3–20 characters, letters A–Z and a–z, digits, _ and -, not starting with “guest-”.' });
    expect(api.register).not.toHaveBeenCalled();
  });

  it('a refusal the client cannot foresee is said in the server\'s own sentence, not "the request is not valid"', async () => {
    const { c, api } = setup();
    const server = 'username may contain only letters, digits, _ and -';
    api.register.mockRejectedValueOnce(new ApiError('The request is not valid.', 400, 'VALIDATION_FAILED', undefined, server));
    expect(await c.signIn('register', 'ada_2', 'correct horse')).toBe(false);
    expect(said(c)).toEqual({ place: 'auth', text: server });
  });

  it.each([
    ['login', '', 'x', 'Enter your username.'],
    ['login', '  ', 'x', 'Enter your username.'],
    ['login', 'ada', '', 'Enter your password.'],
    ['register', 'ad', 'correct horse', 'This username does not fit the rule: 3–20 characters, letters A–Z and a–z, digits, _ and -, not starting with “guest-”.'],
    ['register', 'Guest-ada', 'correct horse', 'This username does not fit the rule: 3–20 characters, letters A–Z and a–z, digits, _ and -, not starting with “guest-”.'],
    ['register', 'ada', 'short', 'The password needs at least 8 characters.'],
  ] as const)('%s with "%s" / "%s": nothing is sent, the form says "%s"', async (action, username, password, text) => {
    const { c, api } = setup();
    expect(await c.signIn(action, username, password)).toBe(false);
    expect(said(c)).toEqual({ place: 'auth', text });
    expect(api.login).not.toHaveBeenCalled();
    expect(api.register).not.toHaveBeenCalled();
  });

  it('an empty room code asks for one, with no request', async () => {
    const { c, api } = setup();
    await c.joinRoom('   ');
    expect(said(c)).toEqual({ place: 'join', text: 'Enter the room code.' });
    expect(api.joinRoom).not.toHaveBeenCalled();
  });

  it('a taken name keeps the client\'s own sentence', async () => {
    const { c, api } = setup();
    api.register.mockRejectedValueOnce(new ApiError('That username is taken.', 409, 'USERNAME_TAKEN', undefined, 'taken'));
    await c.signIn('register', 'ada', 'correct horse');
    expect(said(c)).toEqual({ place: 'auth', text: 'That username is taken.' });
  });
});

describe('the ranked queue says why it is not pairing', () => {
  const waiting = (held: unknown) =>
    ({ id: 't', mode: 'ranked', turnSeconds: null, state: 'waiting', reason: null, joinedAt: '2026-12-01T10:00:00Z', gameId: null, window: { min: 1400, max: 1600 }, cooldown: null, held }) as never;
  it.each([
    [null, null],
    [{ reason: 'linked', players: 2 }, 'Nobody can be paired with you yet: every player waiting in this range shares an internet address or a browser with your account (shared Wi-Fi, a household, a club, a mobile network), and ranked games never pair such accounts. Keep waiting for someone else, or play them in a casual game or a room.'],
    [{ reason: 'pairCap', players: 1 }, 'Nobody can be paired with you yet: every player waiting in this range has already played you 3 ranked games in the last 24 hours, the most one pair may. Keep waiting for someone else, or play them in a casual game or a room.'],
  ])('%j', (held, text) => {
    const { c } = setup();
    c.s.ticket = waiting(held);
    const said = queueHeld(c.s);
    expect(said && show(said)).toBe(text);
  });
});

describe('invite links', () => {
  it('a malformed code is a broken link, said at the invite card (never silently ignored); no request made', async () => {
    const { c, api } = setup();
    await c.start({ mode: null, turn: null }, '%%garbled<b>');
    expect(api.room).not.toHaveBeenCalled();
    expect(c.s.invite).toMatchObject({ open: false, broken: true });
    expect(show(c.s.invite!.title)).toBe('This invite link does not work');
    expect(said(c)).toEqual({ place: 'invite', text: 'The room code in this link is not valid: ask for a new link.' });
  });

  it('a well-formed code of no room is broken too', async () => {
    const { c, api } = setup();
    api.room.mockRejectedValueOnce(new ApiError('nope', 404, 'NOT_FOUND', undefined));
    await c.start({ mode: null, turn: null }, 'ZZZZ99');
    await new Promise((r) => setTimeout(r, 0));
    expect(c.s.invite).toMatchObject({ open: false, broken: true });
  });

  it("a room with a clock says its clock on the invite card", async () => {
    const { c, api } = setup();
    api.room.mockResolvedValueOnce({
      code: 'K7QX2M', hostId: 'p1', seats: [{ id: 'p1', username: 'host' }, null], gameId: null, games: [], rematch: null,
      settings: { turnSeconds: null, clock: '3+2', showLegalMoves: true, swapColors: true },
    } as never);
    await c.start({ mode: null, turn: null }, 'K7QX2M');
    await new Promise((r) => setTimeout(r, 0));
    expect(show(c.s.invite!.settings!)).toBe('Room K7QX2M: Casual · clock 3+2 · legal squares shown · colours swap after each game.');
  });

  it('no join parameter: no invite card', async () => {
    const { c } = setup();
    await c.start({ mode: null, turn: null }, null);
    expect(c.s.invite).toBeNull();
  });
});

describe('the way to the leaderboard, in the lobby', () => {
  it('says about how many more rated games', async () => {
    const { c } = setup();
    await c.signIn('login', 'ada', 'correct horse');
    expect(show(ladderNote(c.s)!)).toBe('About 7 more rated games to the leaderboard');
  });

  it('one game: singular; listed: nothing; a guest: register', async () => {
    const one = setup({ ...ADA, ladder: { listed: false, gamesToGo: 1 } });
    await one.c.signIn('login', 'ada', 'x');
    expect(show(ladderNote(one.c.s)!)).toBe('About 1 more rated game to the leaderboard');
    const listed = setup({ ...ADA, ladder: { listed: true, gamesToGo: 0 } });
    await listed.c.signIn('login', 'ada', 'x');
    expect(ladderNote(listed.c.s)).toBeNull();
    const guest = setup();
    await guest.c.guest();
    expect(show(ladderNote(guest.c.s)!)).toBe('Guests are not on the leaderboard: register to play rated games');
  });
});
