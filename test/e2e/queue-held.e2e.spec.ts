import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { MatchmakingService } from '../../src/matchmaking/matchmaking.service.js';
import { uniqueName } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/**
 * The ranked queue says why it is not pairing: players wait in the ticket's window, but each of
 * them shares an address (or a browser) with its owner. Every player here names their address
 * (X-Forwarded-For, believed from loopback).
 */
describe('GET /api/queue: what holds a waiting ranked ticket back', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback', RANKED_SEPARATE_ADDRESSES: 'true', QUEUE_WAVE_MS: '0', QUEUE_PRESENCE_SECONDS: '3600' });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = async (address: string) => {
    const res = await request(t.http).post('/api/auth/register').set('X-Forwarded-For', address).send({ username: uniqueName('held'), password: 'password123' }).expect(201);
    return { id: res.body.player.id as string, auth: { Authorization: `Bearer ${res.body.token}`, 'X-Forwarded-For': address } };
  };
  const queue = (p: { auth: Record<string, string> }) => request(t.http).post('/api/queue').set(p.auth).send({ mode: 'ranked' }).expect(201);
  const ticket = async (p: { auth: Record<string, string> }) => (await request(t.http).get('/api/queue').set(p.auth).expect(200)).body;

  it('two accounts of one household: each is told the address rule holds them; a third player from elsewhere clears it', async () => {
    const [a, b] = [await register('198.51.100.20'), await register('198.51.100.20')];
    await queue(a);
    // Alone in the queue: nothing holds the ticket back, there is just nobody yet.
    expect((await ticket(a)).held).toBeNull();
    await queue(b);
    expect((await ticket(a)).held).toEqual({ reason: 'linked', players: 1 });
    expect((await ticket(b)).held).toEqual({ reason: 'linked', players: 1 });
    // The wave does not pair them, and says nothing else.
    const wave = await t.app.get(MatchmakingService).runWave();
    expect(wave.games).toEqual([]);

    const c = await register('203.0.113.77');
    await queue(c);
    const seen = await ticket(a);
    expect(seen.state).toBe('waiting');
    expect(seen.held).toBeNull();
    const paired = await t.app.get(MatchmakingService).runWave();
    expect(paired.games).toHaveLength(1);
    expect([paired.games[0].blackId, paired.games[0].whiteId]).toContain(c.id);
  });
});
