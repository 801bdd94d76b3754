import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ELIGIBILITY_VERSION } from '../../src/leaderboard/domain/eligibility.js';
import { LeaderboardService } from '../../src/leaderboard/leaderboard.service.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { verifyRatings } from '../../src/cli/ratings-cli.js';
import { playOpening, startRankedGame } from '../factories/games.js';
import { guestPlayer, registerBot, registerPlayer, TestPlayer, uniqueName } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/** Bot accounts and their own leaderboard, provisional players off the leaderboard, guest-like names refused. */
describe('players: bots, provisional players, guest names (real app, real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LEADERBOARD_MIN_GAMES: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  const profile = async (p: TestPlayer) => (await request(t.http).get(`/api/players/${p.username}`).expect(200)).body;
  const board = async (query = '') => (await request(t.http).get(`/api/leaderboard${query}`).expect(200)).body;
  const names = (b: { entries: { username: string }[] }) => b.entries.map((e) => e.username);

  /** A ranked game both players open, then `loser` resigns: rated. */
  async function ratedGame(black: TestPlayer, white: TestPlayer, loser: TestPlayer): Promise<void> {
    const { gameId } = await startRankedGame(t.app, black, white);
    await playOpening(t.http, gameId, black, white);
    const end = await request(t.http).post(`/api/games/${gameId}/resign`).set(loser.auth).send({}).expect(200);
    if (!end.body.result?.ratingChanges) throw new Error(`game ${gameId} was not rated`);
  }

  /** Established players (RD 80 before their first game: set with SQL), so rated games keep them off "provisional". */
  async function established(...players: TestPlayer[]): Promise<void> {
    await t.db.query('UPDATE players SET rd = 80 WHERE id = ANY($1)', [players.map((p) => p.id)]);
  }

  it('registers bots (bot: true); the player shape says `bot` everywhere; guests and plain accounts are not bots', async () => {
    const bot = await registerBot(t.http);
    const human = await registerPlayer(t.http);
    const guest = await guestPlayer(t.http);
    expect(await profile(bot)).toMatchObject({ username: bot.username, bot: true, guest: false });
    expect(await profile(human)).toMatchObject({ bot: false, guest: false });
    expect(await profile(guest)).toMatchObject({ bot: false, guest: true });
    expect((await request(t.http).get('/api/players/me').set(bot.auth).expect(200)).body.bot).toBe(true);
    const login = await request(t.http).post('/api/auth/login').send({ username: bot.username, password: 'password123' }).expect(200);
    expect(login.body.player.bot).toBe(true);
    const explicit = await request(t.http).post('/api/auth/register').send({ username: uniqueName('h'), password: 'password123', bot: false }).expect(201);
    expect(explicit.body.player.bot).toBe(false);
    for (const bad of ['yes', 1, 'true', {}]) {
      const res = await request(t.http).post('/api/auth/register').send({ username: uniqueName('b'), password: 'password123', bot: bad }).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    // Guests take no body fields: a guest cannot ask to be a bot.
    await request(t.http).post('/api/auth/guest').send({ bot: true }).expect(400);
    // A room's seats show the flag too.
    const room = (await request(t.http).post('/api/rooms').set(bot.auth).send({}).expect(201)).body;
    expect(room.seats[0]).toMatchObject({ id: bot.id, bot: true });
  });

  it('names starting with "guest-" or "guest_" (any case) cannot be registered', async () => {
    for (const username of ['guest-abc', 'GUEST-abc', 'Guest-1', 'gUeSt-x_y', 'Guest_x', 'guest_abc', 'GUEST_1']) {
      const res = await request(t.http).post('/api/auth/register').send({ username, password: 'password123' }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.stringContaining('must not start with "guest-/guest_"') });
    }
    expect((await t.db.query(`SELECT count(*)::int AS n FROM players WHERE (username_key LIKE 'guest-%' OR username_key LIKE 'guest\\_%') AND NOT guest`)).rows[0].n).toBe(0);
    // Names that only look a little alike are fine.
    for (const username of [uniqueName('guest'), `guests_${uniqueName('')}`.slice(0, 20), `my-guest-${uniqueName('')}`.slice(0, 20)]) {
      await request(t.http).post('/api/auth/register').send({ username, password: 'password123' }).expect(201);
    }
  });

  it('provisional players (RD ≥ 110) are not on the leaderboard, however many games they win', async () => {
    const [newA, newB] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    for (let i = 0; i < 4; i++) await ratedGame(newA, newB, newB);
    const a = await profile(newA);
    expect(a).toMatchObject({ games: 4, wins: 4, provisional: true, rank: null });
    expect(a.rd).toBeGreaterThanOrEqual(110);
    expect(names(await board())).not.toContain(newA.username);

    // Established players with the same record are on it.
    const [oldA, oldB] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    await established(oldA, oldB);
    for (let i = 0; i < 2; i++) await ratedGame(oldA, oldB, oldB);
    const listed = await board();
    expect(names(listed)).toEqual(expect.arrayContaining([oldA.username, oldB.username]));
    expect(listed.entries.every((e: { provisional: boolean }) => !e.provisional)).toBe(true);
    expect((await profile(oldA)).rank).toBe(listed.entries.find((e: { username: string }) => e.username === oldA.username).rank);

    // An RD that grows back to 110 while idle takes a player off at the next sweep.
    await t.db.query(`UPDATE players SET rd = 105, last_rated_at = now() - interval '60 days' WHERE id = $1`, [oldB.id]);
    expect((await profile(oldB)).provisional).toBe(true);
    expect(await t.app.get(LeaderboardService).expire()).toBe(1);
    expect(names(await board())).not.toContain(oldB.username);
    expect((await profile(oldB)).rank).toBeNull();
    expect(await t.app.get(LeaderboardService).expire()).toBe(0);
  });

  it("bots play rated games among bots and appear only on the bots' leaderboard (?bots=true); ranks count one kind", async () => {
    const [botA, botB] = [await registerBot(t.http), await registerBot(t.http)];
    await established(botA, botB);
    for (let i = 0; i < 3; i++) await ratedGame(botA, botB, i === 1 ? botA : botB);

    const bots = await board('?bots=true');
    expect(names(bots)).toEqual([botA.username, botB.username]);
    expect(bots.total).toBe(2);
    expect(bots.entries.map((e: { rank: number }) => e.rank)).toEqual([1, 2]);
    expect(bots.entries[0]).toMatchObject({ games: 3, wins: 2, losses: 1 });
    const humans = await board();
    expect(humans.total).toBeGreaterThan(0);
    expect(names(humans)).not.toContain(botA.username);
    expect(names(humans)).not.toContain(botB.username);
    expect(names(await board('?bots=false'))).toEqual(names(humans));
    // Rank among one's own kind: the top bot and the top human are both #1.
    expect((await profile(botA)).rank).toBe(1);
    expect((await request(t.http).get(`/api/players/${humans.entries[0].username}`).expect(200)).body.rank).toBe(1);
    for (const q of ['bots=1', 'bots=yes', 'bots=', 'bots=TRUE']) {
      expect((await request(t.http).get(`/api/leaderboard?${q}`).expect(400)).body.code).toBe('VALIDATION_FAILED');
    }

    // Pairing reads the kind with the rating.
    const facts = await t.app.get(PlayersRepository).pairingFacts([botA.id, botB.id, botA.id, 'f0000000-0000-4000-8000-000000000000']);
    expect(facts.get(botA.id)).toMatchObject({ id: botA.id, bot: true, guest: false, rating: (await profile(botA)).rating });
    expect(facts.size).toBe(2);
  });

  it('a change of the rule (an older rules version) rebuilds flags and buckets at start; the books still balance', async () => {
    const leaderboard = t.app.get(LeaderboardService);
    expect(await leaderboard.rebuild({ onlyIfRulesChanged: true })).toBe(false);
    // Flags as an older rule (no provisional condition) would have left them, recorded as version 1.
    await t.db.query(`UPDATE players SET on_leaderboard = true WHERE NOT guest AND games >= 2 AND rd >= 110`);
    await t.db.query('UPDATE leaderboard_settings SET rules_version = 1');
    expect((await verifyRatings(t.db.url, t.config)).discrepancies.length).toBeGreaterThan(0);
    expect(await leaderboard.rebuild({ onlyIfRulesChanged: true })).toBe(true);
    expect((await t.db.query('SELECT rules_version FROM leaderboard_settings')).rows[0].rules_version).toBe(ELIGIBILITY_VERSION);
    expect(await leaderboard.rebuild({ onlyIfRulesChanged: true })).toBe(false);
    // The one oldB whose RD was set by SQL is not a replayable rating: everything else agrees.
    const audit = await verifyRatings(t.db.url, t.config);
    expect(audit.discrepancies.filter((d) => d.subject.startsWith('leaderboard'))).toEqual([]);
    expect(audit.discrepancies.filter((d) => d.field === 'on_leaderboard')).toEqual([]);
  });
});
