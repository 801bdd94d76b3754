import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg from 'pg';
import type { Request, Response } from 'express';
import { DataSource, EntityManager } from 'typeorm';
import { SseStream } from '../common/sse.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { StreamLimits } from './stream-limits.js';

import { EVENTS_CHANNEL, type TopicEvent } from './topics.js';

export type { TopicEvent } from './topics.js';

type Listener = (event: TopicEvent) => void;

const CHANNEL = EVENTS_CHANNEL;

/**
 * Fans events out to every app copy through PostgreSQL LISTEN/NOTIFY. Publishing with a
 * transaction's manager makes the NOTIFY part of that transaction: delivered only on commit.
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

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.limits = new StreamLimits(config.sseStreamsPerPlayer, config.sseStreamsPerAddress);
  }

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  async onModuleDestroy(): Promise<void> {
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
        this.dispatch(JSON.parse(msg.payload) as TopicEvent);
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

  /** Publishes inside `manager`'s transaction (sent on commit) or at once without one. */
  async publish(event: TopicEvent, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await this.publishAll([event], manager);
  }

  /** Several events in one statement, delivered in this order. */
  async publishAll(events: TopicEvent[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (events.length === 0) return;
    await manager.query(
      'SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS e(payload, n) ORDER BY n',
      [CHANNEL, events.map((e) => JSON.stringify(e))],
    );
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
  openStream(req: Request, res: Response, onHeartbeat?: () => void): SseStream {
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
