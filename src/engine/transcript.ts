/** Othello transcripts: 'f5d6c3d3c4f4…', one square per move, passes not written. */
import { IllegalMoveError, TranscriptError } from './errors.js';
import { isSquare, parseSquare, squareName } from './notation.js';
import { type Position, startPosition } from './position.js';
import { type GameResult, passIfNeeded, playTurn, result, type TurnRecord } from './rules.js';

/**
 * Splits a transcript into square indices. Case-insensitive; whitespace anywhere is ignored.
 * Throws TranscriptError('malformed') naming the first token that is not a square.
 */
export function parseTranscript(text: string): number[] {
  const tokens = tokenize(text);
  const squares: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const sq = parseSquare(tokens[i]);
    if (sq === null) throw new TranscriptError('malformed', i, tokens[i]);
    squares.push(sq);
  }
  return squares;
}

/** Two characters per move once whitespace is removed (the last token may be shorter). */
function tokenize(text: string): string[] {
  if (typeof text !== 'string') throw new TranscriptError('malformed', 0, String(text));
  const compact = text.replace(/\s+/g, '');
  const tokens: string[] = [];
  for (let i = 0; i < compact.length; i += 2) tokens.push(compact.slice(i, i + 2));
  return tokens;
}

/** Lower-case transcript of the moves; null entries (passes) are skipped. */
export function writeTranscript(squares: ReadonlyArray<number | null>): string {
  let out = '';
  for (const sq of squares) if (sq !== null) out += squareName(sq);
  return out;
}

export interface Replay {
  /** The position after the last move (and any automatic pass after it). */
  position: Position;
  /** By the discs on the board (see rules.result); meaningful when finished. */
  result: GameResult;
  /** Every move with the automatic passes inserted, as the server records them. */
  moves: TurnRecord[];
  /** Neither side can move after the last move. */
  finished: boolean;
}

/**
 * Replays a transcript (text or square indices) from the start position. Throws TranscriptError
 * naming the first bad move: 'malformed', 'occupied', 'no-flips' or 'game-over'. A transcript
 * may stop before the game is over (finished is then false).
 */
export function replay(transcript: string | readonly number[]): Replay {
  // Tokens are checked one by one so the error names the first bad move, malformed or illegal.
  const tokens = typeof transcript === 'string' ? tokenize(transcript) : null;
  const count = tokens === null ? (transcript as readonly number[]).length : tokens.length;
  let position = startPosition();
  const moves: TurnRecord[] = [];
  let finished = passIfNeeded(position).finished;
  for (let i = 0; i < count; i++) {
    const sq = tokens === null ? (transcript as readonly number[])[i] : parseSquare(tokens[i]);
    const token = tokens === null ? squareNameOrRaw(sq) : tokens[i];
    if (sq === null) throw new TranscriptError('malformed', i, token);
    if (finished) throw new TranscriptError('game-over', i, token);
    try {
      const turn = playTurn(position, sq);
      for (const r of turn.records) moves.push(r);
      position = turn.position;
      finished = turn.finished;
    } catch (e) {
      if (e instanceof IllegalMoveError) throw new TranscriptError(e.reason, i, token);
      throw e;
    }
  }
  return { position, result: result(position), moves, finished };
}

function squareNameOrRaw(sq: number | null): string {
  if (sq === null) return 'null';
  return isSquare(sq) ? squareName(sq) : String(sq);
}
