/**
 * Replays the 7,248 real tournament games of ../shared/data/wthor (WTHOR 2023-2025): no illegal
 * move in any, and every finished game ends as recorded. The recorded score follows the
 * tournament convention: empty squares at the end count for the winner (halved on a draw).
 */
import { describe, expect, it } from '@jest/globals';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseSquare, replay, TranscriptError } from '../../../src/engine/index.js';
import { sharedData } from './helpers.js';

interface RecordedGame {
  where: string;
  black: number;
  white: number;
  moves: number[];
}

function parsePgn(file: string, text: string): RecordedGame[] {
  const games: RecordedGame[] = [];
  let game: RecordedGame | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('[Event ')) {
      game = { where: `${file} game ${games.length + 1} ${line}`, black: -1, white: -1, moves: [] };
      games.push(game);
    } else if (game === null || line.trim() === '') {
      continue;
    } else if (line.startsWith('[Result ')) {
      const m = /^\[Result "(\d+)-(\d+)"\]$/.exec(line.trim());
      if (m === null) throw new Error(`unreadable result in ${game.where}: ${line}`);
      game.black = Number(m[1]);
      game.white = Number(m[2]);
    } else if (!line.startsWith('[')) {
      for (const token of line.trim().split(/\s+/)) {
        if (/^\d+\.$/.test(token)) continue;
        const sq = parseSquare(token);
        if (sq === null) throw new Error(`unreadable move ${token} in ${game.where}`);
        game.moves.push(sq);
      }
    }
  }
  return games;
}

const dir = path.join(sharedData, 'wthor');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.pgn')).sort();
const games = files.flatMap((f) => parsePgn(f, fs.readFileSync(path.join(dir, f), 'utf8')));

describe('WTHOR tournament games (../shared/data/wthor)', () => {
  it('are all there', () => {
    expect(files).toEqual(['WTH_2023.pgn', 'WTH_2024.pgn', 'WTH_2025.pgn']);
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
