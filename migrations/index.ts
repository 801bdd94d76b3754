/** Every migration, in order. `outflank migration:generate <Name>` appends new ones here. */
import { QueueClocks1796202611743 } from './1796202611743-QueueClocks.js';
import { GameClocks1796201603119 } from './1796201603119-GameClocks.js';
import { ReportQueue1796203460206 } from './1796203460206-ReportQueue.js';
import { CheapWinsVoid1796218332624 } from './1796218332624-CheapWinsVoid.js';
import { GameOpening1796229733093 } from './1796229733093-GameOpening.js';
import { GameVersion1796240000000 } from './1796240000000-GameVersion.js';
import { MoveStatementChecks1796250000000 } from './1796250000000-MoveStatementChecks.js';
import { WarningMessage1796204871234 } from './1796204871234-WarningMessage.js';
import { ModeratorsModerated1796202970900 } from './1796202970900-ModeratorsModerated.js';
import { TokenRevocation1796201433227 } from './1796201433227-TokenRevocation.js';
import { AnalysisModeration1796148725655 } from './1796148725655-AnalysisModeration.js';
import { AccountSightings1796148836046 } from './1796148836046-AccountSightings.js';
import { FairPlayStandInCooldowns1796146973802 } from './1796146973802-FairPlayStandInCooldowns.js';
import { RoomsHostCreatedIndex1795980104217 } from './1795980104217-RoomsHostCreatedIndex.js';
import { RateLimitCounters1796047768850 } from './1796047768850-RateLimitCounters.js';
import { FairPlayRoomsBots1796048478506 } from './1796048478506-FairPlayRoomsBots.js';
import { QueuePresencePlayerEvents1796048290982 } from './1796048290982-QueuePresencePlayerEvents.js';
import { CheckConstraints1795975646414 } from './1795975646414-CheckConstraints.js';
import { GameRoomCode1795974830175 } from './1795974830175-GameRoomCode.js';
import { LeaderboardBuckets1795971998293 } from './1795971998293-LeaderboardBuckets.js';
import { CpuTakeover1795970493717 } from './1795970493717-CpuTakeover.js';
import { QueueTickets1795970322423 } from './1795970322423-QueueTickets.js';
import { RatingHistorySeq1795970153174 } from './1795970153174-RatingHistorySeq.js';
import { GamesRoomsRatings1795969921902 } from './1795969921902-GamesRoomsRatings.js';
import type { MigrationInterface } from 'typeorm';
import { GamesHotMoves1796060000000 } from './1796060000000-GamesHotMoves.js';
import { GameTurnStartAbandoned1796000000000 } from './1796000000000-GameTurnStartAbandoned.js';
import { LeaderboardIndex1795970104162 } from './1795970104162-LeaderboardIndex.js';
import { CreatePlayers1795969626085 } from './1795969626085-CreatePlayers.js';
import { PlayerLanguage1796149647677 } from './1796149647677-PlayerLanguage.js';
import { Challenges1796218101231 } from './1796218101231-Challenges.js';
import { OpeningExplorer1796201687075 } from './1796201687075-OpeningExplorer.js';
import { ComputerGames1796203900000 } from './1796203900000-ComputerGames.js';
export const MIGRATIONS: (new () => MigrationInterface)[] = [
  CreatePlayers1795969626085,
  GamesRoomsRatings1795969921902,
  LeaderboardIndex1795970104162,
  RatingHistorySeq1795970153174,
  QueueTickets1795970322423,
  CpuTakeover1795970493717,
  LeaderboardBuckets1795971998293,
  GameRoomCode1795974830175,
  CheckConstraints1795975646414,
  RoomsHostCreatedIndex1795980104217,
  GameTurnStartAbandoned1796000000000,
  RateLimitCounters1796047768850,
  QueuePresencePlayerEvents1796048290982,
  FairPlayRoomsBots1796048478506,
  GamesHotMoves1796060000000,
  FairPlayStandInCooldowns1796146973802,
  AnalysisModeration1796148725655,
  AccountSightings1796148836046,
  PlayerLanguage1796149647677,
  TokenRevocation1796201433227,
  GameClocks1796201603119,
  OpeningExplorer1796201687075,
  QueueClocks1796202611743,
  ModeratorsModerated1796202970900,
  ReportQueue1796203460206,
  ComputerGames1796203900000,
  WarningMessage1796204871234,
  Challenges1796218101231,
  CheapWinsVoid1796218332624,
  GameOpening1796229733093,
  GameVersion1796240000000,
  MoveStatementChecks1796250000000,
];
