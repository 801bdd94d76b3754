/**
 * A JSON text worked out once for an object that goes out more than once. A move's game view goes
 * out in the move's answer and in its event's NOTIFY payload (and in the `end` event's of a last
 * move): each was a JSON.stringify of the same object, 1–2 KB of text. Remembered by the object,
 * so only for objects nothing changes once built, as a published view, and only until its second
 * use (the answer or the event, whichever comes second, takes it): the view of a game this copy
 * holds (GameCache) lives until the game's next move, and its text with it would outlive the
 * young generation and be copied out of it, for nothing.
 */
import type { ServerResponse } from 'node:http';

const texts = new WeakMap<object, string>();

/**
 * JSON.stringify(value): the first call remembers the text for `value`, which must not change
 * afterwards; the second takes the remembered text and forgets it.
 */
export function sharedJson(value: object): string {
  const known = texts.get(value);
  if (known !== undefined) {
    texts.delete(value);
    return known;
  }
  const text = JSON.stringify(value);
  texts.set(value, text);
  return text;
}

/** The text sharedJson remembers for `value`, if any (it stays remembered). */
export function knownJson(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? texts.get(value) : undefined;
}

/**
 * Sends `text`, a JSON text, as the answer, with the headers res.json gives it (Content-Type with
 * its charset, Content-Length): without Express's send, which parses the Content-Type again to set
 * the charset and checks for an ETag, freshness and HEAD, none of which applies to the answer of a POST.
 */
export function sendJsonText(res: ServerResponse, text: string): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
