import { describe, expect, it } from '@jest/globals';
import { legalMoves, parseTranscript, playTurn, replay, squareName, startPosition, toBoardString } from '../../../src/engine/index.js';
import { parseMasterGames } from '../../../src/openings/domain/master-games.js';
import { indexRows, stepsOf } from '../../../src/openings/domain/index-rows.js';
import { openingFigures } from '../../../src/openings/domain/opening-stats.js';
import { nameOpening, nameOpeningAfresh, OPENINGS, openingById } from '../../../src/openings/domain/openings.js';
import { positionKey, SYMMETRIES, transformBoard } from '../../../src/openings/domain/symmetry.js';
import { readShipped } from '../engine/helpers.js';

const line = (moves: string) => parseTranscript(moves);
const image = (squares: number[], s: number) => squares.map((sq) => SYMMETRIES[s][sq]);
const games = parseMasterGames(readShipped('wthor-2023-2025.tsv.gz'));
const startBoard = toBoardString(startPosition());
/** The symmetries that leave the start position as it is: a line's images under them are lines too. */
const LEGAL = [...SYMMETRIES.keys()].filter((s) => transformBoard(startBoard, s) === startBoard);
/** The boards of a position and its seven images (by the engine's own board strings, not the key). */
const imagesOf = (moves: string) => new Set(SYMMETRIES.map((_, s) => transformBoard(toBoardString(replay(moves).position), s)));

describe('symmetry', () => {
  it('has eight distinct permutations of the 64 squares', () => {
    const seen = new Set(SYMMETRIES.map((s) => s.join(',')));
    expect(seen.size).toBe(8);
    for (const s of SYMMETRIES) expect([...s].sort((a, b) => a - b)).toEqual([...Array(64).keys()]);
  });

  it('gives the four first moves one key, and each line and its seven images one key', () => {
    const firsts = ['f5', 'd3', 'c4', 'e6'].map((m) => positionKey(replay(m).position));
    expect(new Set(firsts).size).toBe(1);
    expect(LEGAL).toHaveLength(4);
    const tiger = line('f5d6c3d3c4');
    for (const s of LEGAL) {
      const mirrored = image(tiger, s);
      expect(positionKey(replay(mirrored).position)).toBe(positionKey(replay(tiger).position));
    }
    expect(positionKey(replay('f5d6').position)).not.toBe(positionKey(replay('f5f6').position));
  });
});

describe('the openings table', () => {
  it('has unique ids and names, legal lines, and the three families', () => {
    expect(new Set(OPENINGS.map((o) => o.id)).size).toBe(OPENINGS.length);
    expect(new Set(OPENINGS.map((o) => o.name)).size).toBe(OPENINGS.length);
    for (const o of OPENINGS) expect(replay(o.moves).moves.filter((m) => m.square !== null)).toHaveLength(o.moves.length / 2);
    expect(new Set(OPENINGS.map((o) => o.family))).toEqual(new Set(['perpendicular', 'diagonal', 'parallel']));
  });

  it('names a game by the longest named line it followed, in any of its mirror images', () => {
    expect(nameOpening(line('f5d6c3d3c4'))?.id).toBe('tiger');
    expect(nameOpening(line('f5d6c3d3c4f4e6'))?.id).toBe('tiger');
    expect(nameOpening(line('f5d6c3d3c4f4c5b3c2e6'))?.id).toBe('brightwell');
    expect(nameOpening(line('f5d6c3'))?.id).toBe('perpendicular');
    expect(nameOpening(line('f5f6e6f4g5'))?.id).toBe('heath');
    expect(nameOpening(line('f5f4'))?.id).toBe('parallel');
    expect(nameOpening(line('f5'))).toBeNull();
    expect(nameOpening([])).toBeNull();
    for (const s of LEGAL) {
      expect(nameOpening(image(line('f5d6c3d3c4f4f6f3e6e7d7'), s))?.id).toBe('mainline');
      expect(nameOpening(image(line(openingById('rose')!.moves), s))?.id).toBe('rose');
    }
  });

  it('stops naming at an illegal move (what came before still names it)', () => {
    expect(nameOpening([...line('f5d6c3d3c4'), 0])?.id).toBe('tiger');
  });

  it('names a line grown one square at a time as a replay from the start does', () => {
    // Games along the named lines (any legal image) that then go their own way, named square by
    // square as the move path does, with illegal squares and fresh lines of any length among them.
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const compared: number[] = [];
    for (let g = 0; g < 300; g++) {
      const opening = OPENINGS[g % OPENINGS.length];
      const squares: number[] = image(line(opening.moves), LEGAL[g % LEGAL.length]).slice(0, Math.floor(random() * 20));
      let position = replay(squares.map((sq) => squareName(sq)).join('')).position;
      for (let ply = 0; ply < 30 && legalMoves(position).length > 0; ply++) {
        if (g % 10 === 0 && ply === 12) squares.push(0, 63); // an illegal square: nothing after it counts
        else {
          const moves = legalMoves(position);
          const square = moves[Math.floor(random() * moves.length)];
          squares.push(square);
          position = playTurn(position, square).position;
        }
        const afresh = nameOpeningAfresh(squares);
        expect(nameOpening(squares)).toBe(afresh);
        const cut = squares.slice(0, Math.floor(random() * (squares.length + 1)));
        expect(nameOpening(cut)).toBe(nameOpeningAfresh(cut));
        compared.push(afresh ? 1 : 0);
      }
    }
    expect(compared.length).toBeGreaterThan(3000);
    expect(compared.filter((named) => named === 1).length).toBeGreaterThan(300);
  });
});

describe('master-game figures', () => {
  it('reads all 7,248 shipped games', () => {
    expect(games).toHaveLength(7248);
    expect(games.every((g) => g.squares.length === g.moves.length / 2)).toBe(true);
  });

  it('count each opening as a recount of the games whose board after its moves is its board or an image of it', () => {
    const figures = openingFigures(games);
    for (const o of OPENINGS) {
      const plies = o.moves.length / 2;
      const boards = imagesOf(o.moves);
      const reached = games.filter((g) => g.squares.length >= plies && boards.has(toBoardString(replay(g.squares.slice(0, plies)).position)));
      const f = figures.get(o.id)!;
      expect(reached.length).toBeGreaterThan(0);
      expect(f.games).toBe(reached.length);
      expect(f.blackScore).toBeCloseTo(reached.reduce((s, g) => s + g.blackHalfPoints / 2, 0) / reached.length, 10);
      expect(f.meanDiscDiff).toBeCloseTo(reached.reduce((s, g) => s + g.discDiff, 0) / reached.length, 10);
    }
    // The Tiger is also reached by f5 d6 c4 d3 c3 (a transposition): more games than start with its line.
    expect(figures.get('tiger')!.games).toBeGreaterThan(games.filter((g) => g.moves.startsWith('f5d6c3d3c4')).length);
  });

  it('index rows of the first two plies recount the games', () => {
    const rows = indexRows(games, 2);
    const first = rows.filter((r) => r.parent === stepsOf(line('f5'))[0][0]);
    expect(first.map((r) => r.games)).toEqual([games.length]);
    const after = stepsOf(line('f5'))[0][1];
    const second = new Map(rows.filter((r) => r.parent === after).map((r) => [r.child, r.games]));
    const byReply = new Map<string, number>();
    for (const g of games) byReply.set(g.moves.slice(2, 4), (byReply.get(g.moves.slice(2, 4)) ?? 0) + 1);
    for (const [reply, n] of byReply) expect(second.get(stepsOf(line('f5' + reply))[1][1])).toBe(n);
  });
});
