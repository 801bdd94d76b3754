import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { AppError } from '../common/errors.js';
import { EventsService } from '../events/events.service.js';
import { Game } from '../games/entities/game.entity.js';
import { GamesService } from '../games/games.service.js';
import { playerTopic } from '../events/topics.js';
import { Player } from '../players/entities/player.entity.js';
import { Candidate, chooseOpponent, colorsFor, queueLockKey } from './domain/pairing.js';
import { JoinQueueDto, TicketDto } from './dto/queue.dto.js';
import { QueueTicket } from './entities/queue-ticket.entity.js';

function toDto(t: QueueTicket): TicketDto {
  return { id: t.id, mode: t.mode, turnSeconds: t.turnSeconds, state: t.state, joinedAt: t.joinedAt.toISOString(), gameId: t.gameId };
}

@Injectable()
export class MatchmakingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly games: GamesService,
    private readonly events: EventsService,
  ) {}

  /** Queues the player and pairs them at once when someone suitable is waiting. */
  async join(player: Player, dto: JoinQueueDto): Promise<TicketDto> {
    if (dto.mode === 'ranked' && player.guest) throw new AppError('GUEST_NOT_ALLOWED', 'Ranked play needs a registered account; guests play unranked.');
    const turnSeconds = dto.turnSeconds ?? null;
    const ticket = await this.dataSource.transaction(async (m) => {
      // One queue at a time is paired by one transaction, on every app copy.
      await m.query('SELECT pg_advisory_xact_lock($1)', [queueLockKey(dto.mode, turnSeconds)]);
      await m.query('SELECT 1 FROM players WHERE id = $1 FOR UPDATE', [player.id]);
      if (await m.getRepository(QueueTicket).existsBy({ playerId: player.id, state: 'waiting' })) {
        throw new AppError('ALREADY_QUEUED', 'You are already in a queue; leave it first (DELETE /api/queue).');
      }
      const active = await m.getRepository(Game).findOne({
        where: [
          { blackId: player.id, status: 'active' },
          { whiteId: player.id, status: 'active' },
        ],
        select: { id: true },
      });
      if (active) throw new AppError('ALREADY_IN_GAME', 'Finish your active game before queueing.', { gameId: active.id });
      const repo = m.getRepository(QueueTicket);
      const mine = await repo.save(repo.create({ playerId: player.id, mode: dto.mode, turnSeconds, state: 'waiting', gameId: null }));
      await this.pair(m, mine, player);
      return mine;
    });
    return toDto(ticket);
  }

  private async pair(m: EntityManager, mine: QueueTicket, me: Player): Promise<void> {
    const waiting = await m
      .getRepository(QueueTicket)
      .createQueryBuilder('t')
      .where(`t.state = 'waiting' AND t.mode = :mode AND t.turn_seconds IS NOT DISTINCT FROM :turnSeconds AND t.id <> :id`, {
        mode: mine.mode,
        turnSeconds: mine.turnSeconds,
        id: mine.id,
      })
      .orderBy('t.joined_at', 'ASC')
      .limit(200)
      .getMany();
    if (waiting.length === 0) return;
    const players = new Map((await m.getRepository(Player).findBy({ id: In(waiting.map((w) => w.playerId)) })).map((p) => [p.id, p]));
    const candidate = (t: QueueTicket, rating: number): Candidate => ({ id: t.id, playerId: t.playerId, rating, joinedAt: t.joinedAt });
    const meC = candidate(mine, me.rating);
    const other = chooseOpponent(meC, waiting.map((w) => candidate(w, players.get(w.playerId)?.rating ?? 1500)), mine.mode === 'ranked');
    if (!other) return;
    const theirs = waiting.find((w) => w.id === other.id)!;
    const game = await this.games.createGame(m, {
      roomId: null,
      roomCode: null,
      rated: mine.mode === 'ranked',
      turnSeconds: mine.turnSeconds,
      showLegalMoves: true,
      ...colorsFor(other, meC),
    });
    for (const t of [mine, theirs]) {
      t.state = 'matched';
      t.gameId = game.id;
    }
    await m.getRepository(QueueTicket).save([mine, theirs]);
    for (const t of [mine, theirs]) {
      await this.events.publish({ topic: playerTopic(t.playerId), event: 'matched', data: toDto(t) }, m);
    }
  }

  /** The waiting ticket, or the matched one whose game is still on. */
  async current(player: Player): Promise<TicketDto> {
    const ticket = await this.dataSource
      .getRepository(QueueTicket)
      .createQueryBuilder('t')
      .leftJoin(Game, 'g', 'g.id = t.game_id')
      .where(`t.player_id = :id AND (t.state = 'waiting' OR (t.state = 'matched' AND g.status = 'active'))`, { id: player.id })
      .orderBy('t.joined_at', 'DESC')
      .getOne();
    if (!ticket) throw new AppError('NOT_FOUND', 'You are not in a queue.');
    return toDto(ticket);
  }

  async leave(player: Player): Promise<void> {
    await this.dataSource.getRepository(QueueTicket).update({ playerId: player.id, state: 'waiting' }, { state: 'cancelled' });
  }
}
