import { Player } from '../../src/players/entities/player.entity.js';

/** A player row as the repositories return it (Alice, 12 rated games), with `fields` over it: for unit tests without a database. */
export function playerRow(fields: Partial<Player> = {}): Player {
  return Object.assign(new Player(), {
    id: '11111111-1111-4111-8111-111111111111',
    username: 'Alice',
    usernameKey: 'alice',
    guest: false,
    rating: 1612.5,
    rd: 80,
    volatility: 0.059,
    games: 12,
    wins: 7,
    draws: 1,
    losses: 4,
    lastRatedAt: null,
    onLeaderboard: true,
    createdAt: new Date('2026-01-02T03:04:05.000Z'),
    ...fields,
  });
}
