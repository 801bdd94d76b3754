import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql, table } from '../database/sql.js';
import { Room } from './entities/room.entity.js';

/** What a room row holds (its player relations aside). */
export type RoomRow = Omit<Room, 'seat1' | 'seat2'>;

export type NewRoom = Pick<Room, 'code' | 'hostId' | 'seat1Id' | 'seat2Id' | 'turnSeconds' | 'clockBaseSeconds' | 'clockIncrementSeconds' | 'showLegalMoves' | 'swapColors'>;

/** The `rooms` table: a room row reads as a Room. */
export const ROOMS = table<RoomRow>('rooms', {
  id: ['id', 'uuid'],
  code: ['code', 'text'],
  hostId: ['host_id', 'uuid'],
  turnSeconds: ['turn_seconds', 'int'],
  clockBaseSeconds: ['clock_base_seconds', 'int'],
  clockIncrementSeconds: ['clock_increment_seconds', 'int'],
  showLegalMoves: ['show_legal_moves', 'boolean'],
  swapColors: ['swap_colors', 'boolean'],
  seat1Id: ['seat1_id', 'uuid'],
  seat2Id: ['seat2_id', 'uuid'],
  currentGameId: ['current_game_id', 'uuid'],
  rematchOfferedBy: ['rematch_offered_by', 'uuid'],
  rematchExpiresAt: ['rematch_expires_at', 'timestamptz'],
  createdAt: ['created_at', 'timestamptz'],
});

const NEW_ROOM_KEYS = [
  'code', 'hostId', 'seat1Id', 'seat2Id', 'turnSeconds', 'clockBaseSeconds', 'clockIncrementSeconds', 'showLegalMoves', 'swapColors',
] as const satisfies readonly (keyof NewRoom)[];
/** What a room's requests change: seats, settings, its current game and the rematch offer. */
const SAVED_KEYS = [
  'seat2Id', 'turnSeconds', 'clockBaseSeconds', 'clockIncrementSeconds', 'showLegalMoves', 'swapColors', 'currentGameId', 'rematchOfferedBy', 'rematchExpiresAt',
] as const satisfies readonly (keyof RoomRow)[];

const ROOM = ROOMS.select('r');

/** ON CONFLICT DO NOTHING: a taken code answers no row and leaves the caller's transaction usable. */
const INSERT = sql<NewRoom, RoomRow>(
  null,
  (p) => `INSERT INTO rooms AS r (${ROOMS.names(NEW_ROOM_KEYS)}) VALUES (${NEW_ROOM_KEYS.map((k) => p[k]).join(', ')})
    ON CONFLICT DO NOTHING RETURNING ${ROOM}`,
);
const BY_CODE = sql<{ code: string }, RoomRow>('room_by_code', (p) => `SELECT ${ROOM} FROM rooms r WHERE r.code = ${p.code}`);
const LOCK_BY_CODE = sql<{ code: string }, RoomRow>('room_lock_by_code', (p) => `SELECT ${ROOM} FROM rooms r WHERE r.code = ${p.code} FOR UPDATE`);
const SAVE = sql<Pick<RoomRow, 'id' | (typeof SAVED_KEYS)[number]>>(
  'room_save',
  (p) => `UPDATE rooms SET ${SAVED_KEYS.map((k) => `${ROOMS.col(k)} = ${p[k]}`).join(', ')} WHERE id = ${p.id}`,
);
const HOST_LOCK = sql<{ lockClass: number; hostId: string }>(null, (p) => `SELECT pg_advisory_xact_lock(${p.lockClass}, hashtext(${p.hostId}))`);
const OPENED_IN_LAST_HOUR = sql<{ hostId: string }, { opened: number; wait: number | null }>(
  null,
  (p) => `SELECT count(*)::int AS opened, ceil(extract(epoch FROM min(created_at) + interval '1 hour' - now()))::int AS wait
    FROM rooms WHERE host_id = ${p.hostId} AND created_at > now() - interval '1 hour'`,
);

/** Namespace of the rooms-per-hour advisory locks (the two-key form: apart from other locks). */
const ROOMS_LOCK_CLASS = 7301;

/** The one owner of the `rooms` table. */
@Injectable()
export class RoomsRepository {
  constructor(private readonly db: Db) {}

  /** The new room, or null when its code is taken. */
  insert(fields: NewRoom): Promise<Room | null> {
    return this.db.first(INSERT(fields));
  }

  /**
   * Rooms the host opened within the last hour, and the seconds until the oldest of them stops
   * counting; the host's advisory lock (held to the end of the caller's transaction) makes
   * concurrent requests count in turn, on every app copy.
   */
  async openedInLastHour(hostId: string): Promise<{ opened: number; wait: number | null }> {
    await this.db.query(HOST_LOCK({ lockClass: ROOMS_LOCK_CLASS, hostId }));
    return (await this.db.first(OPENED_IN_LAST_HOUR({ hostId })))!;
  }

  /** By its (normalised) code. */
  findByCode(code: string): Promise<Room | null> {
    return this.db.first(BY_CODE({ code }));
  }

  /** By its (normalised) code, the row locked until the caller's transaction ends. */
  lockByCode(code: string): Promise<Room | null> {
    return this.db.first(LOCK_BY_CODE({ code }));
  }

  /** Writes the room's seats, settings, current game and rematch offer (a room locked by lockByCode). */
  async save(room: Room): Promise<Room> {
    await this.db.query(SAVE(room));
    return room;
  }
}
