import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { bucketDeltas, type Standing } from '../leaderboard/domain/buckets.js';
import { type ModActionKind, type ReportReason, type ReportStatus, refundOf } from './domain/moderation.js';

const UNIQUE_VIOLATION = '23505';

export type FileReportOutcome =
  | { kind: 'created'; report: ReportRow }
  | { kind: 'duplicate' }
  | { kind: 'limited'; retryAfterSeconds: number };

export interface ReportRow {
  id: string;
  gameId: string;
  reporter: string;
  reported: string;
  reportedId: string;
  reason: ReportReason;
  text: string | null;
  status: ReportStatus;
  createdAt: Date;
  closedAt: Date | null;
}

export interface ActionRow {
  id: string;
  playerId: string;
  action: ModActionKind;
  /** null: the `outflank` command. */
  moderator: string | null;
  reason: string;
  details: Record<string, unknown> | null;
  createdAt: Date;
  seenAt: Date | null;
}

export interface Refund {
  playerId: string;
  username: string;
  points: number;
  ratingBefore: number;
  rating: number;
  gameIds: string[];
}

type RawReport = {
  id: string; game_id: string; reporter: string; reported: string; reported_id: string; reason: ReportReason; text: string | null;
  status: ReportStatus; created_at: Date; closed_at: Date | null;
};

const REPORT_SELECT = `SELECT r.id, r.game_id, rp.username AS reporter, rd.username AS reported, r.reported_id, r.reason, r.text, r.status,
    r.created_at, r.closed_at
  FROM reports r JOIN players rp ON rp.id = r.reporter_id JOIN players rd ON rd.id = r.reported_id`;

const toReport = (r: RawReport): ReportRow => ({
  id: r.id,
  gameId: r.game_id,
  reporter: r.reporter,
  reported: r.reported,
  reportedId: r.reported_id,
  reason: r.reason,
  text: r.text,
  status: r.status,
  createdAt: new Date(r.created_at),
  closedAt: r.closed_at ? new Date(r.closed_at) : null,
});

type RawAction = { id: string; player_id: string; action: ModActionKind; moderator: string | null; reason: string; details: Record<string, unknown> | null; created_at: Date; seen_at: Date | null };

const toAction = (a: RawAction): ActionRow => ({
  id: a.id,
  playerId: a.player_id,
  action: a.action,
  moderator: a.moderator,
  reason: a.reason,
  details: a.details,
  createdAt: new Date(a.created_at),
  seenAt: a.seen_at ? new Date(a.seen_at) : null,
});

/** A player row as moderation locks it. */
type Locked = { id: string; username: string; rating: number; rd: number; volatility: number; on_leaderboard: boolean; bot: boolean; engine_marked_at: Date | null; closed_at: Date | null };

/**
 * The one owner of `reports` and `mod_actions`. Until units of work are carried by the async
 * context (issue #17), each moderator action is one transaction in one method here, which also
 * writes what the action changes elsewhere (the player's marks and leaderboard standing, the
 * refunds in the rating history, the leaderboard's bucket counts), locking players in id order and
 * buckets in bucket order as every rating transaction does.
 */
@Injectable()
export class ModerationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  // ---- reports ----------------------------------------------------------------------------------

  /**
   * Files a report unless the reporter already has an open one on this game, or has filed
   * `perWindow` within the last `windowSeconds` (counted under the reporter's advisory lock, so
   * concurrent requests count in turn, on every app copy).
   */
  async fileReport(r: { gameId: string; reporterId: string; reportedId: string; reason: ReportReason; text: string | null }, perWindow: number, windowSeconds: number): Promise<FileReportOutcome> {
    try {
      return await this.dataSource.transaction(async (m) => {
        await m.query(`SELECT pg_advisory_xact_lock(hashtext('report:' || $1::text))`, [r.reporterId]);
        const [count]: { n: number; oldest: Date | null }[] = await m.query(
          `SELECT count(*)::int AS n, min(created_at) AS oldest FROM reports WHERE reporter_id = $1 AND created_at > now() - make_interval(secs => $2)`,
          [r.reporterId, windowSeconds],
        );
        if (count.n >= perWindow) {
          const [{ wait }]: { wait: number }[] = await m.query(
            `SELECT greatest(1, ceil(extract(epoch FROM ($1::timestamptz + make_interval(secs => $2) - now()))))::int AS wait`,
            [count.oldest, windowSeconds],
          );
          return { kind: 'limited', retryAfterSeconds: wait };
        }
        const [{ id }]: { id: string }[] = await m.query(
          `INSERT INTO reports (game_id, reporter_id, reported_id, reason, text) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [r.gameId, r.reporterId, r.reportedId, r.reason, r.text],
        );
        const rows: RawReport[] = await m.query(`${REPORT_SELECT} WHERE r.id = $1`, [id]);
        return { kind: 'created', report: toReport(rows[0]) };
      });
    } catch (err) {
      if ((err as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION) return { kind: 'duplicate' };
      throw err;
    }
  }

  /** Open reports, oldest first. */
  async openReports(limit: number): Promise<ReportRow[]> {
    const rows: RawReport[] = await this.dataSource.query(`${REPORT_SELECT} WHERE r.status = 'open' ORDER BY r.created_at, r.id LIMIT $1`, [limit]);
    return rows.map(toReport);
  }

  /** Reports about a player, newest first. */
  async reportsAbout(playerId: string, limit: number): Promise<ReportRow[]> {
    const rows: RawReport[] = await this.dataSource.query(`${REPORT_SELECT} WHERE r.reported_id = $1 ORDER BY r.created_at DESC, r.id LIMIT $2`, [playerId, limit]);
    return rows.map(toReport);
  }

  // ---- the audit log --------------------------------------------------------------------------

  /** The audit log of a player, newest first. */
  async actionsOn(playerId: string, limit: number): Promise<ActionRow[]> {
    const rows: RawAction[] = await this.dataSource.query(
      `SELECT a.id, a.player_id, a.action, m.username AS moderator, a.reason, a.details, a.created_at, a.seen_at
       FROM mod_actions a LEFT JOIN players m ON m.id = a.moderator_id
       WHERE a.player_id = $1 ORDER BY a.created_at DESC, a.id LIMIT $2`,
      [playerId, limit],
    );
    return rows.map(toAction);
  }

  /** Warnings the player has not seen yet, oldest first. */
  async unseenWarnings(playerId: string): Promise<ActionRow[]> {
    const rows: RawAction[] = await this.dataSource.query(
      `SELECT a.id, a.player_id, a.action, NULL AS moderator, a.reason, NULL AS details, a.created_at, a.seen_at
       FROM mod_actions a WHERE a.player_id = $1 AND a.action = 'warn' AND a.seen_at IS NULL ORDER BY a.created_at, a.id`,
      [playerId],
    );
    return rows.map(toAction);
  }

  /** Records that the player saw their warning; false when there is no such unseen warning of theirs. */
  async markWarningSeen(playerId: string, actionId: string): Promise<boolean> {
    const [, n]: [unknown[], number] = await this.dataSource.query(
      `UPDATE mod_actions SET seen_at = now() WHERE id = $1 AND player_id = $2 AND action = 'warn' AND seen_at IS NULL`,
      [actionId, playerId],
    );
    return n === 1;
  }

  // ---- the moderator role (the `outflank` command only) ----------------------------------------

  /** Gives or takes the role and logs it; null when no player has that name. */
  async setModerator(username: string, moderator: boolean, reason: string): Promise<{ changed: boolean } | null> {
    return this.dataSource.transaction(async (m) => {
      const rows: { id: string; moderator: boolean }[] = await m.query('SELECT id, moderator FROM players WHERE username_key = $1 FOR UPDATE', [username.toLowerCase()]);
      const p = rows[0];
      if (!p) return null;
      if (p.moderator === moderator) return { changed: false };
      await m.query('UPDATE players SET moderator = $2 WHERE id = $1', [p.id, moderator]);
      await this.log(m, p.id, null, moderator ? 'grant-moderator' : 'revoke-moderator', reason, null);
      return { changed: true };
    });
  }

  // ---- actions ----------------------------------------------------------------------------------

  /** Closes the open reports about a player (a dismissal), and logs it. */
  async dismiss(playerId: string, moderatorId: string, reason: string): Promise<ActionRow> {
    return this.dataSource.transaction(async (m) => {
      const id = await this.log(m, playerId, moderatorId, 'dismiss', reason, null);
      const closed = await this.closeReports(m, playerId, id);
      await m.query(`UPDATE mod_actions SET details = $2::jsonb WHERE id = $1`, [id, JSON.stringify({ reportsClosed: closed })]);
      return this.action(m, id);
    });
  }

  /** A warning the player will see once. */
  async warn(playerId: string, moderatorId: string, reason: string): Promise<ActionRow> {
    return this.dataSource.transaction(async (m) => this.action(m, await this.log(m, playerId, moderatorId, 'warn', reason, null)));
  }

  /** Closes the account: it leaves the leaderboard and can no longer sign in. Null when it was closed already. */
  async close(playerId: string, moderatorId: string, reason: string): Promise<ActionRow | null> {
    return this.dataSource.transaction(async (m) => {
      const [p] = await this.lockPlayers(m, [playerId]);
      if (!p || p.closed_at) return null;
      await m.query('UPDATE players SET closed_at = now(), on_leaderboard = false WHERE id = $1', [p.id]);
      await this.moveBuckets(m, [{ before: this.standing(p), after: { ...this.standing(p), on: false } }]);
      const id = await this.log(m, p.id, moderatorId, 'close', reason, null);
      await this.closeReports(m, p.id, id);
      return this.action(m, id);
    });
  }

  /**
   * Marks the account as an engine user, in one transaction: it can no longer play ranked and
   * leaves the leaderboard; each ranked opponent who lost rating points to it gets them back as a
   * refund in their rating history (once per opponent and engine user); the open reports about it
   * are closed; the action is logged with the refunds. Null when it was marked already.
   */
  async markEngineUser(playerId: string, moderatorId: string, reason: string): Promise<{ action: ActionRow; refunds: Refund[] } | null> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.dataSource.transaction(async (m) => {
        // Whom to lock: the engine user and everyone it took points from (read before any lock, so
        // that the locks are taken in id order, as a rating transaction takes them).
        const guess = (await this.lostTo(m, playerId)).map((v) => v.playerId);
        const locked = await this.lockPlayers(m, [playerId, ...guess]);
        const engine = locked.find((p) => p.id === playerId);
        if (!engine || engine.engine_marked_at) return null;
        // Once the engine user's row is held no game of theirs can end: read the losses again.
        const victims = await this.lostTo(m, playerId);
        if (victims.some((v) => !locked.some((p) => p.id === v.playerId))) return 'retry' as const;
        const refunds: Refund[] = [];
        const standings: { before: Standing; after: Standing }[] = [{ before: this.standing(engine), after: { ...this.standing(engine), on: false } }];
        for (const v of victims) {
          const { points, gameIds } = refundOf(v.games);
          if (points <= 0) continue;
          const p = locked.find((x) => x.id === v.playerId)!;
          const before = Number(p.rating);
          const after = before + points;
          await m.query(
            `INSERT INTO rating_refunds (player_id, source_player_id, game_ids, points, rating_before, rating, rd, volatility, at, seq)
             VALUES ($1, $2, $3::uuid[], $4, $5, $6, $7, $8, now(), nextval(pg_get_serial_sequence('rating_history', 'seq')))`,
            [p.id, playerId, gameIds, points, before, after, p.rd, p.volatility],
          );
          await m.query('UPDATE players SET rating = $2 WHERE id = $1', [p.id, after]);
          standings.push({ before: this.standing(p), after: { ...this.standing(p), rating: after } });
          refunds.push({ playerId: p.id, username: p.username, points, ratingBefore: before, rating: after, gameIds });
        }
        await m.query('UPDATE players SET engine_marked_at = now(), on_leaderboard = false WHERE id = $1', [playerId]);
        await this.moveBuckets(m, standings);
        const details = { refunds: refunds.map((r) => ({ player: r.username, points: r.points, games: r.gameIds.length })) };
        const id = await this.log(m, playerId, moderatorId, 'engine', reason, details);
        await this.closeReports(m, playerId, id);
        return { action: await this.action(m, id), refunds };
      });
      if (outcome !== 'retry' || attempt >= 3) return outcome === 'retry' ? null : outcome;
    }
  }

  // ---- inside a transaction of this repository -------------------------------------------------

  /** Per opponent, their rating changes in ranked games against the player not refunded yet. */
  private async lostTo(m: EntityManager, playerId: string): Promise<{ playerId: string; games: { gameId: string; delta: number }[] }[]> {
    const rows: { player_id: string; game_ids: string[]; deltas: number[] }[] = await m.query(
      `SELECT h.player_id, array_agg(h.game_id ORDER BY h.seq) AS game_ids, array_agg(h.delta ORDER BY h.seq) AS deltas
       FROM rating_history h JOIN games g ON g.id = h.game_id
       WHERE g.rated AND (g.black_id = $1 OR g.white_id = $1) AND h.player_id <> $1
         AND NOT EXISTS (SELECT 1 FROM rating_refunds r WHERE r.player_id = h.player_id AND r.source_player_id = $1)
       GROUP BY h.player_id ORDER BY h.player_id`,
      [playerId],
    );
    return rows.map((r) => ({ playerId: r.player_id, games: r.game_ids.map((g, i) => ({ gameId: g, delta: Number(r.deltas[i]) })) }));
  }

  /** Locks these players' rows in id order (the order rating transactions use). */
  private async lockPlayers(m: EntityManager, ids: string[]): Promise<Locked[]> {
    return m.query(
      `SELECT id, username, rating, rd, volatility, on_leaderboard, bot, engine_marked_at, closed_at
       FROM players WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [[...new Set(ids)]],
    );
  }

  private standing(p: Locked): Standing {
    return { on: p.on_leaderboard, rating: Number(p.rating), bot: p.bot };
  }

  /** The leaderboard's bucket counts follow the standings (rows locked in bucket order). */
  private async moveBuckets(m: EntityManager, changes: { before: Standing; after: Standing }[]): Promise<void> {
    for (const [bot, bucket, delta] of bucketDeltas(changes)) {
      await m.query(
        `INSERT INTO leaderboard_buckets (bot, bucket, players) VALUES ($1, $2, $3)
         ON CONFLICT (bot, bucket) DO UPDATE SET players = leaderboard_buckets.players + EXCLUDED.players`,
        [bot, bucket, delta],
      );
    }
  }

  private async closeReports(m: EntityManager, playerId: string, actionId: string): Promise<number> {
    const [, n]: [unknown[], number] = await m.query(
      `UPDATE reports SET status = 'closed', closed_at = now(), closed_by_action = $2 WHERE reported_id = $1 AND status = 'open'`,
      [playerId, actionId],
    );
    return n;
  }

  private async log(m: EntityManager, playerId: string, moderatorId: string | null, action: ModActionKind, reason: string, details: Record<string, unknown> | null): Promise<string> {
    const [{ id }]: { id: string }[] = await m.query(
      `INSERT INTO mod_actions (player_id, moderator_id, action, reason, details) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id`,
      [playerId, moderatorId, action, reason, details === null ? null : JSON.stringify(details)],
    );
    return id;
  }

  private async action(m: EntityManager, id: string): Promise<ActionRow> {
    const rows: RawAction[] = await m.query(
      `SELECT a.id, a.player_id, a.action, mo.username AS moderator, a.reason, a.details, a.created_at, a.seen_at
       FROM mod_actions a LEFT JOIN players mo ON mo.id = a.moderator_id WHERE a.id = $1`,
      [id],
    );
    return toAction(rows[0]);
  }
}
