import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql } from '../database/sql.js';
import type { GameState } from './domain/game.js';
import { GAMES, OPENING, SEATS, SEATS_AND_RATINGS, toLoaded, type LoadedGame, type LoadRow } from './game-rows.js';

/** A finished rated game as `ratings verify` replays it. */
export interface RatedGameRow {
  id: string;
  blackId: string;
  whiteId: string;
  winner: 'black' | 'white' | null;
  finishedAt: Date;
  blackRatingChange: number | null;
  whiteRatingChange: number | null;
}

const GAMES_OF = sql<{ playerId: string; limit: number; before: Date | null }, LoadRow>(
  null,
  (p) => `SELECT ${GAMES.select('g')}, ${OPENING}, ${SEATS_AND_RATINGS}
    WHERE (g.black_id = ${p.playerId} OR g.white_id = ${p.playerId}) AND (${p.before}::timestamptz IS NULL OR g.created_at < ${p.before})
    ORDER BY g.created_at DESC, g.id DESC LIMIT ${p.limit}`,
);

const ACTIVE = sql<{ limit: number; before: Date | null }, LoadRow>(
  null,
  (p) => `SELECT ${GAMES.select('g')}, ${OPENING}, ${SEATS}
    WHERE g.status = 'active' AND (${p.before}::timestamptz IS NULL OR g.created_at < ${p.before})
    ORDER BY g.created_at DESC, g.id DESC LIMIT ${p.limit}`,
);

const GAMES_OF_ROOM = sql<{ roomId: string }, { id: string }>('games_of_room', (p) => `SELECT id FROM games WHERE room_id = ${p.roomId} ORDER BY created_at, id`);

const ACTIVE_GAME_OF = sql<{ playerId: string }, { id: string }>(
  'game_active_of',
  (p) => `SELECT id FROM games WHERE status = 'active' AND (black_id = ${p.playerId} OR white_id = ${p.playerId}) LIMIT 1`,
);

const ACTIVE_GAMES_OF = sql<{ playerId: string }, { id: string }>(
  null,
  (p) => `SELECT id FROM games WHERE status = 'active' AND (black_id = ${p.playerId} OR white_id = ${p.playerId}) ORDER BY created_at, id`,
);

const COUNT_ACTIVE = sql<Record<string, never>, { n: number }>(null, () => `SELECT count(*)::int AS n FROM games WHERE status = 'active'`);

const RATED_FINISHED = sql<Record<string, never>, Pick<GameState, 'id' | 'blackId' | 'whiteId' | 'winner' | 'finishedAt' | 'blackRatingChange' | 'whiteRatingChange'>>(
  null,
  () => `SELECT ${GAMES.select('g', ['id', 'blackId', 'whiteId', 'winner', 'finishedAt', 'blackRatingChange', 'whiteRatingChange'])}
    FROM games g WHERE g.rated AND g.status = 'finished' AND NOT g.rating_void`,
);

/** Lists of games: a player's, the active ones, a room's; the rated history `ratings verify` replays. Reads only. */
@Injectable()
export class GameListsRepository {
  constructor(private readonly db: Db) {}

  /** A player's games, newest first, with both seats. */
  async gamesOf(playerId: string, limit: number, before?: Date): Promise<LoadedGame[]> {
    return (await this.db.query(GAMES_OF({ playerId, limit, before: before ?? null }))).map(toLoaded);
  }

  /** Games in play, newest first: the ones to watch. */
  async active(limit: number, before?: Date): Promise<LoadedGame[]> {
    return (await this.db.query(ACTIVE({ limit, before: before ?? null }))).map(toLoaded);
  }

  async gameIdsOfRoom(roomId: string): Promise<string[]> {
    return (await this.db.query(GAMES_OF_ROOM({ roomId }))).map((r) => r.id);
  }

  async activeGameIdOf(playerId: string): Promise<string | null> {
    return (await this.db.first(ACTIVE_GAME_OF({ playerId })))?.id ?? null;
  }

  /** Every game the player is seated in that is not over (one, normally; a race may leave two). */
  async activeGameIdsOf(playerId: string): Promise<string[]> {
    return (await this.db.query(ACTIVE_GAMES_OF({ playerId }))).map((r) => r.id);
  }

  async countActive(): Promise<number> {
    return (await this.db.first(COUNT_ACTIVE({})))?.n ?? 0;
  }

  /** Every finished rated game, for `ratings verify` (inside its snapshot transaction). */
  async ratedFinishedGames(): Promise<RatedGameRow[]> {
    return (await this.db.query(RATED_FINISHED({}))).map((g) => ({ ...g, finishedAt: g.finishedAt! }));
  }
}
