import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ChallengesService } from '../../src/challenges/challenges.service.js';
import { Clock } from '../../src/common/clock.js';
import { verifyRatings } from '../../src/cli/ratings-cli.js';
import { playOpening } from '../factories/games.js';
import { TestPlayer, uniqueName } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { openSse } from '../support/sse.js';

/**
 * Challenges against the real app on real PostgreSQL: sent by name, accepted (the game starts,
 * rated with the challenge's clock), declined with a reason, withdrawn, lapsed; rated ones under
 * every ranked rule; a ranked rematch after a rated game. Every player here names an address
 * (X-Forwarded-For, believed from loopback), so the linked-accounts rule is on.
 */
describe('challenges', () => {
  let t: TestApp;
  let clock: Clock;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback', RANKED_SEPARATE_ADDRESSES: 'true', CHALLENGES_PER_MINUTE: '4', CHALLENGE_SECONDS: '120',
      // A resignation after one's first move is not a cheap loss here: the games below end quickly without a sandbagging cooldown.
      SANDBAG_MOVES: '1',
    });
    clock = t.app.get(Clock);
  });
  afterAll(async () => {
    await t.close();
  });

  let addresses = 10;
  /** A registered player at an address of their own (or the given one). */
  const register = async (address = `198.51.100.${addresses++}`): Promise<TestPlayer> => {
    const username = uniqueName('ch');
    const res = await request(t.http).post('/api/auth/register').set('X-Forwarded-For', address).send({ username, password: 'password123' }).expect(201);
    return { id: res.body.player.id, username, token: res.body.token, auth: { Authorization: `Bearer ${res.body.token}`, 'X-Forwarded-For': address } } as TestPlayer;
  };
  const challenge = (from: TestPlayer, body: Record<string, unknown>) => request(t.http).post('/api/challenges').set(from.auth).send(body);
  const accept = (p: TestPlayer, id: string) => request(t.http).post(`/api/challenges/${id}/accept`).set(p.auth).send({});
  const decline = (p: TestPlayer, id: string, body: Record<string, unknown> = {}) => request(t.http).post(`/api/challenges/${id}/decline`).set(p.auth).send(body);
  const events = (p: TestPlayer) => openSse(`${t.baseUrl}/api/me/events`, p.auth);

  it('a rated 5+3 challenge sent and accepted: the game is rated with that clock, both are told live, and ratings verify stays green', async () => {
    const [a, b] = [await register(), await register()];
    const streamB = events(b);
    const streamA = events(a);
    await Promise.all([streamA.ready, streamB.ready]);
    const sent = await challenge(a, { to: b.username, rated: true, clock: '5+3', colour: 'black' }).expect(201);
    expect(sent.body).toMatchObject({ state: 'open', rated: true, clock: '5+3', colour: 'black', challenger: { id: a.id }, challenged: { id: b.id }, gameId: null });
    // The challenged player hears of it live, and finds it in their list.
    await streamB.waitFor((es) => es.some((e) => e.event === 'challenge' && e.data.id === sent.body.id && e.data.state === 'open'));
    const list = (await request(t.http).get('/api/challenges').set(b.auth).expect(200)).body;
    expect(list.incoming.map((c: { id: string }) => c.id)).toEqual([sent.body.id]);
    expect(list.outgoing).toEqual([]);

    const accepted = await accept(b, sent.body.id).expect(200);
    expect(accepted.body).toMatchObject({ state: 'accepted', gameId: expect.any(String) });
    const gameId = accepted.body.gameId as string;
    const game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    expect(game).toMatchObject({ rated: true, status: 'active', roomCode: null, black: { player: { id: a.id } }, white: { player: { id: b.id } } });
    expect(game.settings.clock).toMatchObject({ baseSeconds: 300, incrementSeconds: 3, label: '5+3' });
    expect(game.clocks).toMatchObject({ black: 300_000, white: 300_000 });
    // Both hear `game`; the challenger hears the acceptance.
    for (const s of [streamA, streamB]) await s.waitFor((es) => es.some((e) => e.event === 'game' && e.data.id === gameId));
    await streamA.waitFor((es) => es.some((e) => e.event === 'challenge' && e.data.state === 'accepted' && e.data.gameId === gameId));
    streamA.close();
    streamB.close();

    // Played and resigned: the ratings move, and `outflank ratings verify` recomputes them all.
    await playOpening(t.http, gameId, a, b);
    const ended = (await request(t.http).post(`/api/games/${gameId}/resign`).set(b.auth).send({}).expect(200)).body;
    expect(ended.result.ratingChanges).not.toBeNull();
    const report = await verifyRatings(t.db.url, t.config);
    expect(report.discrepancies).toEqual([]);
    expect(report.games).toBeGreaterThan(0);
  });

  it('a rated challenge to a linked account (one address) is refused with the rule named, in the asker\'s language; casual is fine', async () => {
    const a = await register('203.0.113.9');
    const b = await register('203.0.113.9');
    const refused = await challenge(a, { to: b.username, rated: true }).expect(403);
    expect(refused.body).toMatchObject({ statusCode: 403, code: 'RANKED_REFUSED', details: { rule: 'linked' }, message: expect.stringContaining('address or a device') });
    const inSwahili = await challenge(a, { to: b.username, rated: true }).set('Accept-Language', 'sw').expect(403);
    expect(inSwahili.body.message).toContain('anwani');
    // Nothing was written: no challenge is open between them.
    expect((await request(t.http).get('/api/challenges').set(b.auth).expect(200)).body.incoming).toEqual([]);
    await challenge(a, { to: b.username, rated: false }).expect(201);
  });

  it('a guest is refused a rated challenge by rule; a bot and a human never meet rated', async () => {
    const human = await register();
    const guest = await request(t.http).post('/api/auth/guest').set('X-Forwarded-For', '192.0.2.44').send({}).expect(201);
    const g = { auth: { Authorization: `Bearer ${guest.body.token}`, 'X-Forwarded-For': '192.0.2.44' } } as unknown as TestPlayer;
    expect((await challenge(g, { to: human.username, rated: true }).expect(403)).body.details).toEqual({ rule: 'guestMine' });
    const botName = uniqueName('chbot');
    await request(t.http).post('/api/auth/register').set('X-Forwarded-For', '192.0.2.45').send({ username: botName, password: 'password123', bot: true }).expect(201);
    expect((await challenge(human, { to: botName, rated: true }).expect(403)).body.details).toEqual({ rule: 'botMix' });
  });

  it('a decline with its reason, and an expiry, reach the challenger as events', async () => {
    const [a, b] = [await register(), await register()];
    const streamA = events(a);
    await streamA.ready;
    const first = (await challenge(a, { to: b.username, clock: '2.5+1' }).expect(201)).body;
    expect(first).toMatchObject({ rated: false, clock: '2.5+1', colour: 'random' });
    const declined = await decline(b, first.id, { reason: 'busy' }).expect(200);
    expect(declined.body).toMatchObject({ state: 'declined', declineReason: 'busy' });
    await streamA.waitFor((es) => es.some((e) => e.event === 'challenge' && e.data.id === first.id && e.data.state === 'declined' && e.data.declineReason === 'busy'));
    // Answered once: a second answer is 409 with the state.
    expect((await accept(b, first.id).expect(409)).body).toMatchObject({ code: 'CONFLICT', details: { state: 'declined' } });

    const second = (await challenge(a, { to: b.username }).expect(201)).body;
    // The app's time moves on past the deadline (and stays moved: later challenges count from it).
    clock.freeze();
    clock.advance(121_000);
    // Past its deadline it reads expired before the sweep writes it, and cannot be accepted.
    expect((await request(t.http).get(`/api/challenges/${second.id}`).set(a.auth).expect(200)).body.state).toBe('expired');
    expect((await accept(b, second.id).expect(409)).body.details).toEqual({ state: 'expired' });
    // The sweep (every app copy's, every 2 s) writes it and tells the challenger; run it now rather than wait.
    await t.app.get(ChallengesService).expireDue();
    await streamA.waitFor((es) => es.some((e) => e.event === 'challenge' && e.data.id === second.id && e.data.state === 'expired'));
    streamA.close();
  });

  it('only the parties see a challenge; the challenger withdraws, the challenged declines; each is 403 the other way', async () => {
    const [a, b, c] = [await register(), await register(), await register()];
    const sent = (await challenge(a, { to: b.username }).expect(201)).body;
    await request(t.http).get(`/api/challenges/${sent.id}`).set(c.auth).expect(404);
    await accept(c, sent.id).expect(404);
    await accept(a, sent.id).expect(403);
    await request(t.http).delete(`/api/challenges/${sent.id}`).set(b.auth).expect(403);
    // One open challenge to the same player at a time.
    expect((await challenge(a, { to: b.username }).expect(409)).body.details).toEqual({ challengeId: sent.id });
    expect((await request(t.http).delete(`/api/challenges/${sent.id}`).set(a.auth).expect(200)).body.state).toBe('cancelled');
  });

  it('bad input is a clear 4xx and writes nothing', async () => {
    const [a, b] = [await register(), await register()];
    const bad: [Record<string, unknown>, number][] = [
      [{}, 400],
      [{ to: '' }, 400],
      [{ to: 42 }, 400],
      [{ to: b.username, rated: 'yes' }, 400],
      [{ to: b.username, clock: '0+1' }, 400],
      [{ to: b.username, clock: 'five' }, 400],
      [{ to: b.username, rated: true, clock: '2.5+1' }, 400], // rated: the presets only
      [{ to: b.username, rated: true, clock: null }, 400],
      [{ to: b.username, colour: 'green' }, 400],
      [{ to: b.username, extra: 1 }, 400],
      [{ to: a.username }, 400], // yourself
      [{ to: 'nobody-by-this-name' }, 404],
    ];
    for (const [body, status] of bad) {
      const res = await challenge(a, body).expect(status);
      expect(res.body).toMatchObject({ statusCode: status, code: expect.any(String), message: expect.any(String) });
    }
    await request(t.http).post('/api/challenges/not-a-uuid/accept').set(b.auth).send({}).expect(404);
    await request(t.http).post('/api/challenges/00000000-0000-4000-8000-000000000000/decline').set(b.auth).send({ reason: 'bored' }).expect(400);
    await request(t.http).post('/api/challenges').send({ to: b.username }).expect(401);
    expect((await request(t.http).get('/api/challenges').set(b.auth).expect(200)).body.incoming).toEqual([]);
  });

  it('sending is rate-limited: past CHALLENGES_PER_MINUTE, 429 with Retry-After', async () => {
    const a = await register();
    const others = [await register(), await register(), await register(), await register(), await register()];
    for (const o of others.slice(0, 4)) await challenge(a, { to: o.username }).expect(201);
    const limited = await challenge(a, { to: others[4].username }).expect(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await request(t.http).get('/api/challenges').set(others[4].auth).expect(200)).body.incoming).toEqual([]);
  });

  it('a ranked rematch after a rated game: same clock, colours swapped, rated; the second ask starts it', async () => {
    const [a, b] = [await register(), await register()];
    const sent = (await challenge(a, { to: b.username, rated: true, clock: '3+2', colour: 'white' }).expect(201)).body;
    const gameId = (await accept(b, sent.id).expect(200)).body.gameId as string;
    const rematch = (p: TestPlayer, id: string) => request(t.http).post(`/api/games/${id}/rematch`).set(p.auth).send({});
    // Not while the game is on.
    expect((await rematch(a, gameId).expect(409)).body.code).toBe('GAME_IN_PROGRESS');
    await playOpening(t.http, gameId, b, a);
    await request(t.http).post(`/api/games/${gameId}/resign`).set(a.auth).send({}).expect(200);
    const offer = await rematch(a, gameId).expect(200);
    // a played White: asks for Black now.
    expect(offer.body).toMatchObject({ state: 'open', rated: true, clock: '3+2', colour: 'black', rematchOf: gameId, challenged: { id: b.id } });
    // Asking again changes nothing; a stranger may not ask.
    expect((await rematch(a, gameId).expect(200)).body.id).toBe(offer.body.id);
    await rematch(await register(), gameId).expect(403);
    const started = await rematch(b, gameId).expect(201);
    expect(started.body).toMatchObject({ id: offer.body.id, state: 'accepted', gameId: expect.any(String) });
    const next = (await request(t.http).get(`/api/games/${started.body.gameId}`).expect(200)).body;
    expect(next).toMatchObject({ rated: true, black: { player: { id: a.id } }, white: { player: { id: b.id } } });
    expect(next.settings.clock).toMatchObject({ label: '3+2' });
  });

  it('the pair cap refuses a fourth rated challenge in 24 hours, naming the rule', async () => {
    const [a, b] = [await register(), await register()];
    for (let i = 0; i < 3; i++) {
      const sent = (await challenge(a, { to: b.username, rated: true, clock: '1+2' }).expect(201)).body;
      const gameId = (await accept(b, sent.id).expect(200)).body.gameId as string;
      const game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
      const [black, white] = game.black.player.id === a.id ? [a, b] : [b, a];
      await playOpening(t.http, gameId, black, white);
      await request(t.http).post(`/api/games/${gameId}/resign`).set(i % 2 ? a.auth : b.auth).send({}).expect(200);
    }
    expect((await challenge(a, { to: b.username, rated: true, clock: '1+2' }).expect(403)).body.details).toEqual({ rule: 'pairCap' });
  });
});
