import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { AppError, clip } from '../common/errors.js';
import { Periodic } from '../common/periodic.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { squareName } from '../engine/notation.js';
import { isGameOver, legalMoves, passIfNeeded, playTurn } from '../engine/rules.js';
import { type Position, startPosition, toBoardString } from '../engine/position.js';
import { parseTranscript } from '../engine/transcript.js';
import { halfPointsOf, indexRows, INDEX_PLIES } from './domain/index-rows.js';
import { moveValues, type MoveValue } from './domain/move-values.js';
import { figuresOf, OPENING_KEYS, type OpeningFigures } from './domain/opening-stats.js';
import { LONGEST_LINE, nameOpening, type Opening, OPENINGS } from './domain/openings.js';
import { positionKey } from './domain/symmetry.js';
import type { ExplorerDto, ExplorerMoveDto, OpeningDto, OpeningsDto } from './dto/openings.dto.js';
import type { ExplorerSourceName } from './entities/explorer.entities.js';
import { OpeningsRepository, type MoveSums } from './openings.repository.js';

/** Rated games summed into the index per transaction. */
const LADDER_BATCH = 100;
/** Engine values kept per position key (they never change: the engine is deterministic). */
const VALUE_CACHE_SIZE = 5000;
const MAX_LINE = 60;

const NO_FIGURES: OpeningFigures = Object.freeze({ games: 0, blackScore: null, meanDiscDiff: null });
const START_KEY = positionKey(passIfNeeded(startPosition()).position);

function sumsToFigures(rows: readonly MoveSums[]): OpeningFigures {
  let games = 0;
  let points = 0;
  let diff = 0;
  for (const r of rows) {
    games += r.games;
    points += r.blackHalfPoints;
    diff += r.discDiff;
  }
  return figuresOf(games, points, diff);
}

/**
 * The named openings with their figures, the opening explorer, and the ladder's side of the
 * explorer's index: finished rated games are summed in by a background round on every app copy
 * (EXPLORER_POLL_MS), never on the request path of the game's last move.
 */
@Injectable()
export class OpeningsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OpeningsService.name);
  private readonly ladderRounds = new Periodic(
    () => this.indexLadderGames(),
    (err) => this.logger.warn(`explorer ladder round failed: ${String(err)}`),
  );
  private readonly values = new Map<string, MoveValue[]>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: Db,
    private readonly repo: OpeningsRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.explorerPollMs > 0) this.ladderRounds.start(this.config.explorerPollMs);
  }

  async onModuleDestroy(): Promise<void> {
    await this.ladderRounds.stop();
  }

  /** Sums the rated games that finished since the last round into the index; answers how many. */
  async indexLadderGames(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(async () => {
        const games = await this.repo.claimLadderGames(LADDER_BATCH);
        const rows = indexRows(
          games.map((g) => ({
            squares: g.squares,
            discDiff: g.discDiff,
            blackHalfPoints: g.winner === 'black' ? 2 : g.winner === 'white' ? 0 : halfPointsOf(0),
          })),
          INDEX_PLIES,
        );
        await this.repo.addLadderRows(rows);
        return games.length;
      });
      total += n;
      if (n < LADDER_BATCH) return total;
    }
  }

  /** A round now (tests; the timer runs them otherwise). */
  ladderRound(): Promise<void> {
    return this.ladderRounds.run();
  }

  /** Every named opening with its figures in the master games and on the ladder. */
  async openings(): Promise<OpeningsDto> {
    const keys = [...new Set([...OPENING_KEYS.values()].map((k) => k.key))];
    const [master, ladder, fromStart] = await Promise.all([this.reachedBy('master', keys), this.reachedBy('ladder', keys), this.repo.movesFrom(START_KEY)]);
    const all = (source: ExplorerSourceName) => fromStart.filter((r) => r.source === source).reduce((n, r) => n + r.games, 0);
    return {
      masterGames: all('master'),
      ladderGames: all('ladder'),
      openings: OPENINGS.map((o): OpeningDto => {
        const key = OPENING_KEYS.get(o.id)!.key;
        return { id: o.id, name: o.name, family: o.family, moves: o.moves, master: master.get(key) ?? NO_FIGURES, ladder: ladder.get(key) ?? NO_FIGURES };
      }),
    };
  }

  private async reachedBy(source: ExplorerSourceName, keys: string[]): Promise<Map<string, OpeningFigures>> {
    const rows = await this.repo.reached(source, keys);
    return new Map(rows.map((r) => [r.childKey, figuresOf(r.games, r.blackHalfPoints, r.discDiff)]));
  }

  /**
   * The opening of each game (the longest named line it followed), by game id: null where it has
   * none. One query for all of them (a player page's list).
   */
  async openingsOf(gameIds: readonly string[]): Promise<Map<string, Opening | null>> {
    // A pass adds a record: twice the longest line's moves is room enough for any passes among them.
    const moves = await this.repo.openingMoves(gameIds, 2 * LONGEST_LINE);
    return new Map([...moves].map(([id, squares]) => [id, nameOpening(squares)]));
  }

  /** The opening of one game, from its moves (passes left out). */
  openingOfMoves(squares: readonly number[]): Opening | null {
    return nameOpening(squares);
  }

  /** The explorer's answer for the position a line reaches; 400 VALIDATION_FAILED for a malformed or illegal line. */
  async explore(line: string | undefined): Promise<ExplorerDto> {
    const { squares, position } = this.replayLine(line ?? '');
    const key = positionKey(position);
    const over = isGameOver(position);
    const legal = over ? [] : legalMoves(position);
    const children = legal.map((sq) => ({ square: sq, position: playTurn(position, sq).position }));
    const childKeys = children.map((c) => positionKey(c.position));
    const [fromHere, reached] = await Promise.all([
      this.repo.movesFrom(key),
      key === START_KEY ? Promise.resolve(null) : Promise.all([this.repo.reached('master', [key]), this.repo.reached('ladder', [key])]),
    ]);
    const bySource = (source: ExplorerSourceName, child: string) => fromHere.filter((r) => r.source === source && r.childKey === child);
    const values = new Map(this.valuesOf(position).map((v) => [v.square, v]));
    const named = new Map([...OPENING_KEYS].map(([id, k]) => [`${k.plies}:${k.key}`, id]));
    const seen = new Map<string, ExplorerMoveDto>();
    const moves: ExplorerMoveDto[] = [];
    children.forEach((c, i) => {
      const first = seen.get(childKeys[i]);
      if (first) {
        first.same.push(squareName(c.square));
        return;
      }
      const v = values.get(c.square)!;
      const dto: ExplorerMoveDto = {
        square: squareName(c.square),
        same: [],
        master: sumsToFigures(bySource('master', childKeys[i])),
        ladder: sumsToFigures(bySource('ladder', childKeys[i])),
        engine: { value: v.value, exact: v.exact },
        opening: named.get(`${squares.length + 1}:${childKeys[i]}`) ?? null,
      };
      seen.set(childKeys[i], dto);
      moves.push(dto);
    });
    moves.sort((a, b) => b.master.games - a.master.games || b.ladder.games - a.ladder.games || b.engine.value - a.engine.value || a.square.localeCompare(b.square));
    const opening: Opening | null = nameOpening(squares);
    return {
      line: squares.map(squareName).join(''),
      board: toBoardString(position),
      toMove: over ? null : position.toMove,
      opening: opening?.id ?? null,
      openingName: opening?.name ?? null,
      master: reached ? sumsToFigures(reached[0]) : sumsToFigures(fromHere.filter((r) => r.source === 'master')),
      ladder: reached ? sumsToFigures(reached[1]) : sumsToFigures(fromHere.filter((r) => r.source === 'ladder')),
      moves,
    };
  }

  /** The engine's values of a position's moves, cached by board (the least recently used go first). */
  private valuesOf(position: Position): MoveValue[] {
    const cacheKey = toBoardString(position) + position.toMove;
    const hit = this.values.get(cacheKey);
    if (hit) {
      this.values.delete(cacheKey);
      this.values.set(cacheKey, hit);
      return hit;
    }
    const computed = moveValues(position);
    this.values.set(cacheKey, computed);
    if (this.values.size > VALUE_CACHE_SIZE) this.values.delete(this.values.keys().next().value!);
    return computed;
  }

  private replayLine(line: string): { squares: number[]; position: Position } {
    const compact = line.replace(/\s+/g, '').toLowerCase();
    if (!/^([a-h][1-8])*$/.test(compact) || compact.length > MAX_LINE * 2) {
      throw new AppError('VALIDATION_FAILED', { key: 'api.explorer.malformed', values: { moves: clip(line), max: MAX_LINE } }, { moves: clip(line) });
    }
    const squares = parseTranscript(compact);
    let position = passIfNeeded(startPosition()).position;
    for (let i = 0; i < squares.length; i++) {
      try {
        if (isGameOver(position)) throw new RangeError('over');
        position = playTurn(position, squares[i]).position;
      } catch {
        throw new AppError('VALIDATION_FAILED', { key: 'api.explorer.illegal', values: { n: i + 1, square: squareName(squares[i]) } }, { ply: i, square: squareName(squares[i]) });
      }
    }
    return { squares, position };
  }
}
