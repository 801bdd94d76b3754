import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { type BoostRule, DEFAULT_BOOST_RULE } from '../fair-play/domain/boosting.js';
import { DEFAULT_GLICKO2_CONFIG, Glicko2Config } from '../ratings/domain/glicko2.js';

/** Raised when the environment cannot make a valid configuration; its message is one clear sentence. */
export class ConfigError extends Error {}

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Group-commit statements of moves in flight at once unless MOVE_WRITE_BATCHES says (BENCHMARKS.md has the measurement). */
export const MOVE_WRITE_BATCHES_DEFAULT = 2;

export interface AppConfig {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  /** null: start the embedded PostgreSQL server. */
  databaseUrl: string | null;
  embeddedPgPort: number | null;
  dataDir: string;
  dbPoolSize: number;
  /** Group-commit statements of moves in flight at once (GamesRepository's StepBatcher). */
  moveWriteBatches: number;
  /** How long a request waits for a database connection before it fails (503) instead of hanging. */
  dbConnectTimeoutSeconds: number;
  migrationsRun: boolean;
  jwtSecret: string;
  jwtExpiresIn: string;
  logLevel: LogLevel;
  authRateLimit: number;
  authRateWindowSeconds: number;
  /**
   * Guest accounts one address may get per AUTH_RATE_WINDOW_SECONDS: a limit of their own, larger
   * than the sign-in one, as a classroom or an internet café shares one address.
   */
  guestRateLimit: number;
  sseHeartbeatSeconds: number;
  /** Open event streams at most per player (any of their tokens) and per client address. */
  sseStreamsPerPlayer: number;
  sseStreamsPerAddress: number;
  /** Rooms a player may open within any hour (counted in the database, so across app copies). */
  roomsPerHour: number;
  /** Games against the computer a player may start within any hour (counted in the database, so across app copies). */
  computerGamesPerHour: number;
  leaderboardMinGames: number;
  leaderboardActiveDays: number;
  cpuTakeoverSeconds: number;
  /** Each player's first move must come within this many seconds, in every game. */
  firstMoveSeconds: number;
  /** No turn limit: a player idle this long on their turn gets the stand-in even when present. */
  idleTurnSeconds: number;
  /** A room's rematch offer lapses after this many seconds. */
  rematchOfferSeconds: number;
  /** A waiting queue ticket whose owner shows no presence for this long is cancelled (`absent`). */
  queuePresenceSeconds: number;
  /** How often each app copy writes the presence of its open /api/me/events streams to their tickets. */
  queuePresenceMarkSeconds: number;
  /** Milliseconds between ranked pairing waves on each app copy (0: no timer; waves run only when called). */
  queueWaveMs: number;
  /** At most this many ranked games are made by one wave (the closest pairs first; the rest wait for the next wave). */
  queueWaveMaxGames: number;
  /** Worker threads for CPU searches (0: inline, on the event loop). */
  cpuWorkers: number;
  /** Games this copy analyses at once, each on its own worker thread (0: this copy analyses none). */
  analysisWorkers: number;
  /** Worker threads of their own for the computer opponent's searches (so a strong level never delays a stand-in's move). */
  computerWorkers: number;
  /** The computer's search runs a tenth of the time while the event loop is busier than this (1: never yields). */
  computerYieldAbove: number;
  /** The longest the computer opponent's strongest level thinks about one move (ms; a clock gives it less when it is short). */
  computerMoveMs: number;
  /** Milliseconds between looks for finished games and queued analysis jobs when idle (0: no timer). */
  analysisPollMs: number;
  /** Milliseconds between the rounds that sum newly finished rated games into the opening explorer (0: no timer). */
  explorerPollMs: number;
  /** How long a claimed analysis job is held before another copy may take it over (its runner died). */
  analysisLeaseSeconds: number;
  /** Claims of one job at most (crashes or errors) before it is given up. */
  analysisMaxAttempts: number;
  /**
   * A copy claims no new analysis job while its event loop was busier than this share (0..1) over
   * the last second: live play first; the queue waits (1: never yield).
   */
  analysisYieldAbove: number;
  /** Reports one player may file within an hour (all app copies together). */
  reportsPerHour: number;
  /** Reports from guests and accounts younger than a day that one address may file within an hour, together. */
  weakReportsPerAddress: number;
  /** Operators' token for the metrics only they see on /metrics (the queue's size); null: none served. */
  metricsToken: string | null;
  /** A moderator may not act on a player they played a ranked game against within this many days (0: no such rule). */
  modConflictDays: number;
  /** Rematch offers, acceptances, withdrawals and refusals one player may send within a minute (all app copies together). */
  rematchActionsPerMinute: number;
  /** An unanswered challenge lapses after this many seconds. */
  challengeSeconds: number;
  /** Challenges (and ranked rematch offers) one player may send within a minute (all app copies together). */
  challengesPerMinute: number;
  /** How often each app copy reads the tokens revoked and the accounts closed on other copies (0: only at start and after its own changes). */
  tokenRevocationPollMs: number;
  /**
   * The server is reached through a TLS-terminating proxy (browsers see https): only then send the
   * TLS-only headers (HSTS, CSP upgrade-insecure-requests), which break a plain-HTTP deployment.
   */
  tlsBehindProxy: boolean;
  /**
   * Which peers may set X-Forwarded-For (Express's `trust proxy`): false (trust none, the client
   * address is the socket's), a number of proxy hops, or addresses/subnets/loopback|linklocal|uniquelocal.
   */
  trustProxy: TrustProxy;
  ratings: Glicko2Config;
  /**
   * argon2id's cost for passwords: OWASP's minimum (19 MiB, 2 passes) or more; less only with
   * NODE_ENV=test, where every suite registers players and the hashing would dominate the run.
   */
  passwordHash: { memoryKib: number; passes: number };
  /** The fair-play rules' numbers (docs/rules-and-fair-play.md, "Fair play"; the /rules page shows them). */
  fairPlay: FairPlayConfig;
}

/** The numbers of the fair-play rules. */
export interface FairPlayConfig {
  /** Ranked games: the CPU may play this many moves for a seat; more, and that seat is scored abandoned at the end. */
  rankedStandInMoves: number;
  /** The widest a ranked rating window grows: ± this many points, however long a ticket waits. */
  rankedWindowMax: number;
  /** Ranked pairing never pairs two accounts that registered or signed in from one address or device within `rankedLinkDays`. */
  rankedSeparateAddresses: boolean;
  rankedLinkDays: number;
  /** Abort cooldown: aborts among a player's last 10 ranked games of the last 24 h that cost nothing. */
  abortFree: number;
  /** … the first cooldown (one abort more than free), doubling with each further abort, at most `abortCooldownMaxSeconds`. */
  abortCooldownSeconds: number;
  abortCooldownMaxSeconds: number;
  /** Sandbagging: a ranked loss by resignation or abandonment before the loser's own `sandbagMoves`-th move is a cheap loss. */
  sandbagMoves: number;
  /** … an account whose cheap losses are more than this share of its ranked losses (last 20 in 30 days) is flagged. */
  sandbagShare: number;
  /** … and waits this many hours after its latest cheap loss (doubling with each further one, at most a week). */
  sandbagCooldownHours: number;
  /**
   * Ranked play opens once an account has finished this many casual games (0: games never open it)…
   */
  rankedMinCasualGames: number;
  /** … or is this many hours old (0: age never opens it); either one suffices, and both 0 switch the gate off. */
  rankedMinAccountHours: number;
  /**
   * A ranked game the loser gave up (resigned, abandoned, ran out of time) before their own
   * `ratedMinLoserMoves`-th move counts for neither rating: a win nobody fought for proves nothing.
   */
  ratedMinLoserMoves: number;
  /** Sign-in: failed logins on one username (from any address) that cost nothing… */
  loginFreeFailures: number;
  /** … then each one more doubles the wait before the next attempt (1 s, 2 s, 4 s, …), at most this long. */
  loginDelayMaxSeconds: number;
  /** The boosting detector's thresholds (BOOST_*; src/fair-play/domain/boosting.ts says what each one does). */
  boosting: BoostRule;
}

export type TrustProxy = false | number | string[];

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, got "${raw}".`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}.`);
  return value;
}

function num(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a number between ${min} and ${max}, got "${raw}".`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}".`);
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}".`);
  }
  return raw as T;
}

/** The boosting detector's thresholds; the defaults are DEFAULT_BOOST_RULE's. */
function boostRule(env: Env): BoostRule {
  const d = DEFAULT_BOOST_RULE;
  return {
    recentDays: int(env, 'BOOST_RECENT_DAYS', d.recentDays, 1, 365),
    youngHours: int(env, 'BOOST_YOUNG_HOURS', d.youngHours, 0, 24 * 365),
    provisionalGames: int(env, 'BOOST_PROVISIONAL_GAMES', d.provisionalGames, 0, 1000),
    earlyMoves: int(env, 'BOOST_EARLY_MOVES', d.earlyMoves, 0, 60),
    instantMoveMs: int(env, 'BOOST_INSTANT_MOVE_MS', d.instantMoveMs, 0, 60_000),
    minFeeders: int(env, 'BOOST_MIN_FEEDERS', d.minFeeders, 1, 1000),
    minFedWins: int(env, 'BOOST_MIN_FED_WINS', d.minFedWins, 1, 10_000),
    minFedPoints: int(env, 'BOOST_MIN_FED_POINTS', d.minFedPoints, 1, 100_000),
  };
}

/** METRICS_TOKEN: unset or empty is none; else 16–200 visible characters (it goes in an Authorization header). */
function metricsToken(env: Env): string | null {
  const raw = env.METRICS_TOKEN?.trim();
  if (!raw) return null;
  if (!/^[\x21-\x7e]{16,200}$/.test(raw)) throw new ConfigError('METRICS_TOKEN must be 16 to 200 visible ASCII characters without spaces.');
  return raw;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyEntryValid(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function trustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '' || ['false', '0', 'no'].includes(raw.toLowerCase())) return false;
  const expected =
    'TRUST_PROXY must be false, a number of proxy hops (1-10), or a comma-separated list of the proxies\' ' +
    'addresses or subnets (e.g. 10.0.0.0/8) or loopback, linklocal, uniquelocal';
  if (['true', 'yes'].includes(raw.toLowerCase())) {
    throw new ConfigError(`${expected}; "true" would let any client choose its own address.`);
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError(`${expected}, got ${hops}.`);
    return hops;
  }
  const entries = raw.split(',').map((e) => e.trim()).filter((e) => e !== '');
  const bad = entries.find((e) => !proxyEntryValid(e));
  if (bad !== undefined || entries.length === 0) {
    throw new ConfigError(`${expected}, got "${(bad ?? raw).slice(0, 40)}".`);
  }
  return entries;
}

function databaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL, e.g. postgres://user:pass@localhost:5432/outflank.');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, got "${url.protocol}//".`);
  }
  return raw;
}

/**
 * Reads and validates the configuration from the environment. Without JWT_SECRET outside
 * production, `jwtSecretFallback` supplies one (the CLI passes {@link resolveJwtSecret}).
 */
export function loadConfig(env: Env = process.env, jwtSecretFallback?: (dataDir: string) => string): AppConfig {
  const nodeEnv = oneOf<NodeEnv>(env, 'NODE_ENV', 'development', ['development', 'production', 'test']);
  const dataDir = resolve(env.DATA_DIR || '.data');
  let jwtSecret = env.JWT_SECRET ?? '';
  if (jwtSecret === '') {
    if (nodeEnv === 'production') throw new ConfigError('JWT_SECRET is required when NODE_ENV=production.');
    jwtSecret = jwtSecretFallback ? jwtSecretFallback(dataDir) : '';
    if (jwtSecret === '') throw new ConfigError('JWT_SECRET is required.');
  } else if (jwtSecret.length < 16) {
    throw new ConfigError('JWT_SECRET must be at least 16 characters long.');
  }
  const jwtExpiresIn = env.JWT_EXPIRES_IN || '30d';
  if (!/^\d+[smhd]?$/.test(jwtExpiresIn)) {
    throw new ConfigError(`JWT_EXPIRES_IN must look like 3600, 12h or 30d, got "${jwtExpiresIn}".`);
  }
  const passwordHash = {
    memoryKib: int(env, 'PASSWORD_HASH_MEMORY_KIB', 19_456, nodeEnv === 'test' ? 8 : 19_456, 4_194_304),
    passes: int(env, 'PASSWORD_HASH_PASSES', 2, nodeEnv === 'test' ? 1 : 2, 100),
  };
  const embeddedPgPort = env.EMBEDDED_PG_PORT ? int(env, 'EMBEDDED_PG_PORT', 0, 1, 65535) : null;
  return {
    nodeEnv,
    host: env.HOST || '0.0.0.0',
    port: int(env, 'PORT', 3000, 0, 65535),
    databaseUrl: databaseUrl(env),
    embeddedPgPort,
    dataDir,
    dbPoolSize: int(env, 'DB_POOL_SIZE', 20, 1, 500),
    moveWriteBatches: int(env, 'MOVE_WRITE_BATCHES', MOVE_WRITE_BATCHES_DEFAULT, 1, 500),
    dbConnectTimeoutSeconds: int(env, 'DB_CONNECT_TIMEOUT_SECONDS', 5, 1, 300),
    migrationsRun: bool(env, 'MIGRATIONS_RUN', true),
    jwtSecret,
    jwtExpiresIn,
    logLevel: oneOf<LogLevel>(env, 'LOG_LEVEL', nodeEnv === 'test' ? 'silent' : 'info', [
      'fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent',
    ]),
    authRateLimit: int(env, 'AUTH_RATE_LIMIT', 10, 1, 1_000_000),
    authRateWindowSeconds: int(env, 'AUTH_RATE_WINDOW_SECONDS', 60, 1, 86_400),
    guestRateLimit: int(env, 'GUEST_RATE_LIMIT', 60, 1, 1_000_000),
    sseHeartbeatSeconds: int(env, 'SSE_HEARTBEAT_SECONDS', 15, 1, 3600),
    sseStreamsPerPlayer: int(env, 'SSE_STREAMS_PER_PLAYER', 20, 1, 100_000),
    sseStreamsPerAddress: int(env, 'SSE_STREAMS_PER_ADDRESS', 50, 1, 1_000_000),
    roomsPerHour: int(env, 'ROOMS_PER_HOUR', 30, 1, 1_000_000),
    computerGamesPerHour: int(env, 'COMPUTER_GAMES_PER_HOUR', 20, 1, 1_000_000),
    leaderboardMinGames: int(env, 'LEADERBOARD_MIN_GAMES', 5, 0, 1_000_000),
    leaderboardActiveDays: int(env, 'LEADERBOARD_ACTIVE_DAYS', 90, 1, 100_000),
    cpuTakeoverSeconds: int(env, 'CPU_TAKEOVER_SECONDS', 60, 1, 86_400),
    cpuWorkers: int(env, 'CPU_WORKERS', 1, 0, 64),
    analysisWorkers: int(env, 'ANALYSIS_WORKERS', 1, 0, 64),
    computerWorkers: int(env, 'COMPUTER_WORKERS', 1, 0, 64),
    computerYieldAbove: num(env, 'COMPUTER_YIELD_ABOVE', 0.7, 0.05, 1),
    computerMoveMs: int(env, 'COMPUTER_MOVE_MS', 1000, 10, 60_000),
    analysisPollMs: int(env, 'ANALYSIS_POLL_MS', 2000, 0, 3_600_000),
    explorerPollMs: int(env, 'EXPLORER_POLL_MS', 2000, 0, 3_600_000),
    analysisLeaseSeconds: int(env, 'ANALYSIS_LEASE_SECONDS', 120, 1, 86_400),
    analysisMaxAttempts: int(env, 'ANALYSIS_MAX_ATTEMPTS', 3, 1, 100),
    analysisYieldAbove: num(env, 'ANALYSIS_YIELD_ABOVE', 0.7, 0.05, 1),
    reportsPerHour: int(env, 'REPORTS_PER_HOUR', 5, 1, 1_000_000),
    weakReportsPerAddress: int(env, 'REPORTS_PER_ADDRESS', 10, 1, 1_000_000),
    modConflictDays: int(env, 'MOD_CONFLICT_DAYS', 30, 0, 3650),
    metricsToken: metricsToken(env),
    tokenRevocationPollMs: int(env, 'TOKEN_REVOCATION_POLL_MS', 1000, 0, 3_600_000),
    firstMoveSeconds: int(env, 'FIRST_MOVE_SECONDS', 30, 5, 3600),
    idleTurnSeconds: int(env, 'IDLE_TURN_SECONDS', 300, 10, 86_400),
    tlsBehindProxy: bool(env, 'TLS_BEHIND_PROXY', false),
    trustProxy: trustProxy(env),
    rematchOfferSeconds: int(env, 'REMATCH_OFFER_SECONDS', 60, 5, 3600),
    rematchActionsPerMinute: int(env, 'REMATCH_ACTIONS_PER_MINUTE', 10, 1, 1_000_000),
    challengeSeconds: int(env, 'CHALLENGE_SECONDS', 180, 10, 3600),
    challengesPerMinute: int(env, 'CHALLENGES_PER_MINUTE', 6, 1, 1_000_000),
    queuePresenceSeconds: int(env, 'QUEUE_PRESENCE_SECONDS', 30, 2, 3600),
    queuePresenceMarkSeconds: int(env, 'QUEUE_PRESENCE_MARK_SECONDS', 5, 1, 3600),
    queueWaveMs: int(env, 'QUEUE_WAVE_MS', 1000, 0, 3_600_000),
    queueWaveMaxGames: int(env, 'QUEUE_WAVE_MAX_GAMES', 100, 1, 100_000),
    passwordHash,
    ratings: {
      initialRating: num(env, 'RATING_INITIAL', 1500, 100, 5000),
      initialRd: num(env, 'RATING_INITIAL_RD', 350, 1, 1000),
      initialVolatility: num(env, 'RATING_INITIAL_VOLATILITY', 0.06, 0.0001, 1),
      tau: num(env, 'RATING_TAU', 0.5, 0.01, 2),
      minRd: num(env, 'RATING_MIN_RD', 45, 1, 1000),
      maxRd: num(env, 'RATING_MAX_RD', 350, 1, 1000),
      ratingFloor: num(env, 'RATING_FLOOR', 100, 0, 5000),
      periodsPerDay: num(env, 'RATING_PERIODS_PER_DAY', 0.21436, 0, 100),
      epsilon: DEFAULT_GLICKO2_CONFIG.epsilon,
    },
    fairPlay: {
      rankedStandInMoves: int(env, 'RANKED_STAND_IN_MOVES', 2, 0, 60),
      rankedWindowMax: int(env, 'RANKED_WINDOW_MAX', 350, 100, 5000),
      rankedSeparateAddresses: bool(env, 'RANKED_SEPARATE_ADDRESSES', true),
      rankedLinkDays: int(env, 'RANKED_LINK_DAYS', 30, 1, 3650),
      abortFree: int(env, 'ABORT_FREE', 2, 0, 10),
      abortCooldownSeconds: int(env, 'ABORT_COOLDOWN_SECONDS', 60, 1, 86_400),
      abortCooldownMaxSeconds: int(env, 'ABORT_COOLDOWN_MAX_SECONDS', 3600, 1, 7 * 86_400),
      sandbagMoves: int(env, 'SANDBAG_MOVES', 10, 1, 60),
      sandbagShare: num(env, 'SANDBAG_SHARE', 0.5, 0, 0.99),
      sandbagCooldownHours: int(env, 'SANDBAG_COOLDOWN_HOURS', 1, 1, 168),
      rankedMinCasualGames: int(env, 'RANKED_MIN_CASUAL_GAMES', 3, 0, 1000),
      rankedMinAccountHours: int(env, 'RANKED_MIN_ACCOUNT_HOURS', 24, 0, 24 * 365),
      ratedMinLoserMoves: int(env, 'RATED_MIN_LOSER_MOVES', 15, 0, 60),
      loginFreeFailures: int(env, 'LOGIN_FREE_FAILURES', 5, 1, 1000),
      loginDelayMaxSeconds: int(env, 'LOGIN_DELAY_MAX_SECONDS', 300, 1, 86_400),
      boosting: boostRule(env),
    },
  };
}

/** The development default: a random secret generated once and kept in the data folder. */
export function resolveJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
