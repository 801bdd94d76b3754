import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { makeModerator } from '../factories/moderators.js';
import { verifyRatings } from '../../src/cli/ratings-cli.js';
import { playOpening, startRankedGame, startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { openSse } from '../support/sse.js';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A closed account stops at once, and tokens can be revoked: sign-out (this token), sign out
 * everywhere, a password change (the other tokens end), a moderator's close (every token ends,
 * its games go on without it).
 */
describe('standing: closed accounts and revoked tokens', () => {
  let t: TestApp;
  let mod: TestPlayer;

  beforeAll(async () => {
    // No poll timer: a copy reads its own changes at once, which is what these tests rely on.
    t = await startTestApp({ TOKEN_REVOCATION_POLL_MS: '0' });
    mod = await registerPlayer(t.http);
    const outcome = await makeModerator(t.app, mod.username, 'test moderator');
    expect(outcome).toEqual({ changed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function close(player: TestPlayer): Promise<void> {
    const res = await request(t.http).post(`/api/mod/players/${player.username}/actions`).set(mod.auth).send({ action: 'close', reason: 'abuse' });
    expect(res.status).toBe(200);
  }

  function login(username: string, password: string) {
    return request(t.http).post('/api/auth/login').send({ username, password });
  }

  it('closed mid-game in a ranked game: every route that acts for it refuses it, and the game ends as its abandonment, rated', async () => {
    const [closed, victim, other] = [await registerPlayer(t.http), await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRankedGame(t.app, closed, victim);
    const game = await playOpening(t.http, gameId, closed, victim);
    expect(game.toMove).toBe('black');
    const before = (await request(t.http).get(`/api/players/${victim.username}`).expect(200)).body;

    await close(closed);

    const after = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    expect(after).toMatchObject({ status: 'finished', result: { reason: 'abandoned', winner: 'white' } });
    expect(after.result.ratingChanges.white).toBeGreaterThan(0);
    expect(after.result.ratingChanges.black).toBeLessThan(0);
    const victimAfter = (await request(t.http).get(`/api/players/${victim.username}`).expect(200)).body;
    expect(victimAfter.rating).toBeGreaterThan(before.rating);

    // Its token works nowhere that acts for it, each refusal in the API's error shape.
    const { code } = await startRoomGame(t.http, other, victim).then(async (r) => {
      await request(t.http).post(`/api/games/${r.gameId}/abort`).set(other.auth).send({}).expect(200);
      return r;
    });
    const attempts = [
      request(t.http).post(`/api/games/${gameId}/moves`).set(closed.auth).send({ square: 'c4', ply: after.ply }),
      request(t.http).post(`/api/games/${gameId}/seat`).set(closed.auth).send({}),
      request(t.http).post(`/api/games/${gameId}/resign`).set(closed.auth).send({}),
      request(t.http).post(`/api/games/${gameId}/abort`).set(closed.auth).send({}),
      request(t.http).post(`/api/games/${gameId}/reports`).set(closed.auth).send({ reason: 'engine' }),
      request(t.http).post('/api/rooms').set(closed.auth).send({}),
      request(t.http).post(`/api/rooms/${code}/join`).set(closed.auth).send({}),
      request(t.http).post(`/api/rooms/${code}/rematch`).set(closed.auth).send({}),
      request(t.http).post('/api/queue').set(closed.auth).send({ mode: 'unranked' }),
      request(t.http).get('/api/queue').set(closed.auth),
      request(t.http).get('/api/players/me').set(closed.auth),
      request(t.http).post('/api/auth/sign-out').set(closed.auth).send({}),
    ];
    for (const res of await Promise.all(attempts)) {
      expect([res.status, res.body.code, res.body.statusCode]).toEqual([401, 'UNAUTHENTICATED', 401]);
      expect(typeof res.body.message).toBe('string');
    }
    // Nor can it sign in again.
    expect((await login(closed.username, 'password123')).status).toBe(401);

    const audit = await verifyRatings(t.db.url, t.config);
    expect(audit.discrepancies).toEqual([]);
  });

  it('closed mid-game in a casual game: the CPU plays its seat for the rest of the game', async () => {
    const [host, closed] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRoomGame(t.http, host, closed);
    const opened = await playOpening(t.http, gameId, host, closed);
    expect(opened.toMove).toBe('black');

    await close(closed);

    const game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    expect(game.status).toBe('active');
    expect(game.white.standIn).toBe(true);
    // The host moves; the CPU answers for the closed seat.
    const square = game.legalMoves[0];
    const moved = await request(t.http).post(`/api/games/${gameId}/moves`).set(host.auth).send({ square, ply: game.ply });
    expect(moved.status).toBe(201);
    expect(moved.body.game.ply).toBeGreaterThan(game.ply + 1);
    expect(moved.body.game.white.cpuMoves).toBeGreaterThan(0);
    // It cannot take the seat back.
    expect((await request(t.http).post(`/api/games/${gameId}/seat`).set(closed.auth).send({})).status).toBe(401);
  });

  it('a closed player who had not moved yet: the game is aborted, unrated', async () => {
    const [closed, victim] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRankedGame(t.app, closed, victim);
    await close(closed);
    const game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    expect(game).toMatchObject({ status: 'aborted', result: { reason: 'aborted', winner: null, ratingChanges: null } });
  });

  it('an engine mark ends its ranked games under way as its abandonment; a game against it that ends later refunds the loss as it is rated', async () => {
    const [cheat, victim, late] = [await registerPlayer(t.http), await registerPlayer(t.http), await registerPlayer(t.http)];
    const { gameId } = await startRankedGame(t.app, victim, cheat);
    await playOpening(t.http, gameId, victim, cheat);

    const marked = await request(t.http).post(`/api/mod/players/${cheat.username}/actions`).set(mod.auth).send({ action: 'engine', reason: 'perfect play' });
    expect(marked.status).toBe(200);
    const ended = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    expect(ended).toMatchObject({ status: 'finished', result: { reason: 'abandoned', winner: 'black' } });
    expect(ended.result.ratingChanges.black).toBeGreaterThan(0);

    // A ranked game paired in the same instant as the mark (made here directly): it ends after the
    // mark with a loss for its opponent, who gets the points back in the same unit of work.
    const { gameId: after } = await startRankedGame(t.app, cheat, late);
    await playOpening(t.http, after, cheat, late);
    const before = (await request(t.http).get(`/api/players/${late.username}`).expect(200)).body.rating;
    const resigned = (await request(t.http).post(`/api/games/${after}/resign`).set(late.auth).send({}).expect(200)).body;
    expect(resigned.result.ratingChanges.white).toBeLessThan(0);
    const now = (await request(t.http).get(`/api/players/${late.username}`).expect(200)).body.rating;
    expect(now).toBeCloseTo(before, 9);
    const history = (await request(t.http).get(`/api/players/${late.username}/rating-history`).expect(200)).body.points;
    expect(history.map((p: any) => p.kind)).toEqual(['game', 'refund']);
    expect(history[1].delta).toBeCloseTo(-resigned.result.ratingChanges.white, 9);

    const audit = await verifyRatings(t.db.url, t.config);
    expect(audit.discrepancies).toEqual([]);
  });

  it('signs out one token: refused on its next request, the others keep working', async () => {
    const player = await registerPlayer(t.http);
    const second = (await login(player.username, 'password123').expect(200)).body.token as string;
    const { gameId } = await startRoomGame(t.http, player, await registerPlayer(t.http));

    await request(t.http).post('/api/auth/sign-out').set(player.auth).send({}).expect(204);

    const refused = await request(t.http).post(`/api/games/${gameId}/moves`).set(player.auth).send({ square: 'd3', ply: 0 });
    expect([refused.status, refused.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await request(t.http).get('/api/players/me').set(player.auth)).status).toBe(401);
    expect((await request(t.http).get('/api/players/me').set(bearer(second))).status).toBe(200);
    expect((await request(t.http).post(`/api/games/${gameId}/moves`).set(bearer(second)).send({ square: 'd3', ply: 0 })).status).toBe(201);
    // Bodies are validated like everywhere else.
    expect((await request(t.http).post('/api/auth/sign-out').set(bearer(second)).send({ extra: 1 })).status).toBe(400);
    expect((await request(t.http).post('/api/auth/sign-out').send({})).status).toBe(401);
  });

  it('signs out everywhere: every token of the account is refused, a new sign-in works', async () => {
    const player = await registerPlayer(t.http);
    const second = (await login(player.username, 'password123').expect(200)).body.token as string;
    const guest = await guestPlayer(t.http);

    await request(t.http).post('/api/auth/sign-out-everywhere').set(bearer(second)).send({}).expect(204);

    for (const token of [player.token, second]) {
      const res = await request(t.http).get('/api/players/me').set(bearer(token));
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHENTICATED']);
      expect((await request(t.http).post('/api/rooms').set(bearer(token)).send({})).status).toBe(401);
    }
    expect((await request(t.http).get('/api/players/me').set(guest.auth)).status).toBe(200);
    const fresh = (await login(player.username, 'password123').expect(200)).body.token as string;
    expect((await request(t.http).get('/api/players/me').set(bearer(fresh))).status).toBe(200);
  });

  it('changes the password with the current one: the other tokens end, this device gets a new token', async () => {
    const player = await registerPlayer(t.http);
    const second = (await login(player.username, 'password123').expect(200)).body.token as string;

    const wrong = await request(t.http).post('/api/auth/password').set(player.auth).send({ currentPassword: 'not-the-one', newPassword: 'new-password-456' });
    expect([wrong.status, wrong.body.code]).toEqual([403, 'FORBIDDEN']);
    const short = await request(t.http).post('/api/auth/password').set(player.auth).send({ currentPassword: 'password123', newPassword: 'short' });
    expect([short.status, short.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await request(t.http).get('/api/players/me').set(bearer(second))).status).toBe(200);

    const changed = await request(t.http).post('/api/auth/password').set(player.auth).send({ currentPassword: 'password123', newPassword: 'new-password-456' });
    expect(changed.status).toBe(200);
    expect(changed.body.player.username).toBe(player.username);
    const fresh = changed.body.token as string;

    expect((await request(t.http).get('/api/players/me').set(bearer(fresh))).status).toBe(200);
    for (const token of [player.token, second]) expect((await request(t.http).get('/api/players/me').set(bearer(token))).status).toBe(401);
    expect((await login(player.username, 'password123')).status).toBe(401);
    expect((await login(player.username, 'new-password-456')).status).toBe(200);

    const guest = await guestPlayer(t.http);
    const refused = await request(t.http).post('/api/auth/password').set(guest.auth).send({ currentPassword: 'whatever1', newPassword: 'new-password-456' });
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
  });

  // Last in the file: a second app in this process registers passport's strategies again (they are
  // process-global), so it asks only routes that verify tokens without passport.
  it('open event streams of a signed-out token or a closed account end at once, not at their next request; other tokens keep theirs', async () => {
    const player = await registerPlayer(t.http);
    const second = (await login(player.username, 'password123').expect(200)).body.token as string;
    const other = await registerPlayer(t.http);
    const { gameId } = await startRoomGame(t.http, player, other);
    const mine = openSse(`${t.baseUrl}/api/me/events`, player.auth);
    const watching = openSse(`${t.baseUrl}/api/games/${gameId}/events`, player.auth);
    const kept = openSse(`${t.baseUrl}/api/me/events`, bearer(second));
    const theirs = openSse(`${t.baseUrl}/api/games/${gameId}/events`, other.auth);
    for (const s of [mine, watching, kept, theirs]) expect(await s.ready).toBe(200);

    await request(t.http).post('/api/auth/sign-out').set(player.auth).send({}).expect(204);
    await Promise.all([mine.ended, watching.ended]);
    expect([mine.endedByServer, watching.endedByServer, kept.endedByServer, theirs.endedByServer]).toEqual([true, true, false, false]);

    // Closing the account ends the rest of its streams; the opponent's stays open.
    await close(player);
    await kept.ended;
    expect(kept.endedByServer).toBe(true);
    expect(theirs.endedByServer).toBe(false);
    theirs.close();
  });

  it('another app copy learns of a revocation by polling, without a request reading the database', async () => {
    const nowhere = '/api/games/00000000-0000-4000-8000-000000000000/resign';
    const copy = await startTestApp({ TOKEN_REVOCATION_POLL_MS: '100' }, { db: t.db });
    try {
      const player = await registerPlayer(t.http);
      expect((await request(copy.http).post(nowhere).set(player.auth).send({})).status).toBe(404);
      await request(t.http).post('/api/auth/sign-out-everywhere').set(player.auth).send({}).expect(204);
      const deadline = Date.now() + 10_000;
      let status = 404;
      while (status !== 401 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await request(copy.http).post(nowhere).set(player.auth).send({})).status;
      }
      expect(status).toBe(401);
    } finally {
      await copy.close();
    }
  });

});
