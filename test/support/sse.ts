import http from 'node:http';

export interface SseEvent {
  event: string;
  id?: string;
  data: any;
}

/** A minimal SSE client for tests: collects events until closed. */
export function openSse(url: string, headers: Record<string, string> = {}) {
  const events: SseEvent[] = [];
  let req: http.ClientRequest | null = null;
  let buffer = '';
  let endedFlag = false;
  let resolveEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));
  const ready = new Promise<number>((resolve, reject) => {
    req = http.get(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      resolve(res.statusCode ?? 0);
      res.on('end', () => {
        endedFlag = true;
        resolveEnded();
      });
      res.on('close', () => {
        endedFlag = true;
        resolveEnded();
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let idx: number;
        while ((idx = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          const e: Partial<SseEvent> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('data: ')) e.data = JSON.parse(line.slice(6));
          }
          if (e.event) events.push(e as SseEvent);
        }
      });
    });
    req.on('error', reject);
  });
  return {
    events,
    ready,
    /** Resolves when the server ends the stream. */
    ended,
    get endedByServer() {
      return endedFlag;
    },
    async waitFor(predicate: (events: SseEvent[]) => boolean, timeoutMs = 10_000): Promise<SseEvent[]> {
      const start = Date.now();
      while (!predicate(events)) {
        if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for SSE events; got ${JSON.stringify(events.map((e) => [e.event, e.id]))}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return events;
    },
    close() {
      req?.destroy();
    },
  };
}
