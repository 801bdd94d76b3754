import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { Clock } from '../../src/common/clock.js';
import { fromBoardString, legalMoves, squareName } from '../../src/engine/index.js';
import { listBoosters } from '../../src/cli/fair-play-cli.js';
import { MatchmakingService } from '../../src/matchmaking/matchmaking.service.js';
import { makeModerator } from '../factories/moderators.js';
import { verifyRatings } from '../../src/cli/ratings-cli.js';
import { uniqueName } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/**
 * Boosting with fresh accounts, replayed as the probe did it: a main account and four feeders,
 * each registered from an address of its own (X-Forwarded-For, believed from the loopback proxy),
 * the feeders resigning after their tenth move; the newcomers' gate, the cheap-win rule and the
 * address rule at their production defaults. Ranked games come from the queue (waves run by hand).
 */

interface Player {
  id: string;
  username: string;
  auth: { Authorization: string; 'X-Forwarded-For': string };
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.29.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function register(t: TestApp): Promise<Player> {
  const username = uniqueName('b');
  const address = nextAddress();
  const res = await request(t.http).post('/api/auth/register').set('X-Forwarded-For', address).send({ username, password: 'password123' });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.player.id, username, auth: { Authorization: `Bearer ${res.body.token}`, 'X-Forwarded-For': address } };
}

describe('boosting with fresh accounts is caught and pointless', () => {
  let t: TestApp;
  let clock: Clock;
  let matchmaking: MatchmakingService;

  beforeAll(async () => {
    t = await startTestApp({
      TRUST_PROXY: 'loopback',
      RANKED_SEPARATE_ADDRESSES: 'true',
      QUEUE_WAVE_MS: '0',
      QUEUE_PRESENCE_SECONDS: '3600',
      // The production defaults, which the test apps otherwise turn off.
      RANKED_MIN_CASUAL_GAMES: '3',
      RANKED_MIN_ACCOUNT_HOURS: '24',
      RATED_MIN_LOSER_MOVES: '15',
      LOG_LEVEL: 'error',
    });
    clock = t.app.get(Clock);
    matchmaking = t.app.get(MatchmakingService);
  });
  afterAll(async () => {
    await t?.close();
  });

  const game = async (id: string) => (await request(t.http).get(`/api/games/${id}`).expect(200)).body;
  const profile = async (p: Player) => (await request(t.http).get(`/api/players/${p.username}`).expect(200)).body;
  const queue = (p: Player, mode: 'ranked' | 'unranked') => request(t.http).post('/api/queue').set(p.auth).send({ mode });
  /** The first legal square, from the game as the last answer gave it (one request a move). */
  async function move(id: string, p: Player, g: { board: string; toMove: 'black' | 'white'; ply: number }) {
    const square = squareName(legalMoves(fromBoardString(g.board, g.toMove))[0]);
    return (await request(t.http).post(`/api/games/${id}/moves`).set(p.auth).send({ square, ply: g.ply }).expect(201)).body.game;
  }
  /** Plays the game (first legal square each turn) until `loser` has made `moves` moves of their own, then `loser` resigns. */
  async function playThenResign(gameId: string, a: Player, b: Player, loser: Player, moves: number) {
    let g = await game(gameId);
    const byColor = { black: g.black.player.id === a.id ? a : b, white: g.black.player.id === a.id ? b : a };
    const loserColor = byColor.black.id === loser.id ? 'black' : 'white';
    let made = 0;
    for (let guard = 0; guard < 120 && g.status === 'active' && made < moves; guard++) {
      const mover = g.toMove as 'black' | 'white';
      g = await move(gameId, byColor[mover], g);
      if (mover === loserColor) made += 1;
    }
    expect(made).toBe(moves);
    return (await request(t.http).post(`/api/games/${gameId}/resign`).set(loser.auth).send({}).expect(200)).body;
  }
  /** A casual game from the unranked queue (paired at join): both play, `loser` resigns after their second move. */
  async function casualGame(a: Player, b: Player) {
    expect((await queue(a, 'unranked')).status).toBe(201);
    const ticket = (await queue(b, 'unranked').expect(201)).body;
    expect(ticket.state).toBe('matched');
    await playThenResign(ticket.gameId, a, b, b, 2);
  }
  /** Both queue ranked, a wave runs: their game's id, or null when the wave did not pair them. */
  async function rankedGame(a: Player, b: Player): Promise<string | null> {
    await queue(a, 'ranked').expect(201);
    await queue(b, 'ranked').expect(201);
    const result = await matchmaking.runWave();
    const g = result.games.find((x) => [x.blackId, x.whiteId].sort().join() === [a.id, b.id].sort().join());
    if (!g) {
      for (const p of [a, b]) await request(t.http).delete('/api/queue').set(p.auth).expect(204);
      return null;
    }
    return g.gameId;
  }

  const LONG = 600_000;
  let main: Player;
  let feeders: Player[];
  const fed: string[] = [];

  it('the gate: fresh accounts are refused ranked play with a reason in their language and how far they are', async () => {
    main = await register(t);
    feeders = [await register(t), await register(t), await register(t), await register(t)];
    const refused = await queue(feeders[0], 'ranked').set('Accept-Language', 'sw').expect(403);
    expect(refused.body).toMatchObject({ code: 'RANKED_NOT_YET', details: { eligible: false, casualGames: 0, casualGamesNeeded: 3 } });
    expect(refused.body.message).toContain('michezo 3 ya kawaida');
    expect(Date.parse(refused.body.details.openAt) - clock.now().getTime()).toBeGreaterThan(23 * 3_600_000);
    expect((await request(t.http).get('/api/queue/ranked-gate').set(main.auth).expect(200)).body).toMatchObject({ eligible: false, casualGames: 0, casualGamesNeeded: 3 });
    expect((await t.db.query('SELECT count(*)::int AS n FROM queue_tickets')).rows[0].n).toBe(0);
  }, LONG);

  it('the cheap way through: three casual games each (main with the first feeder, the others among themselves)', async () => {
    for (const [a, b] of [[main, feeders[0]], [feeders[1], feeders[2]], [feeders[3], feeders[0]], [feeders[1], feeders[3]]] as const) {
      for (let i = 0; i < 3; i++) await casualGame(a, b);
    }
    for (const p of [main, ...feeders]) {
      expect((await request(t.http).get('/api/queue/ranked-gate').set(p.auth).expect(200)).body).toMatchObject({ eligible: true, casualGamesNeeded: 3 });
    }
  }, LONG);

  it('the probe: every feeder loses to main as often as the pair cap lets it (3 a day), resigning after its tenth move; main gains nothing', async () => {
    const before = (await profile(main)).rating;
    for (const feeder of feeders) {
      for (let i = 0; i < 4; i++) {
        const gameId = await rankedGame(main, feeder);
        if (!gameId) break;
        const ended = await playThenResign(gameId, main, feeder, feeder, 10);
        expect(ended).toMatchObject({ status: 'finished', result: { reason: 'resign', ratingChanges: null }, settings: { rated: true } });
        fed.push(gameId);
      }
    }
    expect(fed).toHaveLength(12);
    const after = await profile(main);
    expect(after.rating - before).toBeLessThan(100);
    // Given up before the loser's 15th move: counted for neither rating.
    expect(after.rating).toBe(before);
    const voided = (await t.db.query('SELECT count(*)::int AS n FROM games WHERE id = ANY($1) AND rating_void AND black_rating_change IS NULL', [fed])).rows[0].n;
    expect(voided).toBe(12);
    expect((await t.db.query('SELECT count(*)::int AS n FROM rating_history WHERE game_id = ANY($1)', [fed])).rows[0].n).toBe(0);

    // A game played to the loser's 15th move counts: the rule's edge.
    const fought = (await rankedGame(feeders[1], feeders[2]))!;
    expect(fought).not.toBeNull();
    await playThenResign(fought, feeders[1], feeders[2], feeders[2], 15);
    expect((await game(fought)).result.ratingChanges).not.toBeNull();
    expect((await t.db.query('SELECT rating_void FROM games WHERE id = $1', [fought])).rows[0].rating_void).toBe(false);

    const { discrepancies } = await verifyRatings(t.db.url, t.config);
    expect(discrepancies).toEqual([]);
  }, LONG);

  it('the detector lists main with its four feeders (three games each), in the command, the API and the moderator page', async () => {
    const listed = await listBoosters(t.db.url, t.config, clock.now());
    const report = listed.find((r) => r.player.id === main.id);
    expect(report).toBeDefined();
    expect(report!.fedWins).toBe(12);
    expect(report!.feeders.map((f) => f.username).sort()).toEqual(feeders.map((f) => f.username).sort());
    expect(report!.feeders.every((f) => f.games === 3 && f.signals.includes('gaveUpEarly') && f.signals.includes('instantMoves'))).toBe(true);
    expect(report!.feeders.flatMap((f) => f.gameIds).sort()).toEqual([...fed].sort());
    // The winner of the one fought game between two feeders beat a single newcomer: not listed.
    expect(listed.map((r) => r.player.id)).toEqual([main.id]);

    const moderator = await register(t);
    await makeModerator(t.app, moderator.username, 'test');
    await request(t.http).get('/api/mod/boosters').set(main.auth).expect(403);
    const api = (await request(t.http).get('/api/mod/boosters').set(moderator.auth).expect(200)).body;
    expect(api.boosters).toHaveLength(1);
    expect(api.boosters[0]).toMatchObject({ username: main.username, fedWins: 12, fedPoints: 0 });
    expect(api.boosters[0].feeders).toHaveLength(4);
    const panel = (await request(t.http).get('/mod/panel').set(moderator.auth).expect(200)).text;
    expect(panel).toContain('data-testid="booster-row"');
    for (const f of feeders) expect(panel).toContain(`data-mod-player="${f.username}"`);
  }, LONG);
});
