import { describe, expect, it, jest } from '@jest/globals';
import './english';
import { LobbyController, myRating, queueCooldown, queueWindow, rankedGateNote, type LobbyTransport } from '../../src/client/lobby/state';
import { show } from '../../src/client/common/messages';
import { ApiError, type Me, type Ticket } from '../../src/client/transport/api';

const SETTINGS = { turnLimits: [30, 60], firstMoveSeconds: 30, cpuTakeoverSeconds: 60, awayAfterSeconds: 18 };
const GUEST = { id: 'p1', username: 'guest-1', guest: true, rating: 1500, provisional: true } as Me;
const ADA = { id: 'p2', username: 'ada', guest: false, rating: 1612.4, provisional: false } as Me;
const waiting = (over: Partial<Ticket> = {}): Ticket =>
  ({ id: 't1', mode: 'ranked', turnSeconds: null, state: 'waiting', reason: null, joinedAt: '2030-01-01T00:00:00.000Z', gameId: null, ...over }) as Ticket;

function setup() {
  const navigated: string[] = [];
  const signedIn: string[] = [];
  const stream = { close: jest.fn() };
  const api = {
    me: jest.fn(async () => ADA),
    guest: jest.fn(async () => ({ token: 'tok', player: GUEST })),
    login: jest.fn(async () => ({ token: 'tok', player: ADA })),
    register: jest.fn(async () => ({ token: 'tok', player: ADA })),
    playerGames: jest.fn(async () => ({ games: [] })),
    createRoom: jest.fn(async (_body: unknown) => ({ code: 'K7QX2M', gameId: null })),
    room: jest.fn(async () => ({})),
    joinRoom: jest.fn(async () => ({ code: 'K7QX2M', gameId: 'g9' })),
    queue: jest.fn(async () => waiting()),
    joinQueue: jest.fn(async (_body: { mode: string; turnSeconds: number | null; clock?: string | null }) => waiting({ window: { min: 1400, max: 1600 } } as Partial<Ticket>)),
    leaveQueue: jest.fn(async () => null),
    rankedGate: jest.fn(async () => ({ eligible: true, casualGames: 3, casualGamesNeeded: 3, openAt: '2030-01-02T00:00:00.000Z' })),
    signOut: jest.fn(async () => null),
    signOutEverywhere: jest.fn(async () => null),
    changePassword: jest.fn(async (_body: { currentPassword: string; newPassword: string }) => ({ token: 'tok2', player: ADA })),
  };
  const followMe = jest.fn(() => stream);
  const c = new LobbyController(SETTINGS, { api, followMe } as unknown as LobbyTransport, {
    changed: () => undefined,
    navigate: (href) => navigated.push(href),
    signedIn: (me) => signedIn.push(me.username),
  });
  return { c, api, navigated, followMe, stream, signedIn };
}

describe('lobby state (no DOM)', () => {
  it('a guest signs in: their own events followed, their saved language followed, shown with no rating, casual play chosen', async () => {
    const { c, followMe, signedIn } = setup();
    await c.guest();
    expect(c.s.phase).toBe('signed-in');
    expect(signedIn).toEqual(['guest-1']);
    expect(followMe).toHaveBeenCalledTimes(1);
    // A guest has no rating to show: nothing, not a number.
    expect(myRating(c.s)).toBeNull();
    expect(c.s.choice.mode).toBe('unranked');
  });

  it('a wrong password is said at the sign-in form', async () => {
    const { c, api } = setup();
    api.login.mockRejectedValueOnce(new ApiError('no', 401, 'UNAUTHENTICATED', undefined));
    expect(await c.signIn('login', 'ada', 'nope-nope')).toBe(false);
    expect(c.s.message && { place: c.s.message.place, text: show(c.s.message.text) }).toEqual({ place: 'auth', text: 'Wrong username or password.' });
  });

  it('queueing sends only a turn limit or clock the server offers; ranked always with a clock (5+3 unless picked); the rating window while waiting', async () => {
    const { c, api } = setup();
    await c.signIn('login', 'ada', 'correct horse');
    await c.queue('unranked', 45);
    expect(api.joinQueue).toHaveBeenLastCalledWith({ mode: 'unranked', turnSeconds: null, clock: null });
    await c.queue('unranked', 30);
    expect(api.joinQueue).toHaveBeenLastCalledWith({ mode: 'unranked', turnSeconds: 30, clock: null });
    await c.queue('unranked', 30, '3+2');
    expect(api.joinQueue).toHaveBeenLastCalledWith({ mode: 'unranked', turnSeconds: null, clock: '3+2' });
    await c.queue('ranked', null, '2+2');
    expect(api.joinQueue).toHaveBeenLastCalledWith({ mode: 'ranked', turnSeconds: null, clock: '5+3' });
    await c.queue('ranked', 30, '1+2');
    expect(api.joinQueue).toHaveBeenLastCalledWith({ mode: 'ranked', turnSeconds: null, clock: '1+2' });
    expect(c.s.choice).toEqual({ mode: 'ranked', turnSeconds: null, clock: '1+2' });
    expect(show(queueWindow(c.s)!)).toBe('Opponents rated 1400–1600: the range widens while you wait.');
    expect(myRating(c.s)).toBe('1612');
    await c.leaveQueue();
    expect(c.s.ticket).toBeNull();
  });

  it('a room code is checked before it is sent; a full room is said at the join form; a joined game is entered', async () => {
    const { c, api, navigated } = setup();
    await c.signIn('login', 'ada', 'correct horse');
    await c.joinRoom('no!');
    expect(api.joinRoom).not.toHaveBeenCalled();
    expect(show(c.s.message!.text)).toBe('A room code is 4 to 12 letters and digits.');
    api.joinRoom.mockRejectedValueOnce(new ApiError('full', 409, 'ROOM_FULL', undefined));
    await c.joinRoom('k7qx2m');
    expect(show(c.s.message!.text)).toBe('Room K7QX2M already has two players.');
    await c.joinRoom('k7qx2m');
    expect(navigated).toEqual(['/play/g9?room=K7QX2M']);
  });

  it("a game event while the join is on its way waits for the join's answer, however slow, so the page never cuts its own request off", async () => {
    jest.useFakeTimers();
    try {
      const { c, api, navigated, followMe } = setup();
      await c.signIn('login', 'ada', 'correct horse');
      const onEvent = (followMe.mock.calls[0] as unknown as [(ev: { name: string; data: unknown }) => void])[0];
      // The answer comes late: the event arrives first and must not leave the page meanwhile.
      let answer!: (v: { code: string; gameId: string }) => void;
      api.joinRoom.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
      const joining = c.joinRoom('k7qx2m');
      onEvent({ name: 'game', data: { id: 'g9', status: 'active' } });
      await jest.advanceTimersByTimeAsync(30_000);
      expect(navigated).toEqual([]);
      answer({ code: 'K7QX2M', gameId: 'g9' });
      await joining;
      await jest.advanceTimersByTimeAsync(1_000);
      expect(navigated).toEqual(['/play/g9?room=K7QX2M']);

      // A join that fails (the room filled meanwhile) lets the event that came during it navigate.
      const other = setup();
      await other.c.signIn('login', 'ada', 'correct horse');
      const onOther = (other.followMe.mock.calls[0] as unknown as [(ev: { name: string; data: unknown }) => void])[0];
      let refuse!: (e: unknown) => void;
      other.api.joinRoom.mockImplementationOnce(() => new Promise((_resolve, reject) => (refuse = reject)));
      const failing = other.c.joinRoom('k7qx2m');
      onOther({ name: 'game', data: { id: 'g4', status: 'active' } });
      await jest.advanceTimersByTimeAsync(5_000);
      expect(other.navigated).toEqual([]);
      refuse(new ApiError('full', 409, 'ROOM_FULL', undefined));
      await failing;
      expect(other.navigated).toEqual(['/play/g4']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaving the queue while a poll is in flight: the DELETE waits for it, its answer is ignored, and no poll follows (no 404s)', async () => {
    jest.useFakeTimers();
    try {
      const { c, api } = setup();
      await c.signIn('login', 'ada', 'correct horse');
      await c.queue('ranked', null);
      let answer: (t: Ticket) => void = () => undefined;
      api.queue.mockImplementationOnce(() => new Promise<Ticket>((resolve) => (answer = resolve)));
      jest.advanceTimersByTime(2000);
      expect(api.queue).toHaveBeenCalledTimes(1);
      const leaving = c.leaveQueue();
      await Promise.resolve();
      expect(api.leaveQueue).not.toHaveBeenCalled();
      answer(waiting());
      await leaving;
      expect(api.leaveQueue).toHaveBeenCalledTimes(1);
      expect(c.s.ticket).toBeNull();
      jest.advanceTimersByTime(10_000);
      expect(api.queue).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('ALREADY_IN_GAME takes the player to the game they are in', async () => {
    jest.useFakeTimers();
    try {
      const { c, api, navigated } = setup();
      await c.signIn('login', 'ada', 'correct horse');
      api.createRoom.mockRejectedValueOnce(new ApiError('busy', 409, 'ALREADY_IN_GAME', { gameId: 'g5' }));
      await c.createRoom({ turnSeconds: 60, showLegalMoves: true, swapColors: true });
      expect(api.createRoom).toHaveBeenCalledWith({ turnSeconds: 60, clock: null, showLegalMoves: true, swapColors: true });
      expect(c.s.message).toMatchObject({ place: 'create', info: true });
      jest.advanceTimersByTime(1000);
      expect(navigated).toEqual(['/play/g5']);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the lobby shows a ranked cooldown with the time left (issue #21)', () => {
  it.each<[string, Partial<Ticket>, number, string | null]>([
    ['none', {}, 0, null],
    ['aborts, 1 min 30 s left', { cooldown: { until: '2030-01-01T00:01:30.000Z', reason: 'aborts' } }, 0,
      'You aborted several of your last ranked games: your next ranked game can start in 1:30. Keep this page open; casual games are open now.'],
    ['sandbagging, an hour and a bit left', { cooldown: { until: '2030-01-01T01:00:05.000Z', reason: 'sandbagging' } }, 0,
      'Most of your recent ranked losses were resignations or departures early in the game: your next ranked game can start in 1:00:05. Keep this page open; casual games are open now.'],
    ['over', { cooldown: { until: '2030-01-01T00:01:30.000Z', reason: 'aborts' } }, 90_000, null],
  ])('%s', async (_label, over, later, expected) => {
    const { c, api } = setup();
    api.joinQueue.mockResolvedValueOnce(waiting(over));
    await c.signIn('login', 'ada', 'correct horse');
    await c.queue('ranked', null);
    const text = queueCooldown(c.s, Date.parse('2030-01-01T00:00:00.000Z') + later);
    expect(text ? show(text) : null).toBe(expected);
    await c.leaveQueue();
  });

  it('signing out tells the server to forget the token, and the device forgets it even when the server cannot be reached', async () => {
    const { c, api, stream } = setup();
    await c.signIn('login', 'ada', 'correct horse');
    await c.signOutHere();
    expect(api.signOut).toHaveBeenCalledTimes(1);
    expect(c.s.phase).toBe('signed-out');
    expect(stream.close).toHaveBeenCalled();
    await c.signIn('login', 'ada', 'correct horse');
    api.signOut.mockRejectedValueOnce(new ApiError('away', 503, 'SERVICE_UNAVAILABLE', undefined));
    await c.signOutHere();
    expect(c.s.phase).toBe('signed-out');
  });

  it('signs out everywhere: signed out here too, with a sentence saying so', async () => {
    const { c, api } = setup();
    await c.signIn('login', 'ada', 'correct horse');
    await c.signOutEverywhere();
    expect(api.signOutEverywhere).toHaveBeenCalledTimes(1);
    expect(c.s.phase).toBe('signed-out');
    expect(show(c.s.message!.text)).toBe('You are signed out on every device.');
  });

  it('changes the password: a wrong current one is said at the account form; done, it keeps this device signed in', async () => {
    const { c, api } = setup();
    await c.signIn('login', 'ada', 'correct horse');
    // Empty or short: said at the form, nothing sent.
    expect(await c.changePassword('', '')).toBe(false);
    expect(c.s.message && { place: c.s.message.place, text: show(c.s.message.text) }).toEqual({ place: 'account', text: 'Enter your password.' });
    expect(await c.changePassword('correct horse', 'short')).toBe(false);
    expect(c.s.message && show(c.s.message.text)).toBe('The password needs at least 8 characters.');
    expect(api.changePassword).not.toHaveBeenCalled();
    api.changePassword.mockRejectedValueOnce(new ApiError('no', 403, 'FORBIDDEN', undefined));
    expect(await c.changePassword('wrong', 'new-password-1')).toBe(false);
    expect(c.s.message && { place: c.s.message.place, text: show(c.s.message.text) }).toEqual({ place: 'account', text: 'The current password is wrong.' });
    expect(await c.changePassword('correct horse', 'new-password-1')).toBe(true);
    expect(api.changePassword).toHaveBeenLastCalledWith({ currentPassword: 'correct horse', newPassword: 'new-password-1' });
    expect(c.s.phase).toBe('signed-in');
    expect(c.s.message && { place: c.s.message.place, info: c.s.message.info, text: show(c.s.message.text) }).toEqual({
      place: 'account',
      info: true,
      text: 'Password changed. Your other devices are signed out.',
    });
  });
});

describe('the lobby says when ranked play opens to a new account', () => {
  const NEW = { ...ADA, createdAt: '2030-01-01T00:00:00.000Z' } as Me;
  const SHUT = { eligible: false, casualGames: 1, casualGamesNeeded: 3, openAt: '2030-01-02T00:00:00.000Z' };

  it('asks at sign-in and shows how far the account is: casual games finished and the time left', async () => {
    const { c, api } = setup();
    api.login.mockResolvedValueOnce({ token: 'tok', player: NEW });
    api.rankedGate.mockResolvedValueOnce(SHUT);
    await c.signIn('login', 'ada', 'password123');
    await new Promise((r) => setTimeout(r, 0));
    expect(api.rankedGate).toHaveBeenCalledTimes(1);
    const note = rankedGateNote(c.s, Date.parse('2030-01-01T22:30:00.000Z'));
    expect(note && show(note)).toBe(
      'Ranked games open after 3 finished casual games (you have finished 1) or when your account is 24 hours old (in 1:30:00). Casual games are open now.',
    );
    c.signOut();
    expect(rankedGateNote(c.s, Date.parse('2030-01-01T22:30:00.000Z'))).toBeNull();
  });

  it('an open gate, or a guest, shows nothing; a refused ranked join shows the gate from the answer', async () => {
    const { c, api } = setup();
    await c.signIn('login', 'ada', 'password123');
    await new Promise((r) => setTimeout(r, 0));
    expect(rankedGateNote(c.s, Date.now())).toBeNull();
    api.joinQueue.mockRejectedValueOnce(new ApiError('Ranked games open after 3 finished casual games; you have finished 0.', 403, 'RANKED_NOT_YET', { ...SHUT, casualGames: 0, openAt: null }));
    await c.queue('ranked', null);
    expect(c.s.ticket).toBeNull();
    expect(c.s.message?.place).toBe('queue');
    expect(show(rankedGateNote(c.s, Date.now())!)).toBe('Ranked games open after 3 finished casual games: you have finished 0. Casual games are open now.');
    const guest = setup();
    await guest.c.guest();
    expect(guest.api.rankedGate).not.toHaveBeenCalled();
  });
});
