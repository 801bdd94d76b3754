import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { Clock } from '../common/clock.js';
import { rawLastEventId, SseStream, type StreamRequest, type StreamResponse } from '../common/sse.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { PlayerEventsRepository } from './player-events.repository.js';
import { StreamLimits } from './stream-limits.js';
import { packPayloads } from './notify.js';
import { EVENTS_CHANNEL, playerOfTopic, playerTopic, type TopicEvent } from './topics.js';
import { Periodic } from '../common/periodic.js';

export type { TopicEvent } from './topics.js';

type Listener = (event: TopicEvent) => void;

const CHANNEL = EVENTS_CHANNEL;

/** Stored player events are kept this long for Last-Event-ID resume, then pruned. */
export const PLAYER_EVENTS_KEEP_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 5 * 60 * 1000;
/** At most this many missed events are replayed on a resume (an hour of a player's events is far fewer). */
const REPLAY_LIMIT = 1000;

export { packPayloads } from './notify.js';

/** Last-Event-ID (or ?lastEventId=) of a player stream: a stored event id, else null. */
function playerLastEventId(req: StreamRequest): number | null {
  const raw = rawLastEventId(req);
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/**
 * Fans events out to every app copy through PostgreSQL LISTEN/NOTIFY. Publishing inside a unit of
 * work (Db.transaction) makes the NOTIFY part of that transaction: delivered only on commit. The
 * LISTEN connection is a client of its own, outside the request pool.
 */
@Injectable()
export class EventsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EventsService.name);
  private readonly listeners = new Map<string, Set<Listener>>();
  private client: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly streams = new Set<SseStream>();
  private readonly limits: StreamLimits;
  /** Players with an open /api/me/events stream on this copy (how many streams each). */
  private readonly playerStreams = new Map<string, number>();
  private readonly pruner = new Periodic(
    () => this.prunePlayerEvents(),
    (err) => this.logger.warn(`player events not pruned: ${String(err)}`),
  );

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly playerEvents: PlayerEventsRepository,
    private readonly clock: Clock,
  ) {
    this.limits = new StreamLimits(config.sseStreamsPerPlayer, config.sseStreamsPerAddress);
  }

  async onModuleInit(): Promise<void> {
    await this.connect();
    this.pruner.start(PRUNE_EVERY_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pruner.stop();
    // Open event streams never end by themselves: end them, or the HTTP server could not close.
    for (const stream of [...this.streams]) stream.close();
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
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
      try {
        // One event, or an array of them (publishAll packs events into as few NOTIFYs as fit).
        const parsed = JSON.parse(msg.payload) as TopicEvent | TopicEvent[];
        for (const event of Array.isArray(parsed) ? parsed : [parsed]) this.dispatch(event);
      } catch (err) {
        this.logger.warn(`bad notification payload: ${String(err)}`);
      }
    });
    // The current client, connected or not: a late 'error' or 'end' of a replaced one is ignored,
    // so an outage never leaves two LISTEN connections (and every event twice).
    this.client = client;
    const lost = () => {
      if (this.client === client) this.scheduleReconnect();
    };
    client.on('error', (err) => {
      this.logger.warn(`LISTEN connection lost: ${err.message}`);
      lost();
    });
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
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
    for (const listener of this.listeners.get(event.topic) ?? []) listener(event);
  }

  /** Publishes in the current unit of work (sent on its commit), or at once outside one. */
  async publish(event: TopicEvent): Promise<void> {
    await this.publishAll([event]);
  }

  /**
   * Several events, delivered in this order (packed into as few NOTIFYs as fit). Events of a
   * player's own topic (`player:<id>`) are also stored, in the same statement as the NOTIFY, and
   * get the stored row's id as their SSE id, so /api/me/events can replay them after a reconnect
   * (Last-Event-ID). Callers keep calling `publish({topic: playerTopic(id), event, data})`.
   */
  async publishAll(events: TopicEvent[]): Promise<void> {
    if (events.length === 0) return;
    const players = events.map((e) => playerOfTopic(e.topic));
    const count = players.filter((p) => p !== null).length;
    if (count === 0) {
      await this.playerEvents.notify(packPayloads(events));
      return;
    }
    const ids = await this.playerEvents.nextIds(count);
    let k = 0;
    const stored: { id: number; playerId: string; event: string; data: string }[] = [];
    const withIds = events.map((e, i) => {
      const playerId = players[i];
      if (playerId === null) return e;
      const id = ids[k++];
      stored.push({ id, playerId, event: e.event, data: JSON.stringify(e.data ?? null) });
      return { ...e, id };
    });
    await this.playerEvents.storeAndNotify(stored, packPayloads(withIds), this.clock.now());
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
    const sse = this.openStream(req, res);
    this.playerStreams.set(playerId, (this.playerStreams.get(playerId) ?? 0) + 1);
    sse.onClose(() => {
      const n = (this.playerStreams.get(playerId) ?? 1) - 1;
      if (n > 0) this.playerStreams.set(playerId, n);
      else this.playerStreams.delete(playerId);
    });
    let replaying = since !== null;
    const held: TopicEvent[] = [];
    const replayed = new Set<number>();
    sse.onClose(this.subscribe(playerTopic(playerId), (e) => (replaying ? held.push(e) : sse.send(e.event, e.data, e.id))));
    if (since === null) return;
    try {
      for (const e of await this.playerEvents.since(playerId, since, REPLAY_LIMIT)) {
        replayed.add(e.id);
        sse.send(e.event, e.data, e.id);
      }
    } catch (err) {
      this.logger.warn(`player events not replayed: ${String(err)}`);
      sse.close();
      return;
    }
    replaying = false;
    for (const e of held.splice(0)) if (e.id === undefined || !replayed.has(e.id)) sse.send(e.event, e.data, e.id);
  }

  /** The players holding a /api/me/events stream open on this app copy. */
  connectedPlayers(): string[] {
    return [...this.playerStreams.keys()];
  }

  /** Event streams open on this app copy. */
  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * Starts a server-sent event stream on this response; it is ended when the app shuts down. Open
   * streams are capped per player (the request's authenticated player, if any) and per client
   * address: past the cap this throws 429 RATE_LIMITED before anything is written.
   */
  openStream(req: StreamRequest, res: StreamResponse, onHeartbeat?: () => void): SseStream {
    const playerId = (req.user as { id?: unknown } | undefined)?.id;
    const release = this.limits.acquire(req.ip ?? req.socket.remoteAddress ?? 'unknown', typeof playerId === 'string' ? playerId : null);
    let stream: SseStream;
    try {
      stream = new SseStream(req, res, this.config.sseHeartbeatSeconds, onHeartbeat);
    } catch (err) {
      release();
      throw err;
    }
    this.streams.add(stream);
    stream.onClose(() => {
      this.streams.delete(stream);
      release();
    });
    return stream;
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
