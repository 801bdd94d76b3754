import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Counter } from 'prom-client';
import { Clock } from '../common/clock.js';
import { Periodic } from '../common/periodic.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { EventsService } from '../events/events.service.js';
import { AccountLinksService } from '../account-links/account-links.service.js';
import { type ClockControl, DEFAULT_RANKED_CLOCK, parseClockLabel } from '../games/domain/clock.js';
import { GamesService } from '../games/games.service.js';
import { PairingReadsRepository } from '../games/pairing-reads.repository.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { PlayersRepository } from '../players/players.repository.js';
import {
  colourBalance, historyFrom, MAX_RANKED_GAMES_PER_PAIR_24H, pairKey, pairUnranked, pairWave, windowRuleWithMax, type TicketPair, type WaitingTicket,
} from './domain/pairing.js';
import { QueueTicket } from './entities/queue-ticket.entity.js';
import { QueuePresence } from './queue-presence.service.js';
import { QueueRepository } from './queue.repository.js';
import { matchedEvent, matchedTicket } from './ticket-dto.js';

/** Rounds of pair → check the proposed pairs' 24-h games → pair again. */
const REPEAT_CHECK_ROUNDS = 4;
/** How many of the waiting tickets of an unranked queue a new ticket is paired against. */
const PAIRING_WINDOW = 200;
export const DAY_MS = 24 * 60 * 60 * 1000;

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
 * The pairing of the queues: an unranked ticket at its join, and the waves (every QUEUE_WAVE_MS
 * on every app copy, on `Periodic`) that pair the ranked queue and the unranked tickets left over.
 */
@Injectable()
export class PairingWaves implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PairingWaves.name);
  private readonly timer = new Periodic(
    () => this.runWave(),
    (err) => this.logger.warn(`pairing wave failed: ${String(err)}`),
  );
  private waves: Counter | null = null;
  private paired: Counter | null = null;

  constructor(
    private readonly db: Db,
    private readonly tickets: QueueRepository,
    private readonly presence: QueuePresence,
    private readonly playerRows: PlayersRepository,
    private readonly games: GamesService,
    private readonly pairingReads: PairingReadsRepository,
    private readonly links: AccountLinksService,
    private readonly events: EventsService,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
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
    if (this.config.queueWaveMs > 0) this.timer.start(this.config.queueWaveMs);
  }

  async onModuleDestroy(): Promise<void> {
    await this.timer.stop();
  }

  private get windowRule() {
    return windowRuleWithMax(this.config.fairPlay.rankedWindowMax);
  }

  /** First come, first served: the longest-waiting ticket that is present, free and of the same kind. */
  async pairUnrankedAtJoin(mine: QueueTicket, now: Date): Promise<void> {
    const waiting = await this.tickets.waitingIn(mine.mode, mine.turnSeconds, mine.id, PAIRING_WINDOW, mine.clock);
    if (waiting.length === 0) return;
    const seenSince = this.presence.seenSince(now);
    const absent = waiting.filter((t) => this.presence.lastSeen(t) < seenSince.getTime());
    if (absent.length > 0) await this.tickets.cancelAbsent(seenSince, now, { ids: absent.map((t) => t.id) });
    const present = waiting.filter((t) => this.presence.lastSeen(t) >= seenSince.getTime() && t.playerId !== mine.playerId && !this.presence.unconfirmed(t, now));
    if (present.length === 0) return;
    const ids = present.map((t) => t.playerId);
    const info = await this.playerRows.pairingFacts([mine.playerId, ...ids]);
    const busy = await this.pairingReads.playersInActiveGames(ids);
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
    await this.events.publishAll([mine, theirs].map((t) => matchedEvent(t, now, this.windowRule)));
    this.paired?.inc({ mode: 'unranked' });
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
      await this.presence.markConnected();
      result.cancelledAbsent = (await this.tickets.cancelAbsent(this.presence.seenSince(now), now)).length;
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
    const busy = await this.pairingReads.playersInActiveGames(waiting.map((t) => t.playerId));
    lap('load active games');
    const candidates: Candidate[] = [];
    for (const t of waiting) {
      if (busy.has(t.playerId) || this.presence.unconfirmed(t, now)) continue;
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
      const counts = await this.pairingReads.rankedGamesBetween(unchecked, since);
      lap('24-h repeat counts');
      for (const p of await this.links.linkedPairs(unchecked, now)) linked.add(pairKey(p.a, p.b));
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

    const black = await this.pairingReads.blackCountsInLast10(kept.flatMap(({ p }) => [p.blackTicket.playerId, p.whiteTicket.playerId]));
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
    const events = pairs.flatMap((p, i) => [p.blackTicket, p.whiteTicket].map((c) => matchedEvent(matchedTicket(c, 'ranked', created[i].id, now), now, this.windowRule)));
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
    const busy = await this.pairingReads.playersInActiveGames(players);
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
    const busy = await this.pairingReads.playersInActiveGames(playerIds);
    const free = waiting.filter((t) => !busy.has(t.playerId) && !this.presence.unconfirmed(t, now)).map((t) => ({ ...t, ticketId: t.id, bot: info.get(t.playerId)?.bot ?? false }));
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
    const events = kept.flatMap(({ p, id }) => [p.blackTicket, p.whiteTicket].map((c) => matchedEvent(matchedTicket(c, 'unranked', id, now), now, this.windowRule)));
    await this.events.publishAll(events);
    result.games.push(...created.map((g) => ({ gameId: g.id, blackId: g.blackId, whiteId: g.whiteId })));
  }
}
