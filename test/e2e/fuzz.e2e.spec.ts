import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createHmac, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import request from 'supertest';
import { startRoomGame } from '../factories/games.js';
import { guestPlayer, registerPlayer, TestPlayer } from '../factories/players.js';
import { startTestApp, TEST_ENV, TestApp } from '../support/app.js';
import { tableChecksumSql, watchExplorerWrites } from '../support/checksum.js';

/**
 * Fuzzing every route of the app (read from its router, so a new route is fuzzed too) with random
 * and hostile path parameters, query strings, bodies, content types, headers and tokens:
 * - never a 5xx;
 * - every error is the API's shape (the HTML pages may answer a person's 404 with a page);
 * - a rejected request changes nothing: an md5 of every table's rows is the same before and after.
 *   (rate_limit_counters and login_failures are left out: counting refused requests and failed
 *   sign-ins is their job.)
 *
 * Real tokens are only sent with requests that carry a body the route must refuse (an unknown
 * field, or not an object), so the fuzzer never starts games or queue tickets whose timers would
 * change the database while it checks. Accepted requests (reads, a random guest or registration)
 * may change it; the next comparison starts from there.
 *
 * A fixed number of requests (not a time box: a loaded machine runs the same test, only slower);
 * on a failure fast-check prints the seed and the shrunk request.
 */

const RUNS = 250;
const WRONG_SECRET = 'another-secret-0123456789abcdef';

interface Fixture {
  gameId: string;
  code: string;
  finishedGameId: string;
  players: Record<'host' | 'other' | 'guest' | 'outsider', TestPlayer>;
}

interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string | null;
  /** True when the request carries a real player's token (then the body is one to refuse). */
  realToken: boolean;
}

interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function jwt(payload: unknown, secret = TEST_ENV.JWT_SECRET, header: unknown = { alg: 'HS256', typ: 'JWT' }): string {
  const head = `${b64url(header)}.${b64url(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** Text that is safe in an HTTP header (Node refuses control characters before sending). */
const headerText = fc.stringMatching(/^[\x20-\x7e]{0,120}$/);

const HOSTILE_STRINGS = [
  '',
  ' ',
  '%00',
  '%E0%A4%A',
  '%zz',
  '..%2F..%2Fetc%2Fpasswd',
  "1' OR '1'='1",
  '"; DROP TABLE players; --',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '-1',
  '0',
  '1e308',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'x'.repeat(3000),
  '<script>alert(1)</script>',
  '\u202e\u0000\u2028',
  '😀'.repeat(50),
  '2024-01-01T00:00:00Z',
  '9999-99-99T99:99:99Z',
];

/** A path parameter: a real one, a random string or uuid, or a hostile one (some already %-encoded). */
function paramValue(name: string, f: Fixture): fc.Arbitrary<string> {
  const real = /code/i.test(name) ? [f.code, f.code.toLowerCase()] : /name/i.test(name) ? [f.players.outsider.username, f.players.guest.username] : [f.gameId, f.finishedGameId];
  return fc.oneof(
    fc.constantFrom(...real.map(encodeURIComponent)),
    fc.uuid().map(encodeURIComponent),
    fc.string({ maxLength: 60, unit: 'grapheme' }).map(encodeURIComponent),
    fc.constantFrom(...HOSTILE_STRINGS.map((s) => (/%/.test(s) && !/%25/.test(s) && s.length < 30 ? s : encodeURIComponent(s)))),
  );
}

/** Keeps printable ASCII (hostile `%`, `[`, `&` included) as is and %-encodes the rest, as a request line must. */
const printable = (s: string) => Array.from(s, (ch) => (/[\x21-\x7e]/.test(ch) ? ch : encodeURIComponent(ch))).join('');

const QUERY_KEYS = ['limit', 'offset', 'before', 'bots', 'status', 'mode', 'cursor', 'x'];
const queryString: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.constantFrom('limit[a]', 'offset[]', '__proto__[x]', 'a[b][c][d]'), fc.string({ maxLength: 20 })),
        fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.integer().map(String), fc.double().map(String), fc.string({ maxLength: 40, unit: 'grapheme' })),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${printable(k)}=${encodeURIComponent(v)}`).join('&')),
  fc.constantFrom('limit=1&limit=2', 'offset[a]=1', '%zz=1', '&&&', '=', 'limit=' + '9'.repeat(400), 'bots=maybe'),
);

/** JSON bodies a route must refuse whoever sends them: not an object, or an object with an unknown field. */
const refusedJson: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue().filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)).map((v) => JSON.stringify(v)),
  fc.tuple(fc.dictionary(fc.constantFrom('square', 'ply', 'mode', 'turnSeconds', 'username', 'password', 'rated', 'showLegalMoves', 'swapColors'), fc.jsonValue({ maxDepth: 2 })), fc.jsonValue({ maxDepth: 2 }))
    .map(([fields, extra]) => JSON.stringify({ ...fields, unexpectedFuzzField: extra })),
  fc.constantFrom(
    `{"a":${'['.repeat(1400)}${']'.repeat(1400)}}`,
    `{"a":${'{"b":'.repeat(40)}1${'}'.repeat(40)}}`,
    '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}',
    `{"square":"${'x'.repeat(15000)}","zz":1}`,
  ),
);

/** Any body at all: the refused ones, random JSON, broken JSON, and non-JSON text. */
const anyBody: fc.Arbitrary<string> = fc.oneof(
  refusedJson,
  fc.json({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom('square', 'ply', 'mode', 'turnSeconds', 'username', 'password', 'rated', 'showLegalMoves', 'swapColors'), fc.jsonValue({ maxDepth: 1 })).map((o) => JSON.stringify(o)),
  fc.string({ maxLength: 200, unit: 'grapheme' }),
  fc.constantFrom('{"a":1}{"b":2}', '{', '\u0000{}', '{"ply":1e999}', '{"square":"d3","ply":0', 'username=a&password=b', '--x\r\n\r\n--x--', 'x'.repeat(20_000)),
);

const contentType = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/xml', 'application/*+json', ''),
  headerText,
);

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'x-forwarded-for': fc.oneof(fc.ipV4(), fc.ipV6(), headerText),
    'x-request-id': headerText,
    accept: fc.oneof(fc.constantFrom('application/json', 'text/event-stream', 'text/html', '*/*'), headerText),
    'last-event-id': fc.oneof(fc.integer().map(String), headerText),
    'content-encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-fuzz'),
    'accept-encoding': headerText,
    origin: headerText,
  },
  { requiredKeys: [] },
);

function tokenHeader(f: Fixture): fc.Arbitrary<{ value: string | null; real: boolean }> {
  const real = Object.values(f.players).map((p) => p.token);
  const now = Math.floor(Date.now() / 1000);
  const forged = [
    jwt({ sub: f.players.host.id, name: 'x', guest: false, iat: now }, WRONG_SECRET),
    jwt({ sub: f.players.host.id, iat: now }, TEST_ENV.JWT_SECRET, { alg: 'none', typ: 'JWT' }).replace(/\.[^.]+$/, '.'),
    jwt({ sub: f.players.host.id, iat: now - 10, exp: now - 5 }),
    jwt({ sub: randomUUID(), iat: now }),
    jwt({ sub: 'not-a-uuid', iat: now }),
    jwt({ sub: 12345, iat: now }),
    jwt({ iat: now }),
    jwt('a string payload'),
    jwt({ sub: f.players.host.id, iat: now }, TEST_ENV.JWT_SECRET, { alg: 'HS512', typ: 'JWT' }),
  ];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ value: null, real: false }) },
    { weight: 3, arbitrary: fc.constantFrom(...real).map((t) => ({ value: `Bearer ${t}`, real: true })) },
    fc.constantFrom(...forged).map((t) => ({ value: `Bearer ${t}`, real: false })),
    fc.oneof(
      headerText.map((t) => `Bearer ${t}`),
      headerText,
      fc.constantFrom('Bearer', 'Bearer ', 'Basic YWxpY2U6cGFzc3dvcmQ=', 'Bearer a.b.c', 'Bearer ....', `Bearer ${'x'.repeat(8000)}`),
      fc.constantFrom(...real).map((t) => `Bearer ${t.slice(0, -2)}xx`),
      fc.constantFrom(...real).map((t) => `bearer  ${t}`),
    ).map((value) => ({ value, real: false })),
  );
}

function fuzzRequest(routes: { method: string; path: string }[], f: Fixture): fc.Arbitrary<FuzzRequest> {
  const route = fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...routes) },
    fc.record({ method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), path: fc.string({ maxLength: 30 }).map((s) => `/api/${encodeURIComponent(s)}`) }),
  );
  return route.chain(({ method, path }) => {
    const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    return fc
      .record({
        params: fc.tuple(...names.map((n) => paramValue(n, f))),
        query: queryString,
        token: tokenHeader(f),
        sendBody: method === 'GET' || method === 'DELETE' ? fc.boolean() : fc.constant(true),
        anyBody,
        refusedBody: refusedJson,
        contentType,
        headers: extraHeaders,
      })
      .map(({ params, query, token, sendBody, anyBody: body, refusedBody, contentType: type, headers }) => {
        let filled = path;
        names.forEach((n, i) => (filled = filled.replace(`:${n}`, params[i] || 'x')));
        const all: Record<string, string> = { ...headers };
        if (token.value !== null) all.authorization = token.value;
        // A real token only with a request the route must refuse: a refused JSON body.
        const realWrite = token.real && method !== 'GET';
        const text = realWrite ? refusedBody : sendBody ? body : null;
        if (text !== null) all['content-type'] = realWrite ? 'application/json' : type;
        if (realWrite) delete all['content-encoding'];
        if (text === null) delete all['content-encoding'];
        return { method, path: filled, query, headers: all, body: text, realToken: token.real };
      });
  });
}

/** Sends one request with node:http (no client-side rewriting); an event stream is read up to its headers. */
function send(baseUrl: string, r: FuzzRequest): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...r.headers };
    if (r.body !== null) headers['content-length'] = Buffer.byteLength(r.body);
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: r.method, path: printable(r.path + (r.query ? `?${r.query}` : '')), headers },
      (res) => {
        const type = String(res.headers['content-type'] ?? '');
        if (type.startsWith('text/event-stream')) {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, contentType: type, text: '' });
          return;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: type, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer in 15 s to ${r.method} ${r.path}`)));
    req.end(r.body ?? undefined);
  });
}

describe('fuzzing every route (fast-check)', () => {
  let t: TestApp;
  let f: Fixture;
  let client: pg.Client;
  let checksumSql: string;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    t = await startTestApp({ CPU_TAKEOVER_SECONDS: '86400' });
    const host = await registerPlayer(t.http);
    const other = await registerPlayer(t.http);
    const outsider = await registerPlayer(t.http);
    const guest = await guestPlayer(t.http);
    // A finished game first, then the room's live game with a move each (no first-move deadline pending).
    const first = await startRoomGame(t.http, host, other);
    await request(t.http).post(`/api/games/${first.gameId}/resign`).set(host.auth).send({}).expect(200);
    await request(t.http).post(`/api/rooms/${first.code}/rematch`).set(host.auth).send({}).expect(200); // an offer
    const next = await request(t.http).post(`/api/rooms/${first.code}/rematch`).set(other.auth).send({}).expect(201); // accepted
    const gameId = next.body.gameId as string;
    const game = (await request(t.http).get(`/api/games/${gameId}`).expect(200)).body;
    const black = game.black.player.id === host.id ? host : other;
    const white = black === host ? other : host;
    const m1 = await request(t.http).post(`/api/games/${gameId}/moves`).set(black.auth).send({ square: game.legalMoves[0], ply: 0 }).expect(201);
    await request(t.http).post(`/api/games/${gameId}/moves`).set(white.auth).send({ square: m1.body.game.legalMoves[0], ply: 1 }).expect(201);
    f = { gameId, code: first.code, finishedGameId: first.gameId, players: { host, other, guest, outsider } };

    client = new pg.Client({ connectionString: t.db.url });
    await client.connect();
    const tables = (
      await client.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
         AND table_name NOT IN ('migrations', 'rate_limit_counters', 'login_failures') ORDER BY table_name`,
      )
    ).rows.map((r) => r.table_name as string);
    expect(tables).toEqual(expect.arrayContaining(['players', 'games', 'moves', 'rooms']));
    await watchExplorerWrites((sql) => client.query(sql));
    checksumSql = tableChecksumSql(tables);

    const router = t.app.getHttpAdapter().getInstance().router as { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    routes = router.stack.flatMap((layer) =>
      // Wildcards (`{*path}`; Nest 12 also registers `{/*splat}`) are no path a client sends.
      layer.route && !layer.route.path.includes('*')
        ? Object.entries(layer.route.methods)
            .filter(([m, on]) => on && m !== '_all' && m !== 'head')
            .map(([m]) => ({ method: m.toUpperCase(), path: layer.route!.path }))
        : [],
    );
    expect(routes.length).toBeGreaterThanOrEqual(25);
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  /** The checksum once two reads 50 ms apart agree. */
  async function settled(last: Record<string, string>): Promise<Record<string, string>> {
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const now = await checksum();
      if (JSON.stringify(now) === JSON.stringify(last)) return now;
      last = now;
    }
    throw new Error('the tables kept changing for 2 s after an accepted request');
  }

  const checksum = async () => Object.fromEntries((await client.query(checksumSql)).rows.map((r) => [r.t, r.h]));

  it('never a 5xx, always the error shape, and nothing changed by a rejected request', async () => {
    // The checksum sees a change (here an accepted request: a new guest).
    const empty = await checksum();
    await guestPlayer(t.http);
    let before = await checksum();
    expect(before).not.toEqual(empty);
    let runs = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzRequest(routes, f), async (r) => {
        runs++;
        const answer = await send(t.baseUrl, r);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const label = `${r.method} ${r.path.slice(0, 80)} → ${answer.status} ${answer.text.slice(0, 200)}`;
        expect({ label, serverError: answer.status >= 500 }).toEqual({ label, serverError: false });
        const after = await checksum();
        if (answer.status < 400) {
          // An accepted request may finish its work after answering (an event stream notes the
          // viewer's presence without waiting): start the next comparison once the tables settle.
          before = await settled(after);
          return;
        }
        if (answer.contentType.startsWith('text/html')) {
          // A person's page: only the HTML routes answer with one, and only "not found".
          expect({ label, page: !r.path.startsWith('/api/') && answer.status === 404 }).toEqual({ label, page: true });
        } else {
          const body = JSON.parse(answer.text);
          expect(Object.keys(body).every((k) => ['statusCode', 'code', 'message', 'details'].includes(k))).toBe(true);
          expect({ label, statusCode: body.statusCode, code: body.code, message: typeof body.message }).toEqual({
            label,
            statusCode: answer.status,
            code: expect.stringMatching(/^[A-Z_]+$/),
            message: 'string',
          });
          expect({ label, long: body.message.length > 500 || answer.text.length > 4000 }).toEqual({ label, long: false });
        }
        expect({ label, changed: after }).toEqual({ label, changed: before });
      }),
      { numRuns: RUNS, endOnFailure: true, verbose: 1 },
    );
    // Enough requests, and answers of every kind: accepted, refused by validation, by
    // authentication, by media type, and not found (403s need valid bodies: the authorization
    // matrix covers them).
    expect(runs).toBeGreaterThanOrEqual(RUNS);
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 400, 401, 404, 415]));
  }, 600_000);
});
