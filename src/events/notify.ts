/**
 * The one NOTIFY of the app: events cross app copies as JSON arrays on one channel, packed into as
 * few payloads as fit (a NOTIFY payload holds at most 8000 bytes), in order. Every publisher's
 * statement embeds `notifySql`, so pg_notify is written here only.
 */
import type { TopicEvent } from './event-map.js';
import { EVENTS_CHANNEL } from './topics.js';

const PAYLOAD_BYTES = 7000;

/** The events as NOTIFY payloads: consecutive events packed into JSON arrays (order kept). */
export function packPayloads(events: readonly TopicEvent[]): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  for (const e of events) {
    const text = JSON.stringify(e);
    const size = Buffer.byteLength(text) + 1;
    if (batch.length > 0 && bytes + size > PAYLOAD_BYTES) {
      out.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 2;
    }
    batch.push(text);
    bytes += size;
  }
  if (batch.length > 0) out.push(`[${batch.join(',')}]`);
  return out;
}

/**
 * A SELECT that sends the payloads of the text[] parameter `param` in order (NOTIFY is delivered
 * on commit). `from`: a CTE to join, so nothing is sent when it has no row (a write that lost).
 */
export function notifySql(param: string, from?: string): string {
  return `SELECT pg_notify('${EVENTS_CHANNEL}', e.payload) FROM ${from ? `${from}, ` : ''}unnest(${param}::text[]) WITH ORDINALITY AS e(payload, n) ORDER BY e.n`;
}
