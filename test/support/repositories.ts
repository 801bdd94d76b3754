import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source.js';
import { Player } from '../../src/players/entities/player.entity.js';
import { PlayersRepository } from '../../src/players/players.repository.js';
import { createTestDatabase, TestDatabase } from './database.js';

/** A fresh database and a TypeORM DataSource on it, for repository tests (no app). */
export interface RepositoryDb {
  db: TestDatabase;
  ds: DataSource;
  close(): Promise<void>;
}

export async function openRepositoryDb(): Promise<RepositoryDb> {
  const db = await createTestDatabase();
  const ds = new DataSource({ ...dataSourceOptions(db.url, 6), logging: false });
  await ds.initialize();
  return {
    db,
    ds,
    close: async () => {
      await ds.destroy();
      await db.drop();
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
  ds: DataSource,
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
  await ds.query('UPDATE players SET games = $2, wins = $2, last_rated_at = $3, on_leaderboard = $4, engine_marked_at = $5, closed_at = $6 WHERE id = $1', [
    p.id,
    games,
    spec.lastRatedAt ?? null,
    spec.onLeaderboard ?? false,
    spec.engineMarkedAt ?? null,
    spec.closedAt ?? null,
  ]);
  return (await players.findById(p.id))!;
}
