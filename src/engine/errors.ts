/** Domain errors of the engine: plain classes, mapped to HTTP answers by the server. */

export type IllegalMoveReason = 'occupied' | 'no-flips' | 'game-over' | 'malformed';

const MOVE_REASON_TEXT: Record<IllegalMoveReason, string> = {
  malformed: 'is not a square (expected an integer 0..63)',
  'game-over': 'cannot be played: the game is over',
  occupied: 'is already occupied',
  'no-flips': 'flips no disc',
};

/** A move the rules do not allow. `square` is what the caller passed. */
export class IllegalMoveError extends Error {
  readonly reason: IllegalMoveReason;
  readonly square: unknown;

  constructor(reason: IllegalMoveReason, square: unknown, message?: string) {
    super(message ?? `Illegal move: ${describe(square)} ${MOVE_REASON_TEXT[reason]}`);
    this.name = 'IllegalMoveError';
    this.reason = reason;
    this.square = square;
  }
}

export type TranscriptErrorReason = IllegalMoveReason;

/**
 * A transcript with a bad move. `index` is the 0-based position of the move in the transcript
 * (passes are not written, so they are not counted); `token` is the text of that move.
 */
export class TranscriptError extends Error {
  readonly reason: TranscriptErrorReason;
  readonly index: number;
  readonly token: string;

  constructor(reason: TranscriptErrorReason, index: number, token: string) {
    const why: Record<TranscriptErrorReason, string> = {
      malformed: 'is not a square a1..h8',
      occupied: 'is on an occupied square',
      'no-flips': 'flips no disc',
      'game-over': 'comes after the game is over',
    };
    super(`Transcript move ${index + 1} (${JSON.stringify(token)}) ${why[reason]}`);
    this.name = 'TranscriptError';
    this.reason = reason;
    this.index = index;
    this.token = token;
  }
}

function describe(square: unknown): string {
  if (typeof square === 'number' && Number.isInteger(square) && square >= 0 && square < 64) {
    return String.fromCharCode(97 + (square & 7)) + String((square >> 3) + 1);
  }
  return JSON.stringify(square) ?? String(square);
}
