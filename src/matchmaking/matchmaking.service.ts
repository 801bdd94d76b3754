import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { AppError, validationFailed } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { FairPlayService } from '../fair-play/fair-play.service.js';
import { AccountLinksService } from '../account-links/account-links.service.js';
import { clockLabel, DEFAULT_RANKED_CLOCK } from '../games/domain/clock.js';
import { GameListsRepository } from '../games/game-lists.repository.js';
import { GamesRepository } from '../games/games.repository.js';
import { PairingReadsRepository } from '../games/pairing-reads.repository.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { mayPlayRanked } from '../moderation/domain/moderation.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayersService } from '../players/players.service.js';
import { MAX_RANKED_GAMES_PER_PAIR_24H, pairKey, queueLockKey, windowRuleWithMax } from './domain/pairing.js';
import { JoinQueueDto, RankedGateDto, TicketDto } from './dto/queue.dto.js';
import type { RankedGate } from '../fair-play/domain/ranked-gate.js';
import { QueueTicket } from './entities/queue-ticket.entity.js';
import { DAY_MS, PairingWaves, type WaveResult } from './pairing-waves.service.js';
import { QueuePresence } from './queue-presence.service.js';
import { QueueRepository } from './queue.repository.js';
import { ticketDto } from './ticket-dto.js';

export type { WaveResult } from './pairing-waves.service.js';

/** GET /api/queue still shows a ticket cancelled for absence this long (so the client learns why). */
const ABSENT_REPORT_MS = 10 * 60 * 1000;
/** The waiting players in a ticket's window that GET /api/queue looks at to say what holds it back. */
const HELD_LOOK_AT = 20;

/**
 * The clock and turn limit a ticket asks for: ranked games always have a clock (DEFAULT_RANKED_CLOCK
 * when the ticket names none), never a turn limit; unranked ones a clock or a turn limit, or neither.
 */
function poolOf(dto: JoinQueueDto): { turnSeconds: number | null; clock: string | null } {
  const turnSeconds = dto.turnSeconds ?? null;
  if (dto.mode === 'ranked') {
    if (turnSeconds !== null || dto.clock === null) throw validationFailed({ key: 'api.validation.rankedClock', values: { clock: clockLabel(DEFAULT_RANKED_CLOCK) } });
    return { turnSeconds: null, clock: dto.clock ?? clockLabel(DEFAULT_RANKED_CLOCK) };
  }
  const clock = dto.clock ?? null;
  if (clock !== null && turnSeconds !== null) throw validationFailed({ key: 'api.validation.clockAndTurn' });
  return { turnSeconds, clock };
}

const gateDto = (g: RankedGate): RankedGateDto => ({
  eligible: g.eligible, casualGames: g.casualGames, casualGamesNeeded: g.casualGamesNeeded, openAt: g.openAt?.toISOString() ?? null,
});

/** Why the gate is shut, in the player's language: what opens it, and how far they are. */
function rankedNotYetMessage(g: RankedGate, minAccountHours: number, now: Date) {
  const rule = g.casualGamesNeeded !== null && g.openAt !== null ? 'both' : g.casualGamesNeeded !== null ? 'games' : 'age';
  const left = g.openAt ? Math.max(1, Math.ceil((g.openAt.getTime() - now.getTime()) / 3_600_000)) : 0;
  return { key: 'api.queue.rankedNotYet' as const, values: { rule, needed: g.casualGamesNeeded ?? 0, done: g.casualGames, hours: minAccountHours, left } };
}

/**
 * The queue API (join, the ticket, leave). Presence is QueuePresence's job, pairing
 * PairingWaves'.
 */
@Injectable()
export class MatchmakingService implements OnModuleInit {
  constructor(
    private readonly db: Db,
    private readonly tickets: QueueRepository,
    private readonly presence: QueuePresence,
    private readonly waves: PairingWaves,
    private readonly players: PlayersService,
    private readonly gameRows: GamesRepository,
    private readonly gameLists: GameListsRepository,
    private readonly pairingReads: PairingReadsRepository,
    private readonly fairPlay: FairPlayService,
    private readonly links: AccountLinksService,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // Operators only: in public it would say when the ranked queue is empty, the moment for two
    // colluders to queue and be paired with each other.
    this.metrics.gauge(
      'outflank_queue_waiting_tickets',
      'Waiting queue tickets by mode.',
      ['mode'],
      async (g) => {
        const counts = await this.tickets.waitingCounts();
        for (const mode of ['ranked', 'unranked'] as const) g.set({ mode }, counts.get(mode) ?? 0);
      },
      { operatorsOnly: true },
    );
  }

  /** One pairing wave now (tests and the bench drive the waves themselves). */
  runWave(rng?: () => number): Promise<WaveResult> {
    return this.waves.runWave(rng);
  }

  /** Writes this copy's queue presence now (tests). */
  markConnected(): Promise<void> {
    return this.presence.markConnected();
  }

  private get windowRule() {
    return windowRuleWithMax(this.config.fairPlay.rankedWindowMax);
  }

  /**
   * Why a waiting ranked ticket is not paired although players wait in its window: every one of
   * them (the closest 20) is linked to its owner (one address or browser) or at the daily cap with
   * them. Null when one of them could be paired, or nobody waits in the window. Reads only.
   */
  private async heldBack(t: QueueTicket, player: Player, window: { min: number; max: number }, now: Date): Promise<TicketDto['held']> {
    const near = await this.tickets.waitingNear({
      playerId: player.id, turnSeconds: t.turnSeconds, bot: player.bot, rating: player.rating, min: window.min, max: window.max, limit: HELD_LOOK_AT,
    });
    if (near.length === 0) return null;
    const pairs = near.map((other) => ({ a: player.id, b: other }));
    const linked = new Set((await this.links.linkedPairs(pairs, now)).map((p) => pairKey(p.a, p.b)));
    const capped = new Set(
      (await this.pairingReads.rankedGamesBetween(pairs, new Date(now.getTime() - DAY_MS)))
        .filter((r) => r.games >= MAX_RANKED_GAMES_PER_PAIR_24H)
        .map((r) => pairKey(r.a, r.b)),
    );
    const keys = near.map((other) => pairKey(player.id, other));
    if (!keys.every((k) => linked.has(k) || capped.has(k))) return null;
    return { reason: keys.some((k) => linked.has(k)) ? 'linked' : 'pairCap', players: near.length };
  }

  /**
   * Queues the player. Unranked: first come, first served, paired at once with the longest-waiting
   * present and free player of the same kind (bot or human). Ranked: waits for the next wave.
   */
  async join(player: Player, dto: JoinQueueDto): Promise<TicketDto> {
    if (dto.mode === 'ranked' && player.guest) throw new AppError('GUEST_NOT_ALLOWED', { key: 'api.queue.guestRanked' });
    if (dto.mode === 'ranked' && !mayPlayRanked(player)) throw new AppError('FORBIDDEN', { key: 'api.moderation.engineUserRanked' });
    const { turnSeconds, clock } = poolOf(dto);
    const now = this.clock.now();
    if (dto.mode === 'ranked') {
      const gate = await this.fairPlay.rankedGate(player, now);
      if (!gate.eligible) throw new AppError('RANKED_NOT_YET', rankedNotYetMessage(gate, this.config.fairPlay.rankedMinAccountHours, now), gateDto(gate));
    }
    // A player on a ranked cooldown (aborts, sandbagging) waits it out: decided now from their
    // games (they cannot play while queued), stored on the ticket, applied by the waves.
    const cooldown = dto.mode === 'ranked' ? await this.fairPlay.rankedCooldown(player.id, now) : null;
    const ticket = await this.db.transaction(async () => {
      // One unranked queue at a time is paired by one transaction, on every app copy.
      if (dto.mode === 'unranked') await this.tickets.lockQueue(queueLockKey(dto.mode, turnSeconds, clock));
      await this.players.lock(player.id);
      if (await this.tickets.hasWaiting(player.id)) {
        throw new AppError('ALREADY_QUEUED', { key: 'api.queue.alreadyQueued' });
      }
      const active = await this.gameLists.activeGameIdOf(player.id);
      if (active) throw new AppError('ALREADY_IN_GAME', { key: 'api.queue.inGame' }, { gameId: active });
      const mine = await this.tickets.insertWaiting(player.id, dto.mode, turnSeconds, now, cooldown, clock);
      if (dto.mode === 'unranked') await this.waves.pairUnrankedAtJoin(mine, now);
      return mine;
    });
    return ticketDto(ticket, player.rating, now, this.windowRule);
  }

  /**
   * The waiting ticket (its owner is present: this poll counts), the matched one whose game is
   * still on, or the latest one if it was just cancelled for absence; else 404. Writes nothing: the
   * poll is remembered on this copy and written by the next presence mark (QueuePresence.markConnected);
   * a ticket whose owner has been absent too long shows as cancelled `absent` (the next wave or
   * join writes that), and a late poll does not revive it.
   */
  async current(player: Player): Promise<TicketDto> {
    const now = this.clock.now();
    const [latest] = await this.tickets.latest(player.id, 1);
    let t = latest;
    if (t?.state === 'waiting') {
      const seenSince = this.presence.seenSince(now).getTime();
      const streaming = this.presence.streaming(player.id);
      if (!streaming && this.presence.lastSeen(t) < seenSince) {
        t = { ...t, state: 'cancelled', reason: 'absent', endedAt: new Date(Math.max(this.presence.lastSeen(t) + this.config.queuePresenceSeconds * 1000, new Date(t.joinedAt).getTime())) };
      } else {
        this.presence.polled(player.id, now);
      }
    }
    const show = t && (t.state === 'waiting'
      || (t.state === 'matched' && t.gameId !== null && (await this.gameRows.statusOf(t.gameId)) === 'active')
      || (t.state === 'cancelled' && t.reason === 'absent' && t.endedAt !== null && now.getTime() - new Date(t.endedAt).getTime() < ABSENT_REPORT_MS));
    if (!show) throw new AppError('NOT_FOUND', { key: 'api.queue.notQueued' });
    const dto = ticketDto(t, player.rating, now, this.windowRule);
    if (dto.state === 'waiting' && dto.window && !dto.cooldown) dto.held = await this.heldBack(t, player, dto.window, now);
    return dto;
  }

  /** Whether ranked play is open to the player yet (the newcomers' gate), and how far they are. */
  async rankedGate(player: Player): Promise<RankedGateDto> {
    const gate = gateDto(await this.fairPlay.rankedGate(player, this.clock.now()));
    return player.guest ? { ...gate, eligible: false } : gate;
  }

  async leave(player: Player): Promise<void> {
    await this.tickets.cancelWaiting(player.id, this.clock.now());
  }
}
