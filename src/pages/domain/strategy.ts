/**
 * The strategy page's topics (/strategy), each with a diagram and a "try it" position, all from
 * real master games (the shipped WTHOR games, named by event), computed through the engine: the
 * diagram shows the position after the move the exact endgame solver finds best, and the try-it's
 * accepted moves are the solver's best moves (or, for the wipe-out, the moves after which the
 * other side cannot take every disc). Pure: the engine and data, no framework.
 */
import { discCounts, emptyCount, flips, legalMoves, playTurn } from '../../engine/rules.js';
import { type Position, toBoardString } from '../../engine/position.js';
import { solveEndgame } from '../../engine/search.js';
import type { BoardDiagram } from './diagrams.js';
import { type GamePosition, movesOf, positionOf, square } from './positions.js';

export const TOPICS = ['corners', 'xc', 'edges', 'mobility', 'parity', 'count', 'wipeout'] as const;
export type TopicKey = (typeof TOPICS)[number];

/** Where each topic's diagram and try-it come from (the moves from the start, as positions.ts has them). */
export const STRATEGY_POSITIONS: Readonly<Record<TopicKey, { diagram: GamePosition; tryIt: GamePosition }>> = Object.freeze({
  corners: {
    diagram: { event: 'Asia Pacific Championship 2023', moves: 'f5d6c3d3c4f4f6f3e6e7d7b3e3d2g3h3d1c5f2e2e1f7f8g5h6h5g6g4c2c1e8c8d8g8b6f1b4a4h4b5g2h7c6a7a5a6a3a2b7h2' },
    tryIt: { event: 'Asia Pacific Championship 2023', moves: 'f5d6c3d3c4f4c5b3c2b4c6d2e6b5a5c1e3f3a4g6e1a6a7b6a3e2g5h6g4h5h3c7d7d8e7e8f7f6f8g8b8g3f1f2g1g2h2a2' },
  },
  xc: {
    diagram: { event: 'Asia Pacific Championship 2023', moves: 'f5d6c3d3c4f4c5b3c2b4c6d2a3e6a4b5b6c1d7f7e3c8f3c7e1d1b1f2e7e2d8g3h3g2b8h4h5g4g5h6g8h2f1f6g6h7h1g1h8' },
    tryIt: { event: 'Asia Pacific Championship 2023', moves: 'f5d6c5f4e3c6d3f3e6f6g4g3g6e2e7d7g5h4f2b5c8h5c4b4d1c2c3f8e8b3c7d8g8f7h2f1a5a4c1d2a6b6h7a7e1b1g2h6' },
  },
  edges: {
    diagram: { event: 'Asia Pacific Championship 2023', moves: 'f5d6c6f4e6g5f3e3g4f6g3c5f7h4h3d7h5e7d8h6e8h2c3c7c4d3c2f2e2d1f1c8b8d2b4b6b5a4a5a6b3g6e1g8c1g1h1g2' },
    tryIt: { event: 'Asia Pacific Championship 2023', moves: 'f5d6c5f4d7c6e3d3c3f6b6e2g6f3e6d2c4b3f1d1a3c2b1g5h4h6g4e7f2h3h2g3d8a6b5f8f7h7c7a5b4c8e8a4a7b2a1a2c1' },
  },
  mobility: {
    diagram: { event: 'Australian National 2023', moves: 'f5d6c4d3e6f4e3f3c6f6g5g6e7h6g3g4h5h3h7f7c3h4h2d8f8b3f2e2e1d2c1c5b6d1a3f1g1b4a5e8c8b5d7c7b8a4a6b7a7a8' },
    tryIt: { event: 'All Japan Championships 2023', moves: 'f5f6e6f4g6d6e3d3g4e2g3e7d7f7f8h3g5c8d8h4f3h5h6h7c5e8g7h8g8c7c4c3c6h2f2d2c1d1e1b6a6b4b3a5b7a7b5a2a3a4c2' },
  },
  parity: {
    diagram: { event: 'Asia Pacific Championship 2023', moves: 'f5d6c3d3c4f4f6f3e6e7d7b3e3d2g3h3d1c5f2e2e1f7f8g5h6h5g6g4c2c1e8c8d8g8b6f1b4a4h4b5g2h7c6a7a5a6a3a2b7' },
    tryIt: { event: 'Asia Pacific Championship 2023', moves: 'f5d6c3d3c4f4c5b3c2b4c6d2e6b5a5a6a3b6a4a2g3g4h3g5f3e3e1h4f6e2h5d1f1f2c1c7d7b7c8e8g1b2e7g2h2g7g6d8f8h7' },
  },
  count: {
    diagram: { event: 'Asia Pacific Championship 2023', moves: 'f5d6c3d3c4f4f6g5c6e3e6c5b4d7e7c7f7g6c8d8e8g8d2d1g3g4h6h5h4f3f2e2h7b3c1c2e1f1g1b2b5a4a5a6b6a3a1b1a2h2a7' },
    tryIt: { event: 'Australian National 2023', moves: 'f5d6c5f4e3c6d3f6e6d7g3c4b4b3b5a4a2a3a5c3b6c2f3g4h5e2d2f2f1e1d1a7g6g5h6h3h4h7c7b7e7h2e8f8g1d8c8f7g7b8g2' },
  },
  wipeout: {
    diagram: { event: 'Campeonato Argentino 2024', moves: 'f5f6e6f4g5h6f7f8' },
    tryIt: { event: 'Campeonato Brasileiro 2024', moves: 'f5f4e3d6e6f6c4d3c5b4' },
  },
});

/** Each X-square (diagonally next to a corner) and its corner. */
const X_CORNER = new Map([[9, 0], [14, 7], [49, 56], [54, 63]]);
const name = (sq: number) => 'abcdefgh'[sq & 7] + String((sq >> 3) + 1);
const mineOf = (p: Position, color: 'black' | 'white') => discCounts(p)[color];

/** Each legal move's exact value for the side to move (final disc difference, empties to the winner). */
export function exactValues(p: Position): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of legalMoves(p)) {
    const turn = playTurn(p, m);
    const c = turn.position;
    if (turn.finished) {
      const d = discCounts(c);
      const diff = d.black - d.white + (d.black > d.white ? emptyCount(c) : d.black < d.white ? -emptyCount(c) : 0);
      out.set(m, (p.toMove === 'black' ? diff : -diff) + 0);
    } else {
      const s = solveEndgame(c).score;
      out.set(m, (c.toMove === p.toMove ? s : -s) + 0);
    }
  }
  return out;
}

/** Moves after which the other side has a reply that leaves the mover without a disc. */
export function wipeoutMoves(p: Position): number[] {
  return legalMoves(p).filter((m) => {
    const c = playTurn(p, m).position;
    if (c.toMove === p.toMove) return false;
    return legalMoves(c).some((r) => mineOf(playTurn(c, r).position, p.toMove) === 0);
  });
}

/** Empty regions (orthogonally connected empty squares) and their sizes. */
export function emptyRegions(p: Position): number[][] {
  const b = toBoardString(p);
  const seen = new Set<number>();
  const out: number[][] = [];
  for (let s = 0; s < 64; s++) {
    if (b[s] !== '.' || seen.has(s)) continue;
    const region: number[] = [];
    const stack = [s];
    seen.add(s);
    while (stack.length > 0) {
      const x = stack.pop()!;
      region.push(x);
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const f = (x & 7) + dx;
        const r = (x >> 3) + dy;
        const y = r * 8 + f;
        if (f >= 0 && f < 8 && r >= 0 && r < 8 && b[y] === '.' && !seen.has(y)) {
          seen.add(y);
          stack.push(y);
        }
      }
    }
    out.push(region.sort((a, z) => a - z));
  }
  return out;
}

/** A try-it position: where the player finds the move, and what the engine accepts. */
export interface TryIt {
  readonly board: string;
  readonly toMove: 'black' | 'white';
  readonly legal: readonly string[];
  /** The moves the engine accepts. */
  readonly answers: readonly string[];
  /** Every legal move's exact value for the side to move (null for the wipe-out topic, whose check is by the rules). */
  readonly values: Readonly<Record<string, number>> | null;
  readonly game: { readonly event: string; readonly moves: readonly string[] };
  /** The facts the explanation states. */
  readonly facts: Readonly<Record<string, string | number>>;
}

export interface StrategyTopic {
  readonly key: TopicKey;
  readonly diagram: BoardDiagram;
  readonly tryIt: TryIt;
}

function facts(p: Position, best: number, values: Map<number, number> | null): Record<string, string | number> {
  const after = playTurn(p, best).position;
  const other = p.toMove === 'black' ? 'white' : 'black';
  const sorted = values ? [...values.values()].sort((a, b) => b - a) : [];
  const region = emptyRegions(p).find((r) => r.includes(best)) ?? [];
  const board = toBoardString(p);
  // X-squares the side to move may play while their corner is empty.
  const xs = legalMoves(p).filter((m) => X_CORNER.has(m) && board[X_CORNER.get(m)!] === '.');
  return {
    xs: xs.map(name).join(', '),
    color: p.toMove,
    move: name(best),
    value: values ? values.get(best)! : 0,
    second: sorted.find((v) => v !== sorted[0]) ?? sorted[0] ?? 0,
    mine: mineOf(p, p.toMove),
    theirs: mineOf(p, other),
    empties: emptyCount(p),
    flips: flips(p, best).length,
    replies: after.toMove === other ? legalMoves(after).length : 0,
    region: region.length,
  };
}

function diagramOf(key: TopicKey, g: GamePosition): BoardDiagram {
  const p = positionOf(g);
  let best: number;
  let f: Record<string, string | number>;
  if (key === 'wipeout') {
    const bad = wipeoutMoves(p);
    best = bad[0];
    f = { ...facts(p, best, null), bad: bad.map(name).join(', ') };
    // The diagram shows the position before the dangerous move, its legal squares dotted.
    return { key: key as BoardDiagram['key'], board: toBoardString(p), toMove: p.toMove, legal: legalMoves(p), placed: null, flipped: [], lines: [], corners: [], game: { event: g.event, moves: movesOf(g) }, facts: f };
  }
  const values = exactValues(p);
  best = [...values].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  f = facts(p, best, values);
  const turn = playTurn(p, best);
  const corners = key === 'corners' ? [0, 7, 56, 63].filter((c) => toBoardString(turn.position)[c] === (p.toMove === 'black' ? 'B' : 'W')) : [];
  return {
    key: key as BoardDiagram['key'],
    board: toBoardString(turn.position),
    toMove: turn.position.toMove,
    legal: [],
    placed: best,
    flipped: turn.records[0].flipped,
    lines: [],
    corners,
    game: { event: g.event, moves: movesOf(g) },
    facts: f,
  };
}

function tryItOf(key: TopicKey, g: GamePosition): TryIt {
  const p = positionOf(g);
  const legal = legalMoves(p);
  const game = { event: g.event, moves: movesOf(g) };
  if (key === 'wipeout') {
    const bad = new Set(wipeoutMoves(p));
    const answers = legal.filter((m) => !bad.has(m));
    return { board: toBoardString(p), toMove: p.toMove, legal: legal.map(name), answers: answers.map(name), values: null, game, facts: { ...facts(p, answers[0], null), bad: [...bad].map(name).join(', ') } };
  }
  const values = exactValues(p);
  const top = Math.max(...values.values());
  const answers = legal.filter((m) => values.get(m) === top);
  return {
    board: toBoardString(p),
    toMove: p.toMove,
    legal: legal.map(name),
    answers: answers.map(name),
    values: Object.fromEntries([...values].map(([m, v]) => [name(m), v])),
    game,
    facts: facts(p, answers[0], values),
  };
}

let topics: readonly StrategyTopic[] | null = null;

/** Every topic, computed once (the solver runs on a dozen empties at most: well under a second in all). */
export function strategyTopics(): readonly StrategyTopic[] {
  topics ??= Object.freeze(TOPICS.map((key) => Object.freeze({ key, diagram: diagramOf(key, STRATEGY_POSITIONS[key].diagram), tryIt: tryItOf(key, STRATEGY_POSITIONS[key].tryIt) })));
  return topics;
}

/** Re-exported for the tests: a square's index. */
export { square };
