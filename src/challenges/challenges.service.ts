import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { AppError, notFound, validationFailed } from '../common/errors.js';
import { Periodic } from '../common/periodic.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { playerEvent, type TopicEvent } from '../events/event-map.js';
import { EventsService } from '../events/events.service.js';
import { type ClockControl, clockLabel } from '../games/domain/clock.js';
import { GameListsRepository } from '../games/game-lists.repository.js';
import { GamesService } from '../games/games.service.js';
import type { RankedRefusal } from '../matchmaking/domain/ranked-rules.js';
import { RankedRulesService } from '../matchmaking/ranked-rules.service.js';
import { Player } from '../players/entities/player.entity.js';
import { PlayerProfiles } from '../leaderboard/player-profiles.service.js';
import { PlayersService } from '../players/players.service.js';
import { PgThrottlerStorage } from '../rate-limit/pg-throttler-storage.js';
import { ChallengesRepository, type ChallengeRow } from './challenges.repository.js';
import {
  type ChallengeColour, challengeClock, type DeclineReason, isOpen, rematchAction, rematchTerms, seatsFor, stateAt,
} from './domain/challenge.js';
import { ChallengeDto, ChallengeListDto, CreateChallengeDto } from './dto/challenge.dto.js';

/** How often each app copy writes the lapsed challenges expired (and tells their challengers). */
const EXPIRY_SWEEP_MS = 2000;
/** The most lapsed challenges one sweep writes (the rest wait for the next). */
const EXPIRY_BATCH = 200;

const clockOfRow = (c: Pick<ChallengeRow, 'clockBaseSeconds' | 'clockIncrementSeconds'>): ClockControl | null =>
  c.clockBaseSeconds === null ? null : { baseSeconds: c.clockBaseSeconds, incrementSeconds: c.clockIncrementSeconds ?? 0 };

/** A rated challenge or rematch refused by a ranked rule: 403 RANKED_REFUSED naming it. */
function rankedRefused(r: RankedRefusal): AppError {
  const until = r.until?.toISOString();
  return new AppError(
    'RANKED_REFUSED',
    { key: `api.challenges.ranked.${r.rule}`, values: until ? { until } : {} },
    until ? { rule: r.rule, until } : { rule: r.rule },
  );
}

/** What a rematch request did: offered (a challenge to the opponent) or started the game (both asked). */
export interface RematchOutcome {
  started: boolean;
  challenge: ChallengeDto;
}

/**
 * Challenges: a player asks another by name for a game, rated (every ranked rule, checked when it
 * is sent and again when it is accepted) or casual, with a clock and a colour. The challenged
 * player is told live (a `challenge` event on /api/me/events), and accepts (the game starts, a
 * `game` event to both) or declines with a reason; an unanswered one lapses after
 * CHALLENGE_SECONDS, and the challenger is told each outcome by a `challenge` event. A rematch after
 * a finished game that was not a room's is a challenge with the game's clock, colours swapped,
 * rated as it was; when both players ask, the second ask accepts the first.
 */
@Injectable()
export class ChallengesService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ChallengesService.name);
  private readonly sweeper = new Periodic(
    () => this.expireDue(),
    (err) => this.logger.warn(`challenge expiry sweep failed: ${String(err)}`),
  );

  constructor(
    private readonly db: Db,
    private readonly challenges: ChallengesRepository,
    private readonly games: GamesService,
    private readonly gameLists: GameListsRepository,
    private readonly players: PlayersService,
    private readonly profiles: PlayerProfiles,
    private readonly ranked: RankedRulesService,
    private readonly events: EventsService,
    private readonly clock: Clock,
    private readonly counters: PgThrottlerStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.sweeper.start(EXPIRY_SWEEP_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeper.stop();
  }

  /** Each challenge (or rematch offer) is an event to another player: at most CHALLENGES_PER_MINUTE a minute, else 429. */
  private async mustBeUnderLimit(player: Player): Promise<void> {
    const limit = this.config.challengesPerMinute;
    const count = await this.counters.increment(player.id, 60_000, limit, 0, 'challenge');
    if (count.isBlocked) {
      const seconds = Math.max(1, count.timeToBlockExpire);
      throw new AppError('RATE_LIMITED', { key: 'api.challenges.rateLimited', values: { limit, seconds } }, { limit, retryAfterSeconds: seconds });
    }
  }

  async create(player: Player, dto: CreateChallengeDto): Promise<ChallengeDto> {
    const them = await this.players.findByUsername(dto.to);
    if (!them || them.closedAt) throw notFound('player', dto.to);
    if (them.id === player.id) throw validationFailed({ key: 'api.challenges.self' });
    const rated = dto.rated ?? false;
    const terms = challengeClock(rated, dto.clock);
    if ('refusal' in terms) throw validationFailed({ key: 'api.challenges.ratedClock' });
    await this.mustBeUnderLimit(player);
    if (rated) {
      const refusal = await this.ranked.refusal(player, them);
      if (refusal) throw rankedRefused(refusal);
    }
    return this.send(player, them, { rated, clock: terms.clock, colour: dto.colour ?? 'random', rematchOf: null });
  }

  /** Writes the challenge and tells both players (one open challenge from one player to another at a time). */
  private async send(
    player: Player, them: Player, terms: { rated: boolean; clock: ClockControl | null; colour: ChallengeColour; rematchOf: string | null },
  ): Promise<ChallengeDto> {
    const now = this.clock.now();
    return this.db.transaction(async () => {
      await this.players.lock(player.id);
      const standing = await this.challenges.openBetween(player.id, them.id, now);
      if (standing) throw new AppError('CONFLICT', { key: 'api.challenges.alreadyOpen' }, { challengeId: standing.id });
      const row = await this.challenges.insert({
        challengerId: player.id, challengedId: them.id, rated: terms.rated, colour: terms.colour, rematchOf: terms.rematchOf,
        clockBaseSeconds: terms.clock?.baseSeconds ?? null, clockIncrementSeconds: terms.clock?.incrementSeconds ?? null,
        expiresAt: new Date(now.getTime() + this.config.challengeSeconds * 1000),
      }, now);
      const dto = await this.toDto(row, now);
      await this.events.publishAll(this.eventsFor(row, dto));
      return dto;
    });
  }

  /** The `challenge` event to both players (each one's other pages and the lobby follow it). */
  private eventsFor(row: ChallengeRow, dto: ChallengeDto): TopicEvent[] {
    return [row.challengedId, row.challengerId].map((id) => playerEvent(id, 'challenge', dto));
  }

  /** Your open challenges, incoming and outgoing. Reads only. */
  async list(player: Player): Promise<ChallengeListDto> {
    const now = this.clock.now();
    const rows = await this.challenges.openOf(player.id, now);
    const dtos = await Promise.all(rows.map((r) => this.toDto(r, now)));
    return {
      incoming: dtos.filter((d) => d.challenged.id === player.id),
      outgoing: dtos.filter((d) => d.challenger.id === player.id),
    };
  }

  /** One challenge, to its two players only (404 to anyone else). */
  async get(player: Player, id: string): Promise<ChallengeDto> {
    const row = await this.challenges.findById(id);
    if (!row || (row.challengerId !== player.id && row.challengedId !== player.id)) throw this.missing(id);
    return this.toDto(row, this.clock.now());
  }

  private missing(id: string): AppError {
    return new AppError('NOT_FOUND', { key: 'api.challenges.notFound', values: { id: id.slice(0, 40) } });
  }

  /** Locks the challenge for its answer: it must be `role`'s and still open. */
  private async lockOpen(id: string, player: Player, role: 'challenged' | 'challenger', now: Date): Promise<ChallengeRow> {
    const row = await this.challenges.lockById(id);
    const mine = row && (role === 'challenged' ? row.challengedId : row.challengerId) === player.id;
    if (!row || (!mine && row.challengerId !== player.id && row.challengedId !== player.id)) throw this.missing(id);
    if (!mine) throw new AppError('FORBIDDEN', { key: role === 'challenged' ? 'api.challenges.notYoursToAnswer' : 'api.challenges.notYoursToCancel' });
    if (!isOpen(row, now)) throw new AppError('CONFLICT', { key: `api.challenges.closed.${stateAt(row, now)}` }, { state: stateAt(row, now) });
    return row;
  }

  /** Accepts: the game starts (both must be free; a rated one passes every ranked rule again, now). */
  async accept(player: Player, id: string): Promise<ChallengeDto> {
    const now = this.clock.now();
    const { row, gameId } = await this.db.transaction(async () => {
      const open = await this.lockOpen(id, player, 'challenged', now);
      await this.mustBeFree([open.challengerId, open.challengedId], player.id);
      if (open.rated) {
        const challenger = await this.players.findById(open.challengerId);
        if (!challenger) throw this.missing(id);
        const refusal = await this.ranked.refusal(player, challenger, now);
        if (refusal) throw rankedRefused(refusal);
      }
      const seats = seatsFor({ challengerId: open.challengerId, challengedId: open.challengedId, colour: open.colour });
      const game = await this.games.createGame({
        roomId: null, roomCode: null, rated: open.rated, turnSeconds: null, clock: clockOfRow(open), showLegalMoves: true, ...seats,
      });
      const ended = await this.challenges.end(open.id, 'accepted', now, { gameId: game.id });
      if (!ended) throw new Error(`challenge ${open.id}: locked open, yet not ended`);
      const gameDto = await this.games.toDto(game);
      const dto = await this.toDto(ended, now);
      await this.events.publishAll([
        ...[seats.blackId, seats.whiteId].map((pid) => playerEvent(pid, 'game', gameDto)),
        ...this.eventsFor(ended, dto),
      ]);
      return { row: ended, gameId: game.id };
    });
    return this.toDto({ ...row, gameId }, this.clock.now());
  }

  /** Declines with a reason: the challenger is told it (a `challenge` event, state declined). */
  async decline(player: Player, id: string, reason: DeclineReason): Promise<ChallengeDto> {
    return this.close(player, id, 'challenged', 'declined', reason);
  }

  /** The challenger withdraws it: the challenged player's lobby drops it (a `challenge` event, state cancelled). */
  async cancel(player: Player, id: string): Promise<ChallengeDto> {
    return this.close(player, id, 'challenger', 'cancelled');
  }

  private async close(player: Player, id: string, role: 'challenged' | 'challenger', state: 'declined' | 'cancelled', reason?: DeclineReason): Promise<ChallengeDto> {
    const now = this.clock.now();
    return this.db.transaction(async () => {
      const open = await this.lockOpen(id, player, role, now);
      const ended = await this.challenges.end(open.id, state, now, { declineReason: reason });
      if (!ended) throw new Error(`challenge ${open.id}: locked open, yet not ended`);
      const dto = await this.toDto(ended, now);
      await this.events.publishAll(this.eventsFor(ended, dto));
      return dto;
    });
  }

  /** Writes the lapsed open challenges expired and tells both players (every app copy; a row is written once). */
  async expireDue(): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction(async () => {
      const rows = await this.challenges.expireDue(now, EXPIRY_BATCH);
      const events: TopicEvent[] = [];
      for (const row of rows) events.push(...this.eventsFor(row, await this.toDto(row, now)));
      await this.events.publishAll(events);
      return rows.length;
    });
  }

  /**
   * A rematch after a finished game (not a room's: rooms have their own): the opponent's standing
   * rematch challenge for this game is accepted (the game starts), else one is sent to them with
   * the game's clock, colours swapped, rated as the game was. Asking again while one's own stands
   * changes nothing.
   */
  async rematch(player: Player, gameId: string): Promise<RematchOutcome> {
    const game = await this.games.toDto({ id: gameId });
    const clock = game.settings.clock ? { baseSeconds: game.settings.clock.baseSeconds, incrementSeconds: game.settings.clock.incrementSeconds } : null;
    const terms = rematchTerms({ blackId: game.black.player.id, whiteId: game.white.player.id, rated: game.rated, clock }, player.id);
    if (!terms) throw new AppError('FORBIDDEN', { key: 'api.challenges.rematchPlayersOnly' });
    if (game.roomCode) throw new AppError('CONFLICT', { key: 'api.challenges.roomRematch' }, { roomCode: game.roomCode });
    if (game.status === 'active') throw new AppError('GAME_IN_PROGRESS', { key: 'api.challenges.gameInProgress' }, { gameId });
    const now = this.clock.now();
    const theirs = await this.challenges.openRematch(gameId, terms.challengedId, now);
    const action = rematchAction(theirs);
    if (action !== 'offer') return { started: true, challenge: await this.accept(player, action.accept) };
    const mine = await this.challenges.openRematch(gameId, player.id, now);
    if (mine) return { started: false, challenge: await this.toDto(mine, now) };
    const them = await this.players.findById(terms.challengedId);
    if (!them) throw notFound('player', terms.challengedId);
    await this.mustBeUnderLimit(player);
    if (terms.rated) {
      const refusal = await this.ranked.refusal(player, them, now);
      if (refusal) throw rankedRefused(refusal);
    }
    return { started: false, challenge: await this.send(player, them, { ...terms, rematchOf: gameId }) };
  }

  /**
   * One game at a time: refuses (409 ALREADY_IN_GAME) when either player is seated in an active
   * game. The players' rows are locked in id order first, as the queue and rooms lock them.
   */
  private async mustBeFree(playerIds: string[], requesterId: string): Promise<void> {
    const ids = [...new Set(playerIds)].sort();
    for (const id of ids) await this.players.lock(id);
    for (const id of [requesterId, ...ids.filter((x) => x !== requesterId)]) {
      const gameId = await this.gameLists.activeGameIdOf(id);
      if (!gameId) continue;
      throw id === requesterId
        ? new AppError('ALREADY_IN_GAME', { key: 'api.rooms.youInGame' }, { gameId })
        : new AppError('ALREADY_IN_GAME', { key: 'api.rooms.opponentInGame' }, { playerId: id });
    }
  }

  private async toDto(row: ChallengeRow, now: Date): Promise<ChallengeDto> {
    const found = await this.players.findByIds([row.challengerId, row.challengedId]);
    const profile = async (id: string) => {
      const p = found.find((x) => x.id === id);
      if (!p) throw new Error(`challenge ${row.id}: player ${id} is gone`);
      return this.profiles.profile(p);
    };
    const clock = clockOfRow(row);
    return {
      id: row.id,
      challenger: await profile(row.challengerId),
      challenged: await profile(row.challengedId),
      rated: row.rated,
      clock: clock ? clockLabel(clock) : null,
      colour: row.colour,
      state: stateAt(row, now),
      declineReason: row.declineReason ?? null,
      rematchOf: row.rematchOf,
      gameId: row.gameId,
      createdAt: new Date(row.createdAt).toISOString(),
      expiresAt: new Date(row.expiresAt).toISOString(),
    };
  }
}
