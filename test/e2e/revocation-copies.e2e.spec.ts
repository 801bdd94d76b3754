import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { makeModerator } from '../factories/moderators.js';
import { playOpening, startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TEST_ENV, TestApp } from '../support/app.js';
import { startServerProcess } from '../support/server-process.js';
import { openSse } from '../support/sse.js';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Small, so that copy B learns of a change made on copy A soon after it. */
const POLL_MS = 200;
/**
 * How long the test waits for a stream to end before it fails: far above POLL_MS (a loaded
 * machine), far below forever, which is what a stream on a copy that never learns of it waits.
 * A stream that is not ended is kept alive by heartbeats, so it would not end on its own.
 */
const ENDS_WITHIN_MS = 30_000;

async function endsWithin(stream: { ended: Promise<void> }, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} was still open ${ENDS_WITHIN_MS} ms after the change`)), ENDS_WITHIN_MS);
  });
  try {
    await Promise.race([stream.ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Two app copies on one database: copy A is this process's app, copy B a real `outflank serve`
 * process. A token signed out, or an account closed, through copy A ends that token's (that
 * account's) open event streams on copy B, which learns of it by its own poll
 * (TOKEN_REVOCATION_POLL_MS), with no request of the stream's client; other tokens and other
 * players keep theirs.
 */
describe('two app copies: a revocation on one ends the open event streams on the other', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startServerProcess>>;
  let mod: TestPlayer;

  beforeAll(async () => {
    a = await startTestApp({ TOKEN_REVOCATION_POLL_MS: String(POLL_MS) });
    b = await startServerProcess({ DATABASE_URL: a.db.url, JWT_SECRET: TEST_ENV.JWT_SECRET, TOKEN_REVOCATION_POLL_MS: String(POLL_MS) });
    mod = await registerPlayer(a.http);
    const outcome = await makeModerator(a.app, mod.username, 'test moderator');
    expect(outcome).toEqual({ changed: true });
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  it('sign-out on copy A ends that token\'s streams on copy B; closing the account on A ends the rest; the opponent\'s stream stays', async () => {
    const player = await registerPlayer(a.http);
    const second = (await request(a.http).post('/api/auth/login').send({ username: player.username, password: 'password123' }).expect(200)).body.token as string;
    const other = await registerPlayer(a.http);
    const { gameId } = await startRoomGame(a.http, player, other);
    // Both first moves made: the game goes on without the closed account (the CPU takes its seat), so its stream stays.
    const seated = (await request(a.http).get(`/api/games/${gameId}`).expect(200)).body;
    const [black, white] = seated.black.player.id === player.id ? [player, other] : [other, player];
    await playOpening(a.http, gameId, black, white);

    const mine = openSse(`${b.baseUrl}/api/me/events`, player.auth);
    const watching = openSse(`${b.baseUrl}/api/games/${gameId}/events`, player.auth);
    const kept = openSse(`${b.baseUrl}/api/me/events`, bearer(second));
    const theirs = openSse(`${b.baseUrl}/api/me/events`, other.auth);
    const theirGame = openSse(`${b.baseUrl}/api/games/${gameId}/events`, other.auth);
    try {
      for (const s of [mine, watching, kept, theirs, theirGame]) expect(await s.ready).toBe(200);
      // Copy B accepts the token before the change (the same request after it is 401, below).
      expect((await fetch(`${b.baseUrl}/api/players/me`, { headers: player.auth })).status).toBe(200);

      await request(a.http).post('/api/auth/sign-out').set(player.auth).send({}).expect(204);
      await endsWithin(mine, 'the signed-out token\'s /api/me/events stream on copy B');
      await endsWithin(watching, 'the signed-out token\'s game stream on copy B');
      expect([kept.endedByServer, theirs.endedByServer, theirGame.endedByServer]).toEqual([false, false, false]);
      expect((await fetch(`${b.baseUrl}/api/players/me`, { headers: player.auth })).status).toBe(401);
      expect((await fetch(`${b.baseUrl}/api/players/me`, { headers: bearer(second) })).status).toBe(200);

      const closed = await request(a.http).post(`/api/mod/players/${player.username}/actions`).set(mod.auth).send({ action: 'close', reason: 'abuse' });
      expect(closed.status).toBe(200);
      await endsWithin(kept, 'the closed account\'s other stream on copy B');
      expect((await fetch(`${b.baseUrl}/api/players/me`, { headers: bearer(second) })).status).toBe(401);
      // The opponent's streams on copy B are not concerned: the game goes on, the CPU in the closed account's seat.
      expect((await request(a.http).get(`/api/games/${gameId}`).expect(200)).body.status).toBe('active');
      expect([theirs.endedByServer, theirGame.endedByServer]).toEqual([false, false]);
    } finally {
      for (const s of [mine, watching, kept, theirs, theirGame]) s.close();
    }
  }, 120_000);
});
