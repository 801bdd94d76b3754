/**
 * Replays the 7,248 real tournament games of the WTHOR database, 2023-2025 (test/fixtures): no illegal
 * move in any, and every finished game ends as recorded. The recorded score follows the
 * tournament convention: empty squares at the end count for the winner (halved on a draw).
 */
import { describe, expect, it } from '@jest/globals';
import { parseSquare, replay, TranscriptError } from '../../../src/engine/index.js';
import { readShipped } from './helpers.js';

interface RecordedGame {
  year: number;
  where: string;
  black: number;
  white: number;
  moves: number[];
}

/** One game a line: year, result (black-white discs), the moves run together, the event. */
function parseFixture(text: string): RecordedGame[] {
  return text.split('\n').filter((line) => line !== '').map((line, i) => {
    const [year, recorded, transcript, event] = line.split('\t');
    const where = `game ${i + 1} (${event}, ${year})`;
    const m = /^(\d+)-(\d+)$/.exec(recorded ?? '');
    if (m === null) throw new Error(`unreadable result in ${where}: ${recorded}`);
    const moves = (transcript.match(/../g) ?? []).map((token) => {
      const sq = parseSquare(token);
      if (sq === null) throw new Error(`unreadable move ${token} in ${where}`);
      return sq;
    });
    return { year: Number(year), where, black: Number(m[1]), white: Number(m[2]), moves };
  });
}

const games = parseFixture(readShipped('wthor-2023-2025.tsv.gz'));

describe('WTHOR tournament games (data/wthor-2023-2025.tsv.gz)', () => {
  it('are all there', () => {
    const perYear = new Map<number, number>();
    for (const g of games) perYear.set(g.year, (perYear.get(g.year) ?? 0) + 1);
    expect([...perYear.keys()]).toEqual([2023, 2024, 2025]);
    expect(games).toHaveLength(7248);
    expect(games.every((g) => g.black >= 0 && g.white >= 0 && g.black + g.white <= 64)).toBe(true);
  });

  it('replay without an illegal move and end as recorded', () => {
    const illegal: string[] = [];
    const wrongResult: string[] = [];
    const unfinished: string[] = [];
    let finished = 0;
    let withEmpties = 0;
    let passes = 0;
    for (const g of games) {
      let r;
      try {
        r = replay(g.moves);
      } catch (e) {
        if (!(e instanceof TranscriptError)) throw e;
        illegal.push(`${g.where}: ${e.message}`);
        continue;
      }
      passes += r.moves.filter((m) => m.pass).length;
      if (!r.finished) {
        // A result agreed before the end: the final position still has a legal move.
        unfinished.push(g.where);
        continue;
      }
      finished++;
      const { black, white } = r.result.discs;
      const empties = 64 - black - white;
      if (empties > 0) withEmpties++;
      const scored = r.result.winner === 'black' ? { black: black + empties, white }
        : r.result.winner === 'white' ? { black, white: white + empties }
        : { black: black + empties / 2, white: white + empties / 2 };
      const recordedWinner = g.black > g.white ? 'black' : g.white > g.black ? 'white' : null;
      if (r.result.winner !== recordedWinner || scored.black !== g.black || scored.white !== g.white) {
        wrongResult.push(`${g.where}: recorded ${g.black}-${g.white}, replayed ${black}-${white} with ${empties} empty`);
      }
    }
    expect(illegal).toEqual([]);
    expect(wrongResult).toEqual([]);
    // Only a few transcripts stop early; the rest are complete games, some with passes and some
    // ending with empty squares.
    expect(unfinished.length).toBeLessThan(games.length / 50);
    expect(finished + unfinished.length).toBe(7248);
    expect(passes).toBeGreaterThan(0);
    expect(withEmpties).toBeGreaterThan(0);
  });
});
