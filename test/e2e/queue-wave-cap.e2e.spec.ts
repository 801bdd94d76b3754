import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { MatchmakingService } from '../../src/matchmaking/matchmaking.service.js';
import { registerPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/** QUEUE_WAVE_MAX_GAMES bounds a wave's work: the closest pairs are made now, the rest in the next wave. */
describe('a ranked wave makes at most QUEUE_WAVE_MAX_GAMES games', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ QUEUE_WAVE_MS: '0', QUEUE_WAVE_MAX_GAMES: '2', LOG_LEVEL: 'error' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the closest two pairs first, the third in the next wave', async () => {
    const ps = await Promise.all(Array.from({ length: 6 }, () => registerPlayer(t.http)));
    // Three pairs 10, 40 and 90 points apart, far from each other.
    const ratings = [1000, 1010, 1500, 1540, 2000, 2090];
    for (const [i, p] of ps.entries()) await t.db.query('UPDATE players SET rating = $2 WHERE id = $1', [p.id, ratings[i]]);
    for (const p of ps) await request(t.http).post('/api/queue').set(p.auth).send({ mode: 'ranked' }).expect(201);
    const mm = t.app.get(MatchmakingService);
    const pairOf = (g: { blackId: string; whiteId: string }) => [g.blackId, g.whiteId].map((id) => ps.findIndex((p) => p.id === id)).sort();
    const first = await mm.runWave();
    expect(first.games.map(pairOf).sort()).toEqual([[0, 1], [2, 3]]);
    const second = await mm.runWave();
    expect(second.games.map(pairOf)).toEqual([[4, 5]]);
  });
});
