import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Clock } from '../common/clock.js';
import { frameOf, rawLastEventId, type StreamRequest, type StreamResponse } from '../common/sse.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { Db } from '../database/db.js';
import { dieBeforePublish } from './fault-injection.js';
import { PlayerEventsRepository } from './player-events.repository.js';
import { StreamRegistry } from './stream-registry.js';
import { NOTIFY_SQL, notifyParameter, payloadHead, unpackPayload } from './notify.js';
import { EVENTS_CHANNEL, playerOfTopic, playerTopic, type TopicEvent } from './topics.js';
import { Periodic } from '../common/periodic.js';

export type { TopicEvent } from './topics.js';

type Listener = (event: TopicEvent) => void;

/** An open /api/me/events stream. */
interface PlayerFollower {
  playerId: string;
  /** Last-Event-ID: nothing at or below it is sent (null: none). */
  after: number | null;
  /** When it opened (the app's clock): the periodic check sends nothing stored before. */
  openedAt: Date;
  /** Still replaying what it missed: live events wait. */
  replaying: boolean;
  /** Sends a stored event unless this stream has had it. */
  deliver(e: { event: string; data: unknown; id?: number }): void;
}

const CHANNEL = EVENTS_CHANNEL;

/** Stored player events are kept this long for Last-Event-ID resume, then pruned. */
export const PLAYER_EVENTS_KEEP_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 5 * 60 * 1000;
/** At most this many missed events are replayed on a resume (an hour of a player's events is far fewer). */
const REPLAY_LIMIT = 1000;
/** Events one NOTIFY statement carries at most (several payloads); the rest go in the next. */
const BATCH_EVENTS = 500;
/** Events waiting for the LISTEN connection at most (an outage): the oldest go first (streams catch up from the database). */
const OUTBOX_MAX = 20_000;
/** A batch that failed this many times in a row on a live connection is dropped (it would block every later one). */
const MAX_SEND_ATTEMPTS = 3;
/** How often each copy checks that its player streams have every stored event of theirs (a copy died before publishing). */
export const PLAYER_CHECK_MS = 3000;
/** How far back that check looks (an older miss is the client's Last-Event-ID's or its queue poll's). */
const PLAYER_CHECK_WINDOW_MS = 60_000;
/** Ids of sent events a stream remembers, to send none twice (the newest). */
const SENT_IDS_KEPT = 1000;
/** How long a shutdown waits for the last NOTIFYs. */
const SHUTDOWN_SEND_MS = 2000;

export { packPayloads } from './notify.js';

/** Last-Event-ID (or ?lastEventId=) of a player stream: a stored event id, else null. */
function playerLastEventId(req: StreamRequest): number | null {
  const raw = rawLastEventId(req);
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/**
 * Fans events out to every app copy. Each copy has one publisher: an event is queued in the unit
 * of work that writes what it announces and leaves only once that has committed (Db.afterCommit;
 * dropped on rollback, so a write that lost publishes nothing). Then this copy's own streams get it
 * at once, in-process, and the other copies through PostgreSQL NOTIFY, sent in order and batched
 * on the LISTEN connection (a client of its own, outside the request pool) by statements that
 * write nothing: never inside a write, where PostgreSQL would serialize every notifying commit.
 * A copy skips its own NOTIFYs when they come back. Events of several copies may arrive in any
 * order: game streams order them by ply and fill gaps from the database (GameStreamService).
 */
@Injectable()
export class EventsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EventsService.name);
  private readonly listeners = new Map<string, Set<Listener>>();
  private client: pg.Client | null = null;
  /** The LISTEN connection is up and listening: NOTIFYs can go. */
  private listening = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  /** This copy on the wire (its NOTIFYs come back to it and are skipped). */
  readonly copyId = randomUUID();
  private readonly ownPayloadHead = payloadHead(this.copyId);
  /** Committed events not yet sent to the other copies, oldest first. */
  private outbox: TopicEvent[] = [];
  private sending: Promise<void> | null = null;
  private sendFailures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Players with an open /api/me/events stream on this copy (how many streams each). */
  private readonly playerStreams = new Map<string, number>();
  private readonly playerFollowers = new Set<PlayerFollower>();
  private readonly playerChecker = new Periodic(
    () => this.checkPlayerStreams(),
    (err) => this.logger.warn(`player streams not checked: ${String(err)}`),
  );
  private readonly pruner = new Periodic(
    () => this.prunePlayerEvents(),
    (err) => this.logger.warn(`player events not pruned: ${String(err)}`),
  );
  private readonly dieOn: ReturnType<typeof dieBeforePublish>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly playerEvents: PlayerEventsRepository,
    private readonly clock: Clock,
    private readonly db: Db,
    private readonly registry: StreamRegistry,
  ) {
    this.dieOn = dieBeforePublish(config.nodeEnv);
  }

  async onModuleInit(): Promise<void> {
    await this.connect();
    this.pruner.start(PRUNE_EVERY_MS);
    this.playerChecker.start(PLAYER_CHECK_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pruner.stop();
    await this.playerChecker.stop();
    // Open event streams never end by themselves: end them, or the HTTP server could not close.
    this.registry.closeAll();
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    // What committed before the shutdown still reaches the other copies (if the connection answers soon).
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([this.drained(), new Promise<void>((resolve) => (waited = setTimeout(resolve, SHUTDOWN_SEND_MS)))]);
    clearTimeout(waited);
    this.listening = false;
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.config.databaseUrl ?? undefined,
      application_name: 'outflank-listen',
      connectionTimeoutMillis: this.config.dbConnectTimeoutSeconds * 1000,
      keepAlive: true,
    });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      // This copy's own (delivered in-process when they were published): skipped unparsed.
      if (msg.payload.startsWith(this.ownPayloadHead)) return;
      try {
        const { copy, events } = unpackPayload(msg.payload);
        if (copy === this.copyId) return;
        for (const event of events) this.dispatch(event);
      } catch (err) {
        this.logger.warn(`bad notification payload: ${String(err)}`);
      }
    });
    // The current client, connected or not: a late 'error' or 'end' of a replaced one is ignored,
    // so an outage never leaves two LISTEN connections (and every event twice).
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.listening = false;
      this.scheduleReconnect();
    };
    client.on('error', (err) => {
      this.logger.warn(`LISTEN connection lost: ${err.message}`);
      lost();
    });
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.client !== client) return;
      this.listening = true;
      this.sendFailures = 0;
      this.kick(); // what was published while the connection was down
    } catch (err) {
      this.logger.warn(`LISTEN connection failed: ${String(err)}`);
      lost();
      await client.end().catch(() => undefined);
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const old = this.client;
    this.client = null;
    void old?.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, 1000);
  }

  private dispatch(event: TopicEvent): void {
    for (const listener of this.listeners.get(event.topic) ?? []) {
      try {
        listener(event);
      } catch (err) {
        this.logger.warn(`an event listener failed: ${String(err)}`);
      }
    }
  }

  /** Publishes one event once the current unit of work commits (at once outside one). */
  async publish(event: TopicEvent): Promise<void> {
    await this.publishAll([event]);
  }

  /**
   * Several events, delivered in this order once the current unit of work has committed (at once
   * outside one; never when it rolls back). Events of a player's own topic (`player:<id>`) are
   * also stored, in the caller's unit of work, and get the stored row's id as their SSE id, so
   * /api/me/events can replay them after a reconnect (Last-Event-ID). Callers keep calling
   * `publish({topic: playerTopic(id), event, data})`.
   */
  async publishAll(events: TopicEvent[]): Promise<void> {
    if (events.length === 0) return;
    const players = events.map((e) => playerOfTopic(e.topic));
    const count = players.filter((p) => p !== null).length;
    if (count === 0) {
      this.db.afterCommit(() => this.send(events));
      return;
    }
    const toStore: { playerId: string; event: string; data: string }[] = [];
    events.forEach((e, i) => {
      const playerId = players[i];
      if (playerId !== null) toStore.push({ playerId, event: e.event, data: JSON.stringify(e.data ?? null) });
    });
    const ids = await this.playerEvents.storeNew(toStore, this.clock.now());
    let k = 0;
    const withIds = events.map((e, i) => (players[i] === null ? e : { ...e, id: ids[k++] }));
    this.db.afterCommit(() => this.send(withIds));
  }

  /** Committed events: to this copy's streams now, to the other copies by the next NOTIFY. */
  private send(events: TopicEvent[]): void {
    if (this.dieOn && events.some((e) => e.event === this.dieOn)) {
      // Tests only (NODE_ENV=test): the copy dies between the commit and the publish.
      process.kill(process.pid, 'SIGKILL');
      return;
    }
    for (const e of events) this.dispatch(e);
    this.outbox.push(...events);
    if (this.outbox.length > OUTBOX_MAX) {
      const dropped = this.outbox.splice(0, this.outbox.length - OUTBOX_MAX);
      this.logger.warn(`${dropped.length} events not sent to the other copies (the LISTEN connection is down)`);
    }
    this.kick();
  }

  /** Starts a NOTIFY of the waiting events unless one is under way (it starts the next when done). */
  private kick(): void {
    if (this.sending || this.outbox.length === 0 || !this.listening || !this.client) return;
    const client = this.client;
    const batch = this.outbox.splice(0, BATCH_EVENTS);
    this.sending = client
      .query({ name: 'events_notify', text: NOTIFY_SQL, values: [notifyParameter(batch, this.copyId)] })
      .then(
        () => {
          this.sendFailures = 0;
        },
        (err: unknown) => {
          if (++this.sendFailures >= MAX_SEND_ATTEMPTS && this.client === client && this.listening) {
            this.sendFailures = 0;
            this.logger.warn(`${batch.length} events not sent to the other copies: ${String(err)}`);
            return;
          }
          this.outbox.unshift(...batch); // sent again when the connection is back (or in a second)
          if (!this.retryTimer && !this.closed) {
            this.retryTimer = setTimeout(() => {
              this.retryTimer = null;
              this.kick();
            }, 1000);
            this.retryTimer.unref();
          }
        },
      )
      .finally(() => {
        this.sending = null;
        if (this.sendFailures === 0) this.kick();
      });
  }

  /** Waits until every event published so far has been sent to the other copies (tests, shutdown). */
  async drained(): Promise<void> {
    while (this.sending || (this.outbox.length > 0 && this.listening)) await (this.sending ?? new Promise((r) => setTimeout(r, 10)));
  }

  /** Deletes stored player events older than PLAYER_EVENTS_KEEP_MS (every few minutes on every copy). */
  async prunePlayerEvents(): Promise<number> {
    return this.playerEvents.prune(new Date(this.clock.now().getTime() - PLAYER_EVENTS_KEEP_MS));
  }

  /**
   * A player's own event stream (/api/me/events). With Last-Event-ID, the stored events after it
   * are replayed first, then live ones follow: live events are subscribed to before the replay and
   * held until it is out, and one already replayed is not sent twice.
   */
  async openPlayerStream(playerId: string, req: StreamRequest, res: StreamResponse): Promise<void> {
    const since = playerLastEventId(req);
    const sse = this.registry.openStream(req, res);
    this.playerStreams.set(playerId, (this.playerStreams.get(playerId) ?? 0) + 1);
    sse.onClose(() => {
      const n = (this.playerStreams.get(playerId) ?? 1) - 1;
      if (n > 0) this.playerStreams.set(playerId, n);
      else this.playerStreams.delete(playerId);
    });
    // Ids it has had, so a live event, the replay and the periodic check never send one twice.
    const sent = new Set<number>();
    const held: TopicEvent[] = [];
    const follower: PlayerFollower = {
      playerId,
      after: since,
      openedAt: this.clock.now(),
      replaying: since !== null,
      deliver: (e) => {
        if (e.id !== undefined) {
          if (sent.has(e.id)) return;
          sent.add(e.id);
          if (sent.size > SENT_IDS_KEPT) sent.delete(Math.min(...sent));
        }
        sse.sendFrame(frameOf(e));
      },
    };
    sse.onClose(this.subscribe(playerTopic(playerId), (e) => (follower.replaying ? held.push(e) : follower.deliver(e))));
    this.playerFollowers.add(follower);
    sse.onClose(() => this.playerFollowers.delete(follower));
    if (since === null) return;
    try {
      for (const e of await this.playerEvents.since(playerId, since, REPLAY_LIMIT)) follower.deliver(e);
    } catch (err) {
      this.logger.warn(`player events not replayed: ${String(err)}`);
      sse.close();
      return;
    }
    follower.replaying = false;
    for (const e of held.splice(0)) follower.deliver(e);
  }

  /**
   * One query for every player streaming here: their events stored in the last minute that a
   * stream of theirs has not had (a copy that died between a commit and its publish) are sent.
   */
  private async checkPlayerStreams(): Promise<void> {
    if (this.playerFollowers.size === 0) return;
    const stored = await this.playerEvents.recent([...this.playerStreams.keys()], new Date(this.clock.now().getTime() - PLAYER_CHECK_WINDOW_MS));
    for (const f of this.playerFollowers) {
      if (f.replaying) continue;
      for (const e of stored) {
        if (e.playerId === f.playerId && e.createdAt >= f.openedAt && (f.after === null || e.id > f.after)) f.deliver(e);
      }
    }
  }

  /** The players holding a /api/me/events stream open on this app copy. */
  connectedPlayers(): string[] {
    return [...this.playerStreams.keys()];
  }

  subscribe(topic: string, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set!.delete(listener);
      if (set!.size === 0) this.listeners.delete(topic);
    };
  }
}
