import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig, resolveJwtSecret } from '../../src/config/config.js';

const SECRET = 'a-secret-of-at-least-16-chars';
const fallback = () => 'generated-secret-0123456789abcdef';

/** loadConfig's error for `env`, or a failure when it does not throw. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, fallback);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw new Error(`expected a ConfigError, got ${String(err)}`);
  }
  throw new Error(`expected loadConfig(${JSON.stringify(env)}) to throw`);
}

describe('loadConfig', () => {
  it('has sensible defaults for development', () => {
    const config = loadConfig({}, fallback);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      host: '0.0.0.0',
      port: 3000,
      databaseUrl: null,
      embeddedPgPort: null,
      dataDir: resolve('.data'),
      dbPoolSize: 20,
      moveWriteBatches: 2,
      dbConnectTimeoutSeconds: 5,
      migrationsRun: true,
      jwtSecret: 'generated-secret-0123456789abcdef',
      jwtExpiresIn: '30d',
      logLevel: 'info',
      authRateLimit: 10,
      authRateWindowSeconds: 60,
      sseHeartbeatSeconds: 15,
      sseStreamsPerPlayer: 20,
      sseStreamsPerAddress: 50,
      roomsPerHour: 30,
      computerGamesPerHour: 20,
      leaderboardMinGames: 5,
      leaderboardActiveDays: 90,
      cpuTakeoverSeconds: 60,
      cpuWorkers: 1,
      computerWorkers: 1,
      computerMoveMs: 1000,
      firstMoveSeconds: 30,
      rematchOfferSeconds: 60,
      idleTurnSeconds: 300,
      tlsBehindProxy: false,
      trustProxy: false,
      ratings: {
        initialRating: 1500,
        initialRd: 350,
        initialVolatility: 0.06,
        tau: 0.5,
        minRd: 45,
        maxRd: 350,
        ratingFloor: 100,
        periodsPerDay: 0.21436,
      },
    });
  });

  it('reads the boosting detector\'s thresholds from BOOST_*: the defaults unchanged, each one settable, each one validated', () => {
    expect(loadConfig({}, fallback).fairPlay.boosting).toEqual({
      recentDays: 30, youngHours: 168, provisionalGames: 10, earlyMoves: 20, instantMoveMs: 1500, minFeeders: 2, minFedWins: 3, minFedPoints: 100,
    });
    const set = loadConfig({
      BOOST_RECENT_DAYS: '14', BOOST_YOUNG_HOURS: '48', BOOST_PROVISIONAL_GAMES: '5', BOOST_EARLY_MOVES: '12',
      BOOST_INSTANT_MOVE_MS: '800', BOOST_MIN_FEEDERS: '3', BOOST_MIN_FED_WINS: '6', BOOST_MIN_FED_POINTS: '250',
    }, fallback).fairPlay.boosting;
    expect(set).toEqual({ recentDays: 14, youngHours: 48, provisionalGames: 5, earlyMoves: 12, instantMoveMs: 800, minFeeders: 3, minFedWins: 6, minFedPoints: 250 });
    for (const [name, value] of [['BOOST_RECENT_DAYS', '0'], ['BOOST_MIN_FEEDERS', '0'], ['BOOST_MIN_FED_POINTS', 'lots'], ['BOOST_INSTANT_MOVE_MS', '-1'], ['BOOST_EARLY_MOVES', '2.5']]) {
      expect(configError({ [name]: value }).message).toMatch(new RegExp(`^${name} `));
    }
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', MIGRATIONS_RUN: '', LOG_LEVEL: '', JWT_EXPIRES_IN: '' }, fallback);
    expect(config).toMatchObject({ port: 3000, databaseUrl: null, migrationsRun: true, logLevel: 'info', jwtExpiresIn: '30d' });
  });

  it('is silent by default under NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test' }, fallback).logLevel).toBe('silent');
  });

  it("hashes passwords at OWASP's minimum cost or more; cheaper only under NODE_ENV=test", () => {
    expect(loadConfig({}, fallback).passwordHash).toEqual({ memoryKib: 19_456, passes: 2 });
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_PASSES: '3' }, fallback).passwordHash).toEqual({ memoryKib: 65_536, passes: 3 });
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '64' }, fallback)).toThrow(/PASSWORD_HASH_MEMORY_KIB must be between 19456/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-0123', PASSWORD_HASH_PASSES: '1' })).toThrow(/PASSWORD_HASH_PASSES must be between 2/);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_PASSES: '1' }, fallback).passwordHash).toEqual({ memoryKib: 64, passes: 1 });
  });

  it.each<[string, Record<string, string>, Record<string, unknown>]>([
    ['PORT', { PORT: '8080' }, { port: 8080 }],
    ['PORT=0 (any free port)', { PORT: '0' }, { port: 0 }],
    ['HOST', { HOST: '127.0.0.1' }, { host: '127.0.0.1' }],
    ['postgres:// URL', { DATABASE_URL: 'postgres://u:p@db:5432/outflank' }, { databaseUrl: 'postgres://u:p@db:5432/outflank' }],
    ['postgresql:// URL', { DATABASE_URL: 'postgresql://db/outflank' }, { databaseUrl: 'postgresql://db/outflank' }],
    ['EMBEDDED_PG_PORT', { EMBEDDED_PG_PORT: '5433' }, { embeddedPgPort: 5433 }],
    ['DATA_DIR', { DATA_DIR: '/var/lib/outflank' }, { dataDir: '/var/lib/outflank' }],
    ['MIGRATIONS_RUN=false', { MIGRATIONS_RUN: 'false' }, { migrationsRun: false }],
    ['MIGRATIONS_RUN=0', { MIGRATIONS_RUN: '0' }, { migrationsRun: false }],
    ['MIGRATIONS_RUN=YES', { MIGRATIONS_RUN: 'YES' }, { migrationsRun: true }],
    ['LOG_LEVEL', { LOG_LEVEL: 'debug' }, { logLevel: 'debug' }],
    ['JWT_SECRET', { JWT_SECRET: SECRET }, { jwtSecret: SECRET }],
    ['JWT_EXPIRES_IN seconds', { JWT_EXPIRES_IN: '3600' }, { jwtExpiresIn: '3600' }],
    ['JWT_EXPIRES_IN hours', { JWT_EXPIRES_IN: '12h' }, { jwtExpiresIn: '12h' }],
    ['production with JWT_SECRET', { NODE_ENV: 'production', JWT_SECRET: SECRET }, { nodeEnv: 'production', jwtSecret: SECRET }],
    ['DB_POOL_SIZE', { DB_POOL_SIZE: '50' }, { dbPoolSize: 50 }],
    ['MOVE_WRITE_BATCHES', { MOVE_WRITE_BATCHES: '4' }, { moveWriteBatches: 4 }],
    ['DB_CONNECT_TIMEOUT_SECONDS', { DB_CONNECT_TIMEOUT_SECONDS: '2' }, { dbConnectTimeoutSeconds: 2 }],
    ['SSE_STREAMS_PER_PLAYER', { SSE_STREAMS_PER_PLAYER: '3' }, { sseStreamsPerPlayer: 3 }],
    ['SSE_STREAMS_PER_ADDRESS', { SSE_STREAMS_PER_ADDRESS: '500' }, { sseStreamsPerAddress: 500 }],
    ['ROOMS_PER_HOUR', { ROOMS_PER_HOUR: '5' }, { roomsPerHour: 5 }],
    ['COMPUTER_GAMES_PER_HOUR', { COMPUTER_GAMES_PER_HOUR: '4' }, { computerGamesPerHour: 4 }],
    ['RATING_TAU', { RATING_TAU: '0.3' }, { ratings: expect.objectContaining({ tau: 0.3 }) }],
    ['ANALYSIS_YIELD_ABOVE', { ANALYSIS_YIELD_ABOVE: '0.5' }, { analysisYieldAbove: 0.5 }],
    ['TLS_BEHIND_PROXY=true', { TLS_BEHIND_PROXY: 'true' }, { tlsBehindProxy: true }],
    ['TRUST_PROXY=false', { TRUST_PROXY: 'false' }, { trustProxy: false }],
    ['TRUST_PROXY=1 (hops)', { TRUST_PROXY: '1' }, { trustProxy: 1 }],
    ['TRUST_PROXY=uniquelocal', { TRUST_PROXY: 'uniquelocal' }, { trustProxy: ['uniquelocal'] }],
    ['TRUST_PROXY list', { TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8, 192.168.1.7' }, { trustProxy: ['loopback', '10.0.0.0/8', 'fd00::/8', '192.168.1.7'] }],
  ])('accepts %s', (_name, env, expected) => {
    expect(loadConfig(env, fallback)).toMatchObject(expected);
  });

  it.each<[string, Record<string, string>, string]>([
    ['PORT=abc', { PORT: 'abc' }, 'PORT'],
    ['PORT=70000', { PORT: '70000' }, 'PORT'],
    ['PORT=-1', { PORT: '-1' }, 'PORT'],
    ['PORT=80.5', { PORT: '80.5' }, 'PORT'],
    ['DATABASE_URL=mysql://…', { DATABASE_URL: 'mysql://root@localhost:3306/outflank' }, 'DATABASE_URL'],
    ['DATABASE_URL=garbage', { DATABASE_URL: 'garbage' }, 'DATABASE_URL'],
    ['MIGRATIONS_RUN=maybe', { MIGRATIONS_RUN: 'maybe' }, 'MIGRATIONS_RUN'],
    ['LOG_LEVEL=loud', { LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    ['NODE_ENV=staging', { NODE_ENV: 'staging' }, 'NODE_ENV'],
    ['JWT_SECRET too short', { JWT_SECRET: 'short' }, 'JWT_SECRET'],
    ['NODE_ENV=production without JWT_SECRET', { NODE_ENV: 'production' }, 'JWT_SECRET'],
    ['JWT_EXPIRES_IN=forever', { JWT_EXPIRES_IN: 'forever' }, 'JWT_EXPIRES_IN'],
    ['EMBEDDED_PG_PORT=0', { EMBEDDED_PG_PORT: '0' }, 'EMBEDDED_PG_PORT'],
    ['DB_POOL_SIZE=lots', { DB_POOL_SIZE: 'lots' }, 'DB_POOL_SIZE'],
    ['DB_CONNECT_TIMEOUT_SECONDS=0', { DB_CONNECT_TIMEOUT_SECONDS: '0' }, 'DB_CONNECT_TIMEOUT_SECONDS'],
    ['MOVE_WRITE_BATCHES=0', { MOVE_WRITE_BATCHES: '0' }, 'MOVE_WRITE_BATCHES'],
    ['ANALYSIS_YIELD_ABOVE=2', { ANALYSIS_YIELD_ABOVE: '2' }, 'ANALYSIS_YIELD_ABOVE'],
    ['SSE_STREAMS_PER_PLAYER=0', { SSE_STREAMS_PER_PLAYER: '0' }, 'SSE_STREAMS_PER_PLAYER'],
    ['SSE_STREAMS_PER_ADDRESS=many', { SSE_STREAMS_PER_ADDRESS: 'many' }, 'SSE_STREAMS_PER_ADDRESS'],
    ['ROOMS_PER_HOUR=-1', { ROOMS_PER_HOUR: '-1' }, 'ROOMS_PER_HOUR'],
    ['COMPUTER_GAMES_PER_HOUR=0', { COMPUTER_GAMES_PER_HOUR: '0' }, 'COMPUTER_GAMES_PER_HOUR'],
    ['RATING_TAU=NaN', { RATING_TAU: 'NaN' }, 'RATING_TAU'],
    ['TLS_BEHIND_PROXY=https', { TLS_BEHIND_PROXY: 'https' }, 'TLS_BEHIND_PROXY'],
    ['TRUST_PROXY=true (anyone)', { TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    ['TRUST_PROXY=99 hops', { TRUST_PROXY: '99' }, 'TRUST_PROXY'],
    ['TRUST_PROXY=caddy (a name)', { TRUST_PROXY: 'caddy' }, 'TRUST_PROXY'],
    ['TRUST_PROXY=10.0.0.0/99', { TRUST_PROXY: '10.0.0.0/99' }, 'TRUST_PROXY'],
  ])('rejects %s with one clear sentence naming the variable', (_name, env, variable) => {
    const { message } = configError(env);
    expect(message).toContain(variable);
    expect(message).toMatch(/^[A-Z_]+ .*\.$/); // starts with the variable, ends with a full stop
    expect(message).not.toMatch(/\n/);
    expect(message).not.toMatch(/[.!?]\s+[A-Z]/); // no second sentence
  });

  it('does not accept production with a generated secret', () => {
    let called = false;
    expect(() =>
      loadConfig({ NODE_ENV: 'production' }, () => {
        called = true;
        return 'generated-secret-0123456789abcdef';
      }),
    ).toThrow(ConfigError);
    expect(called).toBe(false);
  });

  it('asks the fallback for a secret only when JWT_SECRET is unset, passing the data folder', () => {
    const asked: string[] = [];
    const remember = (dir: string) => {
      asked.push(dir);
      return 'generated-secret-0123456789abcdef';
    };
    loadConfig({ JWT_SECRET: SECRET, DATA_DIR: '/srv/outflank' }, remember);
    expect(asked).toEqual([]);
    loadConfig({ DATA_DIR: '/srv/outflank' }, remember);
    expect(asked).toEqual(['/srv/outflank']);
  });

  it('without JWT_SECRET and without a fallback, says JWT_SECRET is required', () => {
    expect(() => loadConfig({})).toThrow(new ConfigError('JWT_SECRET is required.'));
  });
});

describe('resolveJwtSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outflank-config-'));
    chmodSync(dir, 0o755);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('generates a secret once, keeps it in the data folder, and returns the same one afterwards', () => {
    const dataDir = join(dir, 'nested', '.data'); // created on demand
    const first = resolveJwtSecret(dataDir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = join(dataDir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(resolveJwtSecret(dataDir)).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }, resolveJwtSecret).jwtSecret).toBe(first);
  });

  it('gives different data folders different secrets', () => {
    expect(resolveJwtSecret(join(dir, 'a'))).not.toBe(resolveJwtSecret(join(dir, 'b')));
  });
});
