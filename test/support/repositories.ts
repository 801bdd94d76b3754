import { AsyncResource } from 'node:async_hooks';
import type { Db } from '../../src/database/db.js';
import { openStandaloneDatabase, StandaloneDatabase } from '../../src/app/standalone.js';
import { Player } from '../../src/players/entities/player.entity.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { createTestDatabase, TestDatabase } from './database.js';

/** A fresh database and the app's Db on it, for repository tests (no app). */
export interface RepositoryDb {
  database: TestDatabase;
  db: Db;
  close(): Promise<void>;
}

/**
 * Repository tests hold a transaction open in one place while another runs (lock tests): more than
 * one connection, unlike the e2e suites.
 */
export async function openRepositoryDb(poolSize = 6, connectTimeoutSeconds = 5): Promise<RepositoryDb> {
  const database = await createTestDatabase();
  let standalone: StandaloneDatabase;
  try {
    standalone = await openStandaloneDatabase({ url: database.url, poolSize, connectTimeoutSeconds });
  } catch (err) {
    await database.drop();
    throw err;
  }
  return {
    database,
    db: standalone.db,
    close: async () => {
      await standalone.close();
      await database.drop();
    },
  };
}

/** A transaction held open until `commit()`; `run` runs work inside it (as if called within it). */
export interface HeldTransaction {
  run<T>(work: () => Promise<T>): Promise<T>;
  commit(): Promise<void>;
}

export async function holdTransaction(db: Db): Promise<HeldTransaction> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let runInside!: <T>(work: () => Promise<T>) => Promise<T>;
  let finished!: Promise<void>;
  await new Promise<void>((started, failed) => {
    finished = db.transaction(async () => {
      // Bound to this async context: work run through it later sees this transaction.
      runInside = AsyncResource.bind(<T>(work: () => Promise<T>) => work());
      await db.query('SELECT 1'); // the connection is taken now
      started();
      await released;
    });
    finished.catch(failed);
  });
  return {
    run: (work) => runInside(work),
    commit: async () => {
      release();
      await finished;
    },
  };
}

let seq = 0;

/**
 * A player made through the repository, then given a rating record by SQL (test setup, around
 * the rating service): `games` rated games, all won, the last one `lastRatedAt`.
 */
export async function seedPlayer(
  players: PlayersRepository,
  db: Db,
  spec: {
    name?: string;
    guest?: boolean;
    bot?: boolean;
    rating?: number;
    rd?: number;
    volatility?: number;
    games?: number;
    lastRatedAt?: Date | null;
    onLeaderboard?: boolean;
    engineMarkedAt?: Date | null;
    closedAt?: Date | null;
  } = {},
): Promise<Player> {
  seq += 1;
  const guest = spec.guest ?? false;
  const p = await players.insert({
    username: spec.name ?? `${guest ? 'guest-' : 'p'}${seq}x${process.pid % 1000}`,
    guest,
    bot: spec.bot ?? false,
    passwordHash: guest ? null : 'not-a-hash',
    rating: spec.rating ?? 1500,
    // Established (not provisional) unless asked: most tests are about the other rules.
    rd: spec.rd ?? (spec.games ? 60 : 350),
    volatility: spec.volatility ?? 0.06,
  });
  if (!p) throw new Error('name taken');
  const games = spec.games ?? 0;
  await db.query('UPDATE players SET games = $2, wins = $2, last_rated_at = $3, on_leaderboard = $4, engine_marked_at = $5, closed_at = $6 WHERE id = $1', [
    p.id,
    games,
    spec.lastRatedAt ?? null,
    spec.onLeaderboard ?? false,
    spec.engineMarkedAt ?? null,
    spec.closedAt ?? null,
  ]);
  return (await players.findById(p.id))!;
}
