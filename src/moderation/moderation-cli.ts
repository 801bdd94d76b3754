import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../database/data-source.js';
import { moderationMessage } from './messages.en.js';
import { ModerationRepository } from './moderation.repository.js';

/**
 * `outflank players moderator <name> --grant|--revoke`: the only way to give or take the
 * moderator role (never the API). Written to the moderation audit log.
 */
export async function main(args: string[], url: () => Promise<{ url: string; close(): Promise<void> }>): Promise<number> {
  const [sub, name, flag, ...rest] = args;
  if (sub !== 'moderator' || !name || (flag !== '--grant' && flag !== '--revoke') || rest.length > 0) {
    process.stderr.write(`${moderationMessage('cli.usage')}\n`);
    return 2;
  }
  const grant = flag === '--grant';
  const db = await url();
  const ds = new DataSource({ ...dataSourceOptions(db.url, 1), logging: false });
  try {
    await ds.initialize();
    const outcome = await new ModerationRepository(ds).setModerator(name, grant, moderationMessage(grant ? 'cli.reason.grant' : 'cli.reason.revoke'));
    if (!outcome) {
      process.stderr.write(`${moderationMessage('cli.notFound', { name })}\n`);
      return 1;
    }
    const key = outcome.changed ? (grant ? 'cli.granted' : 'cli.revoked') : grant ? 'cli.unchanged.granted' : 'cli.unchanged.revoked';
    process.stdout.write(`${moderationMessage(key, { name })}\n`);
    return 0;
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await db.close();
  }
}
