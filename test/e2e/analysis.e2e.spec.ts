import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import { AnalysisRepository } from '../../src/analysis/analysis.repository.js';
import { AnalysisRunner } from '../../src/analysis/analysis-runner.js';
import { EventLoopLoad } from '../../src/common/event-loop-load.js';
import { fromBoardString, legalMoves, parseSquare, replay, squareName } from '../../src/engine/index.js';
import { startRankedGame, startRoomGame } from '../factories/games.js';
import { registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';

/** Plays the game to its end through the API, each side taking the last of its legal squares. */
async function playToEnd(http: any, gameId: string, black: TestPlayer, white: TestPlayer): Promise<any> {
  let game = (await request(http).get(`/api/games/${gameId}`)).body;
  while (game.status === 'active') {
    const p = game.toMove === 'black' ? black : white;
    const moves = legalMoves(fromBoardString(game.board, game.toMove));
    const res = await request(http).post(`/api/games/${gameId}/moves`).set(p.auth).send({ square: squareName(moves[moves.length - 1]), ply: game.ply });
    if (res.status !== 201) throw new Error(`move: ${res.status} ${JSON.stringify(res.body)}`);
    game = res.body.game;
  }
  return game;
}

/** A small GGF reader: the TAG[value] pairs between `(;` and `;)`. */
function ggfProps(text: string): Array<[string, string]> {
  const body = text.trim().replace(/^\(;/, '').replace(/;\)$/, '');
  return [...body.matchAll(/([A-Z]{1,3})\[([^\]]*)\]/g)].map((m) => [m[1], m[2]]);
}

describe('analysis of finished games and the GGF export', () => {
  let t: TestApp;
  let runner: AnalysisRunner;
  let a: TestPlayer;
  let b: TestPlayer;
  /** This copy's event-loop load as the runner sees it: quiet unless a test says otherwise. */
  let loadNow = 0;

  beforeAll(async () => {
    t = await startTestApp({ ANALYSIS_WORKERS: '1', ANALYSIS_POLL_MS: '0', ANALYSIS_YIELD_ABOVE: '0.7' });
    runner = t.app.get(AnalysisRunner);
    jest.spyOn(t.app.get(EventLoopLoad), 'current').mockImplementation(() => loadNow);
    a = await registerPlayer(t.http);
    b = await registerPlayer(t.http);
  });
  afterAll(async () => {
    await t?.close();
  });

  const analyse = async () => {
    await runner.poll();
    await runner.idle();
  };

  it('answers none for a game in play, pending once it is over, then the figures', async () => {
    const { gameId } = await startRoomGame(t.http, a, b);
    const during = await request(t.http).get(`/api/games/${gameId}/analysis`);
    expect(during.status).toBe(200);
    expect(during.body).toMatchObject({ status: 'none', moves: [], players: null });

    const end = await playToEnd(t.http, gameId, a, b);
    expect(end.status).toBe('finished');
    const pending = await request(t.http).get(`/api/games/${gameId}/analysis`);
    expect(pending.body).toMatchObject({ status: 'pending', moves: [], players: null, exactFromEmpties: 16 });

    await analyse();
    const ready = await request(t.http).get(`/api/games/${gameId}/analysis`);
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    const moves = (await request(t.http).get(`/api/games/${gameId}/moves`)).body.moves;
    expect(ready.body.moves.map((m: any) => [m.ply, m.color, m.square])).toEqual(moves.map((m: any) => [m.ply, m.color, m.square]));
    for (const m of ready.body.moves) {
      expect(m.loss).toBeCloseTo(m.bestValue - m.value, 5);
      if (m.square !== null && !m.forced) expect(m.loss === 0).toBe(m.best.includes(m.square));
    }
    // The last move's value is the final result from its mover's side (the board is full or nobody can move).
    const last = ready.body.moves[ready.body.moves.length - 1];
    const margin = end.result.discs.black - end.result.discs.white;
    const empties = 64 - end.result.discs.black - end.result.discs.white;
    const blackFinal = margin > 0 ? margin + empties : margin < 0 ? margin - empties : 0;
    expect(last.exact).toBe(true);
    expect(last.value).toBe(last.color === 'black' ? blackFinal : -blackFinal);
    for (const color of ['black', 'white'] as const) {
      const own = ready.body.moves.filter((m: any) => m.color === color && m.square !== null && !m.forced && m.by === 'player');
      expect(ready.body.players[color].counted).toBe(own.length);
    }
  });

  it('analyses ranked games first, then the newest', async () => {
    const ranked = await startRankedGame(t.app, a, b);
    await playToEnd(t.http, ranked.gameId, a, b);
    const { gameId: friendly } = await startRoomGame(t.http, a, b);
    await playToEnd(t.http, friendly, a, b);
    const repo = t.app.get(AnalysisRepository);
    await repo.discover(600, 500, 3);
    const first = await repo.claim('test', 60, 3);
    const second = await repo.claim('test', 60, 3);
    expect([first?.gameId, second?.gameId]).toEqual([ranked.gameId, friendly]);
    await repo.release('test');
    // The queue length is on /metrics (read from the database at scrape time).
    const metrics = (await request(t.http).get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/^outflank_analysis_jobs\{state="queued"\} 2$/m);
    await analyse();
    expect((await request(t.http).get('/metrics').expect(200)).text).toMatch(/^outflank_analysis_jobs\{state="queued"\} 0$/m);
    for (const id of [ranked.gameId, friendly]) expect((await request(t.http).get(`/api/games/${id}/analysis`)).body.status).toBe('ready');
  });

  it('a copy busy with play claims no new job; the game waits and is analysed once the copy is quieter', async () => {
    const { gameId } = await startRoomGame(t.http, a, b);
    await playToEnd(t.http, gameId, a, b);
    loadNow = 0.9; // the event loop busier than ANALYSIS_YIELD_ABOVE (0.7) over the last second
    try {
      expect(runner.busy()).toBe(true);
      await analyse();
      expect((await request(t.http).get(`/api/games/${gameId}/analysis`)).body.status).toBe('pending');
      expect((await request(t.http).get('/metrics').expect(200)).text).toMatch(/^outflank_analysis_jobs\{state="queued"\} 1$/m);
    } finally {
      loadNow = 0;
    }
    expect(runner.busy()).toBe(false);
    await analyse();
    expect((await request(t.http).get(`/api/games/${gameId}/analysis`)).body.status).toBe('ready');
  });

  it('answers none for an aborted game, and 404 for no game', async () => {
    const { gameId } = await startRoomGame(t.http, a, b);
    expect((await request(t.http).post(`/api/games/${gameId}/abort`).set(a.auth).send({})).status).toBe(200);
    await analyse();
    expect((await request(t.http).get(`/api/games/${gameId}/analysis`)).body.status).toBe('none');
    for (const path of ['/api/games/00000000-0000-4000-8000-000000000000', '/api/games/not-a-game']) {
      for (const route of ['analysis', 'ggf']) {
        const res = await request(t.http).get(`${path}/${route}`);
        expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
      }
    }
  });

  it('exports any game in GGF, as a download, with the moves, times and result', async () => {
    const { gameId } = await startRoomGame(t.http, a, b, { turnSeconds: 30 });
    const end = await playToEnd(t.http, gameId, a, b);
    const res = await request(t.http).get(`/api/games/${gameId}/ggf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="outflank-\d{4}-\d\d-\d\d-.+\.ggf"$/);
    const props = ggfProps(res.text);
    const tag = (k: string) => props.filter(([x]) => x === k).map(([, v]) => v);
    expect([tag('GM'), tag('PC'), tag('PB'), tag('PW'), tag('TY'), tag('TI')]).toEqual([['Othello'], ['Outflank'], [a.username], [b.username], ['8'], ['00:30,N1//00:30,N1']]);
    // The ratings when the game began (it is unrated: they are the players' ratings now).
    for (const [k, p] of [['RB', a], ['RW', b]] as const) {
      const rating = (await request(t.http).get(`/api/players/${p.username}`)).body.rating as number;
      expect(tag(k)).toEqual([rating.toFixed(2)]);
    }
    const margin = end.result.discs.black - end.result.discs.white;
    const empties = 64 - end.result.discs.black - end.result.discs.white;
    const blackFinal = margin > 0 ? margin + empties : margin < 0 ? margin - empties : 0;
    expect(tag('RE')).toEqual([`${blackFinal >= 0 ? '+' : ''}${blackFinal}.000`]);
    const transcript = (await request(t.http).get(`/api/games/${gameId}/transcript`)).text;
    const moves = props.filter(([k]) => k === 'B' || k === 'W');
    expect(moves.filter(([, v]) => v !== 'PA').map(([, v]) => v.split('/')[0]).join('')).toBe(transcript);
    expect(moves.length).toBe(replay(transcript).moves.length);
    for (const [, v] of moves.filter(([, x]) => x !== 'PA')) {
      expect(parseSquare(v.split('/')[0])).not.toBeNull();
      expect(Number(v.split('/')[2])).toBeGreaterThanOrEqual(0);
    }
    // A game in play has no result yet.
    const { gameId: live } = await startRoomGame(t.http, a, b);
    const liveGgf = await request(t.http).get(`/api/games/${live}/ggf`);
    expect(liveGgf.status).toBe(200);
    expect(ggfProps(liveGgf.text).map(([k]) => k)).not.toContain('RE');
  });
});
