import type { Db } from '../database/db.js';
import type { PlayersRepository } from '../players/players.repository.js';
import type { ModerationRepository } from './moderation.repository.js';

/**
 * Gives or takes the moderator role, with its audit-log entry (no moderator: the `outflank`
 * command), in one unit of work. Null when no player has that name; `changed` false when the
 * player already was (or was not) a moderator.
 */
export async function setModeratorRole(
  deps: { db: Db; players: PlayersRepository; moderation: ModerationRepository },
  username: string,
  moderator: boolean,
  reason: string,
): Promise<{ changed: boolean } | null> {
  return deps.db.transaction(async () => {
    const found = await deps.players.findByUsernameKey(username.toLowerCase());
    if (!found) return null;
    const p = (await deps.players.lockForRating([found.id])).get(found.id)!;
    if (p.moderator === moderator) return { changed: false };
    await deps.players.setModerator(p.id, moderator);
    await deps.moderation.log({ playerId: p.id, moderatorId: null, action: moderator ? 'grant-moderator' : 'revoke-moderator', reason });
    return { changed: true };
  });
}
