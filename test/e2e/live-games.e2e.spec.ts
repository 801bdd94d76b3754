import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { guestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

describe('GET /api/games?status=active (live games to watch)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const hosts = new Map<string, Record<string, string>>();
  async function roomGame(): Promise<string> {
    const host = await guestPlayer(t.http);
    const guest = await guestPlayer(t.http);
    const room = (await request(t.http).post('/api/rooms').set(host.auth).send({}).expect(201)).body;
    const id: string = (await request(t.http).post(`/api/rooms/${room.code}/join`).set(guest.auth).send({}).expect(200)).body.gameId;
    hosts.set(id, host.auth);
    return id;
  }

  it('lists active games newest first, pages with limit and before, and leaves finished ones out', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await roomGame());
    const all = (await request(t.http).get('/api/games?status=active').expect(200)).body.games;
    expect(all.map((g: { id: string }) => g.id)).toEqual([...ids].reverse());
    expect(all[0]).toMatchObject({ status: 'active', ply: 0, rated: false, result: null, finishedAt: null });
    expect(Object.keys(all[0].black).sort()).toEqual(['guest', 'id', 'provisional', 'rating', 'username']);

    const first = (await request(t.http).get('/api/games?status=active&limit=2').expect(200)).body.games;
    expect(first.map((g: { id: string }) => g.id)).toEqual([ids[2], ids[1]]);
    const next = (await request(t.http).get(`/api/games?status=active&limit=2&before=${encodeURIComponent(first[1].createdAt)}`).expect(200)).body.games;
    expect(next.map((g: { id: string }) => g.id)).toEqual([ids[0]]);

    // A game that ended (resigned or aborted) is no longer live.
    const ended = (await request(t.http).post(`/api/games/${ids[1]}/resign`).set(hosts.get(ids[1])!).send({}).expect(200)).body;
    expect(ended.status).not.toBe('active');
    const after = (await request(t.http).get('/api/games?status=active').expect(200)).body.games;
    expect(after.map((g: { id: string }) => g.id)).toEqual([ids[2], ids[0]]);
  });

  it('refuses other statuses and bad paging with a 400 and the error shape', async () => {
    for (const q of ['status=finished', 'status=active&limit=0', 'status=active&limit=101', 'status=active&before=yesterday']) {
      const res = await request(t.http).get(`/api/games?${q}`).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
  });
});
