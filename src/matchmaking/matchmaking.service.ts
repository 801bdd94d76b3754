import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Counter } from 'prom-client';
import { Clock } from '../common/clock.js';
import { AppError, validationFailed } from '../common/errors.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { EventsService } from '../events/events.service.js';
import { playerEvent, type TopicEvent } from '../events/event-map.js';
import { FairPlayService } from '../fair-play/fair-play.service.js';
import { AccountLinksService } from '../fair-play/links/account-links.service.js';
import { type ClockControl, clockLabel, DEFAULT_RANKED_CLOCK, parseClockLabel } from '../games/domain/clock.js';
import { GamesService } from '../games/games.service.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayersRepository } from '../players/players.repository.js';
import { PlayersService } from '../players/players.service.js';
import {
  colourBalance, historyFrom, MAX_RANKED_GAMES_PER_PAIR_24H, pairKey, pairUnranked, pairWave, queueLockKey, windowOf, windowRuleWithMax, type TicketPair,
  type WaitingTicket,
} from './domain/pairing.js';
import { JoinQueueDto, TicketDto } from './dto/queue.dto.js';
import { QueueMode, QueueTicket } from './entities/queue-ticket.entity.js';
import { QueueRepository } from './queue.repository.js';
import { mayPlayRanked } from '../moderation/domain/moderation.js';
import { Periodic } from '../common/periodic.js';

/** Rounds of pair → check the proposed pairs' 24-h games → pair again. */
const REPEAT_CHECK_ROUNDS = 4;

/** How many of the waiting tickets of an unranked queue a new ticket is paired against. */
const PAIRING_WINDOW = 200;
/** GET /api/queue still shows a ticket cancelled for absence this long (so the client learns why). */
const ABSENT_REPORT_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The waiting players in a ticket's window that GET /api/queue looks at to say what holds it back. */
const HELD_LOOK_AT = 20;

/** What one ranked wave did (tests and the bench read it). */
export interface WaveResult {
  /** false when another app copy held the wave lock (this copy skipped the wave). */
  ran: boolean;
  cancelledAbsent: number;
  waiting: number;
  games: { gameId: string; blackId: string; whiteId: string }[];
  /** Milliseconds per step, in order (the bench prints them). */
  timings: Record<string, number>;
}

type Candidate = WaitingTicket & { turnSeconds: number | null; clock: string | null };

/** A ticket's clock as a game's: a preset's label, parsed. */
const gameClock = (label: string | null): ClockControl | null => (label ? parseClockLabel(label) : null);

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

@Injectable()
export class MatchmakingService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(MatchmakingService.name);
  private waveTimer: NodeJS.Timeout | null = null;
  private readonly marker = new Periodic(
    () => this.markConnected(),
    (err) => this.logger.warn(`queue presence not written: ${String(err)}`),
  );
  private running: Promise<unknown> | null = null;
  private stopped = false;
  /** When this process started (the app's clock): see {@link unconfirmed}. */
  private startedAt = Number.NEGATIVE_INFINITY;
  private waves: Counter | null = null;
  private paired: Counter | null = null;
  /**
   * Players whose GET /api/queue on this copy found them present, and when. A GET writes nothing:
   * the next presence mark (every QUEUE_PRESENCE_MARK_SECONDS, and before each wave) writes these
   * polls to the tickets, as it writes the presence of this copy's open event streams.
   */
  private readonly polls = new Map<string, Date>();

  constructor(
    private readonly db: Db,
    private readonly tickets: QueueRepository,
    private readonly players: PlayersService,
    private readonly playerRows: PlayersRepository,
    private readonly games: GamesService,
    private readonly fairPlay: FairPlayService,
    private readonly links: AccountLinksService,
    private readonly events: EventsService,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.startedAt = this.clock.now().getTime();
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
    this.waves = new Counter({
      name: 'outflank_queue_waves_total',
      help: 'Pairing waves on this app process: ran, or skipped because another process held the wave lock.',
      labelNames: ['outcome'],
      registers: [this.metrics.registry],
    });
    this.paired = new Counter({
      name: 'outflank_queue_games_total',
      help: 'Games made by the match queues on this app process, by mode.',
      labelNames: ['mode'],
      registers: [this.metrics.registry],
    });
    this.marker.start(this.config.queuePresenceMarkSeconds * 1000);
    if (this.config.queueWaveMs > 0) this.scheduleWave();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.waveTimer) clearTimeout(this.waveTimer);
    await this.marker.stop();
    await this.running?.catch(() => undefined);
  }

  private scheduleWave(): void {
    if (this.stopped) return;
    this.waveTimer = setTimeout(() => {
      this.running = this.runWave()
        .catch((err) => this.logger.warn(`pairing wave failed: ${String(err)}`))
        .finally(() => {
          this.running = null;
          this.scheduleWave();
        });
    }, this.config.queueWaveMs);
    this.waveTimer.unref();
  }

  private seenSince(now: Date): Date {
    return new Date(now.getTime() - this.config.queuePresenceSeconds * 1000);
  }

  /**
   * This copy's open /api/me/events streams keep their owners' waiting tickets alive (one batched
   * write), and so do the polls of GET /api/queue answered here since the last mark (each at its
   * own time, and only where the ticket was still alive then: a late poll revives nothing).
   */
  async markConnected(): Promise<void> {
    await this.tickets.touchWaiting(this.events.connectedPlayers(), this.clock.now());
    const polled = [...this.polls];
    if (polled.length === 0) return;
    await this.tickets.touchPolled(polled.map(([id]) => id), polled.map(([, at]) => at), this.config.queuePresenceSeconds);
    for (const [id, at] of polled) if (this.polls.get(id) === at) this.polls.delete(id);
  }

  /**
   * Just after this process started, a ticket whose owner was last seen before the start may be
   * one whose player left while the server was down (their presence mark is recent, their page
   * gone): it is paired only once they are seen again (their stream reconnects or they poll, on
   * any copy), or else cancelled as absent when the presence window ends.
   */
  private unconfirmed(t: { playerId: string; lastSeenAt: Date | number }, now: Date): boolean {
    if (now.getTime() - this.startedAt >= this.config.queuePresenceSeconds * 1000) return false;
    return this.lastSeen({ playerId: t.playerId, lastSeenAt: new Date(t.lastSeenAt) }) < this.startedAt;
  }

  /** When the ticket's owner was last seen: its row, or a poll of theirs on this copy not yet written. */
  private lastSeen(t: Pick<QueueTicket, 'playerId' | 'lastSeenAt'>): number {
    return Math.max(new Date(t.lastSeenAt).getTime(), this.polls.get(t.playerId)?.getTime() ?? 0);
  }

  private get windowRule() {
    return windowRuleWithMax(this.config.fairPlay.rankedWindowMax);
  }

  private toDto(t: QueueTicket, rating: number | null, now: Date): TicketDto {
    const waitingRanked = t.state === 'waiting' && t.mode === 'ranked' && rating !== null;
    const eligibleAt = t.eligibleAt ? new Date(t.eligibleAt) : null;
    const w = waitingRanked ? windowOf({ rating, joinedAt: t.joinedAt, eligibleAt }, now, this.windowRule) : null;
    const coolingDown = t.state === 'waiting' && eligibleAt !== null && eligibleAt > now && t.cooldownReason;
    return {
      id: t.id,
      mode: t.mode,
      turnSeconds: t.turnSeconds,
      clock: t.clock ?? null,
      state: t.state,
      reason: t.reason ?? null,
      joinedAt: new Date(t.joinedAt).toISOString(),
      gameId: t.gameId,
      window: w ? { min: Math.round(w.min), max: Math.round(w.max) } : null,
      cooldown: coolingDown ? { until: eligibleAt.toISOString(), reason: coolingDown } : null,
      held: null,
    };
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
    const linked = await this.links.linkedPairs(pairs, now);
    const capped = new Set(
      (await this.games.rankedGamesBetween(pairs, new Date(now.getTime() - DAY_MS)))
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
      const active = await this.games.activeGameIdOf(player.id);
      if (active) throw new AppError('ALREADY_IN_GAME', { key: 'api.queue.inGame' }, { gameId: active });
      const mine = await this.tickets.insertWaiting(player.id, dto.mode, turnSeconds, now, cooldown, clock);
      if (dto.mode === 'unranked') await this.pairUnrankedAtJoin(mine, now);
      return mine;
    });
    return this.toDto(ticket, player.rating, now);
  }

  /** First come, first served: the longest-waiting ticket that is present, free and of the same kind. */
  private async pairUnrankedAtJoin(mine: QueueTicket, now: Date): Promise<void> {
    const waiting = await this.tickets.waitingIn(mine.mode, mine.turnSeconds, mine.id, PAIRING_WINDOW, mine.clock);
    if (waiting.length === 0) return;
    const seenSince = this.seenSince(now);
    const absent = waiting.filter((t) => this.lastSeen(t) < seenSince.getTime());
    if (absent.length > 0) await this.tickets.cancelAbsent(seenSince, now, { ids: absent.map((t) => t.id) });
    const present = waiting.filter((t) => this.lastSeen(t) >= seenSince.getTime() && t.playerId !== mine.playerId && !this.unconfirmed(t, now));
    if (present.length === 0) return;
    const ids = present.map((t) => t.playerId);
    const info = await this.playerRows.pairingFacts([mine.playerId, ...ids]);
    const busy = await this.games.playersInActiveGames(ids);
    const myBot = info.get(mine.playerId)?.bot ?? false;
    const theirs = present.find((t) => !busy.has(t.playerId) && (info.get(t.playerId)?.bot ?? false) === myBot);
    if (!theirs) return;
    // The one who joined first plays Black.
    const game = await this.games.createGame({
      roomId: null, roomCode: null, rated: false, turnSeconds: mine.turnSeconds, clock: gameClock(mine.clock), showLegalMoves: true,
      blackId: theirs.playerId, whiteId: mine.playerId,
    });
    await this.tickets.markMatched([mine.id, theirs.id], game.id, now);
    for (const t of [mine, theirs]) {
      t.state = 'matched';
      t.gameId = game.id;
    }
    await this.events.publishAll([mine, theirs].map((t) => this.matchedEvent(t, now)));
    this.paired?.inc({ mode: 'unranked' });
  }

  private matchedEvent(t: QueueTicket, now: Date): TopicEvent {
    return playerEvent(t.playerId, 'matched', this.toDto(t, null, now));
  }

  /**
   * One ranked pairing wave (every QUEUE_WAVE_MS on every copy; the copy that gets the advisory
   * lock runs it, the others skip): absent tickets are cancelled, players seated in a game are
   * left waiting, pairWave pairs the rest (rating windows, repeat limit, bots with bots), colours
   * are balanced, and each pair's game, tickets and `matched` events are written in this one
   * transaction. Unranked tickets left waiting at join (their candidates were in a game) are
   * paired first come, first served in the same wave.
   */
  async runWave(rng: () => number = Math.random): Promise<WaveResult> {
    return this.db.transaction(async () => {
      const timings: Record<string, number> = {};
      const result: WaveResult = { ran: false, cancelledAbsent: 0, waiting: 0, games: [], timings };
      let mark = performance.now();
      const lap = (step: string) => {
        const at = performance.now();
        timings[step] = (timings[step] ?? 0) + at - mark;
        mark = at;
      };
      if (!(await this.tickets.tryLockWave())) {
        this.waves?.inc({ outcome: 'skipped' });
        return result;
      }
      this.waves?.inc({ outcome: 'ran' });
      result.ran = true;
      const now = this.clock.now();
      await this.markConnected();
      result.cancelledAbsent = (await this.tickets.cancelAbsent(this.seenSince(now), now)).length;
      lap('presence');
      await this.rankedWave(now, rng, result, lap);
      const ranked = result.games.length;
      await this.unrankedWave(now, result);
      this.paired?.inc({ mode: 'ranked' }, ranked);
      this.paired?.inc({ mode: 'unranked' }, result.games.length - ranked);
      return result;
    });
  }

  private async rankedWave(now: Date, rng: () => number, result: WaveResult, lap: (step: string) => void): Promise<void> {
    const waiting = await this.tickets.waitingForPairing('ranked');
    result.waiting = waiting.length;
    if (waiting.length < 2) return;
    lap('load tickets with ratings');
    const busy = await this.games.playersInActiveGames(waiting.map((t) => t.playerId));
    lap('load active games');
    const candidates: Candidate[] = [];
    for (const t of waiting) {
      if (busy.has(t.playerId) || this.unconfirmed(t, now)) continue;
      candidates.push({
        ticketId: t.id, playerId: t.playerId, rating: t.rating, bot: t.bot, joinedAt: t.joinedAt, turnSeconds: t.turnSeconds, clock: t.clock, eligibleAt: t.eligibleAt,
      });
    }
    if (candidates.length < 2) return;
    // The repeat limit and the links between accounts (one address or device, when
    // RANKED_SEPARATE_ADDRESSES is on) are checked for the pairs a wave would make, not for every
    // pair of waiting players: pair, look up the proposed pairs' 24-h games and links, forbid
    // those at the limit or linked, pair again (rarely more than once); a pair still forbidden
    // after the last round is dropped.
    const since = new Date(now.getTime() - DAY_MS);
    const gamesBetween = new Map<string, number>();
    const linked = new Set<string>();
    const checked = new Set<string>();
    const gap = (p: TicketPair<Candidate>) => Math.abs(p.blackTicket.rating - p.whiteTicket.rating);
    const keyOf = (p: TicketPair<Candidate>) => pairKey(p.blackTicket.playerId, p.whiteTicket.playerId);
    const allowed = (p: TicketPair<Candidate>) =>
      checked.has(keyOf(p)) && (gamesBetween.get(keyOf(p)) ?? 0) < MAX_RANKED_GAMES_PER_PAIR_24H && !linked.has(keyOf(p));
    let pairs: TicketPair<Candidate>[] = [];
    for (let round = 0; round < REPEAT_CHECK_ROUNDS; round++) {
      // Colours are decided after pairing (only the paired players' Black counts are needed).
      pairs = pairWave(candidates, now, historyFrom({ gamesBetween, linked }), () => 0, this.windowRule);
      // A wave's work stays bounded when a backlog piles up: the closest pairs now, the rest next wave.
      if (pairs.length > this.config.queueWaveMaxGames) pairs = [...pairs].sort((a, b) => gap(a) - gap(b)).slice(0, this.config.queueWaveMaxGames);
      const unchecked = pairs.filter((p) => !checked.has(keyOf(p))).map((p) => ({ a: p.blackTicket.playerId, b: p.whiteTicket.playerId }));
      lap('pairWave');
      if (unchecked.length === 0) break;
      const counts = await this.games.rankedGamesBetween(unchecked, since);
      lap('24-h repeat counts');
      for (const key of await this.links.linkedPairs(unchecked, now)) linked.add(key);
      lap('links');
      for (const r of counts) {
        const key = pairKey(r.a, r.b);
        checked.add(key);
        gamesBetween.set(key, r.games);
      }
      if (pairs.every(allowed)) break;
    }
    pairs = pairs.filter(allowed);
    if (pairs.length === 0) return;

    const kept = await this.claimPairs(pairs, now);
    lap('claim tickets');
    if (kept.length === 0) return;

    const black = await this.games.blackCountsInLast10(kept.flatMap(({ p }) => [p.blackTicket.playerId, p.whiteTicket.playerId]));
    const history = historyFrom({ gamesBetween, blackInLast10: black });
    pairs = kept.map(({ p }) => colourBalance(p.blackTicket, p.whiteTicket, history, rng));
    lap('Black counts');
    const created = await this.games.createGames(
      pairs.map((p, i) => ({
        // Ranked games always have a clock: a ticket made before clocks came is given the default.
        id: kept[i].id, roomId: null, roomCode: null, rated: true, turnSeconds: null, clock: gameClock(p.blackTicket.clock) ?? DEFAULT_RANKED_CLOCK, showLegalMoves: true,
        blackId: p.blackTicket.playerId, whiteId: p.whiteTicket.playerId,
      })),
    );
    lap('insert games');
    const events: TopicEvent[] = [];
    pairs.forEach((p, i) => {
      for (const c of [p.blackTicket, p.whiteTicket]) {
        const ticket = {
          id: c.ticketId, playerId: c.playerId, mode: 'ranked' as QueueMode, turnSeconds: c.turnSeconds, clock: c.clock, state: 'matched' as const,
          reason: null, joinedAt: new Date(c.joinedAt), lastSeenAt: now, endedAt: now, gameId: created[i].id, eligibleAt: null, cooldownReason: null,
        };
        events.push(this.matchedEvent(ticket, now));
      }
    });
    await this.events.publishAll(events);
    lap('store events');
    result.games.push(...created.map((g) => ({ gameId: g.id, blackId: g.blackId, whiteId: g.whiteId })));
  }

  /**
   * Claims the pairs' tickets (each pair's game id written on both, only if still waiting), then,
   * at the moment of pairing, holds the players of the fully claimed pairs (id order) and re-checks
   * that they are free; a pair with a ticket not claimed or a player now in a game is put back.
   * Tickets first, players second: an unranked join holds a candidate's ticket and then needs that
   * player's row (its game's foreign key), so the other order could deadlock with it.
   */
  private async claimPairs<T extends { ticketId: string; playerId: string }>(pairs: TicketPair<T>[], now: Date): Promise<{ p: TicketPair<T>; id: string }[]> {
    const gameIds = pairs.map(() => randomUUID());
    const ticketIds = pairs.flatMap((p) => [p.blackTicket.ticketId, p.whiteTicket.ticketId]);
    const claimed = await this.tickets.claimWaiting(ticketIds, gameIds.flatMap((id) => [id, id]), now);
    const both = pairs.flatMap((p, i) => (claimed.has(p.blackTicket.ticketId) && claimed.has(p.whiteTicket.ticketId) ? [{ p, id: gameIds[i] }] : []));
    const players = both.flatMap(({ p }) => [p.blackTicket.playerId, p.whiteTicket.playerId]);
    await this.playerRows.lockMany(players);
    const busy = await this.games.playersInActiveGames(players);
    const kept = both.filter(({ p }) => !busy.has(p.blackTicket.playerId) && !busy.has(p.whiteTicket.playerId));
    const keptTickets = new Set(kept.flatMap(({ p }) => [p.blackTicket.ticketId, p.whiteTicket.ticketId]));
    await this.tickets.unclaim([...claimed].filter((id) => !keptTickets.has(id)));
    return kept;
  }

  /**
   * Unranked tickets are paired at join (first come, first served); the wave pairs, in the same
   * order (pairUnranked), those left waiting because the only candidates were then in a game.
   */
  private async unrankedWave(now: Date, result: WaveResult): Promise<void> {
    const waiting = await this.tickets.waiting('unranked');
    if (waiting.length < 2) return;
    const playerIds = waiting.map((t) => t.playerId);
    const info = await this.playerRows.pairingFacts(playerIds);
    const busy = await this.games.playersInActiveGames(playerIds);
    const free = waiting.filter((t) => !busy.has(t.playerId) && !this.unconfirmed(t, now)).map((t) => ({ ...t, ticketId: t.id, bot: info.get(t.playerId)?.bot ?? false }));
    const pairs = pairUnranked(free);
    if (pairs.length === 0) return;
    const kept = await this.claimPairs(pairs, now);
    if (kept.length === 0) return;
    const created = await this.games.createGames(
      kept.map(({ p, id }) => ({
        id, roomId: null, roomCode: null, rated: false, turnSeconds: p.blackTicket.turnSeconds, clock: gameClock(p.blackTicket.clock ?? null), showLegalMoves: true,
        blackId: p.blackTicket.playerId, whiteId: p.whiteTicket.playerId,
      })),
    );
    const events = kept.flatMap(({ p, id }) => [p.blackTicket, p.whiteTicket].map((c) => this.matchedEvent({
      id: c.ticketId, playerId: c.playerId, mode: 'unranked', turnSeconds: c.turnSeconds, clock: c.clock ?? null, state: 'matched', reason: null,
      joinedAt: new Date(c.joinedAt), lastSeenAt: now, endedAt: now, gameId: id, eligibleAt: null, cooldownReason: null,
    }, now)));
    await this.events.publishAll(events);
    result.games.push(...created.map((g) => ({ gameId: g.id, blackId: g.blackId, whiteId: g.whiteId })));
  }

  /**
   * The waiting ticket (its owner is present: this poll counts), the matched one whose game is
   * still on, or the latest one if it was just cancelled for absence; else 404. Writes nothing: the
   * poll is remembered on this copy and written by the next presence mark ({@link markConnected});
   * a ticket whose owner has been absent too long shows as cancelled `absent` (the next wave or
   * join writes that), and a late poll does not revive it.
   */
  async current(player: Player): Promise<TicketDto> {
    const now = this.clock.now();
    const [latest] = await this.tickets.latest(player.id, 1);
    let t = latest;
    if (t?.state === 'waiting') {
      const seenSince = this.seenSince(now).getTime();
      const streaming = this.events.connectedPlayers().includes(player.id);
      if (!streaming && this.lastSeen(t) < seenSince) {
        t = { ...t, state: 'cancelled', reason: 'absent', endedAt: new Date(Math.max(this.lastSeen(t) + this.config.queuePresenceSeconds * 1000, new Date(t.joinedAt).getTime())) };
      } else {
        this.polls.set(player.id, now);
      }
    }
    const show = t && (t.state === 'waiting'
      || (t.state === 'matched' && t.gameId !== null && (await this.games.statusOf(t.gameId)) === 'active')
      || (t.state === 'cancelled' && t.reason === 'absent' && t.endedAt !== null && now.getTime() - new Date(t.endedAt).getTime() < ABSENT_REPORT_MS));
    if (!show) throw new AppError('NOT_FOUND', { key: 'api.queue.notQueued' });
    const dto = this.toDto(t, player.rating, now);
    if (dto.state === 'waiting' && dto.window && !dto.cooldown) dto.held = await this.heldBack(t, player, dto.window, now);
    return dto;
  }

  async leave(player: Player): Promise<void> {
    await this.tickets.cancelWaiting(player.id, this.clock.now());
  }
}
