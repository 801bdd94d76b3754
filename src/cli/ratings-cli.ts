import { AppConfig } from '../config/config.js';
import { resolveDatabase } from '../database/database-url.js';
import { openStandaloneDatabase } from '../app/standalone.js';
import { GameListsRepository } from '../games/game-lists.repository.js';
import { LeaderboardRules, leaderboardRules } from '../leaderboard/domain/eligibility.js';
import { LeaderboardPlayersRepository } from '../leaderboard/leaderboard-players.repository.js';
import { LeaderboardRepository } from '../leaderboard/leaderboard.repository.js';
import { PlayersRepository } from '../players/players.repository.js';
import { AuditGame, auditRatings, Discrepancy, StoredHistory } from '../ratings/domain/audit.js';
import { RatingHistoryRepository } from '../ratings/rating-history.repository.js';

/** An expired player may stay flagged until the next sweep: only flags stale by more than this count. */
const FLAG_GRACE_HOURS = 1;

/**
 * The leaderboard's bookkeeping against the players' rows: every bucket equals a recount of its
 * flagged players, and every flag says what the rules say.
 */
async function leaderboardDiscrepancies(players: LeaderboardPlayersRepository, leaderboard: LeaderboardRepository, rules: LeaderboardRules): Promise<Discrepancy[]> {
  const out: Discrepancy[] = [];
  // Keyed "bots 1500" / "humans 1500": each leaderboard's buckets.
  const key = (bot: boolean, bucket: number) => `${bot ? 'bots' : 'humans'} ${bucket}`;
  const stored = new Map((await leaderboard.buckets()).map(([bot, bucket, n]) => [key(bot, bucket), n]));
  const expected = new Map((await players.leaderboardCountsByBucket()).map(([bot, bucket, n]) => [key(bot, bucket), n]));
  for (const bucket of [...new Set([...stored.keys(), ...expected.keys()])].sort()) {
    const s = stored.get(bucket) ?? 0;
    const e = expected.get(bucket) ?? 0;
    if (s !== e) out.push({ subject: `leaderboard bucket ${bucket}`, field: 'players', stored: s, expected: e });
  }
  for (const r of await players.leaderboardFlagMismatches(rules, FLAG_GRACE_HOURS)) {
    out.push({ subject: `player ${r.username}`, field: 'on_leaderboard', stored: String(r.onLeaderboard), expected: String(!r.onLeaderboard) });
  }
  return out;
}

/** The repositories the audit reads, on one connection. */
const AUDIT_REPOSITORIES = [PlayersRepository, LeaderboardPlayersRepository, GameListsRepository, RatingHistoryRepository, LeaderboardRepository];

/** Loads every player and every rated, finished game (in the order ratings were applied) and audits them. */
export async function verifyRatings(url: string, config: AppConfig): Promise<{ players: number; games: number; discrepancies: Discrepancy[] }> {
  const app = await openStandaloneDatabase({ url, poolSize: 1, connectTimeoutSeconds: config.dbConnectTimeoutSeconds }, AUDIT_REPOSITORIES);
  try {
    const db = app.db;
    const playersRepo = app.get(PlayersRepository);
    const leaderboardRepo = app.get(LeaderboardRepository);
    const rules = leaderboardRules(config);
    // One snapshot for every read, so a game ending meanwhile is wholly in or wholly out.
    const { players, games, historyRows, refunds, leaderboard } = await db.transaction(
      async () => {
        await db.query('SET TRANSACTION READ ONLY');
        return {
          players: await playersRepo.ratedPlayers(),
          games: await app.get(GameListsRepository).ratedFinishedGames(),
          historyRows: await app.get(RatingHistoryRepository).all(),
          refunds: await app.get(RatingHistoryRepository).allRefunds(),
          leaderboard: await leaderboardDiscrepancies(app.get(LeaderboardPlayersRepository), leaderboardRepo, rules),
        };
      },
      { isolation: 'REPEATABLE READ' },
    );
    const history = new Map<string, StoredHistory>();
    const firstSeq = new Map<string, number>();
    for (const { gameId, playerId, seq, ...stored } of historyRows) {
      history.set(`${gameId}/${playerId}`, stored);
      firstSeq.set(gameId, Math.min(seq, firstSeq.get(gameId) ?? Infinity));
    }
    // The order ratings were applied in (a game without history last, by end time).
    const seqOf = (id: string) => firstSeq.get(id) ?? Infinity;
    games.sort((a, b) => seqOf(a.id) - seqOf(b.id) || a.finishedAt.getTime() - b.finishedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const auditGames: AuditGame[] = games.map((g) => ({
      id: g.id,
      seq: seqOf(g.id),
      blackId: g.blackId,
      whiteId: g.whiteId,
      winner: g.winner,
      finishedAt: g.finishedAt,
      blackChange: g.blackRatingChange,
      whiteChange: g.whiteRatingChange,
      black: history.get(`${g.id}/${g.blackId}`) ?? null,
      white: history.get(`${g.id}/${g.whiteId}`) ?? null,
    }));
    const discrepancies = [...auditRatings(players, auditGames, config.ratings, refunds), ...leaderboard];
    return { players: players.length, games: auditGames.length, discrepancies };
  } finally {
    await app.close();
  }
}

/** `outflank ratings verify`: exit 0 when every stored rating is what the games give, else 1. */
export async function main(args: string[], config: AppConfig): Promise<number> {
  if (args[0] !== 'verify') {
    process.stderr.write('Usage: outflank ratings verify\n');
    return 2;
  }
  const db = await resolveDatabase(config);
  try {
    const { players, games, discrepancies } = await verifyRatings(db.url, config);
    process.stdout.write(`Replayed ${games} rated games for ${players} players.\n`);
    if (discrepancies.length === 0) {
      process.stdout.write('Every stored rating matches the recomputation.\n');
      return 0;
    }
    for (const d of discrepancies.slice(0, 200)) {
      process.stdout.write(`MISMATCH ${d.subject} ${d.field}: stored ${d.stored}, expected ${d.expected}\n`);
    }
    process.stdout.write(`${discrepancies.length} discrepancies.\n`);
    return 1;
  } finally {
    await db.close();
  }
}
