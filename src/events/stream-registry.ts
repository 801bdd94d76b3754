import jwt from 'jsonwebtoken';
import { Inject, Injectable } from '@nestjs/common';
import { SseStream, type StreamRequest, type StreamResponse } from '../common/sse.js';
import { APP_CONFIG, AppConfig } from '../config/config.js';
import { StreamLimits } from './stream-limits.js';

/** What a stream's token says about itself that its standing depends on (TokenStanding's claims). */
export interface StreamClaims {
  sub: string;
  tv?: unknown;
  jti?: unknown;
}

/** The claims of the request's bearer token, already verified by the route's guard (decoded only). */
function claimsOf(req: StreamRequest): StreamClaims | null {
  const match = /^Bearer (\S+)$/.exec(String(req.headers?.authorization ?? ''));
  const payload = match ? jwt.decode(match[1]) : null;
  if (!payload || typeof payload !== 'object' || typeof payload.sub !== 'string') return null;
  return { sub: payload.sub, tv: payload.tv, jti: payload.jti };
}

/**
 * The server-sent event streams open on this app copy, game and player ones: their caps per player
 * and per address, the token each was opened with, and their ending — when a token no longer
 * stands, and at shutdown (an open stream never ends by itself, so the HTTP server could not close).
 * What a stream carries is its owner's (GameStreamService, EventsService's player streams).
 */
@Injectable()
export class StreamRegistry {
  private readonly streams = new Set<SseStream>();
  /** The token each stream opened with a player's token was opened with (see closeStreams). */
  private readonly owners = new Map<SseStream, StreamClaims>();
  private readonly limits: StreamLimits;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.limits = new StreamLimits(config.sseStreamsPerPlayer, config.sseStreamsPerAddress);
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
    const claims = typeof playerId === 'string' ? claimsOf(req) : null;
    if (claims) this.owners.set(stream, claims);
    stream.onClose(() => {
      this.streams.delete(stream);
      this.owners.delete(stream);
      release();
    });
    return stream;
  }

  /**
   * Ends at once every stream opened with a token that `refused` says no longer stands (signed
   * out, revoked, its account closed): a stream checks its token when it opens, and would
   * otherwise go on until the client leaves. Returns how many it ended.
   */
  closeStreams(refused: (claims: StreamClaims) => boolean): number {
    let n = 0;
    for (const [stream, claims] of [...this.owners]) {
      if (!refused(claims)) continue;
      stream.close();
      n += 1;
    }
    return n;
  }

  /** Ends every open stream (the app shuts down). */
  closeAll(): void {
    for (const stream of [...this.streams]) stream.close();
  }

  /** Event streams open on this app copy. */
  get openStreams(): number {
    return this.streams.size;
  }
}
