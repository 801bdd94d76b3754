import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { Room } from './entities/room.entity.js';

export type NewRoom = Pick<Room, 'code' | 'hostId' | 'seat1Id' | 'seat2Id' | 'rated' | 'turnSeconds' | 'showLegalMoves' | 'swapColors'>;

const UNIQUE_VIOLATION = '23505';

/** The one owner of the `rooms` table. */
@Injectable()
export class RoomsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private repo(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(Room);
  }

  /** The new room, or null when its code is taken. */
  async insert(fields: NewRoom): Promise<Room | null> {
    const repo = this.repo();
    try {
      return await repo.save(repo.create({ ...fields, currentGameId: null }));
    } catch (err) {
      if (err instanceof QueryFailedError && (err.driverError as { code?: string })?.code === UNIQUE_VIOLATION) return null;
      throw err;
    }
  }

  /** By its (normalised) code. */
  findByCode(code: string): Promise<Room | null> {
    return this.repo().findOneBy({ code });
  }

  /** By its (normalised) code, the row locked until the caller's transaction ends. */
  lockByCode(manager: EntityManager, code: string): Promise<Room | null> {
    return this.repo(manager).createQueryBuilder('r').setLock('pessimistic_write').where('r.code = :code', { code }).getOne();
  }

  /** Writes the room's seats, settings and current game (a room locked by lockByCode). */
  async save(manager: EntityManager, room: Room): Promise<Room> {
    return this.repo(manager).save(room);
  }
}
