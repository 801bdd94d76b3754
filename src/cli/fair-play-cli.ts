import { AppConfig } from '../config/config.js';
import { resolveDatabase } from '../database/database-url.js';
import { openStandaloneDatabase } from '../app/standalone.js';
import { RankedHistoryRepository } from '../games/ranked-history.repository.js';
import { SANDBAG_RECENT_LOSSES, SANDBAG_RECENT_MS } from '../fair-play/domain/cooldown.js';
import { boosters, boostSince, type BoostReport } from '../fair-play/domain/boosting.js';
import { flaggedAccounts, sandbagRuleOf, type SandbaggerReport } from '../fair-play/flagged.js';

const USAGE = 'Usage: outflank fair-play flagged [--json]\n';

/** The moderators' list of accounts the sandbagging rule flags now (the same list as FairPlayService.sandbaggers()). */
export async function listFlagged(url: string, config: AppConfig, now = new Date()): Promise<SandbaggerReport[]> {
  const app = await openStandaloneDatabase({ url, poolSize: 1, connectTimeoutSeconds: config.dbConnectTimeoutSeconds }, [RankedHistoryRepository]);
  try {
    const rule = sandbagRuleOf(config);
    const rows = await app.get(RankedHistoryRepository).rankedLosses(new Date(now.getTime() - SANDBAG_RECENT_MS), SANDBAG_RECENT_LOSSES, { cheapBelowMoves: rule.moves });
    return flaggedAccounts(rows, now, rule);
  } finally {
    await app.close();
  }
}

/** The boosting detector's list (the same as FairPlayService.boosters()). */
export async function listBoosters(url: string, config: AppConfig, now = new Date()): Promise<BoostReport[]> {
  const app = await openStandaloneDatabase({ url, poolSize: 1, connectTimeoutSeconds: config.dbConnectTimeoutSeconds }, [RankedHistoryRepository]);
  try {
    const rule = config.fairPlay.boosting;
    return boosters(await app.get(RankedHistoryRepository).winsOverNewcomers(boostSince(now, rule), rule.youngHours, rule.provisionalGames), rule);
  } finally {
    await app.close();
  }
}

/** One line per account the boosting detector lists, then its feeders. */
export function formatBoosters(reports: readonly BoostReport[]): string {
  if (reports.length === 0) return 'No account is listed for boosting.\n';
  const lines: string[] = [];
  for (const r of reports) {
    lines.push(
      `${r.player.username}: score ${r.score}, ${r.fedWins} of ${r.wins} ranked wins over new accounts that lost fast, +${r.fedPoints} from them ` +
        `(${Math.round(r.share * 100)}% of its gains), last ${r.lastFedAt.toISOString()}`,
    );
    for (const f of r.feeders) lines.push(`  fed by: ${f.username} ${f.games} game(s), +${Math.round(f.points)} (${f.signals.join(', ')}): ${f.gameIds.join(' ')}`);
  }
  return `${lines.join('\n')}\n${reports.length} account(s) listed for boosting.\n`;
}

/** One line per flagged account, then the accounts that gained (an operator's and moderator's tool, in English). */
export function formatFlagged(reports: readonly SandbaggerReport[]): string {
  if (reports.length === 0) return 'No account is flagged for sandbagging.\n';
  const lines: string[] = [];
  for (const r of reports) {
    const until = r.cooldownUntil ? `ranked cooldown until ${r.cooldownUntil.toISOString()}` : 'cooldown over';
    lines.push(`${r.player.username}: ${r.cheapLosses} cheap of ${r.losses} ranked losses (${Math.round(r.share * 100)}%), last ${r.lastCheapLossAt.toISOString()}, ${until}`);
    for (const b of r.beneficiaries) lines.push(`  gained: ${b.username} +${b.points} in ${b.games} game(s)`);
    lines.push(`  games: ${r.gameIds.join(' ')}`);
  }
  return `${lines.join('\n')}\n${reports.length} flagged account(s).\n`;
}

export async function main(args: string[], config: AppConfig): Promise<number> {
  if (args[0] !== 'flagged' || args.slice(1).some((a) => a !== '--json')) {
    process.stderr.write(USAGE);
    return 2;
  }
  const db = await resolveDatabase(config);
  try {
    const reports = await listFlagged(db.url, config);
    const boosted = await listBoosters(db.url, config);
    process.stdout.write(
      args.includes('--json') ? `${JSON.stringify({ sandbagging: reports, boosting: boosted }, null, 2)}\n` : `${formatFlagged(reports)}\n${formatBoosters(boosted)}`,
    );
    return 0;
  } finally {
    await db.close();
  }
}
