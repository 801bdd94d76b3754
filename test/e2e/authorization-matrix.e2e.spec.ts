import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer, uniqueName } from '../factories/players.js';
import { startTestApp, TestApp } from '../support/app.js';
import { tableChecksumSql, watchExplorerWrites } from '../support/checksum.js';

/**
 * Who may do what: every route × every kind of caller → the status (and error code) it gets, as
 * one table. Each cell runs against a fresh room whose first game is on (or, for `between`, has
 * just ended), so no cell sees another's effects.
 *
 * The callers: `anonymous` (no token), `guest` (a guest token, in nothing), `outsider` (a registered
 * player in nothing), `seated` (a registered player seated in an active game elsewhere), `host`
 * (the room's host: first seat, Black, to move) and `other` (the room's other seat, White).
 */
const ROLES = ['anonymous', 'guest', 'outsider', 'seated', 'host', 'other'] as const;
type Role = (typeof ROLES)[number];

interface World {
  code: string;
  gameId: string;
  /** A registered player's name (for the player routes and pages). */
  name: string;
}

interface Row {
  route: string;
  /** The room's state when the cell runs: its first game on (default) or just ended. */
  state?: 'playing' | 'between';
  path: (w: World) => string;
  body?: (w: World) => unknown;
  /** One expectation per role, in ROLES' order: a status, with the error code for errors. */
  expect: [string, string, string, string, string, string];
}

const all = (answer: string): Row['expect'] => [answer, answer, answer, answer, answer, answer];
const signedIn = (answer: string): Row['expect'] => ['401 UNAUTHENTICATED', answer, answer, answer, answer, answer];

/** A challenge id that names no challenge. */
const NO_CHALLENGE = '00000000-0000-4000-8000-00000000c4a1';

const ROWS: Row[] = [
  { route: 'POST /api/auth/register', path: () => '/api/auth/register', body: () => ({ username: uniqueName('m'), password: 'password123' }), expect: all('201') },
  { route: 'POST /api/auth/login', path: () => '/api/auth/login', body: (w) => ({ username: w.name, password: 'password123' }), expect: all('200') },
  { route: 'POST /api/auth/guest', path: () => '/api/auth/guest', body: () => ({}), expect: all('201') },
  // The callers' tokens serve every cell: these bodies are refused after the token check, so nobody is signed out here (test/e2e/standing covers the rest).
  { route: 'POST /api/auth/sign-out', path: () => '/api/auth/sign-out', body: () => ({ extra: 1 }), expect: signedIn('400 VALIDATION_FAILED') },
  { route: 'POST /api/auth/sign-out-everywhere', path: () => '/api/auth/sign-out-everywhere', body: () => ({ extra: 1 }), expect: signedIn('400 VALIDATION_FAILED') },
  {
    route: 'POST /api/auth/password',
    path: () => '/api/auth/password',
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'another-password-1' }),
    expect: signedIn('403 FORBIDDEN'),
  },
  { route: 'GET /api/players/me', path: () => '/api/players/me', expect: signedIn('200') },
  { route: 'PATCH /api/players/me', path: () => '/api/players/me', body: () => ({ language: 'sw' }), expect: signedIn('200') },
  { route: 'GET /api/players/:username', path: (w) => `/api/players/${w.name}`, expect: all('200') },
  { route: 'GET /api/players/:username/games', path: (w) => `/api/players/${w.name}/games`, expect: all('200') },
  { route: 'GET /api/players/:username/rating-history', path: (w) => `/api/players/${w.name}/rating-history`, expect: all('200') },
  {
    route: 'POST /api/queue (unranked)',
    path: () => '/api/queue',
    body: () => ({ mode: 'unranked' }),
    expect: ['401 UNAUTHENTICATED', '201', '201', '409 ALREADY_IN_GAME', '409 ALREADY_IN_GAME', '409 ALREADY_IN_GAME'],
  },
  {
    route: 'POST /api/queue (ranked)',
    path: () => '/api/queue',
    body: () => ({ mode: 'ranked' }),
    expect: ['401 UNAUTHENTICATED', '403 GUEST_NOT_ALLOWED', '201', '409 ALREADY_IN_GAME', '409 ALREADY_IN_GAME', '409 ALREADY_IN_GAME'],
  },
  { route: 'GET /api/queue', path: () => '/api/queue', expect: signedIn('404 NOT_FOUND') },
  { route: 'GET /api/queue/ranked-gate', path: () => '/api/queue/ranked-gate', expect: signedIn('200') },
  { route: 'DELETE /api/queue', path: () => '/api/queue', expect: signedIn('204') },
  {
    route: 'POST /api/rooms',
    path: () => '/api/rooms',
    body: () => ({}),
    expect: ['401 UNAUTHENTICATED', '201', '201', '409 ALREADY_IN_GAME', '409 ALREADY_IN_GAME', '409 ALREADY_IN_GAME'],
  },
  {
    route: 'POST /api/computer/games',
    path: () => '/api/computer/games',
    // The caller plays Black: the computer waits for their first move, so the cell leaves no search running.
    body: () => ({ level: 1, color: 'black' }),
    expect: ['401 UNAUTHENTICATED', '201', '201', '409 ALREADY_IN_GAME', '409 ALREADY_IN_GAME', '409 ALREADY_IN_GAME'],
  },
  { route: 'GET /api/rooms/:code', path: (w) => `/api/rooms/${w.code}`, expect: all('200') },
  {
    route: 'POST /api/rooms/:code/join',
    path: (w) => `/api/rooms/${w.code}/join`,
    body: () => ({}),
    expect: ['401 UNAUTHENTICATED', '409 ROOM_FULL', '409 ROOM_FULL', '409 ROOM_FULL', '200', '200'],
  },
  {
    route: 'PATCH /api/rooms/:code (a game on)',
    path: (w) => `/api/rooms/${w.code}`,
    body: () => ({ showLegalMoves: false }),
    expect: ['401 UNAUTHENTICATED', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '409 GAME_IN_PROGRESS', '403 FORBIDDEN'],
  },
  {
    route: 'PATCH /api/rooms/:code (between games)',
    state: 'between',
    path: (w) => `/api/rooms/${w.code}`,
    body: () => ({ showLegalMoves: false }),
    expect: ['401 UNAUTHENTICATED', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '200', '403 FORBIDDEN'],
  },
  {
    route: 'POST /api/rooms/:code/rematch (a game on)',
    path: (w) => `/api/rooms/${w.code}/rematch`,
    body: () => ({}),
    expect: ['401 UNAUTHENTICATED', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '409 GAME_IN_PROGRESS', '409 GAME_IN_PROGRESS'],
  },
  {
    route: 'POST /api/rooms/:code/rematch (between games)',
    state: 'between',
    path: (w) => `/api/rooms/${w.code}/rematch`,
    body: () => ({}),
    expect: ['401 UNAUTHENTICATED', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '200', '200'],
  },
  {
    route: 'DELETE /api/rooms/:code/rematch (between games)',
    state: 'between',
    path: (w) => `/api/rooms/${w.code}/rematch`,
    expect: ['401 UNAUTHENTICATED', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '200', '200'],
  },
  // Challenges: each caller challenges the outsider (the outsider would challenge themselves); ids of no challenge are 404 to all.
  {
    route: 'POST /api/challenges',
    path: () => '/api/challenges',
    body: (w) => ({ to: w.name }),
    expect: ['401 UNAUTHENTICATED', '201', '400 VALIDATION_FAILED', '201', '201', '201'],
  },
  { route: 'GET /api/challenges', path: () => '/api/challenges', expect: signedIn('200') },
  { route: 'GET /api/challenges/:id', path: () => `/api/challenges/${NO_CHALLENGE}`, expect: signedIn('404 NOT_FOUND') },
  { route: 'POST /api/challenges/:id/accept', path: () => `/api/challenges/${NO_CHALLENGE}/accept`, body: () => ({}), expect: signedIn('404 NOT_FOUND') },
  { route: 'POST /api/challenges/:id/decline', path: () => `/api/challenges/${NO_CHALLENGE}/decline`, body: () => ({ reason: 'busy' }), expect: signedIn('404 NOT_FOUND') },
  { route: 'DELETE /api/challenges/:id', path: () => `/api/challenges/${NO_CHALLENGE}`, expect: signedIn('404 NOT_FOUND') },
  {
    route: 'POST /api/games/:id/rematch (a room\'s game)',
    path: (w) => `/api/games/${w.gameId}/rematch`,
    body: () => ({}),
    expect: ['401 UNAUTHENTICATED', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '409 CONFLICT', '409 CONFLICT'],
  },
  { route: 'GET /api/games', path: () => '/api/games?status=active', expect: all('200') },
  {
    route: 'POST /api/games/:id/abort',
    path: (w) => `/api/games/${w.gameId}/abort`,
    body: () => ({}),
    expect: ['401 UNAUTHENTICATED', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '200', '200'],
  },
  { route: 'GET /metrics', path: () => '/metrics', expect: all('200') },
  { route: 'GET /assets/:file', path: () => '/assets/no-such-file.js', expect: all('404 NOT_FOUND') },
  { route: 'GET /api/games/:id', path: (w) => `/api/games/${w.gameId}`, expect: all('200') },
  {
    route: 'POST /api/games/:id/seat',
    path: (w) => `/api/games/${w.gameId}/seat`,
    body: () => ({}),
    expect: ['401 UNAUTHENTICATED', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '200', '200'],
  },
  {
    route: 'POST /api/games/:id/moves',
    path: (w) => `/api/games/${w.gameId}/moves`,
    body: () => ({ square: 'd3', ply: 0 }),
    expect: ['401 UNAUTHENTICATED', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '201', '409 NOT_YOUR_TURN'],
  },
  {
    route: 'POST /api/games/:id/resign',
    path: (w) => `/api/games/${w.gameId}/resign`,
    body: () => ({}),
    expect: ['401 UNAUTHENTICATED', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '200', '200'],
  },
  { route: 'GET /api/games/:id/moves', path: (w) => `/api/games/${w.gameId}/moves`, expect: all('200') },
  { route: 'GET /api/games/:id/transcript', path: (w) => `/api/games/${w.gameId}/transcript`, expect: all('200') },
  { route: 'GET /api/games/:id/events', path: (w) => `/api/games/${w.gameId}/events`, expect: all('200') },
  { route: 'GET /api/me/events', path: () => '/api/me/events', expect: signedIn('200') },
  // Issue #20: analysis, export, reports, moderation. Nobody here is a moderator (test/e2e/moderation covers them).
  { route: 'GET /api/games/:id/analysis', path: (w) => `/api/games/${w.gameId}/analysis`, expect: all('200') },
  { route: 'GET /api/games/:id/ggf', path: (w) => `/api/games/${w.gameId}/ggf`, expect: all('200') },
  {
    route: 'POST /api/games/:id/reports',
    path: (w) => `/api/games/${w.gameId}/reports`,
    body: () => ({ reason: 'other' }),
    expect: ['401 UNAUTHENTICATED', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '201', '201'],
  },
  { route: 'GET /api/mod/reports', path: () => '/api/mod/reports', expect: signedIn('403 FORBIDDEN') },
  { route: 'GET /api/mod/outliers', path: () => '/api/mod/outliers', expect: signedIn('403 FORBIDDEN') },
  { route: 'GET /api/mod/boosters', path: () => '/api/mod/boosters', expect: signedIn('403 FORBIDDEN') },
  { route: 'GET /api/mod/players/:username', path: (w) => `/api/mod/players/${w.name}`, expect: signedIn('403 FORBIDDEN') },
  {
    route: 'POST /api/mod/players/:username/actions',
    path: (w) => `/api/mod/players/${w.name}/actions`,
    body: () => ({ action: 'warn', reason: 'matrix', message: 'matrix' }),
    expect: signedIn('403 FORBIDDEN'),
  },
  { route: 'GET /api/me/notices', path: () => '/api/me/notices', expect: signedIn('200') },
  {
    route: 'POST /api/me/notices/:id/seen',
    path: () => '/api/me/notices/00000000-0000-4000-8000-000000000000/seen',
    body: () => ({}),
    expect: signedIn('404 NOT_FOUND'),
  },
  { route: 'GET /api/leaderboard', path: () => '/api/leaderboard', expect: all('200') },
  { route: 'GET /api/openings', path: () => '/api/openings', expect: all('200') },
  { route: 'GET /api/explorer', path: () => '/api/explorer?moves=f5d6', expect: all('200') },
  { route: 'GET /health', path: () => '/health', expect: all('200') },
  { route: 'GET /', path: () => '/', expect: all('200') },
  { route: 'GET /leaderboard', path: () => '/leaderboard', expect: all('200') },
  { route: 'GET /players/:username', path: (w) => `/players/${w.name}`, expect: all('200') },
  { route: 'GET /play', path: () => '/play', expect: all('200') },
  { route: 'GET /play/:gameId', path: (w) => `/play/${w.gameId}`, expect: all('200') },
  { route: 'GET /mod', path: () => '/mod', expect: all('200') },
  { route: 'GET /mod/panel', path: () => '/mod/panel', expect: signedIn('403 FORBIDDEN') },
  { route: 'GET /mod/players/:username/panel', path: (w) => `/mod/players/${w.name}/panel`, expect: signedIn('403 FORBIDDEN') },
  { route: 'GET /rules', path: () => '/rules', expect: all('200') },
  { route: 'GET /learn', path: () => '/learn', expect: all('200') },
  { route: 'GET /strategy', path: () => '/strategy', expect: all('200') },
  { route: 'GET /openings', path: () => '/openings', expect: all('200') },
  { route: 'GET /explorer', path: () => '/explorer?moves=f5d6', expect: all('200') },
];

/** "METHOD /path/:param" of a row, without its "(…)" note. */
const routeKey = (row: Row) => row.route.replace(/\s*\(.*\)$/, '');

describe('authorization matrix: every route × every kind of caller', () => {
  let t: TestApp;
  let players: Record<Exclude<Role, 'anonymous'>, TestPlayer>;

  beforeAll(async () => {
    // Long clocks: `seated` stays seated however long the matrix takes (a first move never made
    // would abort the game), and no deadline fires while a cell runs (the no-write check would see
    // the sweeper's writes); nor does the analysis queue's discovery of finished games (a
    // background writer of analysis_jobs, not a GET).
    t = await startTestApp({
      ROOMS_PER_HOUR: '100000', FIRST_MOVE_SECONDS: '3600', CPU_TAKEOVER_SECONDS: '86400', IDLE_TURN_SECONDS: '86400', ANALYSIS_POLL_MS: '0',
      // The explorer's background round writes the ladder's finished games into its index by design (off any request).
      EXPLORER_POLL_MS: '0',
      // The challenges the table sends do not lapse while it runs (the expiry sweep would write them).
      CHALLENGE_SECONDS: '3600',
    });
    const [host, other, outsider, seated, partner] = [
      await registerPlayer(t.http),
      await registerPlayer(t.http),
      await registerPlayer(t.http),
      await registerPlayer(t.http),
      await registerPlayer(t.http),
    ];
    players = { guest: await guestPlayer(t.http), outsider, seated, host, other };
    await startRoomGame(t.http, seated, partner); // keeps `seated` in an active game throughout
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh room of host and other with its first game on (or just ended). */
  async function world(state: Row['state']): Promise<World> {
    const { code, gameId } = await startRoomGame(t.http, players.host, players.other);
    if (state === 'between') await request(t.http).post(`/api/games/${gameId}/resign`).set(players.host.auth).send({}).expect(200);
    return { code, gameId, name: players.outsider.username };
  }

  /** Leaves nothing behind: the room's game ended, no queue ticket. */
  async function tidy(w: World, role: Role, row?: Row): Promise<void> {
    const room = (await request(t.http).get(`/api/rooms/${w.code}`).expect(200)).body;
    if (room.gameId) {
      const game = (await request(t.http).get(`/api/games/${room.gameId}`).expect(200)).body;
      if (game.status === 'active') await request(t.http).post(`/api/games/${room.gameId}/resign`).set(players.host.auth).send({}).expect(200);
    }
    if (role !== 'anonymous') await request(t.http).delete('/api/queue').set(players[role].auth).expect(204);
    // A game against the computer the cell started: called off.
    if (role !== 'anonymous' && row?.route === 'POST /api/computer/games') {
      const { rows } = await t.db.query(`SELECT id FROM games WHERE status = 'active' AND computer_level IS NOT NULL AND (black_id = $1 OR white_id = $1)`, [players[role].id]);
      for (const r of rows) await request(t.http).post(`/api/games/${r.id}/abort`).set(players[role].auth).send({}).expect(200);
    }
  }

  /** Status (and error code) of one request; event streams are read up to their headers. */
  async function call(row: Row, w: World, role: Role): Promise<string> {
    const [method] = row.route.split(' ');
    const auth: Record<string, string> = role === 'anonymous' ? {} : players[role].auth;
    const path = row.path(w);
    if (path.endsWith('/events')) {
      const aborter = new AbortController();
      const res = await fetch(t.baseUrl + path, { headers: auth, signal: aborter.signal });
      const body = res.status >= 400 ? ((await res.json()) as { code: string }) : null;
      aborter.abort();
      return body ? `${res.status} ${body.code}` : String(res.status);
    }
    let req = (request(t.http) as any)[method.toLowerCase()](path).set(auth) as request.Test;
    if (row.body) req = req.send(row.body(w) as object);
    const res = await req;
    if (res.status >= 400) {
      expect(res.body).toEqual(expect.objectContaining({ statusCode: res.status, code: expect.any(String), message: expect.any(String) }));
      return `${res.status} ${res.body.code}`;
    }
    return String(res.status);
  }

  it('every route of the app has a row', () => {
    const router = t.app.getHttpAdapter().getInstance().router as { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    const served = new Set<string>();
    for (const layer of router.stack) {
      // Swagger's own pages, and the catch-alls that answer 404 for everything else (`{*path}`, and
      // Nest 12's `{/*splat}` for every method), are not routes of the app.
      if (!layer.route || /^\/docs/.test(layer.route.path) || layer.route.path.includes('*')) continue;
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all' && method !== 'head') served.add(`${method.toUpperCase()} ${layer.route.path}`);
      }
    }
    const normalise = (key: string) => key.replace(/:\w+/g, ':param');
    const covered = new Set(ROWS.map((r) => normalise(routeKey(r))));
    expect(served.size).toBeGreaterThanOrEqual(25); // the router was read (it lists the routes)
    expect([...served].map(normalise).filter((k) => !covered.has(k)).sort()).toEqual([]);
  });

  it('gives each caller the answer of the table', async () => {
    const got: Record<string, Record<Role, string>> = {};
    const want: Record<string, Record<Role, string>> = {};
    for (const row of ROWS) {
      got[row.route] = {} as Record<Role, string>;
      want[row.route] = Object.fromEntries(ROLES.map((r, i) => [r, row.expect[i]])) as Record<Role, string>;
      for (const role of ROLES) {
        const w = await world(row.state);
        got[row.route][role] = await call(row, w, role);
        await tidy(w, role, row);
      }
    }
    expect(got).toEqual(want);
  }, 360_000);

  it('no GET writes: the database is unchanged after every GET of the table, by every caller, even while the CPU holds the host\'s seat', async () => {
    const tables = (
      await t.db.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
         AND table_name NOT IN ('migrations', 'rate_limit_counters') ORDER BY table_name`,
      )
    ).rows.map((r) => r.table_name as string);
    expect(tables).toEqual(expect.arrayContaining(['players', 'games', 'moves', 'rooms', 'player_events']));
    await watchExplorerWrites((sql) => t.db.query(sql));
    /** Each table's checksum, by name. */
    const checksum = async (): Promise<Record<string, string>> =>
      Object.fromEntries((await t.db.query(tableChecksumSql(tables))).rows.map((r) => [r.t as string, r.h as string]));
    const writes: string[] = [];
    let cells = 0;
    for (const row of ROWS.filter((r) => r.route.startsWith('GET '))) {
      const w = await world(row.state);
      // Both have moved and the host (Black, to move) is away: the CPU holds the seat. A read that took it back would write.
      let g = (await request(t.http).get(`/api/games/${w.gameId}`).expect(200)).body;
      for (const p of [players.host, players.other]) {
        if (g.status !== 'active') break;
        g = (await request(t.http).post(`/api/games/${w.gameId}/moves`).set(p.auth).send({ square: g.legalMoves[0], ply: g.ply }).expect(201)).body.game;
      }
      await t.db.query('UPDATE games SET black_stand_in = true WHERE id = $1', [w.gameId]);
      // One cell's "after" is the next one's "before": nothing is sent between them, and a write
      // that came late would still show, in the next cell.
      let before = await checksum();
      for (const role of ROLES) {
        await call(row, w, role);
        // Presence is written within a second of a stream's heartbeat: wait past it.
        if (row.path(w).endsWith('/events')) await new Promise((r) => setTimeout(r, 1200));
        const after = await checksum();
        const changed = tables.filter((name) => after[name] !== before[name]);
        if (changed.length) writes.push(`${row.route} as ${role} (${changed.join(', ')})`);
        before = after;
        cells++;
      }
      await t.db.query('UPDATE games SET black_stand_in = false WHERE id = $1', [w.gameId]);
      for (const role of ROLES) await tidy(w, role);
    }
    expect(cells).toBeGreaterThanOrEqual(20 * ROLES.length);
    expect(writes).toEqual([]);
  }, 600_000);
});
