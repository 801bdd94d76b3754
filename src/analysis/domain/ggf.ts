/**
 * GGF, the Generic Game Format of the Generic Game Server (GGS), which Othello tools read (NBoard,
 * Edax, WZebra through converters): one game is `(; … ;)`, a list of TAG[value] properties:
 *
 *   (;GM[Othello]PC[Outflank]DT[2026.11.30_17:34:03.UTC]PB[ann]PW[bob]RB[1523.40]RW[1498.10]
 *     TI[00:30,N1//00:30,N1]TY[8]RE[+4.000]BO[8 -------- … ---O*--- ---*O--- … *]B[f5//1.20]W[d6//3.05]W[PA]…;)
 *
 * - DT: when the game began, UTC, as GGS writes it (Edax reads `%d.%d.%d_%d:%d:%d`).
 * - RB/RW: the ratings the seats showed (omitted when unknown).
 * - TI: GGS clock `ini[,[N]m1]/inc/ext[,[N]m3]`: a turn limit of T seconds is `00:T,N1//00:T,N1`
 *   (T for the first move, then T again for every single move, unused time lost); a clock of base
 *   B and increment I is `B/I/00:00` (e.g. 5+3 is `05:00/00:03/00:00`); omitted when the game had
 *   neither (no GGS clock says "unlimited").
 * - RE: the result for Black (the first colour): the final disc difference with the empties to
 *   the winner, `:r` when a player resigned and `:t` when one lost on time (GGS then counts the
 *   whole board, ±64). Omitted while
 *   the game is active or when it was aborted (no result).
 * - GN: the name of the opening the game followed (src/openings/domain/openings.ts), when it has one.
 * - BO: board size 8, the 8 ranks a1..h1 first (`*` black, `O` white, `-` empty), the side to move.
 * - B[square/evaluation/seconds]: each move with the seconds its player used (the eval field is
 *   left empty); an automatic pass is `PA`.
 */
import type { Color } from '../../engine/index.js';
import { squareName } from '../../engine/index.js';
import { secondsPerRecord } from './move-times.js';

export interface GgfMove {
  color: Color;
  /** Square index, null for a pass. */
  square: number | null;
  /** When the record was made. */
  at: Date;
}

export interface GgfGame {
  black: { username: string; rating: number | null };
  white: { username: string; rating: number | null };
  /** When the game began (the first move's time is counted from it). */
  createdAt: Date;
  turnSeconds: number | null;
  /** null while active or for an aborted game. */
  /** The time control: a turn limit (seconds per move) or a clock (base + increment); both null: none. */
  clock?: { baseSeconds: number; incrementSeconds: number } | null;
  result: { winner: Color | null; reason: 'board' | 'resign' | 'abandoned' | 'time'; discs: { black: number; white: number } } | null;
  moves: readonly GgfMove[];
  /** The opening's name (in English, as players write it), or null. */
  opening?: string | null;
}

const START_BOARD = '---------------------------O*------*O---------------------------';

/** A value safe inside […]: GGF has no escapes, so brackets and backslashes are dropped. */
function clean(text: string): string {
  return text.replace(/[[\]\\]/g, '');
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function ggfDate(d: Date): string {
  return `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}_${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.UTC`;
}

function clock(seconds: number): string {
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** Black's final margin as GGS writes it: empties go to the winner; a resignation counts ±64. */
export function ggfResult(result: NonNullable<GgfGame['result']>): string {
  const { black, white } = result.discs;
  if (result.reason === 'resign' || result.reason === 'time') {
    return `${result.winner === 'black' ? '+64.000' : result.winner === 'white' ? '-64.000' : '+0.000'}:${result.reason === 'resign' ? 'r' : 't'}`;
  }
  const empties = 64 - black - white;
  const diff = black - white;
  const margin = diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
  return `${margin >= 0 ? '+' : ''}${margin}.000`;
}

function boardField(): string {
  const ranks: string[] = [];
  for (let r = 0; r < 8; r++) ranks.push(START_BOARD.slice(r * 8, r * 8 + 8));
  return `8 ${ranks.join(' ')} *`;
}

export function writeGgf(game: GgfGame): string {
  let out = '(;GM[Othello]PC[Outflank]';
  out += `DT[${ggfDate(game.createdAt)}]`;
  out += `PB[${clean(game.black.username)}]PW[${clean(game.white.username)}]`;
  if (game.black.rating !== null) out += `RB[${game.black.rating.toFixed(2)}]`;
  if (game.white.rating !== null) out += `RW[${game.white.rating.toFixed(2)}]`;
  if (game.turnSeconds !== null) out += `TI[${clock(game.turnSeconds)},N1//${clock(game.turnSeconds)},N1]`;
  else if (game.clock) out += `TI[${clock(game.clock.baseSeconds)}/${clock(game.clock.incrementSeconds)}/00:00]`;
  out += 'TY[8]';
  if (game.result !== null) out += `RE[${ggfResult(game.result)}]`;
  if (game.opening) out += `GN[${clean(game.opening)}]`;
  out += `BO[${boardField()}]`;
  const seconds = secondsPerRecord(game.createdAt, game.moves);
  game.moves.forEach((m, i) => {
    const tag = m.color === 'black' ? 'B' : 'W';
    out += m.square === null ? `${tag}[PA]` : `${tag}[${squareName(m.square)}//${seconds[i].toFixed(2)}]`;
  });
  return `${out};)`;
}
