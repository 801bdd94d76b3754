import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { lastEventId, type StreamRequest, type StreamResponse } from '../common/sse.js';
import { EventsService } from '../events/events.service.js';
import { gameEvent } from '../events/event-map.js';
import { gameTopic, type TopicEvent } from '../events/topics.js';
import { toGameDto, toMoveDto } from './game-view.js';
import { GamesRepository } from './games.repository.js';
import { GameQueries } from './game-queries.service.js';
import { PresenceService } from './presence.service.js';

/**
 * A game's event stream: what the client missed (Last-Event-ID) merged with live events in order,
 * ended after the game's `end` event. A seated player's open stream counts as presence (it never
 * takes a seat back: that is POST /api/games/:id/seat, so no GET writes).
 */
@Injectable()
export class GameStreamService {
  constructor(
    private readonly events: EventsService,
    private readonly repo: GamesRepository,
    private readonly queries: GameQueries,
    private readonly presence: PresenceService,
    private readonly clock: Clock,
  ) {}

  async openGame(gameId: string, req: StreamRequest, res: StreamResponse, viewerId?: string): Promise<void> {
    await this.queries.mustExist(gameId);
    const since = lastEventId(req);
    const present = viewerId ? () => this.presence.mark(gameId, viewerId) : undefined;
    present?.();
    const sse = this.events.openStream(req, res, present);
    const topic = gameTopic(gameId);
    // Subscribe first and hold live events until the replay is out, so nothing falls between.
    let lastSent = since ?? -1;
    let ended = false;
    const held: TopicEvent[] = [];
    let replaying = true;
    const deliver = (e: TopicEvent) => {
      if (ended) return;
      if (e.event === 'move') {
        if ((e.id ?? 0) <= lastSent) return;
        lastSent = e.id ?? lastSent;
      }
      sse.send(e.event, e.data, e.id);
      if (e.event === 'end') {
        ended = true;
        // A finished game sends nothing more: free the connection (clients stop on `end`).
        setImmediate(() => sse.close());
      }
    };
    sse.onClose(this.events.subscribe(topic, (e) => (replaying ? held.push(e) : deliver(e))));
    try {
      const missed = since !== null ? await this.repo.movesSince(gameId, since) : [];
      const loaded = await this.repo.loadWithRatings(gameId);
      // The last record replayed carries the game, when it is the game's latest: the client catches up without a request.
      const game = loaded ? toGameDto(loaded, this.clock.now()) : undefined;
      missed.forEach((m, i) => {
        const latest = i === missed.length - 1 && game && m.ply + 1 === game.ply;
        deliver(gameEvent(gameId, 'move', latest ? { ...toMoveDto(m), game } : toMoveDto(m), m.ply + 1));
      });
      if (loaded && loaded.game.status !== 'active') {
        for (const e of held.splice(0)) if (e.event === 'move') deliver(e);
        deliver(gameEvent(gameId, 'end', game!, loaded.game.ply));
      }
      replaying = false;
      for (const e of held.splice(0)) deliver(e);
    } catch {
      sse.close();
    }
  }

  /**
   * A player's own events: matched, game, rematch, with ids; Last-Event-ID replays the missed
   * ones. An open stream keeps the player's waiting queue ticket alive (see EventsService).
   */
  openPlayer(playerId: string, req: StreamRequest, res: StreamResponse): Promise<void> {
    return this.events.openPlayerStream(playerId, req, res);
  }
}
