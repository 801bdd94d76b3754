import type { BoostReport } from '../../fair-play/domain/boosting.js';
import type { BoostersDto } from '../dto/moderation.dto.js';

/** The boosting detector's list as the API answers it. */
export function toBoostersDto(reports: readonly BoostReport[]): BoostersDto {
  return {
    boosters: reports.map((r) => ({
      playerId: r.player.id,
      username: r.player.username,
      score: r.score,
      wins: r.wins,
      fedWins: r.fedWins,
      fedPoints: r.fedPoints,
      share: Math.round(r.share * 1000) / 1000,
      lastFedAt: r.lastFedAt.toISOString(),
      feeders: r.feeders.map((f) => ({ playerId: f.playerId, username: f.username, games: f.games, points: Math.round(f.points), signals: [...f.signals], gameIds: [...f.gameIds] })),
    })),
  };
}
