import type { INestApplication } from '@nestjs/common';
import { Db } from '../../src/database/db.js';
import { ModerationRepository } from '../../src/moderation/moderation.repository.js';
import { setModeratorRole } from '../../src/moderation/moderator-role.js';
import { PlayersRepository } from '../../src/players/players.repository.js';

/** Makes `username` a moderator, as `outflank players moderator` does (audited with `note`). */
export function makeModerator(app: INestApplication, username: string, note = 'test'): ReturnType<typeof setModeratorRole> {
  return setModeratorRole({ db: app.get(Db), players: app.get(PlayersRepository), moderation: app.get(ModerationRepository) }, username, true, note);
}
