import { describe, expect, it, jest } from '@jest/globals';
import './english';
import { ComputerController, customClock } from '../../src/client/lobby/computer';
import { show } from '../../src/client/common/messages';
import { ApiError, type Game } from '../../src/client/transport/api';

describe('the lobby: custom clocks', () => {
  it('names a clock within the bounds as the API does, and refuses the rest', () => {
    expect(customClock('7', '4')).toBe('7+4');
    expect(customClock('2.5', '1')).toBe('2.5+1');
    expect(customClock('2,5', '0')).toBe('2.5+0');
    expect(customClock('60', '60')).toBe('60+60');
    for (const [m, i] of [['0.5', '2'], ['61', '0'], ['5', '61'], ['5', '1.5'], ['2.55', '1'], ['', '3'], ['five', '3'], ['5', '']]) expect(customClock(m, i)).toBeNull();
  });
});

describe('the lobby: play the computer', () => {
  const setup = (lobby: { me: unknown; inGame: boolean }, answer: () => Promise<Game>) => {
    const computerGame = jest.fn((_body: unknown) => answer());
    const out = { changed: jest.fn(), navigate: jest.fn() };
    const host = { s: { me: lobby.me }, inGame: lobby.inGame, inFlight: 0, requestDone: jest.fn(() => void (host.inFlight -= 1)), go: jest.fn() };
    const c = new ComputerController(host, { computerGame } as never, out);
    return { c, computerGame, out, host };
  };

  it('starts the game with the choice and leaves for it through the lobby, which holds its game event until the answer', async () => {
    let inFlightDuring = -1;
    const { c, computerGame, out, host } = setup({ me: { id: 'a' }, inGame: false }, async () => {
      inFlightDuring = host.inFlight;
      return { id: 'g1' } as Game;
    });
    await c.start({ level: 3, clock: '5+3', color: 'white', showLegalMoves: false });
    expect(computerGame).toHaveBeenCalledWith({ level: 3, clock: '5+3', color: 'white', showLegalMoves: false });
    expect(inFlightDuring).toBe(1);
    expect(host.go).toHaveBeenCalledWith('g1', null);
    expect(host.go.mock.invocationCallOrder[0]).toBeLessThan(host.requestDone.mock.invocationCallOrder[0]);
    expect(host.inFlight).toBe(0);
    expect(out.navigate).not.toHaveBeenCalled();
    expect(c.busy).toBe(false);
  });

  it('a custom clock out of bounds is said before any request; nothing starts while a game is on', async () => {
    const { c, computerGame } = setup({ me: { id: 'a' }, inGame: false }, async () => ({ id: 'g1' }) as Game);
    await c.start({ level: 1, clock: undefined, color: 'random', showLegalMoves: true });
    expect(computerGame).not.toHaveBeenCalled();
    expect(show(c.message!.text)).toBe('A custom clock needs 1 to 60 minutes and 0 to 60 seconds per move.');
    const busy = setup({ me: { id: 'a' }, inGame: true }, async () => ({ id: 'g1' }) as Game);
    await busy.c.start({ level: 1, clock: null, color: 'random', showLegalMoves: true });
    expect(busy.computerGame).not.toHaveBeenCalled();
  });

  it("the server's refusal is shown", async () => {
    const { c, out, host } = setup({ me: { id: 'a' }, inGame: false }, async () => {
      throw new ApiError('level must be a whole number from 1 to 8', 400, 'VALIDATION_FAILED', undefined);
    });
    await c.start({ level: 9, clock: null, color: 'random', showLegalMoves: true });
    expect(show(c.message!.text)).toBe('level must be a whole number from 1 to 8');
    expect(out.navigate).not.toHaveBeenCalled();
    expect(host.go).not.toHaveBeenCalled();
    expect(host.inFlight).toBe(0);
  });
});
