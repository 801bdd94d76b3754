import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { MatchmakingService } from '../../src/matchmaking/matchmaking.service.js';
import { registerPlayer, type TestPlayer } from '../factories/players.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/**
 * A restart of the server: a waiting ticket whose player left while it was down still has a
 * recent presence mark. It is not paired before its player is seen again by the new process (a
 * stream or a poll), so nobody is seated in a game against a player who has gone.
 */
describe('the queue after a restart', () => {
  let db: TestDatabase;
  let t: TestApp | undefined;
  const env = { QUEUE_WAVE_MS: '0', QUEUE_PRESENCE_SECONDS: '60' };
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
    await db.drop();
  });

  const join = (app: TestApp, p: TestPlayer) => request(app.http).post('/api/queue').set(p.auth).send({ mode: 'unranked' }).expect(201);
  const state = async (app: TestApp, p: TestPlayer) => (await request(app.http).get('/api/queue').set(p.auth).expect(200)).body.state as string;

  it('a ticket from before the restart waits until its player is seen again, then pairs', async () => {
    const before = await startTestApp(env, { db });
    const [gone, fresh] = [await registerPlayer(before.http), await registerPlayer(before.http)];
    await join(before, gone);
    await before.close();

    t = await startTestApp(env, { db });
    const app = t;
    // The new player's join finds nobody it may be paired with: the old ticket is not confirmed.
    const mine = await join(app, fresh);
    expect(mine.body.state).toBe('waiting');
    const wave = await app.app.get(MatchmakingService).runWave();
    expect(wave.games).toEqual([]);
    const waiting = await db.query("SELECT count(*)::int AS n FROM queue_tickets WHERE state = 'waiting'");
    expect(waiting.rows[0].n).toBe(2);
    // The old ticket's player comes back (a poll): the next wave pairs the two.
    expect(await state(app, gone)).toBe('waiting');
    const next = await app.app.get(MatchmakingService).runWave();
    expect(next.games).toHaveLength(1);
    expect(await state(app, gone)).toBe('matched');
    expect(await state(app, fresh)).toBe('matched');
  }, 120_000);
});
