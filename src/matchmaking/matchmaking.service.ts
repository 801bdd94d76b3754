import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../common/errors.js';
import { EventsService } from '../events/events.service.js';
import { GamesService } from '../games/games.service.js';
import { playerTopic } from '../events/topics.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayersService } from '../players/players.service.js';
import { Candidate, chooseOpponent, colorsFor, queueLockKey } from './domain/pairing.js';
import { JoinQueueDto, TicketDto } from './dto/queue.dto.js';
import { QueueTicket } from './entities/queue-ticket.entity.js';
import { QueueRepository } from './queue.repository.js';

/** How many of the waiting tickets of a queue a new ticket is paired against. */
const PAIRING_WINDOW = 200;
/** How many of a player's latest tickets `current` looks through (only the newest can be live). */
const RECENT_TICKETS = 20;

function toDto(t: QueueTicket): TicketDto {
  return { id: t.id, mode: t.mode, turnSeconds: t.turnSeconds, state: t.state, joinedAt: t.joinedAt.toISOString(), gameId: t.gameId };
}

@Injectable()
export class MatchmakingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tickets: QueueRepository,
    private readonly players: PlayersService,
    private readonly games: GamesService,
    private readonly events: EventsService,
  ) {}

  /** Queues the player and pairs them at once when someone suitable is waiting. */
  async join(player: Player, dto: JoinQueueDto): Promise<TicketDto> {
    if (dto.mode === 'ranked' && player.guest) throw new AppError('GUEST_NOT_ALLOWED', 'Ranked play needs a registered account; guests play unranked.');
    const turnSeconds = dto.turnSeconds ?? null;
    const ticket = await this.dataSource.transaction(async (m) => {
      // One queue at a time is paired by one transaction, on every app copy.
      await this.tickets.lockQueue(m, queueLockKey(dto.mode, turnSeconds));
      await this.players.lock(m, player.id);
      if (await this.tickets.hasWaiting(m, player.id)) {
        throw new AppError('ALREADY_QUEUED', 'You are already in a queue; leave it first (DELETE /api/queue).');
      }
      const active = await this.games.activeGameIdOf(player.id, m);
      if (active) throw new AppError('ALREADY_IN_GAME', 'Finish your active game before queueing.', { gameId: active });
      const mine = await this.tickets.insertWaiting(m, player.id, dto.mode, turnSeconds);
      await this.pair(m, mine, player);
      return mine;
    });
    return toDto(ticket);
  }

  private async pair(m: EntityManager, mine: QueueTicket, me: Player): Promise<void> {
    const waiting = await this.tickets.waitingIn(m, mine.mode, mine.turnSeconds, mine.id, PAIRING_WINDOW);
    if (waiting.length === 0) return;
    const players = new Map((await this.players.findByIds(waiting.map((w) => w.playerId), m)).map((p) => [p.id, p]));
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
    await this.tickets.markMatched(m, [mine.id, theirs.id], game.id);
    for (const t of [mine, theirs]) {
      await this.events.publish({ topic: playerTopic(t.playerId), event: 'matched', data: toDto(t) }, m);
    }
  }

  /** The waiting ticket, or the matched one whose game is still on. */
  async current(player: Player): Promise<TicketDto> {
    let ticket: QueueTicket | null = null;
    for (const t of await this.tickets.openOrMatched(player.id, RECENT_TICKETS)) {
      if (t.state === 'waiting' || (t.gameId && (await this.games.statusOf(t.gameId)) === 'active')) {
        ticket = t;
        break;
      }
    }
    if (!ticket) throw new AppError('NOT_FOUND', 'You are not in a queue.');
    return toDto(ticket);
  }

  async leave(player: Player): Promise<void> {
    await this.tickets.cancelWaiting(player.id);
  }
}
