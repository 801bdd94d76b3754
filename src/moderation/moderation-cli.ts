import { openStandaloneDatabase } from '../database/standalone.js';
import { PlayersRepository } from '../players/players.repository.js';
import { moderationMessage } from './messages.en.js';
import { ModerationRepository } from './moderation.repository.js';
import { setModeratorRole } from './moderator-role.js';

/**
 * `outflank players moderator <name> --grant|--revoke`: the only way to give or take the
 * moderator role (never the API). Written to the moderation audit log.
 */
export async function main(
  args: string[],
  database: () => Promise<{ url: string; close(): Promise<void> }>,
  connectTimeoutSeconds: number,
): Promise<number> {
  const [sub, name, flag, ...rest] = args;
  if (sub !== 'moderator' || !name || (flag !== '--grant' && flag !== '--revoke') || rest.length > 0) {
    process.stderr.write(`${moderationMessage('cli.usage')}\n`);
    return 2;
  }
  const grant = flag === '--grant';
  const resolved = await database();
  try {
    const app = await openStandaloneDatabase({ url: resolved.url, poolSize: 1, connectTimeoutSeconds }, [PlayersRepository, ModerationRepository]);
    try {
      const outcome = await setModeratorRole(
        { db: app.db, players: app.get(PlayersRepository), moderation: app.get(ModerationRepository) },
        name,
        grant,
        moderationMessage(grant ? 'cli.reason.grant' : 'cli.reason.revoke'),
      );
      if (!outcome) {
        process.stderr.write(`${moderationMessage('cli.notFound', { name })}\n`);
        return 1;
      }
      const key = outcome.changed ? (grant ? 'cli.granted' : 'cli.revoked') : grant ? 'cli.unchanged.granted' : 'cli.unchanged.revoked';
      process.stdout.write(`${moderationMessage(key, { name })}\n`);
      return 0;
    } finally {
      await app.close();
    }
  } finally {
    await resolved.close();
  }
}
