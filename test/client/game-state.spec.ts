import { describe, expect, it, jest } from '@jest/globals';
import './english';
import { GameController, actionsView, boardModel, clockAnnouncement, clockOf, cpuMovesNote, metaTexts, needsGameStream, needsOwnStream, opponentAway, resultView, seatView, statusText, type GameApi, type GameOutput } from '../../src/client/game/state';
import { msg, show, type Text } from '../../src/client/common/messages';
import { NOT_ANSWERING_MS, RESEND_MS } from '../../src/client/game/model';
import { ApiError, type Game, type Me, type Move } from '../../src/client/transport/api';

/** The state modules run without a DOM: a fake transport and a recording output stand in for the page. */
const SETTINGS = { turnLimits: [30, 60], firstMoveSeconds: 30, cpuTakeoverSeconds: 60, awayAfterSeconds: 18 };
const START = '...........................WB......BW...........................';
const ALICE = { id: 'a', username: 'alice' } as Me;
const BOB = { id: 'b', username: 'bob' } as Me;

function game(over: Partial<Game> = {}): Game {
  return {
    id: 'g1',
    rated: false,
    status: 'active',
    roomCode: null,
    settings: { rated: false, turnSeconds: null, clock: null, idleSeconds: 300, standInMoves: null, showLegalMoves: true },
    black: { player: { id: 'a', username: 'alice', rating: 1500, guest: false, provisional: false }, standIn: false, cpuMoves: 0 },
    white: { player: { id: 'b', username: 'bob', rating: 1500, guest: false, provisional: false }, standIn: false, cpuMoves: 0 },
    board: START,
    toMove: 'black',
    ply: 0,
    legalMoves: ['c4', 'd3', 'e6', 'f5'],
    discs: { black: 2, white: 2 },
    turnDeadline: null,
    standInAt: null,
    clocks: null,
    idleDeadline: null,
    result: null,
    opening: null,
    computer: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    finishedAt: null,
    ...over,
  };
}

const d3: Move = { ply: 0, color: 'black', square: 'd3', pass: false, flipped: ['d4'], by: 'player', at: '2030-01-01T00:00:01.000Z' };
const AFTER_D3 = START.slice(0, 19) + 'B' + START.slice(20, 27) + 'B' + START.slice(28);

function setup(me: Me | null, first: Game, moves: Move[] = [], roomCode: string | null = null) {
  const calls: string[] = [];
  const api = {
    me: jest.fn(async () => me!),
    game: jest.fn(async () => first),
    moves: jest.fn(async () => ({ moves })),
    move: jest.fn(async (_id: string, _body: { square: string; ply: number }) => ({ move: d3, game: game({ board: AFTER_D3, ply: 1, toMove: 'white', legalMoves: ['c3', 'c5', 'e3'] }) })),
    resign: jest.fn(async () => first),
    abort: jest.fn(async () => game({ status: 'aborted', toMove: null })),
    room: jest.fn(async () => ({}) as never),
    rematch: jest.fn(async () => ({}) as never),
    declineRematch: jest.fn(async () => ({}) as never),
  };
  const out: GameOutput = {
    changed: () => calls.push('changed'),
    announce: (t: Text) => calls.push('announce:' + show(t)),
    flash: (t: Text | null) => calls.push('flash:' + (t ? show(t) : '')),
    squareFeedback: (sq: string | null, t: Text | null) => calls.push(`feedback:${sq}:${t ? show(t) : ''}`),
    moveSound: (c) => calls.push('sound:' + c),
    navigate: (href) => calls.push('navigate:' + href),
    stop: () => calls.push('stop'),
    endGameStream: () => calls.push('end-stream'),
    signedIn: (me) => calls.push('signed-in:' + me.username),
  };
  const c = new GameController('g1', roomCode, SETTINGS, api as unknown as GameApi, out);
  return { c, api, calls };
}

describe('game state (no DOM)', () => {
  it("a new game's event while our rematch request is out waits for that request, however slow, then leaves once", async () => {
    jest.useFakeTimers();
    try {
      const { c, api, calls } = setup(ALICE, game({ status: 'finished', toMove: null, roomCode: 'K7QX2M' }), [], 'K7QX2M');
      await c.start(true);
      let answer!: (room: never) => void;
      api.rematch.mockImplementationOnce(() => new Promise<never>((resolve) => (answer = resolve)));
      const asking = c.rematch();
      c.onMeEvent({ name: 'game', data: game({ id: 'g2', status: 'active', roomCode: 'K7QX2M' }) });
      await jest.advanceTimersByTimeAsync(30_000);
      expect(calls.filter((x) => x.startsWith('navigate:'))).toEqual([]);
      answer({ code: 'K7QX2M', gameId: 'g2' } as never);
      await asking;
      await jest.advanceTimersByTimeAsync(1_000);
      expect(calls.filter((x) => x.startsWith('navigate:'))).toEqual(['navigate:/play/g2?room=K7QX2M']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a finished game needs no stream: the end event closes the game stream for good, later statuses change nothing', async () => {
    const { c, calls } = setup(ALICE, game());
    await c.start(true);
    expect(needsGameStream(c.s)).toBe(true);
    c.onStreamStatus('live');
    expect(calls).not.toContain('end-stream');
    const over = game({ status: 'finished', toMove: null, ply: 1, result: { winner: 'black', reason: 'resign', discs: { black: 3, white: 1 }, ratingChanges: null, ratings: null } });
    c.onEvent({ name: 'end', data: over, id: 1 });
    expect(calls.filter((x) => x === 'end-stream')).toEqual(['end-stream']);
    expect(c.s.connection).toBe('ended');
    // The server closing the stream afterwards must not bring a "Reconnecting…" back.
    c.onStreamStatus('reconnecting');
    expect(c.s.connection).toBe('ended');
    expect(needsGameStream(c.s)).toBe(false);
    // A queue game over: no rematch can start here, so no stream of one's own either.
    expect(needsOwnStream(c.s)).toBe(false);
  });

  it('ratings read as everywhere: "1500?" while provisional, nothing for a guest; the end card says old → new', async () => {
    const seats = {
      black: { player: { id: 'a', username: 'alice', rating: 1500, guest: false, provisional: true }, standIn: false, cpuMoves: 0 },
      white: { player: { id: 'g', username: 'guest-x', rating: 1500, guest: true, provisional: true }, standIn: false, cpuMoves: 0 },
    };
    const live = setup(ALICE, game(seats));
    await live.c.start(true);
    expect(seatView(live.c.s, 'black').rating).toBe('1500?');
    expect(seatView(live.c.s, 'white').rating).toBe('');
    const rated = game({
      rated: true,
      status: 'finished',
      toMove: null,
      ply: 60,
      black: { player: { id: 'a', username: 'alice', rating: 1661.8, guest: false, provisional: true }, standIn: false, cpuMoves: 0 },
      white: { player: { id: 'b', username: 'bob', rating: 1640.2, guest: false, provisional: false }, standIn: false, cpuMoves: 0 },
      result: {
        winner: 'black',
        reason: 'board',
        discs: { black: 40, white: 24 },
        ratingChanges: { black: 161.8, white: -12.4 },
        ratings: {
          black: { before: 1500, after: 1661.8, provisionalBefore: true, provisionalAfter: true },
          white: { before: 1652.6, after: 1640.2, provisionalBefore: false, provisionalAfter: false },
        },
      },
    });
    const over = setup(ALICE, rated);
    await over.c.start(true);
    const r = resultView(over.c.s)!;
    expect(r.changes!.map((ch) => [show(ch.text), ch.direction])).toEqual([
      ['alice: 1500? → 1662? (+162)', 'up'],
      ['bob: 1653 → 1640 (−12)', 'down'],
    ]);
    expect(seatView(over.c.s, 'black').rating).toBe('1662?');
  });

  it('a finished game opened later (a replay) opens no game stream', async () => {
    const over = game({ status: 'finished', toMove: null, ply: 1, result: { winner: 'black', reason: 'resign', discs: { black: 3, white: 1 }, ratingChanges: null, ratings: null } });
    const { c } = setup(null, over, [d3]);
    expect(await c.start(false)).toBe(true);
    expect(c.s.connection).toBe('ended');
    expect(needsGameStream(c.s)).toBe(false);
    expect(needsOwnStream(c.s)).toBe(false);
  });

  it('loads the game; the player to move gets the legal squares and the first-move warning, the other waits', async () => {
    const { c, calls } = setup(ALICE, game());
    expect(await c.start(true)).toBe(true);
    expect(c.s.phase).toBe('ready');
    expect(calls).toContain('signed-in:alice');
    expect(boardModel(c.s)).toMatchObject({ legal: ['c4', 'd3', 'e6', 'f5'], playable: ['c4', 'd3', 'e6', 'f5'], interactive: true, color: 'black' });
    expect(show(statusText(c.s))).toBe('Your turn — you play Black · make your first move before the clock runs out, or the game is aborted');
    const other = setup(BOB, game());
    await other.c.start(true);
    expect(boardModel(other.c.s)).toMatchObject({ legal: [], playable: [], interactive: false });
    expect(show(statusText(other.c.s))).toBe('Waiting for alice… · first move: the game is aborted if it does not come in time');
  });

  it('a click: a square without a flip or a taken one is refused at the square; a legal one is played with the ply', async () => {
    const { c, api, calls } = setup(ALICE, game());
    await c.start(true);
    c.clickSquare('a1');
    c.clickSquare('d4');
    expect(calls.filter((x) => x.startsWith('feedback'))).toEqual(['feedback:a1:a1 does not outflank any disc: try a square with a dot.', 'feedback:d4:d4 is taken.']);
    c.clickSquare('d3');
    await new Promise((r) => setTimeout(r, 0));
    expect(api.move).toHaveBeenCalledWith('g1', { square: 'd3', ply: 0 });
    expect(c.s.game!.ply).toBe(1);
    expect(calls).toContain('sound:black');
  });

  it('a move event at the ply shown is applied at once (placed disc, flips), announced, and marks the turn stale until read', async () => {
    const { c, api, calls } = setup(BOB, game());
    await c.start(true);
    api.game.mockResolvedValueOnce(game({ board: AFTER_D3, ply: 1, toMove: 'white' }));
    c.onEvent({ name: 'move', data: d3, id: 1 });
    expect(c.s.game!.board).toBe(AFTER_D3);
    expect(c.s.lastEventId).toBe(1);
    expect(calls).toContain('announce:Black (alice) played d3.');
  });

  it('events carry the state: ply n+1 is applied on ply n without a request; presence moves standInAt; only a gap reads the game', async () => {
    const { c, api, calls } = setup(BOB, game());
    await c.start(true);
    const reads = api.game.mock.calls.length;
    const after = game({ board: AFTER_D3, ply: 1, toMove: 'white', legalMoves: ['c3', 'c5', 'e3'] });
    c.onEvent({ name: 'move', data: { ...d3, game: after }, id: 1 });
    expect(c.s.game).toBe(after);
    expect(c.s.stale).toBe(false);
    expect(boardModel(c.s).playable).toEqual(['c3', 'c5', 'e3']);
    expect(calls).toContain('announce:Black (alice) played d3.');
    c.onEvent({ name: 'seat', data: { gameId: 'g1', color: 'white', standIn: false, standInAt: '2030-01-01T00:01:00.000Z' }, id: 1 });
    expect(c.s.game!.standInAt).toBe('2030-01-01T00:01:00.000Z');
    expect(api.game.mock.calls.length).toBe(reads);
    expect(api.moves.mock.calls.length).toBe(1);
    // A record two plies ahead: something was missed, so the game and the moves are read.
    c.onEvent({ name: 'move', data: { ...d3, ply: 3, game: game({ ply: 4 }) }, id: 4 });
    expect(api.game.mock.calls.length).toBe(reads + 1);
    expect(api.moves.mock.calls.length).toBe(2);
  });

  it('back at the table while the CPU stands in: the seat is taken back with POST seat', async () => {
    const { c, api } = setup(ALICE, game({ ply: 4, black: { player: { id: 'a', username: 'alice', rating: 1500, guest: false, provisional: false }, standIn: true, cpuMoves: 1 } }));
    const back = game({ ply: 4 });
    const seat = jest.fn(async () => back);
    (api as unknown as { seat: typeof seat }).seat = seat;
    await c.start(true);
    expect(seat).toHaveBeenCalledTimes(1);
    expect(c.s.game).toBe(back);
  });

  it('a move on its way shows at once as pending, "not answering" when no answer comes, and is sent again (same ply) when its request failed', async () => {
    jest.useFakeTimers();
    try {
      const { c, api } = setup(ALICE, game());
      await c.start(true);
      let answer: (v: unknown) => void = () => undefined;
      let fail: (e: unknown) => void = () => undefined;
      api.move.mockImplementationOnce(() => new Promise((resolve, reject) => ((answer = resolve as never), (fail = reject))));
      const played = c.play('d3');
      expect(boardModel(c.s).pending).toBe('d3');
      expect(boardModel(c.s).interactive).toBe(false);
      expect(show(statusText(c.s))).toBe('Sending your move d3…');
      await jest.advanceTimersByTimeAsync(NOT_ANSWERING_MS);
      expect(show(statusText(c.s))).toBe('The server is not answering: your move d3 will be sent as soon as it is back.');
      // The request gives up (the server was restarted): the move stays pending and goes again.
      fail(new ApiError('unreachable', 0, 'NETWORK', undefined));
      await played;
      expect(boardModel(c.s).pending).toBe('d3');
      expect(api.move).toHaveBeenCalledTimes(1);
      // The stream is live again: sent at once, with the same ply; it lands once.
      c.onStreamStatus('live');
      await jest.advanceTimersByTimeAsync(0);
      expect(api.move).toHaveBeenCalledTimes(2);
      expect(api.move.mock.calls.map(([, body]) => body)).toEqual([{ square: 'd3', ply: 0 }, { square: 'd3', ply: 0 }]);
      expect(boardModel(c.s).pending).toBeNull();
      expect(c.s.game!.ply).toBe(1);
      expect(show(statusText(c.s))).toMatch(/^Waiting for bob…/);
      await jest.advanceTimersByTimeAsync(RESEND_MS * 2);
      expect(api.move).toHaveBeenCalledTimes(2);
      answer(undefined);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a move on its way is settled by the stream when the game moves past its ply', async () => {
    const { c, api } = setup(ALICE, game());
    await c.start(true);
    api.move.mockImplementationOnce(() => new Promise(() => undefined));
    void c.play('d3');
    expect(boardModel(c.s).pending).toBe('d3');
    c.onEvent({ name: 'move', data: { ...d3, game: game({ board: AFTER_D3, ply: 1, toMove: 'white', legalMoves: ['c3', 'c5', 'e3'] }) }, id: 1 });
    expect(boardModel(c.s).pending).toBeNull();
    expect(c.s.busy).toBe(false);
  });

  it('STALE_PLY takes the current game from the error and says so', async () => {
    const { c, api, calls } = setup(ALICE, game());
    await c.start(true);
    const current = game({ board: AFTER_D3, ply: 1, toMove: 'white' });
    api.move.mockRejectedValueOnce(new ApiError('stale', 409, 'STALE_PLY', { game: current }));
    await c.play('d3');
    expect(c.s.game).toBe(current);
    expect(calls).toContain('flash:The board had changed: it is up to date now.');
  });

  it('abort before both players have moved, resign after (the game domain decides)', async () => {
    const { c } = setup(ALICE, game({ ply: 1, toMove: 'white' }));
    await c.start(true);
    expect(actionsView(c.s)).toMatchObject({ abort: true, resign: false });
    const later = setup(ALICE, game({ ply: 2 }));
    await later.c.start(true);
    expect(actionsView(later.c.s)).toMatchObject({ abort: false, resign: true });
    const watcher = setup(null, game({ ply: 2 }));
    await watcher.c.start(false);
    expect(actionsView(watcher.c.s)).toMatchObject({ abort: false, resign: false });
  });

  it('the opponent seems away below the server\'s threshold (cpuTakeoverSeconds − awayAfterSeconds), not above', async () => {
    const now = Date.parse('2030-01-01T00:10:00.000Z');
    const at = (s: number) => new Date(now + s * 1000).toISOString();
    const { c } = setup(ALICE, game({ ply: 3, toMove: 'white', standInAt: at(43) }));
    await c.start(true);
    expect(opponentAway(c.s, now)).toBeNull();
    c.s.game = { ...c.s.game!, standInAt: at(41) };
    expect(show(opponentAway(c.s, now)!)).toBe('bob seems to be disconnected: if they do not come back, the CPU plays for them in 0:41 (and if it is still playing for them at the end, they lose).');
  });

  it('an unknown game: phase missing, the streams stop', async () => {
    const { c, api, calls } = setup(null, game());
    api.game.mockRejectedValueOnce(new ApiError('no', 404, 'NOT_FOUND', undefined));
    expect(await c.start(false)).toBe(false);
    expect(c.s.phase).toBe('missing');
    expect(calls).toContain('stop');
    expect(msg('game.title.missing')).toBe('Game not found · Outflank');
  });
});

describe('the fair-play rules on the board (issue #21)', () => {
  const ranked = (over: Partial<Game> = {}) =>
    game({ rated: true, settings: { rated: true, turnSeconds: null, clock: null, idleSeconds: 300, standInMoves: 2, showLegalMoves: true }, ply: 10, ...over });
  const seat = (color: 'black' | 'white', cpuMoves: number) =>
    color === 'black'
      ? { black: { player: { id: 'a', username: 'alice', rating: 1500, guest: false, provisional: false }, standIn: false, cpuMoves } }
      : { white: { player: { id: 'b', username: 'bob', rating: 1500, guest: false, provisional: false }, standIn: false, cpuMoves } };

  it('without a turn limit the game shows its idle limit with its settings', async () => {
    const { c } = setup(ALICE, ranked());
    await c.start(true);
    expect(metaTexts(c.s).map(show)).toEqual(['Rated', 'No time limit', 'idle limit 5:00']);
    const timed = setup(ALICE, game({ settings: { rated: false, turnSeconds: 30, clock: null, idleSeconds: null, standInMoves: null, showLegalMoves: true } }));
    await timed.c.start(true);
    expect(metaTexts(timed.c.s).map(show)).toEqual(['Casual', '30 s per move']);
  });

  it.each<[string, Me, Partial<Game>, string | null]>([
    ['no CPU move yet', ALICE, {}, null],
    ['the CPU played one of my moves', ALICE, seat('black', 1), 'The CPU has played 1 move for you in this ranked game. If it plays more than 2, the game counts as abandoned: a loss for you, whoever is ahead.'],
    ['the CPU played three of my moves', ALICE, seat('black', 3), 'The CPU has played 3 moves for you in this ranked game: it counts as abandoned, a loss for you, whoever is ahead at the end.'],
    ['the CPU played two of the opponent\'s moves (not over the limit): nothing said', BOB, seat('black', 2), null],
    ['the CPU played three of the opponent\'s moves', BOB, seat('black', 3), 'The CPU has played 3 moves for alice in this ranked game: it counts as abandoned by them, whoever is ahead at the end.'],
  ])('ranked: %s', async (_label, me, over, expected) => {
    const { c } = setup(me, ranked(over));
    await c.start(true);
    const note = cpuMovesNote(c.s);
    expect(note ? show(note) : null).toBe(expected);
  });

  it('casual games: no count is shown (only the seat the CPU holds at the end abandons)', async () => {
    const { c } = setup(ALICE, game({ ply: 10, ...seat('black', 9) }));
    await c.start(true);
    expect(cpuMovesNote(c.s)).toBeNull();
  });
});

describe('a ranked game the stand-in would have decided: the result says why (issue #21)', () => {
  const over = (result: Game['result'], black: Partial<Game['black']>, white: Partial<Game['white']> = {}, rated = true) =>
    game({
      rated,
      status: result!.reason === 'aborted' ? 'aborted' : 'finished',
      toMove: null,
      ply: 40,
      settings: { rated, turnSeconds: null, clock: null, idleSeconds: 300, standInMoves: rated ? 2 : null, showLegalMoves: true },
      black: { player: { id: 'a', username: 'alice', rating: 1500, guest: false, provisional: false }, standIn: false, cpuMoves: 0, ...black },
      white: { player: { id: 'b', username: 'bob', rating: 1500, guest: false, provisional: false }, standIn: false, cpuMoves: 0, ...white },
      result,
      finishedAt: '2030-01-01T01:00:00.000Z',
    });
  const discs = { black: 47, white: 17 };

  it.each<[string, Game, string]>([
    ['the CPU played more than the limit for a seat whose owner came back: abandoned whoever was ahead',
      over({ reason: 'abandoned', winner: 'white', discs, ratingChanges: { black: -12, white: 12 }, ratings: null }, { cpuMoves: 30 }),
      'alice abandoned the game: the CPU played 30 moves for them in this ranked game (more than 2), so they lose whoever was ahead'],
    ['the CPU still held the seat at the end: the casual sentence',
      over({ reason: 'abandoned', winner: 'white', discs, ratingChanges: null, ratings: null }, { standIn: true, cpuMoves: 1 }),
      'alice abandoned the game: the CPU was still playing for them at the end, so they lose'],
    ['a casual game never counts the CPU\'s moves',
      over({ reason: 'abandoned', winner: 'white', discs, ratingChanges: null, ratings: null }, { standIn: true, cpuMoves: 9 }, {}, false),
      'alice abandoned the game: the CPU was still playing for them at the end, so they lose'],
    ['the CPU over the limit for both seats: nobody wins',
      over({ reason: 'aborted', winner: null, discs, ratingChanges: null, ratings: null }, { cpuMoves: 3 }, { cpuMoves: 4 }),
      'No result: the CPU stood in for a player too long, and it never wins a game for anyone; ratings unchanged'],
    ['an abort before both moved: called off',
      over({ reason: 'aborted', winner: null, discs: { black: 4, white: 1 }, ratingChanges: null, ratings: null }, { cpuMoves: 0 }),
      'Called off before both players had moved (a first move never came, or a player aborted): no result, ratings unchanged'],
  ])('%s', async (_label, g, expected) => {
    const { c } = setup(BOB, g);
    await c.start(true);
    expect(show(resultView(c.s)!.detail)).toBe(expected);
  });
});

describe('game clocks on the board', () => {
  const clocked = (over: Partial<Game> = {}) =>
    game({
      rated: true,
      ply: 10,
      settings: { rated: true, turnSeconds: null, clock: { baseSeconds: 300, incrementSeconds: 3, label: '5+3' }, idleSeconds: null, standInMoves: 2, showLegalMoves: true },
      clocks: { black: 65_000, white: 200_000, running: 'black', at: '2030-01-01T00:01:00.000Z' },
      ...over,
    });

  it("shows both clocks and counts only the running one down from the values received (the server's are the authority)", async () => {
    const { c } = setup(BOB, clocked());
    await c.start(true);
    const t0 = c.s.clockAt;
    expect(clockOf(c.s, 'black', t0)).toEqual({ on: true, text: '1:05', low: false, running: true });
    expect(clockOf(c.s, 'white', t0)).toEqual({ on: true, text: '3:20', low: false, running: false });
    expect(clockOf(c.s, 'black', t0 + 5_500)).toMatchObject({ text: '1:00' });
    expect(clockOf(c.s, 'white', t0 + 5_500)).toMatchObject({ text: '3:20' });
    expect(clockOf(c.s, 'black', t0 + 57_000)).toEqual({ on: true, text: '0:08.0', low: true, running: true });
    expect(clockOf(c.s, 'black', t0 + 99_000)).toMatchObject({ text: '0:00.0' });
    expect(metaTexts(c.s).map(show)).toEqual(['Rated', 'Clock 5+3']);
    // An event brings the server's values: the count starts again from them.
    c.onEvent({ name: 'move', id: 11, data: { ...d3, ply: 10, color: 'black', game: clocked({ ply: 11, toMove: 'white', clocks: { black: 10_000, white: 200_000, running: 'white', at: '2030-01-01T00:01:05.000Z' } }) } });
    expect(clockOf(c.s, 'black', c.s.clockAt + 5_000)).toMatchObject({ text: '0:10', running: false });
  });

  it('announces the running clock at 60, 30 and 10 s left, once each, never every second', async () => {
    const { c } = setup(ALICE, clocked());
    await c.start(true);
    const t0 = c.s.clockAt;
    const said: string[] = [];
    for (let ms = 0; ms <= 70_000; ms += 1000) {
      const a = clockAnnouncement(c.s, t0 + ms);
      if (a) said.push(show(a));
    }
    expect(said).toEqual(['alice: 1:00 left on the clock', 'alice: 0:30 left on the clock', 'alice: 0:10 left on the clock']);
  });

  it('an untimed casual game shows the idle limit only in its last minute, to the player to move', async () => {
    const soon = new Date(Date.now() + 45_000).toISOString();
    const { c } = setup(ALICE, game({ ply: 10, idleDeadline: soon }));
    await c.start(true);
    const now = Date.now();
    expect(clockOf(c.s, 'black', now)).toMatchObject({ on: true, low: true });
    expect(clockOf(c.s, 'white', now)).toMatchObject({ on: false });
    expect(clockOf(c.s, 'black', now - 60_000)).toMatchObject({ on: false });
    expect(show(clockAnnouncement(c.s, now)!)).toMatch(/^0:4\d left to move before the CPU plays for you$/);
  });
});
