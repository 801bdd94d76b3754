/** Square notation: file a..h, rank 1..8; square index = (rank - 1) * 8 + file (a1 = 0, h8 = 63). */

const SQUARE = /^([a-h])([1-8])$/i;

/** 'a1'..'h8', case-insensitive, surrounding whitespace ignored; null when malformed. */
export function parseSquare(s: string): number | null {
  if (typeof s !== 'string') return null;
  const m = SQUARE.exec(s.trim());
  if (m === null) return null;
  return (Number(m[2]) - 1) * 8 + (m[1].toLowerCase().charCodeAt(0) - 97);
}

/** Lower-case name of square 0..63; throws a RangeError for anything else. */
export function squareName(i: number): string {
  if (!isSquare(i)) throw new RangeError(`not a square index: ${String(i)}`);
  return String.fromCharCode(97 + (i & 7)) + String((i >> 3) + 1);
}

/** Whether i is an integer in 0..63. */
export function isSquare(i: unknown): i is number {
  return typeof i === 'number' && i >= 0 && i < 64 && (i | 0) === i;
}
