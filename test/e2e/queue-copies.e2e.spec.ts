import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { Db } from '../../src/database/db.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { startRankedGame } from '../factories/games.js';
import { TestPlayer } from '../factories/players.js';
import { startTestApp, TEST_ENV, TestApp } from '../support/app.js';
import { seedPlayer } from '../support/repositories.js';
import { sleep, startServerProcess } from '../support/server-process.js';

// Rule 8 under load: two app copies (this jest process and a real `outflank serve` process on the
// same database), both running ranked waves every 100 ms, and 200 players queueing ranked at once
// through both. Nobody is paired twice or while seated in a game; every game has two players.

const PLAYERS = 200;
const SEATED = 20;
/** Unranked players queueing at the same time (paired at join, or by a wave). */
const UNRANKED = 60;

describe('two app copies, 200 players queueing ranked at once', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof startServerProcess>>;
  beforeAll(async () => {
    // 200 players queueing at the same instant through two copies is a burst: it is run on a real
    // pool (10 a copy), not on the suites' one-connection guard, whose requests queue for the one
    // connection for longer than its 2-s connect timeout on a busy machine.
    const env = { QUEUE_WAVE_MS: '100', DB_POOL_SIZE: '10', DB_CONNECT_TIMEOUT_SECONDS: '5', RANKED_SEPARATE_ADDRESSES: TEST_ENV.RANKED_SEPARATE_ADDRESSES };
    t = await startTestApp(env);
    other = await startServerProcess({ ...env, DATABASE_URL: t.db.url, JWT_SECRET: TEST_ENV.JWT_SECRET, AUTH_RATE_LIMIT: '100000' });
  }, 90_000);
  afterAll(async () => {
    await other?.stop();
    await t?.close();
  });

  it('every waiting ticket is paired exactly once, never with a player in a game, across both copies', async () => {
    const repo = t.app.get(PlayersRepository);
    const ds = t.app.get(Db);
    const jwt = t.app.get(JwtService, { strict: false });
    const make = async (rating: number): Promise<TestPlayer> => {
      const p = await seedPlayer(repo, ds, { rating });
      const token = jwt.sign({ sub: p.id, name: p.username, guest: false });
      return { id: p.id, username: p.username, token, auth: { Authorization: `Bearer ${token}` } };
    };
    const players: TestPlayer[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await make(1450 + Math.round(Math.random() * 100)));
    const seated: TestPlayer[] = [];
    for (let i = 0; i < SEATED; i++) seated.push(await make(1500));
    const casual: TestPlayer[] = [];
    for (let i = 0; i < UNRANKED; i++) casual.push(await make(1500));
    const seatedGames = new Set<string>();
    for (let i = 0; i < SEATED; i += 2) seatedGames.add((await startRankedGame(t.app, seated[i], seated[i + 1])).gameId);

    const bases = [t.baseUrl, other.baseUrl];
    const post = (p: TestPlayer, i: number) =>
      fetch(`${bases[i % 2]}/api/queue`, {
        method: 'POST',
        headers: { ...p.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ mode: 'ranked', clock: '10+5' }),
      });
    const postCasual = (p: TestPlayer, i: number) =>
      fetch(`${bases[i % 2]}/api/queue`, {
        method: 'POST',
        headers: { ...p.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ mode: 'unranked', turnSeconds: 30 }),
      });
    const [answers, casualAnswers] = await Promise.all([Promise.all([...players, ...seated].map(post)), Promise.all(casual.map(postCasual))]);
    expect(answers.slice(0, PLAYERS).map((r) => r.status)).toEqual(Array(PLAYERS).fill(201));
    expect(casualAnswers.map((r) => r.status)).toEqual(Array(UNRANKED).fill(201));
    const refused = await Promise.all(answers.slice(PLAYERS).map(async (r) => [r.status, ((await r.json()) as { code: string }).code]));
    expect(refused).toEqual(Array(SEATED).fill([409, 'ALREADY_IN_GAME']));

    const ids = players.map((p) => p.id);
    const casualIds = casual.map((p) => p.id);
    for (let i = 0; ; i++) {
      const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM queue_tickets WHERE player_id = ANY($1) AND state = 'waiting'`, [[...ids, ...casualIds]]);
      if (rows[0].n === 0) break;
      if (i > 150) throw new Error(`${rows[0].n} tickets still waiting after 30 s`);
      await sleep(200);
    }

    const tickets = (await t.db.query(`SELECT player_id, state, reason, game_id FROM queue_tickets WHERE player_id = ANY($1)`, [ids])).rows;
    expect(tickets).toHaveLength(PLAYERS);
    expect(tickets.filter((r) => r.state !== 'matched' || r.game_id === null)).toEqual([]);
    const byGame = new Map<string, string[]>();
    for (const r of tickets) byGame.set(r.game_id, [...(byGame.get(r.game_id) ?? []), r.player_id]);
    expect(byGame.size).toBe(PLAYERS / 2);

    const everyone = [...ids, ...seated.map((p) => p.id)];
    const games = (await t.db.query(
      `SELECT id, black_id, white_id, rated, room_id FROM games WHERE black_id = ANY($1) OR white_id = ANY($1)`,
      [everyone],
    )).rows;
    expect(games).toHaveLength(PLAYERS / 2 + SEATED / 2);
    const gamesPerPlayer = new Map<string, number>();
    for (const g of games) {
      expect(g.black_id).not.toBe(g.white_id);
      expect(g.rated).toBe(true);
      if (!seatedGames.has(g.id)) expect([g.black_id, g.white_id].sort()).toEqual([...byGame.get(g.id)!].sort());
      for (const p of [g.black_id, g.white_id]) gamesPerPlayer.set(p, (gamesPerPlayer.get(p) ?? 0) + 1);
    }
    // Nobody paired twice, and the seated players only in the game they were already playing.
    expect([...gamesPerPlayer.values()].every((n) => n === 1)).toBe(true);
    expect(gamesPerPlayer.size).toBe(everyone.length);
    // Each queued player got one stored `matched` event.
    const events = (await t.db.query(`SELECT player_id, count(*)::int AS n FROM player_events WHERE event = 'matched' AND player_id = ANY($1) GROUP BY player_id`, [everyone])).rows;
    expect(events).toHaveLength(PLAYERS);
    expect(events.every((e) => e.n === 1)).toBe(true);
    // The unranked players: each in exactly one unrated game, with another unranked player.
    const casualGames = (await t.db.query(`SELECT black_id, white_id, rated FROM games WHERE black_id = ANY($1) OR white_id = ANY($1)`, [casualIds])).rows;
    expect(casualGames).toHaveLength(UNRANKED / 2);
    const casualSeats = casualGames.flatMap((g) => [g.black_id, g.white_id]);
    expect(new Set(casualSeats).size).toBe(UNRANKED);
    expect(casualSeats.every((id) => casualIds.includes(id)) && casualGames.every((g) => g.rated === false)).toBe(true);
    // Both copies ran waves (each skips a wave the other holds the lock for), and made games.
    const counters = await Promise.all(bases.map(async (base) => (await fetch(`${base}/metrics`)).text()));
    const value = (text: string, series: string) => Number(new RegExp(`^${series} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    for (const text of counters) expect(value(text, 'outflank_queue_waves_total\\{outcome="ran"\\}')).toBeGreaterThan(0);
    expect(counters.reduce((sum, text) => sum + value(text, 'outflank_queue_games_total\\{mode="ranked"\\}'), 0)).toBe(PLAYERS / 2);
  }, 240_000); // 200 players through two copies: minutes when the machine is busy (no timing is asserted)
});
