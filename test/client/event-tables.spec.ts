import { describe, expect, it, jest } from '@jest/globals';
import { gameHandlers, ignore, playerHandlers, type GameEvent, type MeEvent } from '../../src/client/transport/events';

describe('event handler tables (typed by the server event map)', () => {
  it('hands each event to its own handler with its payload and id; events the client does not know go nowhere', () => {
    const move = jest.fn();
    const end = jest.fn();
    const seat = jest.fn();
    const onGame = gameHandlers({ move, end, seat });
    const data = { gameId: 'g1', color: 'white', standIn: true, standInAt: null } as unknown as Extract<GameEvent, { name: 'seat' }>['data'];
    onGame({ name: 'seat', data, id: 7 });
    expect(seat).toHaveBeenCalledWith(data, 7);
    expect(move).not.toHaveBeenCalled();
    expect(end).not.toHaveBeenCalled();

    const challenge = jest.fn();
    const onMe = playerHandlers({ challenge, game: ignore, matched: ignore, rematch: ignore });
    const c = { id: 'c1', state: 'open' } as unknown as Extract<MeEvent, { name: 'challenge' }>['data'];
    onMe({ name: 'challenge', data: c });
    onMe({ name: 'other', type: 'something-new', data: {} });
    expect(challenge).toHaveBeenCalledTimes(1);
    expect(challenge).toHaveBeenCalledWith(c, null);
  });

  it('a table that lacks a handler of the map does not compile (checked by the type-check in npm run lint)', () => {
    // @ts-expect-error: the seat event has no handler
    const partial = gameHandlers({ move: ignore, end: ignore });
    // @ts-expect-error: the challenge event has no handler
    const partialMe = playerHandlers({ game: ignore, matched: ignore, rematch: ignore });
    expect(typeof partial).toBe('function');
    expect(typeof partialMe).toBe('function');
  });
});
