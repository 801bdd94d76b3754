import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { parseSquare } from '../../src/engine/index.js';
import type { GameRules, GameState } from '../../src/games/domain/game.js';
import * as rules from '../../src/games/domain/transitions.js';
import { GameListsRepository } from '../../src/games/game-lists.repository.js';
import { GamesRepository } from '../../src/games/games.repository.js';
import { EVENTS_CHANNEL } from '../../src/events/topics.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { openRepositoryDb, RepositoryDb, seedPlayer } from '../support/repositories.js';

const R = (now = new Date()): GameRules => ({ now, cpuTakeoverSeconds: 60, firstMoveSeconds: 30, idleTurnSeconds: 300, rankedStandInMoves: 2 });
const sq = (s: string) => parseSquare(s)!;

describe('GamesRepository (real PostgreSQL)', () => {
  let r: RepositoryDb;
  let repo: GamesRepository;
  let lists: GameListsRepository;
  let players: PlayersRepository;
  beforeAll(async () => {
    r = await openRepositoryDb();
    repo = new GamesRepository(r.db);
    lists = new GameListsRepository(r.db);
    players = new PlayersRepository(r.db);
  });
  afterAll(async () => {
    await r.close();
  });

  async function newGame(over: { rated?: boolean; turnSeconds?: number | null } = {}): Promise<GameState> {
    const [b, w] = [await seedPlayer(players, r.db), await seedPlayer(players, r.db)];
    const game = rules.newGame(
      { id: crypto.randomUUID(), roomId: null, roomCode: null, rated: over.rated ?? false, turnSeconds: over.turnSeconds ?? null, showLegalMoves: true, blackId: b.id, whiteId: w.id },
      R(),
    );
    await repo.insert(game);
    return game;
  }

  it('load gives the game as inserted, with both seats\' public fields, in one read', async () => {
    const g = await newGame({ turnSeconds: 30 });
    const loaded = await repo.load(g.id);
    expect(loaded!.game).toEqual(g);
    expect(loaded!.version).toBe(0);
    expect(loaded!.black).toMatchObject({ id: g.blackId, rating: 1500 });
    expect(loaded!.white.username).toEqual(expect.any(String));
    expect(await repo.load(crypto.randomUUID())).toBeNull();
    expect(await repo.exists(g.id)).toBe(true);
  });

  it('writeStep: the game and its records in one conditional statement, with no NOTIFY inside; a step from a stale ply writes nothing', async () => {
    const g = await newGame();
    const listener = new pg.Client({ connectionString: r.database.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    try {
      const step = rules.playMove(g, { playerId: g.blackId, square: sq('d3'), ply: 0 }, R()) as ReturnType<typeof rules.cpuMove>;
      const written = await repo.writeStep(step, 0);
      // The row's new version and both seats as they are now, read by the write itself.
      const fresh = (await repo.load(g.id))!;
      expect(written).toEqual({ version: 1, black: fresh.black, white: fresh.white });
      const after = fresh.game;
      expect(after).toMatchObject({ ply: 1, toMove: 'white', board: step.game.board });
      expect(after).toEqual(step.game);
      expect(await repo.movesSince(g.id)).toEqual(step.records.map((x) => ({ ...x, flipped: [...x.flipped] })));
      expect(await repo.recordAt(g.id, 0)).toMatchObject({ square: sq('d3'), by: 'player' });
      expect(await repo.recordAt(g.id, 1)).toBeNull();
      // The same step again (a concurrent request that read ply 0): nothing written.
      expect(await repo.writeStep(step, 0)).toBeNull();
      expect(await repo.writeStep(step, 1)).toBeNull(); // at the row's version, but not at its ply
      expect((await repo.movesSince(g.id)).length).toBe(1);
      await new Promise((res) => setTimeout(res, 200));
      // Its events leave after the commit (EventsService), never from the write.
      expect(heard).toEqual([]);
    } finally {
      await listener.end();
    }
  });

  it('racing steps from one ply: exactly one wins', async () => {
    const g = await newGame();
    const steps = ['d3', 'c4', 'f5', 'e6'].map((s) => rules.playMove(g, { playerId: g.blackId, square: sq(s), ply: 0 }, R()) as ReturnType<typeof rules.cpuMove>);
    const results = await Promise.all(steps.map((s) => repo.writeStep(s, 0)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await repo.movesSince(g.id)).length).toBe(1);
  });

  it('a takeover is written only while it is still due, and only once', async () => {
    const g = await newGame();
    const now = new Date(g.takeoverAt!.getTime() + 1000);
    const step = rules.takeOver({ ...g, ply: 2 }, R(now))!;
    // The row is at ply 0, the step from ply 2: not written.
    expect(await repo.writeStep(step, 0, { dueBy: now })).toBeNull();
    await r.db.query('UPDATE games SET ply = 2 WHERE id = $1', [g.id]);
    expect(await repo.writeStep(step, 1, { dueBy: new Date(g.takeoverAt!.getTime() - 1000) })).toBeNull(); // not due by then
    expect(await repo.writeStep(step, 1, { dueBy: now })).not.toBeNull();
    expect(await repo.writeStep(step, 1, { dueBy: now })).toBeNull(); // the seat flags (and the version) changed: a second copy loses
    expect((await repo.load(g.id))!.game.blackStandIn).toBe(true);
  });

  it('due lists active games whose takeover time has come; touch pushes a present player\'s takeover, never for a first move, capped by the idle limit', async () => {
    const g = await newGame();
    const due = await repo.due(new Date(g.takeoverAt!.getTime() + 1), 100);
    expect(due).toContain(g.id);
    expect(await repo.due(new Date(g.takeoverAt!.getTime() - 1000), 100)).not.toContain(g.id);
    const until = new Date(Date.now() + 3_600_000);
    await repo.touch([{ gameId: g.id, playerId: g.blackId }], until, 300);
    expect((await repo.load(g.id))!.game.takeoverAt).toEqual(g.takeoverAt); // Black's first move: fixed
    await r.db.query('UPDATE games SET ply = 2 WHERE id = $1', [g.id]);
    await repo.touch([{ gameId: g.id, playerId: g.whiteId }], until, 300); // not White's turn
    expect((await repo.load(g.id))!.game.takeoverAt).toEqual(g.takeoverAt);
    await repo.touch([{ gameId: g.id, playerId: g.blackId }], until, 300);
    expect((await repo.load(g.id))!.game.takeoverAt).toEqual(new Date(g.turnStartedAt!.getTime() + 300_000));
  });

  it('every UPDATE of a game row bumps its version, whoever makes it; a step decided on an older version writes nothing, even at the same ply', async () => {
    const g = await newGame();
    const step = rules.playMove(g, { playerId: g.blackId, square: sq('d3'), ply: 0 }, R()) as ReturnType<typeof rules.cpuMove>;
    // Another writer changes a column no step condition names (ply, status and seats as they were).
    await r.db.query('UPDATE games SET takeover_at = takeover_at + interval \'1 minute\' WHERE id = $1', [g.id]);
    expect((await repo.load(g.id))!.version).toBe(1);
    expect(await repo.writeStep(step, 0)).toBeNull();
    expect(await repo.movesSince(g.id)).toEqual([]);
    // A write that changes nothing is still a write.
    await r.db.query('UPDATE games SET ply = ply WHERE id = $1', [g.id]);
    expect((await repo.load(g.id))!.version).toBe(2);
    expect((await repo.writeStep(step, 2))?.version).toBe(3);
    expect((await repo.load(g.id))!.game.ply).toBe(1);
  });

  it('a write that sets the version itself still leaves the old one plus one', async () => {
    const g = await newGame();
    await r.db.query('UPDATE games SET version = 0 WHERE id = $1', [g.id]);
    await r.db.query('UPDATE games SET version = version + 7 WHERE id = $1', [g.id]);
    await r.db.query('UPDATE games SET version = version + 1 WHERE id = $1', [g.id]);
    expect((await repo.load(g.id))!.version).toBe(3);
  });

  it('the database refuses what no game or move can hold, whoever writes it', async () => {
    const g = await newGame({ rated: true });
    const refused = (sql: string, rule: string) => expect(r.db.query(sql, [g.id])).rejects.toThrow(new RegExp(`"${rule}"`));
    await refused(`UPDATE games SET status = 'paused' WHERE id = $1`, 'game_status_ck');
    await refused(`UPDATE games SET to_move = 'red' WHERE id = $1`, 'game_colour_ck');
    await refused(`UPDATE games SET winner = 'both' WHERE id = $1`, 'game_colour_ck');
    await refused(`UPDATE games SET result_reason = 'luck' WHERE id = $1`, 'game_result_reason_ck');
    await refused(`UPDATE games SET board = repeat('X', 64) WHERE id = $1`, 'game_board_ck');
    await refused(`UPDATE games SET ply = -1 WHERE id = $1`, 'game_ply_ck');
    await refused(`UPDATE games SET turn_seconds = 45 WHERE id = $1`, 'game_turn_seconds_ck');
    await refused(`UPDATE games SET black_takeovers = -1 WHERE id = $1`, 'game_stand_in_count_ck');
    await refused(`UPDATE games SET computer_level = 9, rated = false WHERE id = $1`, 'game_computer_level_ck');
    await refused(`UPDATE games SET computer_level = 2 WHERE id = $1`, 'games_computer_level_ck');
    const move = (values: string) => `INSERT INTO moves (game_id, ply, color, square, pass, flipped, by) VALUES ($1, ${values})`;
    await refused(move(`0, 'black', 64, false, '{}', 'player'`), 'moves_square_ck');
    await refused(move(`0, 'black', -1, false, '{}', 'player'`), 'moves_square_ck');
    await refused(move(`0, 'black', 19, true, '{}', 'player'`), 'moves_square_ck');
    await refused(move(`0, 'black', NULL, false, '{}', 'player'`), 'moves_square_ck');
    await refused(move(`0, 'grey', 19, false, '{}', 'player'`), 'game_colour_ck');
    await refused(move(`0, 'black', 19, false, '{}', 'bot'`), 'move_by_ck');
    await refused(move(`-1, 'black', 19, false, '{}', 'player'`), 'game_ply_ck');
    expect(await repo.movesSince(g.id)).toEqual([]);
    expect((await repo.load(g.id))!.version).toBe(0);
  });

  it('touch answers the version its write left', async () => {
    const g = await newGame();
    const playing = rules.playMove(g, { playerId: g.blackId, square: sq('d3'), ply: 0 }, R()) as ReturnType<typeof rules.cpuMove>;
    expect(await repo.writeStep(playing, 0)).not.toBeNull();
    const reply = rules.playMove(playing.game, { playerId: g.whiteId, square: sq('c3'), ply: 1 }, R()) as ReturnType<typeof rules.cpuMove>;
    expect(await repo.writeStep(reply, 1)).not.toBeNull(); // Black to move, both have moved: presence moves the takeover
    const touched = await repo.touch([{ gameId: g.id, playerId: g.blackId }], new Date(Date.now() + 3_600_000), 300);
    expect(touched).toEqual([{ gameId: g.id, color: 'black', ply: 2, takeoverAt: expect.any(Date), version: 3 }]);
    expect((await repo.load(g.id))!.version).toBe(3);
  });

  it('reads for other modules: active game, status, seats, room games, lists', async () => {
    const g = await newGame();
    expect(await lists.activeGameIdOf(g.blackId)).toBe(g.id);
    expect(await repo.statusOf(g.id)).toBe('active');
    expect(await repo.seatsOf(g.id)).toEqual({ blackId: g.blackId, whiteId: g.whiteId });
    expect((await lists.gamesOf(g.whiteId, 10)).map((x) => x.game.id)).toEqual([g.id]);
    expect((await lists.active(1000)).map((x) => x.game.id)).toContain(g.id);
    const over = rules.abort(g, g.blackId, R())!;
    expect(await repo.writeStep(over, 0)).not.toBeNull();
    expect(await lists.activeGameIdOf(g.blackId)).toBeNull();
    expect(await repo.statusOf(g.id)).toBe('aborted');
    expect((await lists.active(1000)).map((x) => x.game.id)).not.toContain(g.id);
    expect(await lists.countActive()).toBeGreaterThanOrEqual(0);
  });
});
