import { describe, expect, it } from '@jest/globals';
import { createContext, runInContext, Script } from 'node:vm';
import {
  CLIENT_COMMON,
  GAME_SCRIPT,
  isGameId,
  LOBBY_SCRIPT,
  renderPlayGame,
  renderPlayLobby,
  renderPlayNotFound,
  squareAt,
} from '../../../src/pages/views/play.js';

const GAME_ID = '3f2a9c1e-0b4d-4e8f-9a6b-7c5d3e1f2a0b';
const scripts = (html: string): string[] => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const testIds = (html: string): string[] => [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]);

describe('play views', () => {
  it('names squares as the API does: a1 is index 0, h1 7, d4 27, h8 63', () => {
    expect([0, 7, 27, 28, 35, 36, 63].map(squareAt)).toEqual(['a1', 'h1', 'd4', 'e4', 'd5', 'e5', 'h8']);
  });

  it('recognises game ids (UUIDs) only', () => {
    expect(isGameId(GAME_ID)).toBe(true);
    expect(isGameId(GAME_ID.toUpperCase())).toBe(true);
    for (const bad of ['', 'abc', `${GAME_ID}x`, `x${GAME_ID}`, '<script>', GAME_ID.replace(/-/g, '')]) expect(isGameId(bad)).toBe(false);
  });

  it('the game page is a shell: the game id in a data attribute, 64 squares a1..h8 in API order, seats, result, moves', () => {
    const html = renderPlayGame(GAME_ID);
    expect(html).toContain('<title>Game · Outflank</title>');
    expect(html).toContain(`id="play-game" data-testid="play-game" data-game-id="${GAME_ID}"`);
    const squares = [...html.matchAll(/data-testid="square" data-square="([a-h][1-8])"/g)].map((m) => m[1]);
    expect(squares).toEqual(Array.from({ length: 64 }, (_, i) => squareAt(i)));
    expect(html.match(/data-testid="board"/g)).toHaveLength(1);
    for (const id of ['seat-black', 'seat-white', 'turn-status', 'resign-button', 'rematch-button', 'result-banner', 'move-list', 'connection', 'game-missing']) {
      expect(testIds(html)).toContain(id);
    }
    // Both seats carry a name, a rating, the CPU badge, the clock and the disc count.
    for (const color of ['black', 'white']) {
      const seat = html.match(new RegExp(`<div class="pl-seat" data-testid="seat-${color}"[\\s\\S]*?data-testid="disc-count"`))![0];
      for (const id of ['player-name', 'player-rating', 'cpu-badge', 'you-badge', 'clock']) expect(seat).toContain(`data-testid="${id}"`);
    }
    // The page's own styles, inside the body (layout.ts is shared).
    expect(html).toMatch(/<main class="container">\s*<style>/);
    expect(scripts(html)).toEqual([GAME_SCRIPT]);
  });

  it('escapes whatever id it is given, in the attribute and in the text', () => {
    const nasty = '"><script>alert(1)</script>&';
    const html = renderPlayGame(nasty);
    expect(html).toContain('data-game-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;"');
    expect(html).not.toContain('<script>alert(1)');
    const missing = renderPlayNotFound(nasty);
    expect(missing).toContain('<code data-testid="missing-game-id">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;</code>');
    expect(missing).not.toContain('<script>alert(1)');
    expect(missing).toContain('<title>Game not found · Outflank</title>');
    expect(scripts(missing)).toEqual([]);
  });

  it('the lobby: guest button and sign-in form, room settings, join by code, quick match', () => {
    const html = renderPlayLobby();
    expect(html).toContain('<title>Play · Outflank</title>');
    for (const id of ['guest-button', 'auth-form', 'login-button', 'register-button', 'create-room', 'join-room', 'quick-match', 'room-code', 'queue-cancel', 'lobby-error']) {
      expect(testIds(html)).toContain(id);
    }
    // The room settings of POST /api/rooms, with the house defaults (legal squares and swapping on).
    expect(html).toMatch(/<input type="checkbox" name="rated" data-testid="room-rated">/);
    expect(html).toMatch(/<input type="checkbox" name="showLegalMoves" data-testid="room-legal" checked>/);
    expect(html).toMatch(/<input type="checkbox" name="swapColors" data-testid="room-swap" checked>/);
    const turn = html.match(/<select name="turnSeconds" data-testid="room-turn">([\s\S]*?)<\/select>/)![1];
    expect([...turn.matchAll(/value="(\d*)"/g)].map((m) => m[1])).toEqual(['', '30', '60']);
    expect([...html.matchAll(/name="mode" value="(\w+)"/g)].map((m) => m[1])).toEqual(['unranked', 'ranked']);
    // Signed-in and signed-out parts start hidden: the script shows one once it knows.
    expect(html).toMatch(/data-auth="out" hidden/);
    expect(html).toMatch(/data-auth="in" hidden/);
    expect(scripts(html)).toEqual([LOBBY_SCRIPT]);
  });

  it('the client scripts parse, cannot close their script element early and never write HTML from data', () => {
    for (const script of [LOBBY_SCRIPT, GAME_SCRIPT]) {
      expect(() => new Script(script)).not.toThrow();
      expect(script).not.toMatch(/<\/script/i);
      expect(script).not.toContain('`');
      expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
      expect(script).toContain(CLIENT_COMMON);
    }
  });
});

/** Runs the shared client code in a sandbox with a scripted fetch(). */
function client(fetchImpl: (url: string, init: any) => Promise<Response>) {
  const store = new Map<string, string>();
  const context = createContext({
    fetch: fetchImpl,
    TextDecoder,
    AbortController,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    console,
    window: { addEventListener: () => undefined, removeEventListener: () => undefined },
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  });
  runInContext(CLIENT_COMMON, context);
  return context as any;
}

/** A streamed body that hands out the given chunks one by one, then ends. */
function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]));
      else controller.close();
    },
  });
}

describe('play client: the event-stream reader', () => {
  it('sends the token, parses events split anywhere (CRLF too), and reconnects with Last-Event-ID', async () => {
    const requests: { url: string; headers: Record<string, string> }[] = [];
    const bodies = [
      // A comment, then two events cut mid-field and mid-CRLF, then the stream ends (a drop).
      [': connected\n\n', 'event: mo', 've\nid: 1\ndata: {"ply":0,"squ', 'are":"d3"}\r', '\n\r\nevent: seat\r\ndata: {"color":"white"}\n', '\n'],
      ['event: move\nid: 2\ndata: {"ply":1}\n\nevent: end\ndata: {"status":"finished"}\n\n'],
    ];
    const c = client(async (url, init) => {
      requests.push({ url, headers: { ...init.headers } });
      const body = bodies.shift();
      if (!body) return new Promise<Response>(() => undefined);
      return new Response(streamOf(body), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    });
    c.setToken('tok-1');
    const events: [string, unknown, number | null][] = [];
    let lastId: number | null = 7;
    const statuses: string[] = [];
    const done = new Promise<void>((resolve) => {
      const stream = c.openStream('/api/games/x/events', {
        lastEventId: () => lastId,
        onStatus: (st: string) => statuses.push(st),
        onEvent: (name: string, data: unknown, id: number | null) => {
          events.push([name, data, id]);
          if (id !== null) lastId = id;
          if (name === 'end') {
            stream.close();
            resolve();
          }
        },
      });
    });
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise((_, reject) => (timeout = setTimeout(() => reject(new Error('no end event')), 5000)))]).finally(() =>
      clearTimeout(timeout),
    );
    expect(events).toEqual([
      ['move', { ply: 0, square: 'd3' }, 1],
      ['seat', { color: 'white' }, null],
      ['move', { ply: 1 }, 2],
      ['end', { status: 'finished' }, null],
    ]);
    expect(requests.map((r) => r.url)).toEqual(['/api/games/x/events', '/api/games/x/events']);
    expect(requests.map((r) => r.headers.Authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1']);
    expect(requests.map((r) => r.headers['Last-Event-ID'])).toEqual(['7', '1']);
    expect(statuses).toEqual(['live', 'reconnecting', 'live']);
  });

  it('stops on 404 instead of retrying', async () => {
    let calls = 0;
    const c = client(async () => {
      calls++;
      return new Response('{}', { status: 404 });
    });
    const fatal = await new Promise<number>((resolve) => c.openStream('/api/games/x/events', { onEvent: () => undefined, onFatal: resolve }));
    expect(fatal).toBe(404);
    await new Promise((r) => setTimeout(r, 700));
    expect(calls).toBe(1);
  });

  it('api() turns the error shape into an exception with status, code and details', async () => {
    const c = client(async (url, init) => {
      expect(init.headers.Authorization).toBe('Bearer tok-2');
      expect(JSON.parse(init.body)).toEqual({ square: 'd3', ply: 0 });
      return new Response(JSON.stringify({ statusCode: 409, code: 'STALE_PLY', message: 'stale', details: { game: { ply: 3 } } }), { status: 409 });
    });
    c.setToken('tok-2');
    const err = await c.api('POST', '/api/games/x/moves', { square: 'd3', ply: 0 }).catch((e: any) => e);
    expect({ status: err.status, code: err.code, details: err.details, message: err.message }).toEqual({
      status: 409,
      code: 'STALE_PLY',
      details: { game: { ply: 3 } },
      message: 'stale',
    });
  });
});
