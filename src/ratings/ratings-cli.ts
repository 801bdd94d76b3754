import pg from 'pg';
import { AppConfig } from '../config/config.js';
import { resolveDatabase } from '../database/database-url.js';
import { AuditGame, AuditPlayer, auditRatings, Discrepancy, StoredHistory } from './domain/audit.js';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The leaderboard's bookkeeping against the players' rows: every bucket equals a recount of its
 * flagged players, and every flag says what the rules say (an expired player may stay flagged
 * until the next sweep, so only flags older than the window plus an hour count).
 */
async function leaderboardDiscrepancies(client: pg.Client, config: AppConfig): Promise<Discrepancy[]> {
  const out: Discrepancy[] = [];
  const buckets = await client.query(
    `SELECT bucket, coalesce(b.players, 0) AS stored, coalesce(c.n, 0) AS expected
     FROM leaderboard_buckets b FULL JOIN (SELECT floor(rating)::int AS bucket, count(*)::int AS n FROM players WHERE on_leaderboard GROUP BY 1) c USING (bucket)
     WHERE coalesce(b.players, 0) <> coalesce(c.n, 0) ORDER BY bucket`,
  );
  for (const r of buckets.rows) out.push({ subject: `leaderboard bucket ${r.bucket}`, field: 'players', stored: r.stored, expected: r.expected });
  const flags = await client.query(
    `SELECT username, on_leaderboard FROM players
     WHERE (on_leaderboard AND (guest OR games < $1 OR last_rated_at IS NULL OR last_rated_at < now() - make_interval(days => $2, hours => 1)))
        OR (NOT on_leaderboard AND NOT guest AND games >= $1 AND last_rated_at >= now() - make_interval(days => $2))
     ORDER BY username`,
    [config.leaderboardMinGames, config.leaderboardActiveDays],
  );
  for (const r of flags.rows) {
    out.push({ subject: `player ${r.username}`, field: 'on_leaderboard', stored: String(r.on_leaderboard), expected: String(!r.on_leaderboard) });
  }
  return out;
}

/** Loads every player and every rated, finished game (in the order ratings were applied) and audits them. */
export async function verifyRatings(url: string, config: AppConfig): Promise<{ players: number; games: number; discrepancies: Discrepancy[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const players: AuditPlayer[] = (
      await client.query('SELECT id, username, rating, rd, volatility, games, wins, draws, losses, last_rated_at FROM players ORDER BY id')
    ).rows.map((r) => ({
      id: r.id,
      username: r.username,
      rating: Number(r.rating),
      rd: Number(r.rd),
      volatility: Number(r.volatility),
      games: r.games,
      wins: r.wins,
      draws: r.draws,
      losses: r.losses,
      lastRatedAt: r.last_rated_at,
    }));
    const games = (
      await client.query(
        `SELECT g.id, g.black_id, g.white_id, g.winner, g.finished_at, g.black_rating_change, g.white_rating_change,
                coalesce((SELECT min(h.seq) FROM rating_history h WHERE h.game_id = g.id), 9223372036854775807) AS seq
         FROM games g WHERE g.rated AND g.status = 'finished' ORDER BY seq, g.finished_at, g.id`,
      )
    ).rows;
    const history = new Map<string, StoredHistory>();
    for (const h of (await client.query('SELECT * FROM rating_history')).rows) {
      history.set(`${h.game_id}/${h.player_id}`, {
        ratingBefore: Number(h.rating_before),
        rdBefore: Number(h.rd_before),
        volatilityBefore: Number(h.volatility_before),
        rating: Number(h.rating),
        rd: Number(h.rd),
        volatility: Number(h.volatility),
        delta: Number(h.delta),
      });
    }
    const leaderboard = await leaderboardDiscrepancies(client, config);
    await client.query('COMMIT');
    const auditGames: AuditGame[] = games.map((g) => ({
      id: g.id,
      blackId: g.black_id,
      whiteId: g.white_id,
      winner: g.winner,
      finishedAt: g.finished_at,
      blackChange: num(g.black_rating_change),
      whiteChange: num(g.white_rating_change),
      black: history.get(`${g.id}/${g.black_id}`) ?? null,
      white: history.get(`${g.id}/${g.white_id}`) ?? null,
    }));
    const discrepancies = [...auditRatings(players, auditGames, config.ratings), ...leaderboard];
    return { players: players.length, games: auditGames.length, discrepancies };
  } finally {
    await client.end();
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
