/**
 * Outflank's Reversi engine: pure functions on immutable positions (no framework, no I/O).
 * Squares are indices 0..63 = (rank - 1) * 8 + file (a1 = 0, h1 = 7, a8 = 56, h8 = 63).
 */
export { type Color, opponent, type Position, type SquareMask, startPosition, makePosition, samePosition, toBoardString, fromBoardString } from './position.js';
export { parseSquare, squareName, isSquare } from './notation.js';
export {
  type DiscCounts, type GameResult, type TurnRecord, type PlayResult, type TurnResult,
  legalMoves, legalMoveMask, isLegal, flips, discCounts, emptyCount, hasLegalMove, mustPass, isGameOver, result,
  play, playTurn, passIfNeeded, maskSquares,
} from './rules.js';
export { IllegalMoveError, type IllegalMoveReason, TranscriptError, type TranscriptErrorReason } from './errors.js';
export { parseTranscript, writeTranscript, replay, type Replay } from './transcript.js';
export { perft } from './perft.js';
export {
  chooseCpuMove, solveEndgame, type CpuOptions, type EndgameSolution,
  analyseMove, newEndgameTable, type MoveAnalysis, type AnalysisOptions, ANALYSIS_EXACT_EMPTIES, ANALYSIS_DEPTH, ANALYSIS_EXACT_NODE_LIMIT,
} from './search.js';
export { chooseStandInMove, standInCandidates, standInMoveScores, STAND_IN_MARGIN, type StandInOptions, type StandInMoveScore } from './stand-in.js';
