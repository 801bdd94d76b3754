import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { makeModerator } from '../factories/moderators.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

interface Guest extends TestPlayer {
  address: string;
}

/**
 * The report queue under a flood (the probe, replayed): 42 guests, each from an address of its own
 * (X-Forwarded-For, believed from the loopback proxy), file 210 junk reports against each other;
 * a real report by an established account still comes first, the queue is paged by reported
 * player, and one dismiss clears a player's reports.
 */
describe('the report queue under a flood', () => {
  let t: TestApp;
  let mod: TestPlayer;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'loopback', ROOMS_PER_HOUR: '100000', REPORTS_PER_HOUR: '5', REPORTS_PER_ADDRESS: '5' });
    mod = await registerPlayer(t.http);
    await makeModerator(t.app, mod.username, 'test');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function guest(address: string): Promise<Guest> {
    const res = await request(t.http).post('/api/auth/guest').set('X-Forwarded-For', address).send({}).expect(201);
    return { id: res.body.player.id, username: res.body.player.username, token: res.body.token, auth: { Authorization: `Bearer ${res.body.token}` }, address };
  }

  /** A room game of a and b; both report each other from their own addresses, then it ends. */
  async function reportEachOther(a: Guest | TestPlayer, b: Guest | TestPlayer, from: { a: string; b: string }, reason = 'abuse'): Promise<number[]> {
    const created = await request(t.http).post('/api/rooms').set(a.auth).send({}).expect(201);
    const joined = await request(t.http).post(`/api/rooms/${created.body.code}/join`).set(b.auth).send({}).expect(200);
    const gameId = joined.body.gameId;
    const statuses = [
      (await request(t.http).post(`/api/games/${gameId}/reports`).set(a.auth).set('X-Forwarded-For', from.a).send({ reason, text: 'junk' })).status,
      (await request(t.http).post(`/api/games/${gameId}/reports`).set(b.auth).set('X-Forwarded-For', from.b).send({ reason, text: 'junk' })).status,
    ];
    await request(t.http).post(`/api/games/${gameId}/abort`).set(a.auth).send({}).expect(200);
    return statuses;
  }

  it('a real report comes first among 210 junk reports, the queue is paged by player, a dismiss clears a player', async () => {
    // The real report: an account older than a day reports a cheat, before the flood.
    const [reporter, cheat] = [await registerPlayer(t.http), await registerPlayer(t.http)];
    await t.db.query(`UPDATE players SET created_at = now() - interval '3 days' WHERE id = $1`, [reporter.id]);
    const real = await reportEachOther(reporter, cheat, { a: '198.51.100.7', b: '198.51.100.8' }, 'engine');
    expect(real).toEqual([201, 201]); // the cheat reports back: a weak report (its account is new)

    // The flood: 21 pairs of guests, each guest at an address of its own, 5 games each pair, both reporting.
    const guests: Guest[] = [];
    for (let i = 0; i < 42; i++) guests.push(await guest(`203.0.113.${i + 1}`));
    let filed = 0;
    for (let pair = 0; pair < 21; pair++) {
      const [a, b] = [guests[2 * pair], guests[2 * pair + 1]];
      for (let game = 0; game < 5; game++) {
        const statuses = await reportEachOther(a, b, { a: a.address, b: b.address });
        filed += statuses.filter((s) => s === 201).length;
      }
    }
    expect(filed).toBe(210);

    const first = (await request(t.http).get('/api/mod/reports').set(mod.auth).expect(200)).body;
    expect(first.total).toBe(44); // the cheat, the reporter (reported back) and the 42 guests
    expect(first.groups).toHaveLength(20);
    expect(first.groups[0]).toMatchObject({ reported: cheat.username, score: 1, count: 1 });
    expect(first.groups[0].reports[0]).toMatchObject({ reporter: reporter.username, reason: 'engine', weight: 1 });
    expect(first.reports[0].reporter).toBe(reporter.username);
    // Every flooded guest: 5 weak reports from one address count as half a report.
    for (const g of first.groups.slice(1)) expect(g.score).toBeLessThanOrEqual(0.5);
    const last = (await request(t.http).get('/api/mod/reports?page=3&limit=20').set(mod.auth).expect(200)).body;
    expect(last.groups).toHaveLength(4);
    const all = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      for (const g of (await request(t.http).get(`/api/mod/reports?page=${page}`).set(mod.auth).expect(200)).body.groups) all.add(g.reported);
    }
    expect(all.size).toBe(44);
    for (const bad of ['page=0', 'limit=101', 'page=x', 'extra=1']) expect((await request(t.http).get(`/api/mod/reports?${bad}`).set(mod.auth)).status).toBe(400);

    // The moderator page lists it first too.
    const panel = await request(t.http).get('/mod/panel').set(mod.auth).expect(200);
    const table = panel.text.slice(panel.text.indexOf('data-testid="open-reports"'));
    const rows = table.slice(table.indexOf('<tbody>')).split('</tr>');
    expect(rows.length).toBeGreaterThan(20);
    expect(rows[0]).toContain(reporter.username);
    expect(rows[0]).toContain(cheat.username);

    // One dismiss closes all of a guest's open reports.
    const dismissed = await request(t.http).post(`/api/mod/players/${guests[0].username}/actions`).set(mod.auth).send({ action: 'dismiss', reason: 'junk flood' });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.action.details).toEqual({ reportsClosed: 5 });
    expect((await request(t.http).get('/api/mod/reports').set(mod.auth).expect(200)).body.total).toBe(43);
  }, 180_000);

  it('guests and new accounts at one address share an hourly cap (REPORTS_PER_ADDRESS)', async () => {
    const address = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [a, b] = [await guest(address), await guest('192.0.2.200')];
      statuses.push((await reportEachOther(a, b, { a: address, b: `192.0.2.${100 + i}` }))[0]);
    }
    // REPORTS_PER_ADDRESS = 5 from this address, whoever files them: four guests, one report each, fine.
    expect(statuses).toEqual([201, 201, 201, 201]);
    const [c, d] = [await guest(address), await guest('192.0.2.201')];
    expect((await reportEachOther(c, d, { a: address, b: '192.0.2.150' }))[0]).toBe(201);
    const [e, f] = [await guest(address), await guest('192.0.2.202')];
    const refused = await reportEachOther(e, f, { a: address, b: '192.0.2.151' });
    expect(refused[0]).toBe(429);
    // An established account at the same address is not held back by them.
    const old = await registerPlayer(t.http);
    await t.db.query(`UPDATE players SET created_at = now() - interval '3 days' WHERE id = $1`, [old.id]);
    expect((await reportEachOther(old, await guest('192.0.2.203'), { a: address, b: '192.0.2.152' }))[0]).toBe(201);
  });
});
