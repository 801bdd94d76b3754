import { pageContextOf } from '../../../src/i18n/page-context.js';
import { describe, expect, it } from '@jest/globals';
import { buildSync } from 'esbuild';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { clientSettings } from '../../../src/pages/client-settings.js';
import { isGameId, renderPlayGame, renderPlayLobby, renderPlayNotFound, squareAt } from '../../../src/pages/views/play.js';

const EN = pageContextOf('en');

const GAME_ID = '3f2a9c1e-0b4d-4e8f-9a6b-7c5d3e1f2a0b';
const SETTINGS = clientSettings({ firstMoveSeconds: 30, cpuTakeoverSeconds: 60, sseHeartbeatSeconds: 15 });
/** The settings a page carries for the client (data-settings on its root element). */
const settingsOf = (html: string): unknown => JSON.parse(html.match(/data-settings="([^"]*)"/)![1].replace(/&quot;/g, '"'));
/** Inline code of any kind (the CSP forbids it): <script> with a body, <style>, style="", on*= handlers. */
const inlineCode = (html: string): string[] => [...html.matchAll(/<script>[\s\S]*?<\/script>|<style[\s>]|\sstyle="|\son[a-z]+="/gi)].map((m) => m[0]);
const testIds = (html: string): string[] => [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]);
/** The elements the client's views find (data-part). */
const partsOf = (html: string): string[] => [...html.matchAll(/data-part="([^"]+)"/g)].map((m) => m[1]);

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
    const html = renderPlayGame(EN, GAME_ID, SETTINGS);
    expect(html).toContain('<title>Game · Outflank</title>');
    // The game area has its top-level heading, for screen readers (the board and seats say the rest);
    // the missing game's block has its own.
    expect(html).toMatch(/data-testid="game-area">\s*<h1 class="sr-only" data-testid="game-heading">Game<\/h1>/);
    expect(html).toContain(`id="play-game" data-testid="play-game" data-game-id="${GAME_ID}"`);
    const squares = [...html.matchAll(/data-testid="square" data-square="([a-h][1-8])"/g)].map((m) => m[1]);
    expect(squares).toEqual(Array.from({ length: 64 }, (_, i) => squareAt(i)));
    expect(html.match(/data-testid="board"/g)).toHaveLength(1);
    for (const id of ['board', 'seat-black', 'seat-white', 'turn-status', 'resign-button', 'rematch-button', 'result-banner', 'move-list', 'connection', 'game-missing']) {
      expect(partsOf(html)).toContain(id);
    }
    // Both seats carry a name, a rating, the CPU badge, the clock and the disc count.
    for (const color of ['black', 'white']) {
      const seat = html.match(new RegExp(`<div class="pl-seat" data-part="seat-${color}"[\\s\\S]*?data-part="disc-count"`))![0];
      for (const id of ['player-name', 'player-rating', 'cpu-badge', 'you-badge', 'clock']) expect(seat).toContain(`data-part="${id}"`);
    }
    // Replay controls, the pass notice, feedback under the board, the screen-reader announcer.
    for (const id of ['replay-first', 'replay-prev', 'replay-next', 'replay-last', 'replay-position', 'pass-notice', 'square-hint', 'announcer', 'sound-toggle']) {
      expect(partsOf(html)).toContain(id);
    }
    expect(html).toMatch(/data-part="announcer"[^>]*aria-live="polite"/);
    // One tab stop on the board (d3); arrow keys move it.
    expect(html.match(/data-testid="square"[^>]*tabindex="0"/g)).toHaveLength(1);
    expect(html).toMatch(/data-square="d3"[^>]*tabindex="0"/);
    expect(inlineCode(html)).toEqual([]);
    expect(settingsOf(html)).toEqual(SETTINGS);
  });

  it('escapes whatever id it is given, in the attribute and in the text', () => {
    const nasty = '"><script>alert(1)</script>&';
    const html = renderPlayGame(EN, nasty, SETTINGS);
    expect(html).toContain('data-game-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;"');
    expect(html).not.toContain('<script>alert(1)');
    const missing = renderPlayNotFound(EN, nasty);
    expect(missing).toContain('<code data-testid="missing-game-id">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;</code>');
    expect(missing).not.toContain('<script>alert(1)');
    expect(missing).toContain('<title>This link is broken · Outflank</title>');
    expect(inlineCode(missing)).toEqual([]);
  });

  it('the lobby: guest button and sign-in form, room settings, join by code, quick match', () => {
    const html = renderPlayLobby(EN, SETTINGS);
    expect(html).toContain('<title>Play · Outflank</title>');
    for (const id of ['guest-button', 'auth-form', 'login-button', 'register-button', 'create-room', 'join-room', 'quick-match', 'room-code', 'queue-cancel', 'lobby-error']) {
      expect(testIds(html)).toContain(id);
    }
    // The room settings of POST /api/rooms, with the house defaults (legal squares and swapping on).
    expect(html).not.toMatch(/name="rated"/); // rooms are friendly tables, never rated
    expect(testIds(html)).toContain('room-casual');
    expect(html).toMatch(/<input type="checkbox" name="showLegalMoves" data-testid="room-legal" checked>/);
    expect(html).toMatch(/<input type="checkbox" name="swapColors" data-testid="room-swap" checked>/);
    const turn = html.match(/<select name="turnSeconds" data-testid="room-turn">([\s\S]*?)<\/select>/)![1];
    expect([...turn.matchAll(/value="(\d*)"/g)].map((m) => m[1])).toEqual(['', '30', '60']);
    expect([...html.matchAll(/name="mode" value="(\w+)"/g)].map((m) => m[1])).toEqual(['unranked', 'ranked']);
    // Signed-in and signed-out parts start hidden: the script shows one once it knows.
    expect(html).toMatch(/data-part="signed-out" hidden/);
    expect(html).toMatch(/data-part="signed-in-area" hidden/);
    // The client reads the server's settings from the page, never from constants of its own.
    expect(settingsOf(html)).toEqual({ turnLimits: [30, 60], firstMoveSeconds: 30, cpuTakeoverSeconds: 60, awayAfterSeconds: 18 });
    expect(inlineCode(html)).toEqual([]);
    // Quick match comes first; the live games are listed under the forms.
    expect(html.indexOf('data-testid="quick-match"')).toBeLessThan(html.indexOf('data-testid="create-room"'));
    expect(testIds(html)).toEqual(expect.arrayContaining(['watch-list', 'room-copy', 'form-error', 'in-game-note']));
  });
});

/** The client's request and stream code (src/client), bundled by esbuild as the build does. */
const CLIENT_CODE = buildSync({
  stdin: {
    contents:
      "export { openStream } from './transport/sse'; export { request, ApiError, onConnectionState } from './transport/http'; export { getToken, setToken } from './common/storage';",
    resolveDir: join(__dirname, '../../../src/client'),
    loader: 'ts',
  },
  bundle: true,
  write: false,
  format: 'iife',
  globalName: 'client',
  platform: 'browser',
  logLevel: 'silent',
}).outputFiles[0].text;

/** Runs the client's request and stream code in a sandbox with a scripted fetch() and fast timers. */
function client(fetchImpl: (url: string, init: any) => Promise<Response>, options: { timeScale?: number } = {}) {
  const store = new Map<string, string>();
  const scale = options.timeScale ?? 1;
  const context = createContext({
    fetch: fetchImpl,
    TextDecoder,
    AbortController,
    setTimeout: (f: () => void, ms: number) => setTimeout(f, ms * scale),
    clearTimeout,
    Date,
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
  runInContext(CLIENT_CODE, context);
  return { ...(context as any).client, store };
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

describe('play client: the event-stream reader and API requests', () => {
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

  it('a stream only a signed-in player may open asks nothing once the device holds no token (signed out meanwhile)', async () => {
    let calls = 0;
    const c = client(async () => {
      calls++;
      return new Response('{}', { status: 401 });
    });
    c.setToken(null);
    const fatal = await new Promise<number>((resolve) => c.openStream('/api/me/events', { onEvent: () => undefined, onFatal: resolve, needsToken: true }));
    expect(fatal).toBe(401);
    expect(calls).toBe(0);
    // Without the flag (a game's stream, which spectators open without a token) it asks.
    const asked = await new Promise<number>((resolve) => c.openStream('/api/games/x/events', { onEvent: () => undefined, onFatal: resolve }));
    expect(asked).toBe(401);
    expect(calls).toBe(1);
  });

  it('api() turns the error shape into an exception with status, code and details', async () => {
    const c = client(async (url, init) => {
      expect(init.headers.Authorization).toBe('Bearer tok-2');
      expect(JSON.parse(init.body)).toEqual({ square: 'd3', ply: 0 });
      return new Response(JSON.stringify({ statusCode: 409, code: 'STALE_PLY', message: 'stale', details: { game: { ply: 3 } } }), { status: 409 });
    });
    c.setToken('tok-2');
    const err = await c.request('POST', '/api/games/x/moves', { square: 'd3', ply: 0 }).catch((e: any) => e);
    expect({ status: err.status, code: err.code, details: err.details, message: err.message }).toEqual({
      status: 409,
      code: 'STALE_PLY',
      details: { game: { ply: 3 } },
      message: 'stale',
    });
  });

  it('keeps the token through 503s (honouring Retry-After) and network errors, retrying until the server answers', async () => {
    const answers: (() => Response)[] = [
      () => new Response(JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' }), { status: 503, headers: { 'Retry-After': '1' } }),
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => new Response(JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' }), { status: 503 }),
      () => new Response(JSON.stringify({ id: 'p1', username: 'guest-1' }), { status: 200 }),
    ];
    const seen: string[] = [];
    const c = client(async (_url, init) => {
      seen.push(init.headers.Authorization);
      return answers.shift()!();
    }, { timeScale: 0.01 });
    c.setToken('tok-3');
    const states: string[] = [];
    c.onConnectionState((st: string) => states.push(st));
    expect(await c.request('GET', '/api/players/me')).toEqual({ id: 'p1', username: 'guest-1' });
    expect(seen).toEqual(['Bearer tok-3', 'Bearer tok-3', 'Bearer tok-3', 'Bearer tok-3']);
    expect(c.getToken()).toBe('tok-3');
    expect(states).toEqual(['unavailable', 'unavailable', 'unavailable', 'available']);
  });

  it('gives up after its tries with the 503 error, token kept; a POST that may have arrived is not repeated on a network error', async () => {
    let calls = 0;
    const c = client(async () => {
      calls++;
      return new Response(JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database is unavailable.' }), { status: 503 });
    }, { timeScale: 0.001 });
    c.setToken('tok-4');
    const err = await c.request('GET', '/api/players/me').catch((e: any) => e);
    expect({ status: err.status, code: err.code }).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(calls).toBe(6);
    expect(c.getToken()).toBe('tok-4');

    let posts = 0;
    const d = client(async () => {
      posts++;
      throw new TypeError('Failed to fetch');
    }, { timeScale: 0.001 });
    const net = await d.request('POST', '/api/rooms', {}).catch((e: any) => e);
    expect({ status: net.status, code: net.code }).toEqual({ status: 0, code: 'NETWORK' });
    expect(posts).toBe(1);
    // A move carries its ply: safe to repeat.
    posts = 0;
    await d.request('POST', '/api/games/x/moves', { square: 'd3', ply: 0 }, { idempotent: true }).catch(() => undefined);
    expect(posts).toBe(6);
  });

  it('drops the token on a 401 to a request that carried it, and only then', async () => {
    const c = client(async () => new Response(JSON.stringify({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'no' }), { status: 401 }));
    c.setToken('tok-5');
    const states: string[] = [];
    c.onConnectionState((st: string) => states.push(st));
    const err = await c.request('GET', '/api/players/me').catch((e: any) => e);
    expect(err.status).toBe(401);
    expect(c.getToken()).toBeNull();
    expect(states).toEqual(['signed-out']);
  });

  it('keeps an event stream (and the token) through a 503 and reconnects', async () => {
    const answers = [
      () => new Response('{}', { status: 503 }),
      () => new Response(streamOf(['event: move\nid: 3\ndata: {"ply":2}\n\n']), { status: 200 }),
    ];
    const c = client(async () => (answers.shift() ?? (() => new Promise<Response>(() => undefined)))() as Response, { timeScale: 0.01 });
    c.setToken('tok-6');
    const got = await new Promise<unknown>((resolve) => {
      const stream = c.openStream('/api/me/events', {
        onEvent: (_n: string, data: unknown) => {
          stream.close();
          resolve(data);
        },
      });
    });
    expect(got).toEqual({ ply: 2 });
    expect(c.getToken()).toBe('tok-6');
  });
});
