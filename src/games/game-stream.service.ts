import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { TokenStanding } from '../auth/token-standing.js';
import { Clock } from '../common/clock.js';
import { Periodic } from '../common/periodic.js';
import { frameOf, lastEventId, type SseStream, type StreamRequest, type StreamResponse } from '../common/sse.js';
import { EventsService } from '../events/events.service.js';
import { gameEvent } from '../events/event-map.js';
import { StreamRegistry } from '../events/stream-registry.js';
import { gameTopic, type TopicEvent } from '../events/topics.js';
import type { MoveRecord } from './domain/game.js';
import type { GameDto } from './dto/game.dto.js';
import { toGameDto, toMoveDto } from './game-view.js';
import { GamesRepository, type LoadedGame } from './games.repository.js';
import { GameQueries } from './game-queries.service.js';
import { PresenceService } from './presence.service.js';

/**
 * How often each copy checks that its game streams are at their game's ply. Events leave after
 * their commit, so a copy that dies between the two leaves the other copies' watchers behind (never
 * wrong): this check is what bounds how long.
 */
export const CATCH_UP_MS = 3000;

/** One open stream of a game. */
interface Follower {
  sse: SseStream;
  /** The ply the client has: the id of the last move sent (null until the first read says it). */
  ply: number | null;
  /** The first read (the replay, or the game's ply) is out. */
  ready: boolean;
  ended: boolean;
}

/** The streams of one game on this copy: one subscription, one read of the database at a time for all of them. */
interface Feed {
  gameId: string;
  followers: Set<Follower>;
  /** The read under way: events that come meanwhile are held, then offered in order. */
  reading: Promise<void> | null;
  /** A follower came (or fell behind) during the read: read again after it. */
  again: boolean;
  /** With how many reads each has already caused (one at most: an event a read did not explain is dropped; the periodic check has the rest). */
  held: { e: TopicEvent; reads: number }[];
  unsubscribe: () => void;
  /**
   * The game's ply as this feed's streams have it (the last read, then every move sent in order),
   * while the game is live and no gap is open; null otherwise. A stream that opens at this ply
   * needs nothing from the database: watchers who arrive one after another do not each read it.
   */
  live: number | null;
}

/**
 * A game's event stream: what the client missed (Last-Event-ID) merged with live events in order,
 * ended after the game's `end` event. Events of several copies may arrive in either order, or not
 * at all (a copy that died between a commit and its publish): a stream sends each ply once, in
 * order, never an older one, and reads what it lacks from the database, on a gap or when the
 * periodic check finds the game ahead of it. A seated player's open stream counts as presence (it
 * never takes a seat back: that is POST /api/games/:id/seat, so no GET writes).
 */
@Injectable()
export class GameStreamService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(GameStreamService.name);
  private readonly feeds = new Map<string, Feed>();
  /** Existence checks under way, by game: the streams that open meanwhile wait for the same one. */
  private readonly existing = new Map<string, Promise<void>>();
  private readonly checker = new Periodic(
    () => this.check(),
    (err) => this.logger.warn(`game streams not checked: ${String(err)}`),
  );

  constructor(
    private readonly events: EventsService,
    private readonly repo: GamesRepository,
    private readonly queries: GameQueries,
    private readonly presence: PresenceService,
    private readonly clock: Clock,
    private readonly standing: TokenStanding,
    private readonly streams: StreamRegistry,
  ) {}

  private stopWatchingStanding: (() => void) | null = null;

  onModuleInit(): void {
    this.checker.start(CATCH_UP_MS);
    // A token signed out or revoked, or its account closed, loses its open streams (game and
    // player ones) as soon as this copy knows: at once for its own changes, else at the next poll.
    this.stopWatchingStanding = this.standing.onChange(() => {
      this.streams.closeStreams((claims) => this.standing.refusal(claims) !== null);
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopWatchingStanding?.();
    await this.checker.stop();
  }

  async openGame(gameId: string, req: StreamRequest, res: StreamResponse, viewerId?: string): Promise<void> {
    if (!this.feeds.has(gameId)) await this.exists(gameId);
    const present = viewerId ? () => this.presence.mark(gameId, viewerId) : undefined;
    present?.();
    const sse = this.streams.openStream(req, res, present);
    const follower: Follower = { sse, ply: lastEventId(req), ready: false, ended: false };
    const feed = this.feedOf(gameId);
    feed.followers.add(follower);
    const live = feed.reading ? null : feed.live;
    sse.onClose(() => {
      feed.followers.delete(follower);
      if (feed.followers.size === 0 && this.feeds.get(gameId) === feed) {
        this.feeds.delete(gameId);
        feed.unsubscribe();
      }
    });
    if (live !== null && (follower.ply === null || follower.ply === live)) {
      // At the live ply: nothing to send until the next event, which the feed will offer it.
      follower.ply = live;
      follower.ready = true;
      return;
    }
    // Subscribed before the read: what commits meanwhile is held until the read is out.
    this.catchUp(feed);
    await feed.reading;
  }

  /**
   * A player's own events: matched, game, rematch, with ids; Last-Event-ID replays the missed
   * ones. An open stream keeps the player's waiting queue ticket alive (see EventsService).
   */
  openPlayer(playerId: string, req: StreamRequest, res: StreamResponse): Promise<void> {
    return this.events.openPlayerStream(playerId, req, res);
  }

  /**
   * Throws NOT_FOUND unless the game exists. A game followed here exists (its feed is made after
   * this check), and the watchers of one game who come together share one read: a burst of
   * thousands of streams asks the database once a game, not once a stream.
   */
  private exists(gameId: string): Promise<void> {
    let check = this.existing.get(gameId);
    if (!check) {
      check = this.queries.mustExist(gameId).finally(() => this.existing.delete(gameId));
      this.existing.set(gameId, check);
    }
    return check;
  }

  private feedOf(gameId: string): Feed {
    let feed = this.feeds.get(gameId);
    if (!feed) {
      const created: Feed = { gameId, followers: new Set(), reading: null, again: false, held: [], unsubscribe: () => undefined, live: null };
      created.unsubscribe = this.events.subscribe(gameTopic(gameId), (e) => this.onEvent(created, e));
      this.feeds.set(gameId, (feed = created));
    }
    return feed;
  }

  /** One query for every game streamed here: the feeds whose game is ahead of a stream read it. */
  private async check(): Promise<void> {
    if (this.feeds.size === 0) return;
    const states = await this.repo.pliesOf([...this.feeds.keys()]);
    for (const { id, ply, status } of states) {
      const feed = this.feeds.get(id);
      if (!feed || feed.reading) continue;
      const behind = [...feed.followers].some((f) => f.ready && !f.ended && (f.ply! < ply || status !== 'active'));
      if (behind) this.catchUp(feed);
    }
  }

  private onEvent(feed: Feed, e: TopicEvent, reads = 0): void {
    if (feed.reading) {
      feed.held.push({ e, reads });
      return;
    }
    let gap = false;
    for (const f of feed.followers) if (f.ready && !this.offer(f, e)) gap = true;
    // The live ply follows the moves sent in order; anything else leaves it to the next read.
    if (gap || e.event === 'end') feed.live = null;
    else if (e.event === 'move' && feed.live !== null && e.id !== undefined && e.id > feed.live) feed.live = e.id === feed.live + 1 ? e.id : null;
    if (gap && reads === 0) {
      // Read what lies between; the event is offered again after the read (sent once, at its place).
      this.catchUp(feed);
      feed.held.push({ e, reads: 1 });
    }
  }

  /** Sends the event if it is the follower's next; false when plies are missing before it. */
  private offer(f: Follower, e: TopicEvent): boolean {
    if (f.ended || f.ply === null) return true;
    const id = e.id ?? f.ply;
    if (e.event === 'move') {
      if (id <= f.ply) return true; // had it: a duplicate, or older than what it has
      if (id > f.ply + 1) return false;
      f.ply = id;
      f.sse.sendFrame(frameOf(e));
      return true;
    }
    if (id < f.ply) return true; // a seat change of a ply it has moved past: stale
    if (id > f.ply) return false;
    f.sse.sendFrame(frameOf(e));
    if (e.event === 'end') this.end(f);
    return true;
  }

  private end(f: Follower): void {
    f.ended = true;
    // A finished game sends nothing more: free the connection (clients stop on `end`).
    setImmediate(() => f.sse.close());
  }

  /** Reads the game (and the records the feed's streams lack) and brings every stream of the feed up to it. */
  private catchUp(feed: Feed): void {
    if (feed.reading) {
      feed.again = true;
      return;
    }
    feed.reading = (async () => {
      do {
        feed.again = false;
        const known = [...feed.followers].filter((f) => !f.ended && f.ply !== null).map((f) => f.ply!);
        const loaded = await this.repo.loadWithRatings(feed.gameId);
        if (!loaded) return;
        const from = Math.min(...known);
        const records = known.length > 0 && from < loaded.game.ply ? await this.repo.movesSince(feed.gameId, from) : [];
        const game = toGameDto(loaded, this.clock.now());
        for (const f of feed.followers) this.apply(f, loaded, game, records);
        feed.live = loaded.game.status === 'active' ? loaded.game.ply : null;
      } while (feed.again && feed.followers.size > 0);
    })()
      .catch((err: unknown) => {
        feed.live = null;
        this.logger.warn(`game stream not read: ${String(err)}`);
        for (const f of feed.followers) if (!f.ready) f.sse.close(); // nothing sent yet: the client reconnects
      })
      .finally(() => {
        const held = feed.held.splice(0);
        feed.reading = null;
        for (const { e, reads } of held) this.onEvent(feed, e, reads);
      });
  }

  /**
   * Brings one stream up to the game as read: the records after its ply (the last one, the game's
   * latest, carries the game: the client catches up without a request), then `end` when the game
   * is over. A stream that came without Last-Event-ID starts at the game's ply.
   */
  private apply(f: Follower, loaded: LoadedGame, game: GameDto, records: readonly MoveRecord[]): void {
    if (f.ended || f.sse.closed) return;
    const { game: state } = loaded;
    f.ply ??= state.ply;
    for (const m of records) {
      if (m.ply + 1 <= f.ply || m.ply >= state.ply) continue;
      const latest = m.ply + 1 === state.ply;
      f.sse.send('move', latest ? { ...toMoveDto(m), game } : toMoveDto(m), m.ply + 1);
      f.ply = m.ply + 1;
    }
    f.ready = true;
    if (state.status !== 'active' && f.ply >= state.ply) {
      const end = gameEvent(loaded.game.id, 'end', game, state.ply);
      f.sse.send(end.event, end.data, end.id);
      this.end(f);
    }
  }
}
