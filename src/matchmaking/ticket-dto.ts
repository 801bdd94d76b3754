/** A queue ticket as the API shows it and as the `matched` event carries it. */
import { playerEvent, type TopicEvent } from '../events/event-map.js';
import { windowOf, type WindowRule } from './domain/pairing.js';
import type { TicketDto } from './dto/queue.dto.js';
import type { QueueMode, QueueTicket } from './entities/queue-ticket.entity.js';

export function ticketDto(t: QueueTicket, rating: number | null, now: Date, rule: WindowRule): TicketDto {
  const waitingRanked = t.state === 'waiting' && t.mode === 'ranked' && rating !== null;
  const eligibleAt = t.eligibleAt ? new Date(t.eligibleAt) : null;
  const w = waitingRanked ? windowOf({ rating, joinedAt: t.joinedAt, eligibleAt }, now, rule) : null;
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

export function matchedEvent(t: QueueTicket, now: Date, rule: WindowRule): TopicEvent {
  return playerEvent(t.playerId, 'matched', ticketDto(t, null, now, rule));
}

/** A paired candidate's ticket once matched, as its `matched` event shows it (the row was just written so). */
export function matchedTicket(
  c: { ticketId: string; playerId: string; turnSeconds: number | null; clock?: string | null; joinedAt: Date | string | number },
  mode: QueueMode,
  gameId: string,
  now: Date,
): QueueTicket {
  return {
    id: c.ticketId, playerId: c.playerId, mode, turnSeconds: c.turnSeconds, clock: c.clock ?? null, state: 'matched',
    reason: null, joinedAt: new Date(c.joinedAt), lastSeenAt: now, endedAt: now, gameId, eligibleAt: null, cooldownReason: null,
  };
}
