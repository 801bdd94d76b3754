/** Parsing text/event-stream (pure: unit-tested without a browser). */

export interface SseEvent {
  name: string;
  data: unknown;
  /** The numeric `id:` (a game's ply), or null. */
  id: number | null;
}

/** One event block (the lines between blank lines); null for comments and blocks without JSON data. */
export function parseEventBlock(block: string): SseEvent | null {
  let name = 'message';
  const data: string[] = [];
  let id: string | null = null;
  for (const line of block.split('\n')) {
    if (!line || line.charAt(0) === ':') continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charAt(0) === ' ') value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  if (!data.length) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.join('\n'));
  } catch {
    return null;
  }
  return { name, data: parsed, id: id !== null && /^\d+$/.test(id) ? Number(id) : null };
}

/** Feeds decoded text in, gets complete event blocks out (CR LF and CR normalised to LF). */
export class SseBuffer {
  private buf = '';

  push(chunk: string): string[] {
    this.buf += chunk;
    // A trailing CR may be the first half of a CR LF: keep it back.
    const keep = this.buf.endsWith('\r') ? 1 : 0;
    this.buf = this.buf.slice(0, this.buf.length - keep).replace(/\r\n?/g, '\n') + this.buf.slice(this.buf.length - keep);
    const blocks: string[] = [];
    let at: number;
    while ((at = this.buf.indexOf('\n\n')) >= 0) {
      blocks.push(this.buf.slice(0, at));
      this.buf = this.buf.slice(at + 2);
    }
    return blocks;
  }
}
