import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { Room } from './entities/room.entity.js';

export type NewRoom = Pick<Room, 'code' | 'hostId' | 'seat1Id' | 'seat2Id' | 'turnSeconds' | 'showLegalMoves' | 'swapColors'>;

/** Namespace of the rooms-per-hour advisory locks (the two-key form: apart from other locks). */
const ROOMS_LOCK_CLASS = 7301;

/** The one owner of the `rooms` table. */
@Injectable()
export class RoomsRepository {
  constructor(private readonly db: Db) {}

  private repo() {
    return this.db.manager.getRepository(Room);
  }

  /**
   * The new room, or null when its code is taken
   * (ON CONFLICT DO NOTHING: a taken code does not abort the caller's transaction).
   */
  async insert(fields: NewRoom): Promise<Room | null> {
    const repo = this.repo();
    const result = await repo
      .createQueryBuilder()
      .insert()
      .into(Room)
      .values({ ...fields, currentGameId: null, rematchOfferedBy: null, rematchExpiresAt: null })
      .orIgnore()
      .returning(['id'])
      .execute();
    const id = (result.raw as { id: string }[])[0]?.id;
    return id ? repo.findOneBy({ id }) : null;
  }

  /**
   * Rooms the host opened within the last hour, and the seconds until the oldest of them stops
   * counting; the host's advisory lock (held to the end of the caller's transaction) makes
   * concurrent requests count in turn, on every app copy.
   */
  async openedInLastHour(hostId: string): Promise<{ opened: number; wait: number | null }> {
    await this.db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ROOMS_LOCK_CLASS, hostId]);
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS opened, ceil(extract(epoch FROM min(created_at) + interval '1 hour' - now()))::int AS wait
       FROM rooms WHERE host_id = $1 AND created_at > now() - interval '1 hour'`,
      [hostId],
    )) as { opened: number; wait: number | null }[];
    return row;
  }

  /** By its (normalised) code. */
  findByCode(code: string): Promise<Room | null> {
    return this.repo().findOneBy({ code });
  }

  /** By its (normalised) code, the row locked until the caller's transaction ends. */
  lockByCode(code: string): Promise<Room | null> {
    return this.repo().createQueryBuilder('r').setLock('pessimistic_write').where('r.code = :code', { code }).getOne();
  }

  /** Writes the room's seats, settings, current game and rematch offer (a room locked by lockByCode). */
  async save(room: Room): Promise<Room> {
    return this.repo().save(room);
  }
}
