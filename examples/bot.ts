/**
 * An Outflank bot in one file: it signs in as a bot account, queues, and plays its games with the
 * project's engine through the HTTP API until it has finished `--games` of them.
 *
 *   npm run bot -- --url http://localhost:3000 --username NAME --password PASS --mode ranked --games 3
 *
 * The conventions it follows (README, "Write a bot"): every request may meet a 503 with Retry-After
 * (wait, keep the token, retry); a move carries the game's `ply`, so re-sending it after a network
 * error is safe (200 = it was recorded); STALE_PLY means the game moved on (its error carries the
 * current game); passes are inserted by the server (the answer's game says whose turn it is); event
 * streams resume with Last-Event-ID. The types come from the server's OpenAPI schema.
 */
import { parseArgs } from 'node:util';
import type { components, paths } from '../src/client/api/schema.js';
import { chooseCpuMove, fromBoardString, squareName } from '../src/engine/index.js';

type Game = components['schemas']['GameDto'];
type Ticket = components['schemas']['TicketDto'];
type ErrorBody = components['schemas']['ErrorDto'];
/** The JSON body a route answers with the given status, and the JSON body it takes. */
type Json<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer J } } };
}
  ? J
  : never;
type Body<P extends keyof paths, M extends keyof paths[P] = 'post'> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export interface BotOptions {
  url: string;
  username: string;
  password: string;
  mode: 'ranked' | 'unranked';
  /** Finished games to play before returning. */
  games: number;
  turnSeconds?: 30 | 60 | null;
  /** Register as a bot account (bots are paired only with bots, and have their own leaderboard). */
  bot?: boolean;
  /** The engine's node budget per move: small is quick (and weaker). */
  nodeLimit?: number;
  log?: (line: string) => void;
}

export class ApiError extends Error {
  constructor(readonly status: number, readonly body: ErrorBody) {
    super(`${status} ${body.code}: ${body.message}`);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const backoff = (attempt: number) => Math.min(10_000, 500 * 2 ** attempt) * (0.75 + Math.random() / 2);

/** Plays `games` finished games and returns them. */
export async function runBot(opts: BotOptions): Promise<Game[]> {
  const log = opts.log ?? ((line: string) => console.log(`[${opts.username}] ${line}`));
  let token = '';

  /**
   * One JSON request. A 503 (or 429) is waited out as Retry-After says, a network error with
   * backoff, and the same request is sent again: every request this bot makes is safe to repeat
   * (a repeated move answers 200, a repeated queue join ALREADY_QUEUED, which the caller handles).
   */
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(opts.url + path, {
          method,
          headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
      } catch (err) {
        if (attempt >= 10) throw err;
        log(`network error on ${method} ${path}; retrying`);
        await sleep(backoff(attempt));
        continue;
      }
      if ((res.status === 503 || res.status === 429) && attempt < 30) {
        const wait = Number(res.headers.get('Retry-After'));
        await res.body?.cancel();
        await sleep(Number.isFinite(wait) && wait > 0 ? wait * 1000 : backoff(attempt));
        continue;
      }
      const data = res.status === 204 ? undefined : await res.json();
      if (!res.ok) throw new ApiError(res.status, data as ErrorBody);
      return data as T;
    }
  }
  const api = {
    login: (b: Body<'/api/auth/login'>) => call<Json<'/api/auth/login', 'post', 200>>('POST', '/api/auth/login', b),
    register: (b: Body<'/api/auth/register'>) => call<Json<'/api/auth/register', 'post', 201>>('POST', '/api/auth/register', b),
    joinQueue: (b: Body<'/api/queue'>) => call<Json<'/api/queue', 'post', 201>>('POST', '/api/queue', b),
    queue: () => call<Json<'/api/queue', 'get', 200>>('GET', '/api/queue'),
    game: (id: string) => call<Json<'/api/games/{id}', 'get', 200>>('GET', `/api/games/${id}`),
    move: (id: string, b: Body<'/api/games/{id}/moves'>) => call<Json<'/api/games/{id}/moves', 'post', 201>>('POST', `/api/games/${id}/moves`, b),
  };

  /**
   * Follows an event stream (SSE over fetch, with the token) until stopped: each event goes to
   * `onEvent`; a dropped connection is reopened with Last-Event-ID, so nothing is missed. `since`
   * is a first Last-Event-ID: for a game, the ply already seen (the stream starts after it).
   */
  function follow(path: string, onEvent: (event: string, data: any) => void, since: string | null = null) {
    const stop = new AbortController();
    let lastId = since;
    let connected: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (connected = resolve));
    void (async () => {
      for (let attempt = 1; !stop.signal.aborted; attempt++) {
        try {
          const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
          if (lastId !== null) headers['Last-Event-ID'] = lastId;
          const res = await fetch(opts.url + path, { headers, signal: stop.signal });
          if (res.status !== 200 || !res.body) throw new Error(`${path} answered ${res.status}`);
          connected();
          attempt = 0;
          let buffer = '';
          const decoder = new TextDecoder();
          for await (const chunk of res.body) {
            buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
            for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
              const fields = new Map<string, string>();
              for (const line of buffer.slice(0, at).split('\n')) {
                const m = /^([a-z]+): ?(.*)$/i.exec(line); // lines starting with ':' are comments (heartbeats)
                if (m) fields.set(m[1], m[2]);
              }
              buffer = buffer.slice(at + 2);
              if (fields.has('id')) lastId = fields.get('id')!;
              if (fields.has('event') && fields.has('data')) onEvent(fields.get('event')!, JSON.parse(fields.get('data')!));
            }
          }
        } catch (err) {
          if (stop.signal.aborted) return;
          log(`event stream ${path}: ${(err as Error).message}; reconnecting`);
        }
        if (!stop.signal.aborted) await sleep(backoff(attempt));
      }
    })();
    return { ready, close: () => stop.abort() };
  }

  /** Waiting between requests: until an event wakes us (one that came meanwhile counts) or `ms` pass. */
  let woken = false;
  let wakeUp: (() => void) | null = null;
  const wake = () => (wakeUp ? wakeUp() : (woken = true));
  const nextEvent = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) return resolve(void (woken = false));
      const timer = setTimeout(() => wakeUp?.(), ms);
      wakeUp = () => {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      };
    });

  // 1. Sign in: log in, or register the account the first time (login answers 401).
  let auth: Json<'/api/auth/login', 'post', 200>;
  try {
    auth = await api.login({ username: opts.username, password: opts.password });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) throw err;
    auth = await api.register({ username: opts.username, password: opts.password, bot: opts.bot ?? true });
    log(`registered ${opts.username}${auth.player.bot ? ' (a bot account)' : ''}`);
  }
  token = auth.token;
  const me = auth.player;

  // 2. Our own events: `matched` says which game the queue made. The open stream also keeps a
  //    waiting ticket alive (else poll GET /api/queue at least every 30 s).
  let matched: Ticket | null = null;
  const meEvents = follow('/api/me/events', (event, data: Ticket) => {
    if (event !== 'matched') return;
    matched = data;
    wake();
  });
  await meEvents.ready;

  /** Queues and waits until the queue pairs us: the game's id. */
  async function findGame(): Promise<string> {
    let ticket: Ticket;
    try {
      ticket = await api.joinQueue({ mode: opts.mode, turnSeconds: opts.turnSeconds ?? null });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.body.code === 'ALREADY_IN_GAME') return (err.body.details as { gameId: string }).gameId; // play it out
      if (err.body.code !== 'ALREADY_QUEUED') throw err;
      ticket = await api.queue(); // our earlier join went through (e.g. a retry after a network error)
    }
    // A ranked cooldown (too many aborts, or games thrown) shows on the ticket: it simply waits longer.
    log(`queued (${ticket.mode})${ticket.cooldown ? `, on a ${ticket.cooldown.reason} cooldown until ${ticket.cooldown.until}` : ''}`);
    while (ticket.state === 'waiting') {
      await nextEvent(5_000);
      if (matched?.id === ticket.id) ticket = matched;
      else ticket = await api.queue(); // the fallback when an event is missed; also says we are here
    }
    if (ticket.state !== 'matched' || !ticket.gameId) return findGame(); // cancelled (e.g. absent): queue again
    return ticket.gameId;
  }

  /** Plays a game to its end: moves on our turn, waits for the game's events otherwise. */
  async function play(gameId: string): Promise<Game> {
    let game = await api.game(gameId); // opening it also takes our seat back from a CPU stand-in
    const color = game.black.player.id === me.id ? 'black' : 'white';
    log(`game ${gameId}: playing ${color} against ${game[color === 'black' ? 'white' : 'black'].player.username}`);
    // From the ply we have seen on: a move made meanwhile is replayed, not missed.
    const onEvent = (event: string, data: { ply: number }) => {
      if (event === 'end' || (event === 'move' && data.ply >= game.ply)) wake();
    };
    const events = follow(`/api/games/${gameId}/events`, onEvent, String(game.ply));
    try {
      while (game.status === 'active') {
        if (game.toMove !== color) {
          await nextEvent(5_000);
          game = await api.game(gameId);
          continue;
        }
        // The engine's move (among equally good ones at random). Your own move choice goes here.
        const square = squareName(chooseCpuMove(fromBoardString(game.board, color), { nodeLimit: opts.nodeLimit ?? 5_000, rng: Math.random }));
        try {
          // The answer's game includes any pass the server inserted: toMove may be us again.
          game = (await api.move(gameId, { square, ply: game.ply })).game;
        } catch (err) {
          if (!(err instanceof ApiError && ['STALE_PLY', 'GAME_OVER', 'NOT_YOUR_TURN'].includes(err.body.code))) throw err;
          log(`${err.body.code} at ply ${game.ply}: refetching the game`);
          game = await api.game(gameId);
        }
      }
    } finally {
      events.close();
    }
    const r = game.result;
    log(`game ${gameId} ${game.status}: ${r?.winner ?? 'no winner'} (${r?.reason}), ${r?.discs.black}-${r?.discs.white}`);
    return game;
  }

  // 3. Queue and play until `games` games have finished (an aborted game does not count).
  const finished: Game[] = [];
  try {
    while (finished.length < opts.games) {
      const game = await play(await findGame());
      if (game.status === 'finished') finished.push(game);
    }
  } finally {
    meEvents.close();
  }
  return finished;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      username: { type: 'string' },
      password: { type: 'string' },
      mode: { type: 'string', default: 'ranked' },
      games: { type: 'string', default: '1' },
      'turn-seconds': { type: 'string' },
    },
  });
  const { url, username, password, mode } = values;
  if (!username || !password || (mode !== 'ranked' && mode !== 'unranked')) {
    throw new Error('usage: npm run bot -- --url URL --username NAME --password PASS [--mode ranked|unranked] [--games N] [--turn-seconds 30|60]');
  }
  const turnSeconds = values['turn-seconds'] ? (Number(values['turn-seconds']) as 30 | 60) : null;
  const games = await runBot({ url: url!.replace(/\/$/, ''), username, password, mode, games: Number(values.games), turnSeconds });
  console.log(`${username}: ${games.length} games finished`);
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
