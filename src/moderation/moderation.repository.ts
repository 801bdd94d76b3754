import { Injectable } from '@nestjs/common';
import { Db } from '../database/db.js';
import { sql } from '../database/sql.js';
import { type ModActionKind, type ReportReason, type ReportStatus, WEAK_SOURCE_CAP } from './domain/moderation.js';

export interface ReportRow {
  id: string;
  gameId: string;
  reporter: string;
  reported: string;
  reportedId: string;
  reason: ReportReason;
  text: string | null;
  weight: number;
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
  /** A warning: what its player is shown. */
  message: string | null;
  details: Record<string, unknown> | null;
  createdAt: Date;
  seenAt: Date | null;
}

export interface NewReport {
  gameId: string;
  reporterId: string;
  reportedId: string;
  reason: ReportReason;
  text: string | null;
  weight: number;
  reporterAddress: string | null;
}

/** A reported player in the moderators' queue: their open reports, weighed. */
export interface ReportGroupRow {
  reportedId: string;
  reported: string;
  /** Sum over the addresses reporting them of the weights from each (at most 1 an address). */
  score: number;
  reports: number;
  latestAt: Date;
}

const REPORT_SELECT = `SELECT r.id, r.game_id AS "gameId", rp.username AS reporter, rd.username AS reported, r.reported_id AS "reportedId",
    r.reason, r.text, r.weight, r.status, r.created_at AS "createdAt", r.closed_at AS "closedAt"
  FROM reports r JOIN players rp ON rp.id = r.reporter_id JOIN players rd ON rd.id = r.reported_id`;

const ACTION_SELECT = `SELECT a.id, a.player_id AS "playerId", a.action, m.username AS moderator, a.reason, a.message, a.details,
    a.created_at AS "createdAt", a.seen_at AS "seenAt"
  FROM mod_actions a LEFT JOIN players m ON m.id = a.moderator_id`;

/** Namespace of the reporters' advisory locks (the two-key form: apart from other locks). */
const REPORTS_LOCK_CLASS = 7302;

const REPORTER_LOCK = sql<{ lockClass: number; reporterId: string }>(null, (p) => `SELECT pg_advisory_xact_lock(${p.lockClass}, hashtext(${p.reporterId}))`);
const REPORTS_IN_WINDOW = sql<{ reporterId: string; seconds: number }, { n: number; wait: number | null }>(
  null,
  (p) => `SELECT count(*)::int AS n,
      greatest(1, ceil(extract(epoch FROM min(created_at) + make_interval(secs => ${p.seconds}) - now())))::int AS wait
    FROM reports WHERE reporter_id = ${p.reporterId} AND created_at > now() - make_interval(secs => ${p.seconds})`,
);
const ADDRESS_LOCK = sql<{ lockClass: number; address: string }>(null, (p) => `SELECT pg_advisory_xact_lock(${p.lockClass}, hashtext(${p.address}))`);
const WEAK_REPORTS_FROM = sql<{ address: string; seconds: number }, { n: number; wait: number | null }>(
  null,
  (p) => `SELECT count(*)::int AS n,
      greatest(1, ceil(extract(epoch FROM min(created_at) + make_interval(secs => ${p.seconds}) - now())))::int AS wait
    FROM reports WHERE reporter_address = ${p.address} AND weight < 1 AND created_at > now() - make_interval(secs => ${p.seconds})`,
);
/**
 * Open reports grouped by reported player: the weights each address gave (at most 1 an address,
 * WEAK_SOURCE_CAP when all of them are weak: a flood from one place counts as one report at most),
 * summed; the heaviest first, then the newest.
 */
const REPORT_GROUPS = sql<{ limit: number; offset: number }, ReportGroupRow & { total: number }>(
  null,
  (p) => `WITH open AS (
      SELECT reported_id, weight, created_at, coalesce(reporter_address, reporter_id::text) AS source FROM reports WHERE status = 'open'),
    sources AS (SELECT reported_id, least(sum(weight), CASE WHEN max(weight) >= 1 THEN 1 ELSE ${WEAK_SOURCE_CAP} END) AS w FROM open GROUP BY reported_id, source),
    scores AS (SELECT reported_id, sum(w) AS score FROM sources GROUP BY reported_id),
    groups AS (SELECT reported_id, count(*)::int AS reports, max(created_at) AS latest FROM open GROUP BY reported_id)
    SELECT g.reported_id AS "reportedId", pl.username AS reported, s.score::float8 AS score, g.reports, g.latest AS "latestAt", count(*) OVER ()::int AS total
    FROM groups g JOIN scores s USING (reported_id) JOIN players pl ON pl.id = g.reported_id
    ORDER BY s.score DESC, g.latest DESC, g.reported_id
    LIMIT ${p.limit} OFFSET ${p.offset}`,
);
/** The newest open reports about each of these players, at most `perPlayer` each. */
const OPEN_REPORTS_ABOUT = sql<{ playerIds: readonly string[]; perPlayer: number }, ReportRow>(
  null,
  (p) => `SELECT x.* FROM (
      ${REPORT_SELECT.replace('SELECT ', 'SELECT row_number() OVER (PARTITION BY r.reported_id ORDER BY r.weight DESC, r.created_at DESC, r.id) AS n, ')}
      WHERE r.status = 'open' AND r.reported_id = ANY(${p.playerIds}::uuid[])) x
    WHERE x.n <= ${p.perPlayer} ORDER BY x."createdAt" DESC`,
);
/** ON CONFLICT DO NOTHING on the open-report index: a second open report answers no row, and the unit of work stays usable. */
const INSERT_REPORT = sql<NewReport, { id: string }>(
  null,
  (p) => `INSERT INTO reports (game_id, reporter_id, reported_id, reason, text, weight, reporter_address)
    VALUES (${p.gameId}, ${p.reporterId}, ${p.reportedId}, ${p.reason}, ${p.text}, ${p.weight}, ${p.reporterAddress})
    ON CONFLICT (reporter_id, game_id) WHERE status = 'open' DO NOTHING RETURNING id`,
);
const REPORT_BY_ID = sql<{ id: string }, ReportRow>(null, (p) => `${REPORT_SELECT} WHERE r.id = ${p.id}`);
const OPEN_REPORTS = sql<{ limit: number }, ReportRow>(null, (p) => `${REPORT_SELECT} WHERE r.status = 'open' ORDER BY r.created_at, r.id LIMIT ${p.limit}`);
const REPORTS_ABOUT = sql<{ playerId: string; limit: number }, ReportRow>(
  null,
  (p) => `${REPORT_SELECT} WHERE r.reported_id = ${p.playerId} ORDER BY r.created_at DESC, r.id LIMIT ${p.limit}`,
);
const CLOSE_REPORTS = sql<{ playerId: string; actionId: string }>(
  null,
  (p) => `UPDATE reports SET status = 'closed', closed_at = now(), closed_by_action = ${p.actionId} WHERE reported_id = ${p.playerId} AND status = 'open'`,
);
const LOG = sql<{ playerId: string; moderatorId: string | null; action: ModActionKind; reason: string; message: string | null; details: string | null }, { id: string }>(
  null,
  (p) => `INSERT INTO mod_actions (player_id, moderator_id, action, reason, message, details) VALUES (${p.playerId}, ${p.moderatorId}, ${p.action}, ${p.reason}, ${p.message}, ${p.details}::jsonb)
    RETURNING id`,
);
const SET_DETAILS = sql<{ id: string; details: string }>(null, (p) => `UPDATE mod_actions SET details = ${p.details}::jsonb WHERE id = ${p.id}`);
const ACTION_BY_ID = sql<{ id: string }, ActionRow>(null, (p) => `${ACTION_SELECT} WHERE a.id = ${p.id}`);
const ACTIONS_ON = sql<{ playerId: string; limit: number }, ActionRow>(
  null,
  (p) => `${ACTION_SELECT} WHERE a.player_id = ${p.playerId} ORDER BY a.created_at DESC, a.id LIMIT ${p.limit}`,
);
const UNSEEN_WARNINGS = sql<{ playerId: string }, ActionRow>(
  null,
  (p) => `${ACTION_SELECT} WHERE a.player_id = ${p.playerId} AND a.action = 'warn' AND a.seen_at IS NULL ORDER BY a.created_at, a.id`,
);
const WARNING_SEEN = sql<{ id: string; playerId: string }>(
  null,
  (p) => `UPDATE mod_actions SET seen_at = now() WHERE id = ${p.id} AND player_id = ${p.playerId} AND action = 'warn' AND seen_at IS NULL`,
);

/**
 * The one owner of `reports` and `mod_actions` (the audit log). Every method runs on the current
 * connection: the caller's unit of work's when one is open (Db).
 */
@Injectable()
export class ModerationRepository {
  constructor(private readonly db: Db) {}

  // ---- reports ----------------------------------------------------------------------------------

  /** Until the unit of work ends, the reporter's other reports wait (so the rate limit counts them in turn, on every copy). */
  async lockReporter(reporterId: string): Promise<void> {
    await this.db.query(REPORTER_LOCK({ lockClass: REPORTS_LOCK_CLASS, reporterId }));
  }

  /** The reporter's reports within the last `seconds`, and the seconds until the oldest of them leaves that window. */
  async reportsInWindow(reporterId: string, seconds: number): Promise<{ count: number; waitSeconds: number }> {
    const row = await this.db.first(REPORTS_IN_WINDOW({ reporterId, seconds }));
    return { count: row?.n ?? 0, waitSeconds: row?.wait ?? 1 };
  }

  /** Until the unit of work ends, weak reports from this address wait (their cap counts them in turn). */
  async lockAddress(address: string): Promise<void> {
    await this.db.query(ADDRESS_LOCK({ lockClass: REPORTS_LOCK_CLASS + 1, address }));
  }

  /** Weak reports (guests', young accounts') from this address within the last `seconds`, and the seconds until the oldest leaves that window. */
  async weakReportsFrom(address: string, seconds: number): Promise<{ count: number; waitSeconds: number }> {
    const row = await this.db.first(WEAK_REPORTS_FROM({ address, seconds }));
    return { count: row?.n ?? 0, waitSeconds: row?.wait ?? 1 };
  }

  /** One page of the queue (reported players, heaviest first) and how many players it has in all. */
  async reportGroups(limit: number, offset: number): Promise<{ groups: ReportGroupRow[]; total: number }> {
    const rows = await this.db.query(REPORT_GROUPS({ limit, offset }));
    return { groups: rows.map(({ total: _t, ...g }) => ({ ...g, score: Number(g.score) })), total: rows[0]?.total ?? (offset > 0 ? await this.countGroups() : 0) };
  }

  private async countGroups(): Promise<number> {
    return (await this.db.first<{ n: number }>(`SELECT count(DISTINCT reported_id)::int AS n FROM reports WHERE status = 'open'`))?.n ?? 0;
  }

  /** The newest open reports about these players (full weight first), at most `perPlayer` each, newest first. */
  openReportsAbout(playerIds: readonly string[], perPlayer: number): Promise<ReportRow[]> {
    return playerIds.length === 0 ? Promise.resolve([]) : this.db.query(OPEN_REPORTS_ABOUT({ playerIds, perPlayer }));
  }

  /** The new open report, or null when the reporter already has an open one on this game. */
  async insertReport(report: NewReport): Promise<ReportRow | null> {
    const row = await this.db.first(INSERT_REPORT(report));
    return row ? this.db.first(REPORT_BY_ID({ id: row.id })) : null;
  }

  /** Open reports, oldest first. */
  openReports(limit: number): Promise<ReportRow[]> {
    return this.db.query(OPEN_REPORTS({ limit }));
  }

  /** Reports about a player, newest first. */
  reportsAbout(playerId: string, limit: number): Promise<ReportRow[]> {
    return this.db.query(REPORTS_ABOUT({ playerId, limit }));
  }

  /** Closes the open reports about a player, naming the action that closed them; how many. */
  async closeReportsAbout(playerId: string, actionId: string): Promise<number> {
    return (await this.db.execute(CLOSE_REPORTS({ playerId, actionId }))).rowCount;
  }

  // ---- the audit log ------------------------------------------------------------------------------

  /** Writes an entry; its id. */
  async log(entry: { playerId: string; moderatorId: string | null; action: ModActionKind; reason: string; message?: string | null; details?: Record<string, unknown> | null }): Promise<string> {
    const row = await this.db.first(LOG({ ...entry, message: entry.message ?? null, details: entry.details ? JSON.stringify(entry.details) : null }));
    return row!.id;
  }

  async setDetails(id: string, details: Record<string, unknown>): Promise<void> {
    await this.db.query(SET_DETAILS({ id, details: JSON.stringify(details) }));
  }

  async action(id: string): Promise<ActionRow> {
    return (await this.db.first(ACTION_BY_ID({ id })))!;
  }

  /** A player's audit log, newest first. */
  actionsOn(playerId: string, limit: number): Promise<ActionRow[]> {
    return this.db.query(ACTIONS_ON({ playerId, limit }));
  }

  /** Warnings the player has not seen yet, oldest first. */
  unseenWarnings(playerId: string): Promise<ActionRow[]> {
    return this.db.query(UNSEEN_WARNINGS({ playerId }));
  }

  /** Records that the player saw their warning; false when there is no such unseen warning of theirs. */
  async markWarningSeen(playerId: string, actionId: string): Promise<boolean> {
    return (await this.db.execute(WARNING_SEEN({ id: actionId, playerId }))).rowCount === 1;
  }
}
