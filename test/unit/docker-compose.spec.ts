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
  restart?: string;
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

const postgresEntry = Object.entries(compose.services).find(([, s]) => /^postgres:17(\b|$)/.test(s.image ?? ''));
const appEntry = Object.entries(compose.services).find(([, s]) => s.build !== undefined);

describe('docker-compose.yml', () => {
  it('has a PostgreSQL 17 service with a pg_isready healthcheck and a declared named volume', () => {
    expect(postgresEntry).toBeDefined();
    const [, postgres] = postgresEntry!;
    const test = [postgres.healthcheck?.test ?? []].flat().join(' ');
    expect(test).toContain('pg_isready');
    const mounts = (postgres.volumes ?? []).map((v) => (typeof v === 'string' ? { source: v.split(':')[0], target: v.split(':')[1] } : v));
    const data = mounts.find((m) => m.target === '/var/lib/postgresql/data');
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
    expect(JSON.stringify(app.ports)).toContain('3000');
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

  it('is a multi-stage build on Node 20', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage).toMatch(/^FROM\s+node:20[\w.-]*/i);
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
