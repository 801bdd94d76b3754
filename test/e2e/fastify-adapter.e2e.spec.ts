import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createFastifyApp } from '../../src/app.fastify.js';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/config.js';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { createTestDatabase, TestDatabase } from '../support/database.js';
import { openSse } from '../support/sse.js';
import { TEST_ENV } from '../support/app.js';

// The experimental Fastify app (src/app.fastify.ts, benchmarks only) answers the move path as the
// Express app does: the same statuses, bodies and headers (helmet's CSP included) for good and bad
// requests, and the same event streams. One app at a time (passport's strategies are process-global).

type Adapter = 'express' | 'fastify';
interface Answer {
  name: string;
  status: number;
  body: string;
  headers: Record<string, string | undefined>;
  requestId: boolean;
}

const COMPARED_HEADERS = ['content-type', 'content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'retry-after', 'cache-control'];
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;

async function exercise(adapter: Adapter, db: TestDatabase): Promise<{ answers: Answer[]; events: string[] }> {
  const config = { ...loadConfig({ ...TEST_ENV, FIRST_MOVE_SECONDS: '3600' }), databaseUrl: db.url };
  const app: INestApplication = adapter === 'fastify' ? await createFastifyApp(config) : await createApp(config);
  await app.listen(0, '127.0.0.1');
  const http = app.getHttpServer();
  const address = http.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const alice: TestPlayer = await registerPlayer(http);
    const bob: TestPlayer = await registerPlayer(http);
    const { gameId, code } = await startRoomGame(http, alice, bob);
    const secrets: [string, string][] = [
      [gameId, '<game>'],
      [code, '<room>'],
      [alice.id, '<alice>'],
      [bob.id, '<bob>'],
      [alice.username, '<alice-name>'],
      [bob.username, '<bob-name>'],
    ];
    const normal = (text: string) => secrets.reduce((t, [secret, name]) => t.split(secret).join(name), text).replace(ISO_TIME, '<time>');
    const answers: Answer[] = [];
    const record = async (name: string, req: request.Test) => {
      const res = await req;
      answers.push({
        name,
        status: res.status,
        body: normal(res.text ?? ''),
        headers: Object.fromEntries(COMPARED_HEADERS.map((h) => [h, res.headers[h] as string | undefined])),
        requestId: typeof res.headers['x-request-id'] === 'string' && res.headers['x-request-id'].length > 0,
      });
      return res;
    };
    const moves = `/api/games/${gameId}/moves`;
    const post = (who: TestPlayer | null) => (who ? request(http).post(moves).set(who.auth) : request(http).post(moves));
    await record('no token', post(null).send({ square: 'd3', ply: 0 }));
    await record('bad token', request(http).post(moves).set('Authorization', 'Bearer nope').send({ square: 'd3', ply: 0 }));
    await record('text body', post(alice).set('Content-Type', 'text/plain').send('d3'));
    await record('form body', post(alice).set('Content-Type', 'application/x-www-form-urlencoded').send('square=d3&ply=0'));
    await record('latin1 JSON', post(alice).set('Content-Type', 'application/json; charset=latin1').send('{"square":"d3","ply":0}'));
    await record('broken JSON', post(alice).set('Content-Type', 'application/json').send('{"square":'));
    await record('a JSON string', post(alice).set('Content-Type', 'application/json').send('"d3"'));
    await record('an array', post(alice).set('Content-Type', 'application/json').send('[]'));
    await record('too large', post(alice).send({ square: 'd3', ply: 0, pad: 'x'.repeat(20_000) }));
    let deep: unknown = {};
    for (let i = 0; i < 20; i++) deep = { a: deep };
    await record('too deep', post(alice).send({ square: 'd3', ply: 0, deep }));
    await record('unknown field', post(alice).send({ square: 'd3', ply: 0, extra: 1 }));
    await record('__proto__', post(alice).set('Content-Type', 'application/json').send('{"__proto__":{"a":1},"square":"d3","ply":0}'));
    await record('no body', post(alice).set('Content-Type', 'application/json'));
    await record('wrong types', post(alice).send({ square: 5, ply: 'x' }));
    await record('not your turn', post(bob).send({ square: 'd3', ply: 0 }));
    await record('illegal square', post(alice).send({ square: 'a1', ply: 0 }));
    await record('stale ply', post(alice).send({ square: 'd3', ply: 5 }));
    await record('unknown path', request(http).get('/api/nope'));
    await record('not a uuid', request(http).get('/api/games/not-a-uuid'));
    await record('unknown game', request(http).get('/api/games/00000000-0000-4000-8000-000000000000'));
    await record('bad escape', request(http).get('/api/games/%E0%A4%A'));
    const before = await record('the game', request(http).get(`/api/games/${gameId}`));
    const square = squareName(legalMoves(fromBoardString(before.body.board, before.body.toMove))[0]);
    await record('a move', post(alice).send({ square, ply: 0 }));
    await record('the same move again', post(alice).send({ square, ply: 0 }));
    await record('the game after', request(http).get(`/api/games/${gameId}`).set(bob.auth));
    await record('stream of no game', request(http).get('/api/games/00000000-0000-4000-8000-000000000000/events'));

    // The game's stream resumed at ply 0 (replays ply 1), then bob's move arrives live; alice's own stream.
    const game = openSse(`${base}/api/games/${gameId}/events`, { 'Last-Event-ID': '0' });
    const mine = openSse(`${base}/api/me/events`, alice.auth);
    expect(await game.ready).toBe(200);
    expect(await mine.ready).toBe(200);
    await game.waitFor((e) => e.some((x) => x.event === 'move' && x.id === '1'));
    const after = (await request(http).get(`/api/games/${gameId}`)).body;
    const reply = squareName(legalMoves(fromBoardString(after.board, after.toMove))[0]);
    await record('a reply', post(bob).send({ square: reply, ply: 1 }));
    await game.waitFor((e) => e.some((x) => x.event === 'move' && x.id === '2'));
    game.close();
    mine.close();
    return { answers, events: game.events.map((e) => `${e.event} ${e.id ?? ''} ${normal(JSON.stringify(e.data))}`) };
  } finally {
    await app.close();
  }
}

describe('the experimental Fastify app answers the move path as the Express app', () => {
  let db: TestDatabase;
  const seen: Partial<Record<Adapter, { answers: Answer[]; events: string[] }>> = {};
  beforeAll(async () => {
    db = await createTestDatabase();
    seen.express = await exercise('express', db);
    seen.fastify = await exercise('fastify', db);
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('gives every request the same status, body and headers', () => {
    const express = seen.express!.answers;
    const fastify = seen.fastify!.answers;
    expect(fastify.map((a) => a.name)).toEqual(express.map((a) => a.name));
    for (let i = 0; i < express.length; i++) expect({ ...fastify[i], requestId: null }).toEqual({ ...express[i], requestId: null });
    // X-Request-Id: wherever Express sends it (answers that reached Nest's middleware; on Express those refused
    // before it, 415, bad JSON, too large, have none), Fastify does too (its middleware runs before the body is read).
    const withId = (answers: Answer[]) => answers.filter((a) => a.requestId).map((a) => a.name);
    expect(withId(express)).toEqual(expect.arrayContaining(['no token', 'a move', 'the game', 'unknown path']));
    expect(withId(fastify)).toEqual(expect.arrayContaining(withId(express)));
    // What was compared is what the API promises (the Express side is proved by the other suites).
    const status = Object.fromEntries(fastify.map((a) => [a.name, a.status]));
    expect(status).toMatchObject({ 'no token': 401, 'text body': 415, 'broken JSON': 400, 'too large': 413, 'too deep': 400, 'a move': 201, 'the same move again': 200, 'unknown path': 404, 'a reply': 201 });
    expect(fastify.every((a) => (a.headers['content-security-policy'] ?? '').includes("default-src 'self'"))).toBe(true);
  });

  it('streams the same events (a resume with Last-Event-ID, then a live move)', () => {
    expect(seen.fastify!.events).toEqual(seen.express!.events);
    expect(seen.fastify!.events.map((e) => e.split(' ').slice(0, 2).join(' '))).toEqual(['move 1', 'move 2']);
  });
});
