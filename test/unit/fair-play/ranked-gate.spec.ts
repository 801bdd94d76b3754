import { describe, expect, it } from '@jest/globals';
import { rankedGate } from '../../../src/fair-play/domain/ranked-gate';

const NOW = new Date('2030-01-10T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const RULE = { minCasualGames: 3, minAccountHours: 24 };

describe('the newcomers’ gate of ranked play', () => {
  it('is shut for a fresh account with fewer casual games than needed, and says how far it is', () => {
    expect(rankedGate({ createdAt: hoursAgo(1), casualGames: 2 }, NOW, RULE)).toEqual({
      eligible: false, casualGames: 2, casualGamesNeeded: 3, openAt: new Date('2030-01-11T11:00:00.000Z'),
    });
  });

  it('opens by finished casual games or by age, either one', () => {
    expect(rankedGate({ createdAt: hoursAgo(1), casualGames: 3 }, NOW, RULE).eligible).toBe(true);
    expect(rankedGate({ createdAt: hoursAgo(24), casualGames: 0 }, NOW, RULE).eligible).toBe(true);
    expect(rankedGate({ createdAt: hoursAgo(23.99), casualGames: 2 }, NOW, RULE).eligible).toBe(false);
  });

  it('a 0 takes that way out of the rule; both 0 switch the gate off', () => {
    const gamesOnly = { minCasualGames: 3, minAccountHours: 0 };
    expect(rankedGate({ createdAt: hoursAgo(24 * 365), casualGames: 0 }, NOW, gamesOnly)).toMatchObject({ eligible: false, openAt: null });
    expect(rankedGate({ createdAt: hoursAgo(0), casualGames: 3 }, NOW, gamesOnly).eligible).toBe(true);
    const ageOnly = { minCasualGames: 0, minAccountHours: 24 };
    expect(rankedGate({ createdAt: hoursAgo(1), casualGames: 100 }, NOW, ageOnly)).toMatchObject({ eligible: false, casualGamesNeeded: null });
    expect(rankedGate({ createdAt: hoursAgo(25), casualGames: 0 }, NOW, ageOnly).eligible).toBe(true);
    expect(rankedGate({ createdAt: hoursAgo(0), casualGames: 0 }, NOW, { minCasualGames: 0, minAccountHours: 0 }).eligible).toBe(true);
  });
});
