import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/config.js';

// Docker does not run on every machine that runs these tests: check the files' shape instead.

const ROOT = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

type Service = {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  environment?: Record<string, string> | string[];
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  healthcheck?: { test?: string | string[] };
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: (string | number | { target?: number; published?: string | number })[];
  expose?: (string | number)[];
  restart?: string;
  deploy?: { replicas?: number };
};
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service>; volumes?: Record<string, unknown> };

function environment(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)]));
  return Object.fromEntries(env.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

/** Compose's `${VAR}`, `${VAR:-default}` and `${VAR:?error}` against `vars`. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_all, name: string, op?: string, arg?: string) => {
    if (vars[name] !== undefined && vars[name] !== '') return vars[name];
    if (op === '-') return arg ?? '';
    if (op === '?') throw new Error(`${name}: ${arg}`);
    return '';
  });
}

/** The PostgreSQL majors the app supports (docs/operations.md); compose runs the embedded default's. */
const SUPPORTED_POSTGRES = [15, 16, 17, 18];
const EMBEDDED_POSTGRES = 18;
/** The Node LTS lines the docs name as supported (docs/decisions.md). */
const SUPPORTED_NODE = [22, 24];
const postgresEntry = Object.entries(compose.services).find(([, s]) => /^postgres:\d+(\b|$)/.test(s.image ?? ''));
const postgresMajor = Number(/^postgres:(\d+)/.exec(postgresEntry?.[1].image ?? '')?.[1]);
const appEntry = Object.entries(compose.services).find(([, s]) => s.build !== undefined);

describe('docker-compose.yml', () => {
  it('has a PostgreSQL service of a supported major (the embedded default) with a pg_isready healthcheck and a declared named volume', () => {
    expect(postgresEntry).toBeDefined();
    expect(SUPPORTED_POSTGRES).toContain(postgresMajor);
    expect(postgresMajor).toBe(EMBEDDED_POSTGRES);
    const [, postgres] = postgresEntry!;
    const test = [postgres.healthcheck?.test ?? []].flat().join(' ');
    expect(test).toContain('pg_isready');
    const mounts = (postgres.volumes ?? []).map((v) => (typeof v === 'string' ? { source: v.split(':')[0], target: v.split(':')[1] } : v));
    // From 18 the image's volume is /var/lib/postgresql (data in a folder per major); before, …/data.
    const target = postgresMajor >= 18 ? '/var/lib/postgresql' : '/var/lib/postgresql/data';
    const data = mounts.find((m) => m.target?.replace(/\/$/, '') === target);
    expect(data).toBeDefined();
    expect(data!.source).toMatch(/^[A-Za-z0-9][\w.-]*$/); // a name, not a host path
    expect(Object.keys(compose.volumes ?? {})).toContain(data!.source);
  });

  it('builds the app from the Dockerfile, waits for a healthy database, and restarts', () => {
    expect(appEntry).toBeDefined();
    const [, app] = appEntry!;
    const build = typeof app.build === 'string' ? { context: app.build } : app.build!;
    expect(build.context ?? '.').toBe('.');
    expect(build.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
    const dependsOn = app.depends_on as Record<string, { condition?: string }>;
    expect(dependsOn[postgresEntry![0]]).toEqual({ condition: 'service_healthy' });
    expect(app.restart).toMatch(/^(always|unless-stopped|on-failure)/);
    expect(JSON.stringify(app.expose ?? app.ports)).toContain('3000');
  });

  it('points the app at the postgres service with the credentials it was created with', () => {
    const [postgresName, postgres] = postgresEntry!;
    const vars = { JWT_SECRET: 'a-production-secret-0123456789' };
    const appEnv = environment(appEntry![1]);
    const dbEnv = environment(postgres);
    const url = new URL(interpolate(appEnv.DATABASE_URL, vars));
    expect(url.protocol).toMatch(/^postgres(ql)?:$/);
    expect(url.hostname).toBe(postgresName);
    expect(decodeURIComponent(url.username)).toBe(interpolate(dbEnv.POSTGRES_USER ?? 'postgres', vars));
    expect(decodeURIComponent(url.password)).toBe(interpolate(dbEnv.POSTGRES_PASSWORD, vars));
    expect(url.pathname).toBe(`/${interpolate(dbEnv.POSTGRES_DB ?? dbEnv.POSTGRES_USER ?? 'postgres', vars)}`);
  });

  it('runs in production and refuses to start without JWT_SECRET', () => {
    const appEnv = environment(appEntry![1]);
    expect(appEnv.NODE_ENV).toBe('production');
    expect(() => interpolate(appEnv.JWT_SECRET, {})).toThrow(/JWT_SECRET/);
    // With a secret given, the app's environment is a valid configuration.
    const resolved = Object.fromEntries(
      Object.entries(appEnv).map(([k, v]) => [k, interpolate(v, { JWT_SECRET: 'a-production-secret-0123456789' })]),
    );
    const config = loadConfig(resolved);
    expect(config).toMatchObject({ nodeEnv: 'production', port: 3000, jwtSecret: 'a-production-secret-0123456789' });
    expect(config.databaseUrl).toMatch(/@postgres:5432\//);
  });
});

describe('Dockerfile', () => {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages = lines.filter((l) => /^FROM\s/i.test(l));
  const lastStage = lines.slice(lines.lastIndexOf(stages[stages.length - 1]));

  it('is a multi-stage build on one supported Node LTS line that package.json\'s engines allow', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const majors = stages.map((stage) => Number(/^FROM\s+node:(\d+)[\w.-]*/i.exec(stage)?.[1]));
    expect(new Set(majors).size).toBe(1);
    expect(SUPPORTED_NODE).toContain(majors[0]);
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    // `>=22.12.0` and the like: the image's line is at or above a lower bound of one of the ranges.
    const lowest = [...engines.matchAll(/>=\s*(\d+)/g)].map((m) => Number(m[1]));
    expect(lowest.some((bound) => majors[0] >= bound)).toBe(true);
  });

  it('builds in one stage and ships only dist/ and production dependencies in the last', () => {
    expect(lines.some((l) => /^RUN\s.*npm run build/.test(l))).toBe(true);
    expect(lastStage.some((l) => /^RUN\s.*npm ci\b.*--omit=dev/.test(l))).toBe(true);
    expect(lastStage.some((l) => /^COPY\s+--from=\S+\s+\S*dist\s/.test(l))).toBe(true);
  });

  it('runs as a non-root user', () => {
    const users = lastStage.filter((l) => /^USER\s/i.test(l)).map((l) => l.split(/\s+/)[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users[users.length - 1]).not.toMatch(/^(root|0)(:|$)/);
  });

  it('serves the built CLI and checks /health', () => {
    const cmd = lastStage.find((l) => /^CMD\s/.test(l));
    expect(JSON.parse(cmd!.replace(/^CMD\s+/, ''))).toEqual(['node', 'dist/src/cli.js', 'serve']);
    const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string> };
    expect(pkg.bin.outflank).toBe('dist/src/cli.js');
    expect(lastStage.find((l) => /^HEALTHCHECK\s/.test(l))).toContain('/health');
  });
});

describe('.dockerignore', () => {
  it('keeps local state out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', '.data']));
  });
});

/** A Caddyfile as nested blocks: each directive line's tokens, with the block it opens. */
interface CaddyNode {
  tokens: string[];
  children: CaddyNode[];
}

function parseCaddyfile(text: string): CaddyNode[] {
  const root: CaddyNode = { tokens: [], children: [] };
  const stack = [root];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    if (line === '}') {
      stack.pop();
      if (stack.length === 0) throw new Error('unbalanced } in the Caddyfile');
      continue;
    }
    const opens = line.endsWith('{');
    const node: CaddyNode = { tokens: (opens ? line.slice(0, -1) : line).trim().split(/\s+/).filter(Boolean), children: [] };
    stack[stack.length - 1].children.push(node);
    if (opens) stack.push(node);
  }
  if (stack.length !== 1) throw new Error('unclosed { in the Caddyfile');
  return root.children;
}

const all = (nodes: CaddyNode[]): CaddyNode[] => nodes.flatMap((n) => [n, ...all(n.children)]);

describe('the TLS-terminating proxy (Caddy) in front of the app replicas', () => {
  const [appName, app] = appEntry!;
  const proxyEntry = Object.entries(compose.services).find(([, s]) => /^caddy:2(\b|$)/.test(s.image ?? ''));
  const proxy = proxyEntry?.[1];
  const mounts = (proxy?.volumes ?? []).map((v) => (typeof v === 'string' ? { source: v.split(':')[0], target: v.split(':')[1] } : v));
  const caddyfileMount = mounts.find((m) => m.target === '/etc/caddy/Caddyfile');
  const caddyfilePath = (caddyfileMount?.source ?? '').replace(/^\.\//, '');
  const sites = caddyfilePath ? parseCaddyfile(read(caddyfilePath)) : [];
  const proxyEnv = proxy ? environment(proxy) : {};

  it('is a caddy:2 service publishing 80 and 443, with its Caddyfile from the repository and its certificates in a volume', () => {
    expect(proxy).toBeDefined();
    const published = JSON.stringify(proxy!.ports);
    expect(published).toMatch(/"80:80"/);
    expect(published).toMatch(/"443:443"/);
    expect(caddyfilePath).toBe('deploy/Caddyfile');
    const data = mounts.find((m) => m.target === '/data');
    expect(Object.keys(compose.volumes ?? {})).toContain(data?.source);
    expect(Object.keys(proxy!.depends_on ?? {})).toContain(appName);
  });

  it('runs two replicas of the app, which only the proxy reaches', () => {
    const appServices = Object.values(compose.services).filter((s) => s.build !== undefined);
    const replicas = appServices.reduce((n, s) => n + (s.deploy?.replicas ?? 1), 0);
    expect(replicas).toBeGreaterThanOrEqual(2);
    for (const s of appServices) expect(s.ports).toBeUndefined(); // not published: every request goes through TLS
  });

  it('tells the app it is behind TLS and to trust the proxy, as a valid configuration', () => {
    const resolved = Object.fromEntries(
      Object.entries(environment(app)).map(([k, v]) => [k, interpolate(v, { JWT_SECRET: 'a-production-secret-0123456789' })]),
    );
    const config = loadConfig(resolved);
    expect(config.tlsBehindProxy).toBe(true);
    // Docker networks use private (RFC 1918) addresses: uniquelocal, or an explicit subnet.
    expect(config.trustProxy).not.toBe(false);
    expect(config.trustProxy).not.toEqual(expect.arrayContaining(['loopback']));
  });

  it('Caddyfile: one site for SITE_ADDRESS, proxying to every app replica on port 3000', () => {
    expect(sites).toHaveLength(1);
    expect(sites[0].tokens[0]).toMatch(/^\{\$SITE_ADDRESS(:[^}]+)?\}$/);
    expect(proxyEnv.SITE_ADDRESS).toBeDefined();
    const proxies = all(sites).filter((n) => n.tokens[0] === 'reverse_proxy');
    expect(proxies).toHaveLength(1);
    const rp = proxies[0];
    const dynamic = rp.children.find((n) => n.tokens[0] === 'dynamic' && n.tokens[1] === 'a');
    const staticUpstreams = [...rp.tokens.slice(1), ...rp.children.filter((n) => n.tokens[0] === 'to').flatMap((n) => n.tokens.slice(1))];
    if (dynamic) {
      const opts = Object.fromEntries(dynamic.children.map((n) => [n.tokens[0], n.tokens[1]]));
      expect({ name: dynamic.tokens[2] ?? opts.name, port: dynamic.tokens[3] ?? opts.port }).toEqual({ name: appName, port: '3000' });
    } else {
      expect(staticUpstreams.length).toBeGreaterThanOrEqual(2);
      for (const u of staticUpstreams) expect(u).toMatch(/:3000$/);
    }
    expect(rp.children.find((n) => n.tokens[0] === 'lb_policy')).toBeDefined();
  });

  it('Caddyfile: event streams are never buffered or compressed', () => {
    const rp = all(sites).find((n) => n.tokens[0] === 'reverse_proxy')!;
    expect(rp.children.find((n) => n.tokens[0] === 'flush_interval')?.tokens[1]).toBe('-1');
    const directives = all(sites).map((n) => n.tokens[0]);
    for (const buffering of ['buffer_requests', 'buffer_responses', 'request_buffers', 'response_buffers', 'encode']) {
      expect(directives).not.toContain(buffering);
    }
  });
});
