import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { QueueMode, QueueTicket } from './entities/queue-ticket.entity.js';

/** The one owner of the `queue_tickets` table. */
@Injectable()
export class QueueRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private repo(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(QueueTicket);
  }

  /** Serialises pairing in one queue (on every app copy) until the caller's transaction ends. */
  async lockQueue(manager: EntityManager, key: number): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [key]);
  }

  hasWaiting(manager: EntityManager, playerId: string): Promise<boolean> {
    return this.repo(manager).existsBy({ playerId, state: 'waiting' });
  }

  /** A new waiting ticket. */
  insertWaiting(manager: EntityManager, playerId: string, mode: QueueMode, turnSeconds: number | null): Promise<QueueTicket> {
    const repo = this.repo(manager);
    return repo.save(repo.create({ playerId, mode, turnSeconds, state: 'waiting', gameId: null }));
  }

  /** The tickets waiting in a queue (same mode and turn limit), longest-waiting first, but one. */
  waitingIn(manager: EntityManager, mode: QueueMode, turnSeconds: number | null, exceptId: string, limit: number): Promise<QueueTicket[]> {
    return this.repo(manager)
      .createQueryBuilder('t')
      .where(`t.state = 'waiting' AND t.mode = :mode AND t.turn_seconds IS NOT DISTINCT FROM :turnSeconds AND t.id <> :id`, { mode, turnSeconds, id: exceptId })
      .orderBy('t.joined_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Marks the tickets matched into this game. */
  async markMatched(manager: EntityManager, ids: readonly string[], gameId: string): Promise<void> {
    await this.repo(manager).update({ id: In([...ids]) }, { state: 'matched', gameId });
  }

  /** The player's waiting and matched tickets, newest first. */
  openOrMatched(playerId: string, limit: number): Promise<QueueTicket[]> {
    return this.repo()
      .createQueryBuilder('t')
      .where(`t.player_id = :id AND t.state IN ('waiting', 'matched')`, { id: playerId })
      .orderBy('t.joined_at', 'DESC')
      .limit(limit)
      .getMany();
  }

  /** Cancels the player's waiting ticket, if any. */
  async cancelWaiting(playerId: string): Promise<void> {
    await this.repo().update({ playerId, state: 'waiting' }, { state: 'cancelled' });
  }
}
