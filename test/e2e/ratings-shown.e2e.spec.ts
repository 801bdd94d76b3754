import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEFAULT_GLICKO2_CONFIG, rateGame } from '../../src/ratings/domain/glicko2.js';
import { playOpening, startRankedGame, startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/**
 * What a page needs to show a rating the one way (issue #22): seat players say whether they are a
 * guest and provisional; a rated game's result carries each player's rating before → after, the
 * same in the answer that ends it, in a later read, in the stream's `end` event and in a player's
 * game list; unrated games carry none.
 */
const fresh = { rating: 1500, rd: DEFAULT_GLICKO2_CONFIG.initialRd, volatility: DEFAULT_GLICKO2_CONFIG.initialVolatility, lastRatedAt: null };

/** The `end` event of a finished game's stream (the server replays it, then ends the stream). */
async function endEvent(http: any, gameId: string): Promise<any> {
  const res = await request(http).get(`/api/games/${gameId}/events`).buffer(true).parse((r, done) => {
    let text = '';
    r.on('data', (c: Buffer) => (text += c.toString()));
    r.on('end', () => done(null, text));
  });
  const block = String(res.body).split('\n\n').find((b) => b.includes('event: end'));
  if (!block) throw new Error('no end event in ' + String(res.body));
  return JSON.parse(block.split('\n').find((l) => l.startsWith('data: '))!.slice(6));
}

describe('ratings as the pages show them: seats and a rated result', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a rated game: provisional seats, and the result says each rating before → after, everywhere it is read', async () => {
    const alice = await registerPlayer(t.http);
    const bob = await registerPlayer(t.http);
    const { gameId } = await startRankedGame(t.app, alice, bob);
    const live = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    expect(live.black.player).toEqual({ id: alice.id, username: alice.username, rating: 1500, guest: false, provisional: true });
    await playOpening(t.http, gameId, alice, bob);
    const end = (await request(t.http).post(`/api/games/${gameId}/resign`).set(bob.auth).send({}).expect(200)).body;
    const expected = rateGame(fresh, fresh, 1, DEFAULT_GLICKO2_CONFIG, end.finishedAt);
    expect(end.result.ratings.black.before).toBe(1500);
    expect(end.result.ratings.black.after).toBeCloseTo(expected.a.rating, 9);
    expect(end.result.ratings.white.after).toBeCloseTo(expected.b.rating, 9);
    expect(end.result.ratings.black).toMatchObject({ provisionalBefore: true, provisionalAfter: expected.a.rd >= 110 });
    expect(end.result.ratings.black.after - end.result.ratings.black.before).toBeCloseTo(end.result.ratingChanges.black, 9);
    // The seats show the rating after the game.
    expect(end.black.player.rating).toBeCloseTo(expected.a.rating, 9);

    const later = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    expect(later.result.ratings).toEqual(end.result.ratings);
    expect((await endEvent(t.http, gameId)).result.ratings).toEqual(end.result.ratings);
    const listed = (await request(t.http).get(`/api/players/${alice.username}/games`).expect(200)).body.games;
    expect(listed.find((g: { id: string }) => g.id === gameId).result.ratings).toEqual(end.result.ratings);

    // Another rated game later moves alice's rating: this game still says what it did.
    const carol = await registerPlayer(t.http);
    const second = await startRankedGame(t.app, alice, carol);
    await playOpening(t.http, second.gameId, alice, carol);
    await request(t.http).post(`/api/games/${second.gameId}/resign`).set(alice.auth).send({}).expect(200);
    expect((await request(t.http).get(`/api/games/${gameId}`).expect(200)).body.result.ratings).toEqual(end.result.ratings);
  });

  it('a room game between guests: guest seats, no ratings in the result', async () => {
    const host = await guestPlayer(t.http);
    const guest = await guestPlayer(t.http);
    const { gameId } = await startRoomGame(t.http, host, guest);
    const game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    expect(game.black.player).toMatchObject({ guest: true });
    expect(game.white.player).toMatchObject({ guest: true });
    const live = (await request(t.http).get('/api/games?status=active').expect(200)).body.games.find((g: { id: string }) => g.id === gameId);
    expect(live.black).toMatchObject({ username: host.username, guest: true });
    await playOpening(t.http, gameId, host, guest);
    const end = (await request(t.http).post(`/api/games/${gameId}/resign`).set(guest.auth).send({}).expect(200)).body;
    expect(end.result).toMatchObject({ ratingChanges: null, ratings: null });
  });
});
