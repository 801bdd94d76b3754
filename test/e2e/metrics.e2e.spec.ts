import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { playOpening, startRoomGame } from '../factories/games.js';
import { registerPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { openSse } from '../support/sse.js';

const value = (text: string, metric: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(metric + ' ') || l.startsWith(metric + '{'));
  if (!line) throw new Error(`${metric} is missing`);
  return Number(line.split(' ').at(-1));
};

describe('GET /metrics (Prometheus)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts moves and their latency, active games, open streams and the pool', async () => {
    const before = (await request(t.http).get('/metrics').expect(200)).text;
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, a, b);
    await playOpening(t.http, gameId, a, b);
    const stream = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
    expect(await stream.ready).toBe(200);
    const res = await request(t.http).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const after = res.text;
    expect(value(after, 'outflank_move_duration_seconds_count{outcome="played"}') - (before.includes('outflank_move_duration_seconds_count{') ? value(before, 'outflank_move_duration_seconds_count{outcome="played"}') : 0)).toBe(2);
    expect(value(after, 'outflank_moves_total{by="player"}')).toBeGreaterThanOrEqual(2);
    expect(value(after, 'outflank_active_games')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'outflank_open_event_streams')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'outflank_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    stream.close();
  });

  it("a game's event stream ends after its end event, and the open-stream count goes back down", async () => {
    const [a, b] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, a, b);
    await playOpening(t.http, gameId, a, b);
    const stream = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
    expect(await stream.ready).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    const open = value((await request(t.http).get('/metrics').expect(200)).text, 'outflank_open_event_streams');
    await request(t.http).post(`/api/games/${gameId}/resign`).set(b.auth).send({}).expect(200);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: { id: gameId, status: 'finished' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(value((await request(t.http).get('/metrics').expect(200)).text, 'outflank_open_event_streams')).toBe(open - 1);
    // A finished game's stream sends the end at once and closes.
    const late = openSse(`${t.baseUrl}/api/games/${gameId}/events`);
    expect(await late.ready).toBe(200);
    await late.ended;
    expect(late.events.map((e) => e.event)).toEqual(['end']);
  });
});
