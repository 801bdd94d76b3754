/**
 * The one NOTIFY of the app: events cross app copies on one channel, packed into as few payloads
 * as fit (a NOTIFY payload holds at most 8000 bytes), in order, each payload naming the copy that
 * sent it (`{"copy": id, "events": [...]}`: the sender delivered them to its own streams already).
 * Only EventsService's publisher sends them, after the commit of what they announce: pg_notify is
 * written here only.
 */
import { knownJson, sharedJson } from '../common/json-text.js';
import type { TopicEvent } from './event-map.js';
import { EVENTS_CHANNEL } from './topics.js';

const PAYLOAD_BYTES = 7000;

/** One NOTIFY payload as it crosses: the sending copy and its events, in order. */
export interface EventsPayload {
  copy: string;
  events: TopicEvent[];
}

/** How every payload of copy `copy` begins (a copy tells its own without parsing them). */
export const payloadHead = (copy: string): string => `{"copy":${JSON.stringify(copy)},"events":[`;

/** The keys JSON.stringify writes of an event (an `id` left undefined is skipped). */
const EVENT_KEYS = new Set(['topic', 'event', 'data', 'id']);

/**
 * JSON.stringify(e), with the game its data carries (`data.game`, or the data itself when
 * sharedJson already has it: a game's `end`) written from sharedJson: the move's answer writes
 * the same game. The game is the data's last key here (it is in every event that carries one);
 * a reader parses the same event.
 */
export function eventText(e: TopicEvent): string {
  const data: unknown = e.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return JSON.stringify(e);
  for (const key in e) if (!EVENT_KEYS.has(key)) return JSON.stringify(e);
  let dataText = knownJson(data);
  if (dataText === undefined) {
    const { game, ...rest } = data as Record<string, unknown>;
    if (typeof game !== 'object' || game === null || 'toJSON' in data) return JSON.stringify(e);
    const restText = JSON.stringify(rest);
    dataText = `${restText.length === 2 ? '{' : `${restText.slice(0, -1)},`}"game":${sharedJson(game)}}`;
  }
  const id = e.id === undefined ? '' : `,"id":${JSON.stringify(e.id)}`;
  return `{"topic":${JSON.stringify(e.topic)},"event":${JSON.stringify(e.event)},"data":${dataText}${id}}`;
}

/** The events as NOTIFY payloads of copy `copy`: consecutive events packed together (order kept). */
export function packPayloads(events: readonly TopicEvent[], copy: string): string[] {
  const head = payloadHead(copy);
  const out: string[] = [];
  let batch: string[] = [];
  let bytes = Buffer.byteLength(head) + 2;
  const flush = () => {
    out.push(`${head}${batch.join(',')}]}`);
    batch = [];
    bytes = Buffer.byteLength(head) + 2;
  };
  for (const e of events) {
    const text = eventText(e);
    const size = Buffer.byteLength(text) + 1;
    if (batch.length > 0 && bytes + size > PAYLOAD_BYTES) flush();
    batch.push(text);
    bytes += size;
  }
  if (batch.length > 0) flush();
  return out;
}

/**
 * Between two payloads in NOTIFY_SQL's one parameter. JSON text never holds a raw control
 * character (JSON.stringify escapes U+0000–U+001F), so no payload holds it.
 */
export const PAYLOAD_SEPARATOR = '\u0001';

/**
 * The payloads of packPayloads as NOTIFY_SQL's one parameter, joined by PAYLOAD_SEPARATOR. As a
 * text[] the driver would escape every quote of the JSON into a new copy of each payload (an array
 * literal), two or three copies of a move's events a move.
 */
export function notifyParameter(events: readonly TopicEvent[], copy: string): string {
  return packPayloads(events, copy).join(PAYLOAD_SEPARATOR);
}

/** A NOTIFY payload's events and sender (an earlier version's bare array: no sender). */
export function unpackPayload(payload: string): { copy: string | null; events: TopicEvent[] } {
  const parsed = JSON.parse(payload) as EventsPayload | TopicEvent | TopicEvent[];
  if (Array.isArray(parsed)) return { copy: null, events: parsed };
  if ('copy' in parsed && Array.isArray(parsed.events)) return { copy: parsed.copy, events: parsed.events };
  return { copy: null, events: [parsed as TopicEvent] };
}

/**
 * The statement that sends the payloads of its one parameter (notifyParameter: payloads joined by
 * PAYLOAD_SEPARATOR, chr(1)) in order: a transaction of
 * its own that writes nothing, so PostgreSQL's lock on notifying commits is held for microseconds
 * (a NOTIFY inside a write would hold it through the write's WAL flush, one commit at a time).
 */
export const NOTIFY_SQL = `SELECT pg_notify('${EVENTS_CHANNEL}', e.payload) FROM unnest(string_to_array($1::text, chr(1))) WITH ORDINALITY AS e(payload, n) ORDER BY e.n`;
