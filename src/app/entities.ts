import { AnalysisJob } from '../analysis/entities/analysis-job.entity.js';
import { AnalysisPlayerGame } from '../analysis/entities/analysis-player-game.entity.js';
import { GameAnalysis } from '../analysis/entities/game-analysis.entity.js';
import { PlayerEvent } from '../events/entities/player-event.entity.js';
import { RevokedToken } from '../auth/entities/revoked-token.entity.js';
import { AccountSighting } from '../account-links/entities/account-sighting.entity.js';
import { Game } from '../games/entities/game.entity.js';
import { Move } from '../games/entities/move.entity.js';
import { LeaderboardBucket, LeaderboardSettings } from '../leaderboard/entities/leaderboard.entities.js';
import { QueueTicket } from '../matchmaking/entities/queue-ticket.entity.js';
import { ExplorerLadderGame, ExplorerMove, ExplorerSource } from '../openings/entities/explorer.entities.js';
import { Player } from '../players/entities/player.entity.js';
import { LoginFailure } from '../rate-limit/entities/login-failure.entity.js';
import { RateLimitCounter } from '../rate-limit/entities/rate-limit-counter.entity.js';
import { ModAction } from '../moderation/entities/mod-action.entity.js';
import { Report } from '../moderation/entities/report.entity.js';
import { RatingHistory } from '../ratings/entities/rating-history.entity.js';
import { RatingRefund } from '../ratings/entities/rating-refund.entity.js';
import { Room } from '../rooms/entities/room.entity.js';
import { Challenge } from '../challenges/entities/challenge.entity.js';

/** Every TypeORM entity of the app; each module adds its own here. */
export const ENTITIES: (new () => object)[] = [Challenge, Player, Game, Move, Room, RatingHistory, QueueTicket, LeaderboardBucket, LeaderboardSettings, RateLimitCounter, PlayerEvent, LoginFailure, AccountSighting,
  AnalysisJob, GameAnalysis, AnalysisPlayerGame, Report, ModAction, RatingRefund, ExplorerMove, ExplorerSource, ExplorerLadderGame, RevokedToken];
