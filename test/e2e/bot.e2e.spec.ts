import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import http from 'node:http';
import request from 'supertest';
import { type BotOptions, runBot } from '../../examples/bot.js';
import { startTestApp, TestApp } from '../support/app.js';
import { BOT, ROOT } from '../setup/resources.cjs';

/**
 * The example bot (examples/bot.ts) against the real server: bot accounts sign up, queue (ranked)
 * and play each other until each has finished its games, in-process through runBot(), as
 * the program `npm run bot` runs (compiled before the tests: a child process that must exit 0),
 * and through a proxy that injects faults.
 */
describe('the example bot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const MODE = 'ranked';

  const bot = (username: string, games: number, log: string[]): BotOptions => ({
    url: t.baseUrl,
    username,
    password: 'bot-password-123',
    mode: MODE,
    games,
    nodeLimit: 2_000,
    log: (line) => log.push(`${username}: ${line}`),
  });

  /** Every game the two played: finished on the board, both seats played by the bots themselves. */
  async function expectPlayedOut(ids: string[], names: string[]): Promise<void> {
    for (const id of ids) {
      const game = (await request(t.http).get(`/api/games/${id}`).expect(200)).body;
      expect(game.status).toBe('finished');
      expect(game.result.reason).toBe('board');
      expect(game.rated).toBe(true);
      expect(game.result.ratingChanges).not.toBeNull();
      expect([game.black.player.username, game.white.player.username].sort()).toEqual([...names].sort());
      const moves = (await request(t.http).get(`/api/games/${id}/moves`).expect(200)).body.moves as { by: string; pass: boolean }[];
      expect(moves.length).toBe(game.ply);
      expect(moves.filter((m) => !m.pass).length).toBe(game.discs.black + game.discs.white - 4);
      expect(moves.every((m) => m.by === 'player')).toBe(true);
    }
  }

  it('bots queue (ranked), play each other and queue again until each has finished its games', async () => {
    // Four bots, two games each: after the first games the winners' and the losers' ratings are
    // apart, and the ranked queue pairs each with one of its own (two lone bots would wait for
    // their rating windows to widen).
    const names = ['bot_alpha', 'bot_beta', 'bot_gamma', 'bot_delta'];
    const log: string[] = [];
    const runs = await Promise.all(names.map((name) => runBot(bot(name, 2, log))));
    const seats = new Map<string, string[]>();
    runs.forEach((games, i) => {
      expect(games).toHaveLength(2);
      for (const g of games) seats.set(g.id, [...(seats.get(g.id) ?? []), names[i]]);
    });
    // Every game was played between two of the bots, each seeing it through to the end.
    expect([...seats.values()].map((players) => players.length)).toEqual([2, 2, 2, 2]);
    for (const [id, players] of seats) await expectPlayedOut([id], players);
    for (const name of names) {
      const player = (await request(t.http).get(`/api/players/${name}`).expect(200)).body;
      expect([player.username, player.bot, player.games]).toEqual([name, true, 2]);
      expect(log).toContain(`${name}: registered ${name} (a bot account)`);
    }
    // The next run signs in to the same account (login answers, nothing is registered).
    const again: string[] = [];
    expect(await runBot(bot('bot_alpha', 0, again))).toEqual([]);
    expect(again.filter((line) => line.includes('registered'))).toEqual([]);
  }, 120_000);

  it('two bots play a rated 3+2 challenge through the API: one challenges by name, the other accepts', async () => {
    // The accepting bot's account exists before the challenge is sent (a challenge names a player).
    await request(t.http).post('/api/auth/register').send({ username: 'bot_taker', password: 'bot-password-123', bot: true }).expect(201);
    const log: string[] = [];
    const [sent, taken] = await Promise.all([
      runBot({ ...bot('bot_challenger', 1, log), challenge: 'bot_taker', clock: '3+2' }),
      runBot({ ...bot('bot_taker', 1, log), acceptChallenges: true }),
    ]);
    expect(sent[0].id).toBe(taken[0].id);
    expect(sent[0].settings.clock).toMatchObject({ label: '3+2' });
    await expectPlayedOut([sent[0].id], ['bot_challenger', 'bot_taker']);
    expect(log).toContain('bot_challenger: challenged bot_taker (rated, 3+2)');
    expect(log.some((line) => line.startsWith("bot_taker: accepted bot_challenger's challenge (rated, 3+2)"))).toBe(true);
  }, 120_000);

  it('the compiled bot of `npm run bot` plays its game and exits 0', async () => {
    const args = ['--url', t.baseUrl, '--username', 'bot_cli', '--password', 'bot-password-123', '--mode', MODE, '--games', '1'];
    const child = spawn(process.execPath, [BOT, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const log: string[] = [];
    const [games] = await Promise.all([runBot(bot('bot_inproc', 1, log)), exited]);
    expect({ code: await exited, output }).toEqual({ code: 0, output: expect.stringContaining('bot_cli: 1 games finished') });
    await expectPlayedOut([games[0].id], ['bot_cli', 'bot_inproc']);
  });

  it('a bot rides out a lost move answer (re-sent: 200), a 503, a stale ply and a dropped event stream (Last-Event-ID)', async () => {
    const proxy = await startFaultProxy(t.baseUrl);
    try {
      const log: string[] = [];
      const through = (username: string) => ({ ...bot(username, 1, log), url: proxy.url });
      const [a, b] = await Promise.all([runBot(through('bot_epsilon')), runBot(through('bot_zeta'))]);
      expect(a[0].id).toBe(b[0].id);
      await expectPlayedOut([a[0].id], ['bot_epsilon', 'bot_zeta']);
      const tokens = [...new Set(proxy.records.map((r) => r.who).filter(Boolean))];
      expect(tokens).toHaveLength(2);
      for (const who of tokens) {
        const mine = proxy.records.filter((r) => r.who === who);
        // The first queue join met a 503 with Retry-After: the same join again, then 201.
        const joins = mine.filter((r) => r.method === 'POST' && r.path === '/api/queue');
        expect(joins.map((r) => [r.fault, r.status])).toEqual([['503', 503], ['', 201]]);
        const moves = mine.filter((r) => r.method === 'POST' && r.path.endsWith('/moves'));
        // The first move was recorded but its answer lost: re-sent as it was, answered 200.
        expect([moves[0].fault, moves[0].status]).toEqual(['drop', 201]);
        expect([moves[1].body, moves[1].status]).toEqual([moves[0].body, 200]);
        // A move sent with a stale ply: STALE_PLY, then the bot refetched the game and moved.
        expect([moves[2].fault, moves[2].status]).toEqual(['stale', 409]);
        expect(moves[3].status).toBe(201);
        // The game's event stream opens from the ply the bot has seen; cut after a move event, it
        // is reopened from the last event id it got (further on), so nothing in between is missed.
        const streams = mine.filter((r) => r.method === 'GET' && r.path.endsWith('/events') && r.path.startsWith('/api/games/'));
        expect(streams[0].fault).toBe('cut');
        expect(streams[0].lastEventId).toMatch(/^\d+$/);
        expect(Number(streams[1].lastEventId)).toBeGreaterThan(Number(streams[0].lastEventId));
      }
    } finally {
      await proxy.close();
    }
  });
});

interface ProxyRecord {
  who: string;
  method: string;
  path: string;
  body: string;
  lastEventId?: string;
  status: number;
  fault: '' | '503' | 'drop' | 'stale' | 'cut';
}

/**
 * An HTTP proxy in front of the app that does to each client (by its token), once each: answers
 * its first queue join 503 with Retry-After (without forwarding it), forwards its first move but
 * loses the answer (the socket is destroyed), lowers the ply of its third move request by one, and
 * cuts its first game event stream after the first move event.
 */
async function startFaultProxy(target: string) {
  const records: ProxyRecord[] = [];
  const state = new Map<string, { refused: boolean; moves: number; cut: boolean }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      const who = req.headers.authorization ?? '';
      if (!state.has(who)) state.set(who, { refused: false, moves: 0, cut: false });
      const s = state.get(who)!;
      const path = req.url ?? '/';
      const lastEventId = req.headers['last-event-id'] as string | undefined;
      const rec: ProxyRecord = { who, method: req.method ?? 'GET', path, body: body.toString(), lastEventId, status: 0, fault: '' };
      records.push(rec);
      if (who && rec.method === 'POST' && path === '/api/queue' && !s.refused) {
        s.refused = true;
        rec.fault = '503';
        rec.status = 503;
        res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
        res.end(JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database cannot be reached.' }));
        return;
      }
      let drop = false;
      if (rec.method === 'POST' && path.endsWith('/moves') && ++s.moves <= 3) {
        if (s.moves === 1) {
          drop = true;
          rec.fault = 'drop';
        }
        if (s.moves === 3) {
          const move = JSON.parse(rec.body) as { square: string; ply: number };
          body = Buffer.from(JSON.stringify({ ...move, ply: move.ply - 1 }));
          rec.fault = 'stale';
        }
      }
      const cut = who !== '' && /^\/api\/games\/[^/]+\/events$/.test(path) && !s.cut;
      if (cut) {
        s.cut = true;
        rec.fault = 'cut';
      }
      const headers = { ...req.headers, 'content-length': String(body.length) };
      const upstream = http.request(target + path, { method: rec.method, headers }, (up) => {
        rec.status = up.statusCode ?? 0;
        if (drop) {
          up.resume();
          up.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(up.statusCode ?? 502, up.headers);
        let sawMove = false;
        up.on('data', (chunk: Buffer) => {
          if (cut && sawMove) {
            up.destroy();
            req.socket.destroy();
            return;
          }
          res.write(chunk);
          sawMove ||= chunk.toString().includes('event: move');
        });
        up.on('end', () => res.end());
      });
      upstream.on('error', () => req.socket.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    records,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
