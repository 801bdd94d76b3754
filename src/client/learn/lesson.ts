/**
 * The lesson of /learn as pure state: five steps on real positions (src/pages/domain/positions.ts),
 * every move checked by the shared engine, every check answered with why. No DOM: the view
 * (./view.ts) renders a LessonState, the page (./learn.ts) feeds it the learner's actions and keeps
 * the progress on the device. Messages are catalogue keys (`learn.*`) with their values.
 */
import { squareName } from '../../engine/notation';
import { type Color, type Position, startPosition } from '../../engine/position';
import { discCounts, flips, isGameOver, legalMoves, playTurn, result } from '../../engine/rules';
import { CORNER, CORNERS, FORCED_PASS, flipLines, type GamePosition, LAST_MOVE, LESSON_DIRECTIONS, positionOf } from '../../pages/domain/positions';
import type { ClientMessageKey } from '../../i18n/keys';

export const STEPS = Object.freeze(['first', 'directions', 'pass', 'corner', 'count'] as const);
export type StepId = (typeof STEPS)[number];

/** Directions the 'directions' step asks for. */
export const DIRECTIONS_WANTED = 3;

const GAMES: Readonly<Record<StepId, GamePosition | null>> = {
  first: null,
  directions: LESSON_DIRECTIONS,
  pass: FORCED_PASS,
  corner: CORNER,
  count: LAST_MOVE,
};

/** Where a step stands: playing, playing again after the opponent's pass, answering who won, solved. */
export type Phase = 'play' | 'again' | 'answer' | 'solved';

export type Tone = 'good' | 'bad' | 'info';

/** What the lesson says about the learner's last action: a message key, its parameters and a tone. */
export interface Feedback {
  readonly key: ClientMessageKey;
  readonly params: Readonly<Record<string, string | number | readonly string[]>>;
  readonly tone: Tone;
}

export interface LessonState {
  /** Index into STEPS; STEPS.length once the lesson is complete. */
  readonly step: number;
  readonly position: Position;
  /** The colour the learner plays in this step. */
  readonly learner: Color;
  readonly phase: Phase;
  readonly feedback: Feedback | null;
  readonly completed: readonly StepId[];
  /** The learner's last move in this step, and what it flipped (the board marks them). */
  readonly last: { readonly square: number; readonly flipped: readonly number[] } | null;
  /** A square just refused (the board marks it), or null. */
  readonly refused: number | null;
}

/** The progress kept on the device. */
export interface Progress {
  readonly v: 1;
  readonly step: number;
  readonly completed: readonly StepId[];
}

/** The position a step starts from. */
export function stepPosition(id: StepId): Position {
  const game = GAMES[id];
  return game ? positionOf(game) : startPosition();
}

/** The real game a step's position comes from (null for the start position). */
export function stepGame(id: StepId): GamePosition | null {
  return GAMES[id];
}

export const isDone = (s: LessonState): boolean => s.step >= STEPS.length;
export const stepId = (s: LessonState): StepId | null => STEPS[s.step] ?? null;

function atStep(step: number, completed: readonly StepId[]): LessonState {
  const id = STEPS[step];
  const position = id ? stepPosition(id) : startPosition();
  return { step, position, learner: position.toMove, phase: id ? 'play' : 'solved', feedback: null, completed, last: null, refused: null };
}

/** A fresh lesson, or the one saved on the device (at its first unsolved step). */
export function initialState(progress: Progress | null = null): LessonState {
  if (!progress) return atStep(0, []);
  const completed = STEPS.filter((id) => progress.completed.includes(id));
  let step = Math.max(0, Math.min(STEPS.length, progress.step));
  while (step < STEPS.length && completed.includes(STEPS[step])) step++;
  return atStep(step, completed);
}

/** Reads saved progress; anything malformed is no progress. */
export function parseProgress(raw: string | null): Progress | null {
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<Progress>;
    if (p.v !== 1 || typeof p.step !== 'number' || !Number.isInteger(p.step) || !Array.isArray(p.completed)) return null;
    return { v: 1, step: p.step, completed: STEPS.filter((id) => (p.completed as unknown[]).includes(id)) };
  } catch {
    return null;
  }
}

export function progressOf(s: LessonState): Progress {
  return { v: 1, step: s.step, completed: [...s.completed] };
}

/** The squares the learner may play now (the board's dots); none when the step waits for something else. */
export function playableSquares(s: LessonState): number[] {
  if (s.phase !== 'play' && s.phase !== 'again') return [];
  return legalMoves(s.position);
}

const names = (squares: readonly number[]): string[] => squares.map(squareName);

function say(s: LessonState, key: ClientMessageKey, params: Feedback['params'], tone: Tone, change: Partial<LessonState> = {}): LessonState {
  return { ...s, refused: null, ...change, feedback: { key, params, tone } };
}

function solve(s: LessonState, change: Partial<LessonState>, key: ClientMessageKey, params: Feedback['params']): LessonState {
  const id = STEPS[s.step];
  const completed = s.completed.includes(id) ? s.completed : STEPS.filter((x) => x === id || s.completed.includes(x));
  return say(s, key, params, 'good', { ...change, phase: 'solved', completed });
}

/**
 * The learner plays `square`. Every step refuses an occupied square and a square that outflanks
 * nothing, with the reason; each step then checks its own goal and either plays the move through
 * the engine or explains why it is not the one asked for.
 */
export function tryMove(s: LessonState, square: number): LessonState {
  const id = stepId(s);
  if (!id || (s.phase !== 'play' && s.phase !== 'again')) return s;
  const sq = squareName(square);
  if (!legalMoves(s.position).includes(square)) {
    return say(s, isOccupied(s.position, square) ? 'learn.feedback.taken' : 'learn.feedback.noFlip', { square: sq }, 'bad', { refused: square });
  }
  const flipped = flips(s.position, square);
  const turn = playTurn(s.position, square);
  const moved: Partial<LessonState> = { position: turn.position, last: { square, flipped } };
  switch (id) {
    case 'first':
      return solve(s, moved, 'learn.feedback.first', { square: sq, flipped: names(flipped), flippedCount: flipped.length });
    case 'directions': {
      const directions = flipLines(square, flipped).length;
      if (directions < DIRECTIONS_WANTED) {
        return say(s, 'learn.feedback.oneDirection', { square: sq, flipped: names(flipped), directions }, 'bad', { refused: square });
      }
      return solve(s, moved, 'learn.feedback.directions', { square: sq, flipped: names(flipped), directions });
    }
    case 'pass': {
      if (s.phase === 'again') return solve(s, moved, 'learn.feedback.passDone', {});
      const passed = turn.records.some((r) => r.pass);
      if (!passed) {
        return say(s, 'learn.feedback.noPass', { square: sq, replies: names(legalMoves(turn.position)) }, 'bad', { refused: square });
      }
      return say(s, 'learn.step.pass.again', {}, 'info', { ...moved, phase: 'again' });
    }
    case 'corner':
      if (!CORNERS.includes(square)) return say(s, 'learn.feedback.notCorner', { square: sq }, 'bad', { refused: square });
      return solve(s, moved, 'learn.feedback.corner', { square: sq });
    case 'count':
      if (!isGameOver(turn.position)) return solve(s, moved, 'learn.feedback.lastMove', { square: sq, flipped: names(flipped) });
      return say(s, 'learn.feedback.lastMove', { square: sq, flipped: names(flipped) }, 'info', { ...moved, phase: 'answer' });
  }
}

function isOccupied(p: Position, square: number): boolean {
  const bit = 1 << (square & 31);
  return square < 32 ? ((p.blackLo | p.whiteLo) & bit) !== 0 : ((p.blackHi | p.whiteHi) & bit) !== 0;
}

export type Answer = Color | 'draw';

/** The count step's question: who won? Checked against the engine's result of the final position. */
export function answer(s: LessonState, who: Answer): LessonState {
  if (stepId(s) !== 'count' || s.phase !== 'answer') return s;
  const final = result(s.position);
  const before = discCounts(stepPosition('count'));
  const counts = { black: final.discs.black, white: final.discs.white };
  if ((final.winner ?? 'draw') !== who) return say(s, 'learn.feedback.wrongCount', counts, 'bad');
  return solve(s, {}, 'learn.feedback.counted', { ...counts, beforeBlack: before.black, beforeWhite: before.white });
}

/** On to the next step (only once this one is solved). */
export function next(s: LessonState): LessonState {
  if (s.phase !== 'solved' || isDone(s)) return s;
  const after = initialState({ v: 1, step: s.step + 1, completed: s.completed });
  // The end of the lesson keeps the board it ended on (the counted final position), not the start.
  return isDone(after) ? { ...after, position: s.position, last: s.last } : after;
}

/** This step from its start again (what was solved stays solved). */
export function retry(s: LessonState): LessonState {
  return isDone(s) ? s : atStep(s.step, s.completed);
}

/** The whole lesson from the first step, nothing solved. */
export function restart(): LessonState {
  return atStep(0, []);
}

/** The parameters of a step's introduction. */
export function introParams(id: StepId): Record<string, string | number> {
  const game = GAMES[id];
  const counts = discCounts(stepPosition(id));
  return { event: game?.event ?? '', black: counts.black, white: counts.white };
}
