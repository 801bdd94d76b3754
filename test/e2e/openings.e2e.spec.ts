import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { parseTranscript, replay, solveEndgame, squareName, toBoardString } from '../../src/engine/index.js';
import { parseMasterGames } from '../../src/openings/domain/master-games.js';
import { openingFigures } from '../../src/openings/domain/opening-stats.js';
import { OPENINGS } from '../../src/openings/domain/openings.js';
import { transformBoard } from '../../src/openings/domain/symmetry.js';
import { OpeningsService } from '../../src/openings/openings.service.js';
import { playSquares, startRankedGame, startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { readShipped } from '../unit/engine/helpers.js';

const games = parseMasterGames(readShipped('wthor-2023-2025.tsv.gz'));

describe('the named openings and the opening explorer', () => {
  let t: TestApp;
  let a: TestPlayer;
  let b: TestPlayer;

  beforeAll(async () => {
    t = await startTestApp({ EXPLORER_POLL_MS: '0' });
    a = await registerPlayer(t.http);
    b = await registerPlayer(t.http);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/openings counts each opening in the master games as a recount of the shipped games', async () => {
    const res = await request(t.http).get('/api/openings');
    expect(res.status).toBe(200);
    expect(res.body.masterGames).toBe(games.length);
    expect(res.body.ladderGames).toBe(0);
    const recount = openingFigures(games);
    expect(res.body.openings.map((o: any) => o.id)).toEqual(OPENINGS.map((o) => o.id));
    for (const o of res.body.openings) {
      const f = recount.get(o.id)!;
      expect(o.master.games).toBe(f.games);
      expect(o.master.blackScore).toBeCloseTo(f.blackScore!, 10);
      expect(o.master.meanDiscDiff).toBeCloseTo(f.meanDiscDiff!, 10);
      expect(o.ladder).toEqual({ games: 0, blackScore: null, meanDiscDiff: null });
    }
  });

  it('the explorer counts the first two plies as a recount of the shipped games', async () => {
    const start = await request(t.http).get('/api/explorer');
    expect(start.status).toBe(200);
    expect(start.body.toMove).toBe('black');
    // The four first moves are one position up to symmetry: one entry, the others named alongside.
    expect(start.body.moves).toHaveLength(1);
    expect([start.body.moves[0].square, ...start.body.moves[0].same].sort()).toEqual(['c4', 'd3', 'e6', 'f5']);
    expect(start.body.moves[0].master.games).toBe(games.length);
    expect(start.body.master.games).toBe(games.length);

    const after = await request(t.http).get('/api/explorer?moves=f5');
    expect(after.status).toBe(200);
    const byReply = new Map<string, { n: number; points: number; diff: number }>();
    for (const g of games) {
      const r = byReply.get(g.moves.slice(2, 4)) ?? { n: 0, points: 0, diff: 0 };
      r.n++;
      r.points += g.blackHalfPoints / 2;
      r.diff += g.discDiff;
      byReply.set(g.moves.slice(2, 4), r);
    }
    const shown = new Map<string, any>(after.body.moves.map((m: any) => [m.square, m]));
    expect(shown.size).toBe(3);
    for (const [reply, r] of byReply) {
      const m = shown.get(reply);
      expect(m && m.master.games).toBe(r.n);
      expect(m.master.blackScore).toBeCloseTo(r.points / r.n, 10);
      expect(m.master.meanDiscDiff).toBeCloseTo(r.diff / r.n, 10);
    }
    expect(shown.get('d6').opening).toBe('perpendicular');
    expect(after.body.opening).toBeNull();
  });

  it('answers the same figures for a mirror image of a line, and names its opening', async () => {
    const tiger = await request(t.http).get('/api/explorer?moves=f5d6c3d3c4');
    // d3 c4 ... is the Tiger seen in the a1–h8 diagonal: the same position, the same figures.
    const mirrored = parseTranscript('f5d6c3d3c4').map((sq) => (sq >> 3) + 8 * (sq & 7)).map(squareName).join('');
    const image = await request(t.http).get(`/api/explorer?moves=${mirrored}`);
    expect(image.status).toBe(200);
    expect(image.body.opening).toBe('tiger');
    expect(image.body.openingName).toBe('Tiger');
    expect(image.body.master).toEqual(tiger.body.master);
    expect(transformBoard(image.body.board, 4)).toBe(tiger.body.board);
    expect(image.body.moves.map((m: any) => m.master.games)).toEqual(tiger.body.moves.map((m: any) => m.master.games));
  });

  it('labels exact values only where they are the solver’s', async () => {
    const game = games.find((g) => g.squares.length >= 50)!;
    const line = game.moves.slice(0, 2 * 48);
    const res = await request(t.http).get(`/api/explorer?moves=${line}`);
    expect(res.status).toBe(200);
    const position = replay(line).position;
    expect(res.body.moves.length).toBeGreaterThan(0);
    for (const m of res.body.moves) {
      expect(m.engine.exact).toBe(true);
      const child = replay(line + m.square);
      const solved = solveEndgame(child.position).score;
      const same = child.finished ? child.position.toMove !== position.toMove : child.position.toMove === position.toMove;
      // The child's value is its side to move's: the other side's unless a pass gave the turn back.
      const forMover = child.finished ? (position.toMove === 'black' ? 1 : -1) * (child.result.discs.black - child.result.discs.white) : same ? solved : 0 - solved;
      if (!child.finished) expect(m.engine.value).toBe(forMover + 0);
      else expect(Math.sign(m.engine.value)).toBe(Math.sign(forMover));
    }
    const opening = await request(t.http).get('/api/explorer?moves=f5d6c3');
    expect(opening.body.moves.every((m: any) => m.engine.exact === false)).toBe(true);
  });

  it('answers 400 with the error shape for a malformed or illegal line, and changes nothing', async () => {
    for (const moves of ['f5d6x9', 'f5d', 'zz', 'f5'.repeat(61)]) {
      const res = await request(t.http).get(`/api/explorer?moves=${moves}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
    const illegal = await request(t.http).get('/api/explorer?moves=f5d6a1');
    expect(illegal.status).toBe(400);
    expect(illegal.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { ply: 2, square: 'a1' } });
    expect(illegal.body.message).toContain('a1');
    const twice = await request(t.http).get('/api/explorer?moves=f5&moves=d6');
    expect(twice.status).toBe(400);
  });

  it('adds a finished rated game to the ladder figures off its last move, once', async () => {
    const { gameId } = await startRankedGame(t.app, a, b);
    await playSquares(t.http, gameId, a, b, ['f5', 'd6', 'c3', 'd3', 'c4']);
    const resign = await request(t.http).post(`/api/games/${gameId}/resign`).set(b.auth).send({});
    expect(resign.status).toBe(200);
    const service = t.app.get(OpeningsService);
    expect(await service.indexLadderGames()).toBe(1);
    expect(await service.indexLadderGames()).toBe(0);
    const list = (await request(t.http).get('/api/openings')).body;
    expect(list.ladderGames).toBe(1);
    const tiger = list.openings.find((o: any) => o.id === 'tiger');
    expect(tiger.ladder).toMatchObject({ games: 1, blackScore: 1 });
    expect(list.openings.find((o: any) => o.id === 'diagonal').ladder.games).toBe(0);
    const explorer = (await request(t.http).get('/api/explorer?moves=f5d6c3')).body;
    expect(explorer.moves.find((m: any) => m.square === 'd3').ladder).toMatchObject({ games: 1, blackScore: 1 });
    expect(explorer.ladder.games).toBe(1);
  });

  it('/openings shows every opening with its board from the engine, in the page language', async () => {
    const en = await request(t.http).get('/openings').set('Accept-Language', 'en');
    expect(en.status).toBe(200);
    for (const o of OPENINGS) {
      const section = new RegExp(`<section[^>]*data-opening="${o.id}"[\\s\\S]*?</section>`).exec(en.text)?.[0] ?? '';
      expect(section).toContain(`data-line="${o.moves}"`);
      const discs = [...section.matchAll(/data-square="([a-h][1-8])" data-disc="(black|white)"/g)].map((m) => [m[1], m[2]]);
      const board = toBoardString(replay(o.moves).position);
      const expected = [...board].flatMap((c, i) => (c === '.' ? [] : [[squareName(i), c === 'B' ? 'black' : 'white']]));
      expect(discs.sort()).toEqual(expected.sort());
    }
    expect(en.text).toContain('Tiger');
    const sw = await request(t.http).get('/openings').set('Accept-Language', 'sw');
    expect(sw.text).toContain('Mianzo ya Reversi');
    const rules = await request(t.http).get('/rules').set('Accept-Language', 'sw');
    expect(rules.text).toMatch(/<a href="\/learn">Jifunze kwenye ubao \(dakika 3\)<\/a> · <a href="\/strategy">Mbinu na vidokezo vya Reversi<\/a> · <a href="\/openings">Mianzo ya Reversi<\/a>/);
    const strategy = await request(t.http).get('/strategy').set('Accept-Language', 'bn');
    expect(strategy.status).toBe(200);
    expect(strategy.text).toContain('রিভার্সির কৌশল ও পরামর্শ');
    for (const topic of ['corners', 'xc', 'edges', 'mobility', 'parity', 'count', 'wipeout']) expect(strategy.text).toContain(`data-testid="try-board-${topic}"`);
    const home = await request(t.http).get('/').set('Accept-Language', 'en');
    expect(home.text).toContain('<a href="/strategy">Reversi strategy and tips</a>');
    expect(home.text).toContain('<a href="/strategy">Strategy</a>');
  });

  it('/explorer shows a position with its moves as links, and a typed bad line gets 400 with the reason', async () => {
    const page = await request(t.http).get('/explorer?moves=f5d6').set('Accept-Language', 'en');
    expect(page.status).toBe(200);
    const board = toBoardString(replay('f5d6').position);
    const discs = [...page.text.matchAll(/data-square="([a-h][1-8])" data-disc="(black|white)"/g)].map((m) => m[1]).sort();
    expect(discs).toEqual([...board].flatMap((c, i) => (c === '.' ? [] : [squareName(i)])).sort());
    expect(page.text).toContain('href="/explorer?moves=f5d6c3"');
    expect(page.text).toMatch(/data-exact="false"/);
    const bad = await request(t.http).get('/explorer?moves=f5f5').set('Accept-Language', 'sw');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('data-testid="explorer-error"');
    expect(bad.text).toContain('Hatua ya 2 (f5)');
  });

  it('names the opening of a game played along the Tiger (or its mirror image) on the transcript, the GGF and the player page', async () => {
    const { gameId } = await startRoomGame(t.http, a, b);
    await playSquares(t.http, gameId, a, b, ['f5', 'd6', 'c3', 'd3', 'c4', 'f4']);
    const transcript = await request(t.http).get(`/api/games/${gameId}/transcript`);
    expect(transcript.status).toBe(200);
    expect(transcript.text).toBe('f5d6c3d3c4f4');
    expect(transcript.headers['opening-name']).toBe('Tiger');
    await request(t.http).post(`/api/games/${gameId}/resign`).set(b.auth).send({}).expect(200);
    const ggf = await request(t.http).get(`/api/games/${gameId}/ggf`);
    expect(ggf.text).toContain('GN[Tiger]');

    // d3 c4 e3 f5 f4 is the Tiger seen in the a1–h8 diagonal.
    const mirrored = await startRoomGame(t.http, a, b);
    const line = parseTranscript('f5d6c3d3c4').map((sq) => squareName((sq >> 3) + 8 * (sq & 7)));
    await playSquares(t.http, mirrored.gameId, a, b, line);
    const named = await request(t.http).get(`/api/games/${mirrored.gameId}/transcript`);
    expect(named.headers['opening-name']).toBe('Tiger');
    await request(t.http).post(`/api/games/${mirrored.gameId}/resign`).set(a.auth).send({}).expect(200);

    // A game that stopped after one move followed no named line: no header, no GN.
    const short = await startRoomGame(t.http, a, b);
    await playSquares(t.http, short.gameId, a, b, ['f5']);
    expect((await request(t.http).get(`/api/games/${short.gameId}/transcript`)).headers['opening-name']).toBeUndefined();
    expect((await request(t.http).get(`/api/games/${short.gameId}/ggf`)).text).not.toContain('GN[');

    const page = await request(t.http).get(`/players/${a.username}`).set('Accept-Language', 'en');
    const row = new RegExp(`<tr data-testid="game-row" data-game-id="${gameId}">[\\s\\S]*?</tr>`).exec(page.text)?.[0] ?? '';
    expect(row).toContain('<a href="/openings#opening-tiger">Tiger</a>');
    const sw = await request(t.http).get(`/players/${a.username}`).set('Accept-Language', 'sw');
    expect(sw.text).toContain('<th class="hide-md" scope="col">Mwanzo</th>');
  });

  it('names the opening of a live game in the watch list, the game answer, the move answer and the player\'s games', async () => {
    const c = await registerPlayer(t.http);
    const d = await registerPlayer(t.http);
    const { gameId } = await startRoomGame(t.http, c, d);
    const watched = async () => (await request(t.http).get('/api/games?status=active&limit=100').expect(200)).body.games.find((g: any) => g.id === gameId);
    expect((await watched()).opening).toBeNull();
    expect((await request(t.http).get(`/api/games/${gameId}`).expect(200)).body.opening).toBeNull();

    // The move that completes a line names it in its own answer (and in its event's game).
    expect((await playSquares(t.http, gameId, c, d, ['f5', 'd6'])).opening).toBe('Perpendicular');
    expect((await playSquares(t.http, gameId, c, d, ['c3', 'd3', 'c4'])).opening).toBe('Tiger');
    expect((await watched()).opening).toBe('Tiger');
    expect((await request(t.http).get(`/api/games/${gameId}`).expect(200)).body.opening).toBe('Tiger');
    // A move off the table keeps the longest named line the game followed.
    expect((await playSquares(t.http, gameId, c, d, ['f4'])).opening).toBe('Tiger');
    expect((await request(t.http).get(`/api/games/${gameId}`).expect(200)).body.opening).toBe('Tiger');

    const ended = (await request(t.http).post(`/api/games/${gameId}/resign`).set(d.auth).send({}).expect(200)).body;
    expect(ended.opening).toBe('Tiger');
    expect(await watched()).toBeUndefined();
    const mine = (await request(t.http).get(`/api/players/${c.username}/games`).expect(200)).body.games;
    expect(mine.find((g: any) => g.id === gameId)?.opening).toBe('Tiger');
  });

  it("stores a game's opening on its row with the move that names it; a read names it from the row, and from the moves only for a game from before", async () => {
    const c = await registerPlayer(t.http);
    const d = await registerPlayer(t.http);
    const { gameId } = await startRoomGame(t.http, c, d);
    const row = async () => (await t.db.query('SELECT opening_id, opening_known FROM games WHERE id = $1', [gameId])).rows[0];
    expect(await row()).toEqual({ opening_id: null, opening_known: true });
    await playSquares(t.http, gameId, c, d, ['f5', 'd6', 'c3', 'd3', 'c4']);
    expect(await row()).toEqual({ opening_id: 'tiger', opening_known: true });

    // The game's answer and the lists take the name from the row, not from the moves.
    await t.db.query(`UPDATE games SET opening_id = 'rose' WHERE id = $1`, [gameId]);
    expect((await request(t.http).get(`/api/games/${gameId}`).expect(200)).body.opening).toBe('Rose');
    const listed = (await request(t.http).get(`/api/players/${c.username}/games`).expect(200)).body.games.find((g: any) => g.id === gameId);
    expect(listed.opening).toBe('Rose');

    // A game from before the column: named from its moves when read, and a read writes nothing.
    await t.db.query('UPDATE games SET opening_id = NULL, opening_known = false WHERE id = $1', [gameId]);
    expect((await request(t.http).get(`/api/games/${gameId}`).expect(200)).body.opening).toBe('Tiger');
    const active = (await request(t.http).get('/api/games?status=active&limit=100').expect(200)).body.games.find((g: any) => g.id === gameId);
    expect(active.opening).toBe('Tiger');
    expect(await row()).toEqual({ opening_id: null, opening_known: false });

    // Its next move stores it, in the move's own write.
    expect((await playSquares(t.http, gameId, c, d, ['f4'])).opening).toBe('Tiger');
    expect(await row()).toEqual({ opening_id: 'tiger', opening_known: true });
    await request(t.http).post(`/api/games/${gameId}/resign`).set(c.auth).send({}).expect(200);
    expect((await request(t.http).get(`/api/games/${gameId}`).expect(200)).body.opening).toBe('Tiger');
  });
});
