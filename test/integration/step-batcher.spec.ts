import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseSquare } from '../../src/engine/index.js';
import type { Statement } from '../../src/database/db.js';
import type { GameRules, GameState, Progress } from '../../src/games/domain/game.js';
import * as rules from '../../src/games/domain/transitions.js';
import { GamesRepository, STEP, STEPS, stepParams, stepsJson, type StepParams } from '../../src/games/games.repository.js';
import { StepBatcher, type RunStatement } from '../../src/games/step-batcher.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { openRepositoryDb, RepositoryDb, seedPlayer } from '../support/repositories.js';

const R = (now = new Date()): GameRules => ({ now, cpuTakeoverSeconds: 60, firstMoveSeconds: 30, idleTurnSeconds: 300, rankedStandInMoves: 2 });
const sq = (s: string) => parseSquare(s)!;
/** Where a single step's game id is among its statement's values. */
const STEP_ID = STEP.order.indexOf('id');

describe('group commit of steps: STEPS and StepBatcher (real PostgreSQL)', () => {
  let r: RepositoryDb;
  let repo: GamesRepository;
  let players: PlayersRepository;
  beforeAll(async () => {
    r = await openRepositoryDb();
    repo = new GamesRepository(r.db);
    players = new PlayersRepository(r.db);
  });
  afterAll(async () => {
    await r.close();
  });

  async function newGame(): Promise<GameState> {
    const [b, w] = [await seedPlayer(players, r.db), await seedPlayer(players, r.db)];
    const game = rules.newGame({ id: crypto.randomUUID(), roomId: null, roomCode: null, rated: false, turnSeconds: null, showLegalMoves: true, blackId: b.id, whiteId: w.id }, R());
    await repo.insert(game);
    return game;
  }

  const firstMove = (g: GameState, square = 'd3'): Progress => rules.playMove(g, { playerId: g.blackId, square: sq(square), ply: 0 }, R()) as Progress;

  /** The statements a batcher sent (name and the game ids it carried); `hold` keeps the next statement waiting until released. */
  function recorded(): { run: RunStatement; sent: { name: string | undefined; ids: string[] }[]; hold(): () => void } {
    const sent: { name: string | undefined; ids: string[] }[] = [];
    let gate: Promise<void> | null = null;
    const run: RunStatement = async <R>(s: Statement<R>) => {
      const ids = s.name === STEPS.statementName ? (JSON.parse(String(s.values![0])) as StepParams[]).map((p) => p.id) : [String(s.values![STEP_ID])];
      sent.push({ name: s.name, ids });
      const wait = gate;
      gate = null;
      if (wait) await wait;
      return r.db.query(s);
    };
    return {
      run,
      sent,
      hold: () => {
        let release!: () => void;
        gate = new Promise((res) => (release = res));
        return release;
      },
    };
  }

  it('STEPS writes several games in one statement, each on its own condition: a stale step is lost, the others written', async () => {
    const games = [await newGame(), await newGame(), await newGame()];
    const steps = games.map((g) => firstMove(g));
    const params = steps.map((s, i) => stepParams(s, i === 1 ? 7 : 0, null)); // the second one decided on a version the row is not at
    const rows = await r.db.query(STEPS({ steps: stepsJson(params) }));
    expect(rows.map((x) => x.n).sort()).toEqual([0, 2]);
    for (const row of rows) expect(row).toMatchObject({ version: 1, blackRating: expect.any(Number), whiteUsername: expect.any(String) });
    for (const i of [0, 2]) {
      const loaded = (await repo.load(games[i].id))!;
      expect(loaded.game).toEqual(steps[i].game);
      expect(loaded.version).toBe(1);
      expect(await repo.movesSince(games[i].id)).toEqual(steps[i].records.map((x) => ({ ...x, flipped: [...x.flipped] })));
    }
    expect((await repo.load(games[1].id))!.version).toBe(0);
    expect(await repo.movesSince(games[1].id)).toEqual([]);
  });

  it('steps that wait while a write is in flight go together, sorted by game id, never two of one game in a batch; alone at once when nothing waits', async () => {
    const rec = recorded();
    const batcher = new StepBatcher(rec.run, { inFlight: 1, maxSteps: 64 });
    const games = [await newGame(), await newGame(), await newGame(), await newGame()];
    const release = rec.hold();
    const first = batcher.write(stepParams(firstMove(games[0]), 0, null));
    expect(rec.sent).toEqual([{ name: 'game_step', ids: [games[0].id] }]); // at once, alone
    const waiting = [
      batcher.write(stepParams(firstMove(games[1]), 0, null)),
      batcher.write(stepParams(firstMove(games[2]), 0, null)),
      batcher.write(stepParams(firstMove(games[1], 'c4'), 0, null)), // the same game again: the next batch
      batcher.write(stepParams(firstMove(games[3]), 0, null)),
    ];
    release();
    expect(await first).toMatchObject({ version: 1 });
    const [a, b, again, c] = await Promise.all(waiting);
    expect([a, b, c].map((x) => x?.version)).toEqual([1, 1, 1]);
    expect(again).toBeNull(); // its game's row moved on with the first batch: lost, as a racing step is
    expect(rec.sent.slice(1)).toEqual([
      { name: STEPS.statementName, ids: [games[1].id, games[2].id, games[3].id].sort() },
      { name: 'game_step', ids: [games[1].id] },
    ]);
    expect(batcher.stats).toMatchObject({ statements: 3, steps: 5, batches: 1, fallbacks: 0 });
    expect((await repo.movesSince(games[1].id)).map((m) => m.square)).toEqual([sq('d3')]);
  });

  it('a batch the database refuses is written step by step: the refused step fails its own caller only', async () => {
    const rec = recorded();
    const batcher = new StepBatcher(rec.run, { inFlight: 1, maxSteps: 64 });
    const games = [await newGame(), await newGame(), await newGame(), await newGame()];
    const release = rec.hold();
    const first = batcher.write(stepParams(firstMove(games[0]), 0, null));
    const bad = firstMove(games[2]);
    const results = [games[1], games[2], games[3]].map((g) =>
      batcher.write(g === games[2] ? { ...stepParams(bad, 0, null), board: 'X'.repeat(64) } : stepParams(firstMove(g), 0, null)),
    );
    release();
    await first;
    await expect(results[1]).rejects.toThrow(/game_board_ck/);
    expect(await results[0]).toMatchObject({ version: 1 });
    expect(await results[2]).toMatchObject({ version: 1 });
    expect(batcher.stats).toMatchObject({ batches: 1, fallbacks: 1 });
    expect((await repo.load(games[2].id))!.version).toBe(0);
    expect(await repo.movesSince(games[2].id)).toEqual([]);
    for (const g of [games[1], games[3]]) expect((await repo.movesSince(g.id)).length).toBe(1);
  });

  it('inside a unit of work a step is the transaction\'s own statement, never the batcher\'s (and rolls back with it)', async () => {
    const g = await newGame();
    const before = { ...repo.steps.stats };
    await expect(
      r.db.transaction(async () => {
        expect(await repo.writeStep(firstMove(g), 0)).toMatchObject({ version: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(repo.steps.stats).toEqual(before);
    expect((await repo.load(g.id))!.version).toBe(0);
    // Outside one, the batcher writes it.
    expect(await repo.writeStep(firstMove(g), 0)).toMatchObject({ version: 1 });
    expect(repo.steps.stats.steps).toBe(before.steps + 1);
  });
});
