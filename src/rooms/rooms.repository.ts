import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Room } from './entities/room.entity.js';

export type NewRoom = Pick<Room, 'code' | 'hostId' | 'seat1Id' | 'seat2Id' | 'turnSeconds' | 'showLegalMoves' | 'swapColors'>;

/** The one owner of the `rooms` table. */
@Injectable()
export class RoomsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private repo(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(Room);
  }

  /**
   * The new room (in the caller's transaction when given one), or null when its code is taken
   * (ON CONFLICT DO NOTHING: a taken code does not abort the caller's transaction).
   */
  async insert(fields: NewRoom, manager?: EntityManager): Promise<Room | null> {
    const repo = this.repo(manager);
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

  /** By its (normalised) code. */
  findByCode(code: string): Promise<Room | null> {
    return this.repo().findOneBy({ code });
  }

  /** By its (normalised) code, the row locked until the caller's transaction ends. */
  lockByCode(manager: EntityManager, code: string): Promise<Room | null> {
    return this.repo(manager).createQueryBuilder('r').setLock('pessimistic_write').where('r.code = :code', { code }).getOne();
  }

  /** Writes the room's seats, settings, current game and rematch offer (a room locked by lockByCode). */
  async save(manager: EntityManager, room: Room): Promise<Room> {
    return this.repo(manager).save(room);
  }
}
