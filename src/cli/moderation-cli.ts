import { openStandaloneDatabase } from '../app/standalone.js';
import { PlayersRepository } from '../players/players.repository.js';
import { ModerationRepository } from '../moderation/moderation.repository.js';
import { setModeratorRole } from '../moderation/moderator-role.js';

/** The command's own words (an operator's tool, in English like the other `outflank` commands). */
const USAGE = 'Usage: outflank players moderator <name> --grant|--revoke';
const said = {
  granted: (name: string) => `${name} is now a moderator.`,
  revoked: (name: string) => `${name} is no longer a moderator.`,
  alreadyGranted: (name: string) => `${name} was already a moderator.`,
  alreadyRevoked: (name: string) => `${name} was not a moderator.`,
};

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
    process.stderr.write(`${USAGE}\n`);
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
        grant ? 'granted with the outflank command' : 'revoked with the outflank command',
      );
      if (!outcome) {
        process.stderr.write(`No player is called "${name}".\n`);
        return 1;
      }
      const say = outcome.changed ? (grant ? said.granted : said.revoked) : grant ? said.alreadyGranted : said.alreadyRevoked;
      process.stdout.write(`${say(name)}\n`);
      return 0;
    } finally {
      await app.close();
    }
  } finally {
    await resolved.close();
  }
}
