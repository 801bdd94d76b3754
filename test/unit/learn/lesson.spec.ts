/** The /learn lesson's pure controller: steps, positions, checks, progress (src/client/learn/lesson.ts). */
import { describe, expect, it } from '@jest/globals';
import { flips, isGameOver, legalMoves, mustPass, parseSquare, playTurn, result, squareName, startPosition, toBoardString } from '../../../src/engine/index.js';
import {
  answer,
  DIRECTIONS_WANTED,
  initialState,
  isDone,
  type LessonState,
  next,
  parseProgress,
  playableSquares,
  progressOf,
  restart,
  retry,
  STEPS,
  stepId,
  stepPosition,
  tryMove,
} from '../../../src/client/learn/lesson.js';
import { CORNERS, flipLines } from '../../../src/pages/domain/positions.js';
import { translator } from '../../../src/i18n/catalogues/index.js';
import { LANGUAGES } from '../../../src/i18n/languages.js';

const sq = (name: string) => parseSquare(name)!;
const names = (squares: readonly number[]) => squares.map(squareName);

/** The state at a step, fresh. */
const at = (id: (typeof STEPS)[number]): LessonState => initialState({ v: 1, step: STEPS.indexOf(id), completed: [] });

/** Every refusal leaves the board and the phase as they were. */
function expectRefused(before: LessonState, after: LessonState, key: string): void {
  expect(after.feedback?.key).toBe(key);
  expect(after.feedback?.tone).toBe('bad');
  expect(toBoardString(after.position)).toBe(toBoardString(before.position));
  expect(after.phase).toBe(before.phase);
  expect(after.completed).toEqual(before.completed);
}

describe('the lesson (pure controller)', () => {
  it('has five steps, each on a position where the learner has a move', () => {
    expect([...STEPS]).toEqual(['first', 'directions', 'pass', 'corner', 'count']);
    for (const id of STEPS) expect(legalMoves(stepPosition(id)).length).toBeGreaterThan(0);
    expect(toBoardString(stepPosition('first'))).toBe(toBoardString(startPosition()));
  });

  it('step 1: only legal squares are accepted, each refusal says why; a legal square flips what the engine flips', () => {
    const s = initialState();
    expect(stepId(s)).toBe('first');
    expect(s.learner).toBe('black');
    expect(playableSquares(s)).toEqual(legalMoves(startPosition()));
    const taken = tryMove(s, sq('d4'));
    expectRefused(s, taken, 'learn.feedback.taken');
    expect(taken.refused).toBe(sq('d4'));
    expectRefused(s, tryMove(s, sq('a1')), 'learn.feedback.noFlip');
    expectRefused(s, tryMove(s, sq('e3')), 'learn.feedback.noFlip');
    for (const m of legalMoves(startPosition())) {
      const played = tryMove(s, m);
      expect(played.phase).toBe('solved');
      expect(played.completed).toEqual(['first']);
      expect(toBoardString(played.position)).toBe(toBoardString(playTurn(startPosition(), m).position));
      expect(played.feedback).toEqual({ key: 'learn.feedback.first', params: { square: squareName(m), flipped: names(flips(startPosition(), m)), flippedCount: 1 }, tone: 'good' });
      expect(playableSquares(played)).toEqual([]);
      expect(tryMove(played, legalMoves(played.position)[0])).toBe(played);
    }
  });

  it('step 2: of the legal squares only the one that outflanks in three directions is taken, the others are explained', () => {
    const s = at('directions');
    const p = stepPosition('directions');
    const three = legalMoves(p).filter((m) => flipLines(m, flips(p, m)).length >= DIRECTIONS_WANTED);
    expect(three).toHaveLength(1);
    for (const m of legalMoves(p).filter((x) => x !== three[0])) {
      const r = tryMove(s, m);
      expectRefused(s, r, 'learn.feedback.oneDirection');
      expect(r.feedback?.params.directions).toBe(flipLines(m, flips(p, m)).length);
    }
    const solved = tryMove(s, three[0]);
    expect(solved.phase).toBe('solved');
    expect(solved.feedback?.params).toEqual({ square: squareName(three[0]), flipped: names(flips(p, three[0])), directions: 3 });
    expect(solved.last).toEqual({ square: three[0], flipped: flips(p, three[0]) });
  });

  it('step 3: the learner (White) must find the move that leaves Black without a move; after the automatic pass they play again', () => {
    const s = at('pass');
    const p = stepPosition('pass');
    expect(s.learner).toBe('white');
    const passing = legalMoves(p).filter((m) => playTurn(p, m).records.some((r) => r.pass));
    expect(passing.length).toBeGreaterThan(0);
    for (const m of legalMoves(p).filter((x) => !passing.includes(x))) {
      const r = tryMove(s, m);
      expectRefused(s, r, 'learn.feedback.noPass');
      expect(r.feedback?.params.replies).toEqual(names(legalMoves(playTurn(p, m).position)));
    }
    const again = tryMove(s, passing[0]);
    expect(again.phase).toBe('again');
    expect(again.feedback?.key).toBe('learn.step.pass.again');
    expect(again.position.toMove).toBe('white');
    // Black really had to pass: no legal square in the position after the move, Black to move.
    const afterMove = playTurn(p, passing[0]);
    expect(afterMove.records[1]).toEqual({ color: 'black', square: null, pass: true, flipped: [] });
    expect(playableSquares(again)).toEqual(legalMoves(again.position));
    expectRefused(again, tryMove(again, sq('a1')), 'learn.feedback.noFlip');
    const done = tryMove(again, legalMoves(again.position)[0]);
    expect(done.phase).toBe('solved');
    expect(done.feedback?.key).toBe('learn.feedback.passDone');
    expect(done.completed).toEqual(['pass']);
  });

  it('step 4: take a corner; a legal square that is not a corner is explained', () => {
    const s = at('corner');
    const p = stepPosition('corner');
    const corners = legalMoves(p).filter((m) => CORNERS.includes(m));
    expect(corners.length).toBeGreaterThan(0);
    for (const m of legalMoves(p).filter((x) => !corners.includes(x))) expectRefused(s, tryMove(s, m), 'learn.feedback.notCorner');
    const solved = tryMove(s, corners[0]);
    expect(solved.phase).toBe('solved');
    expect(solved.feedback?.params).toEqual({ square: squareName(corners[0]) });
  });

  it('step 5: the last move ends the game; the learner says who won, checked against the count', () => {
    const s = at('count');
    const p = stepPosition('count');
    expect(legalMoves(p)).toHaveLength(1);
    const before = result(p).discs;
    const played = tryMove(s, legalMoves(p)[0]);
    expect(isGameOver(played.position)).toBe(true);
    expect(played.phase).toBe('answer');
    expect(playableSquares(played)).toEqual([]);
    const final = result(played.position);
    // The position teaches that the count mid-game decides nothing: the side behind before the last move wins.
    expect(before.black).toBeLessThan(before.white);
    expect(final.winner).toBe('black');
    for (const wrong of ['white', 'draw'] as const) {
      const r = answer(played, wrong);
      expect(r.feedback).toEqual({ key: 'learn.feedback.wrongCount', params: final.discs, tone: 'bad' });
      expect(r.phase).toBe('answer');
    }
    const right = answer(played, 'black');
    expect(right.phase).toBe('solved');
    expect(right.feedback?.params).toEqual({ black: final.discs.black, white: final.discs.white, beforeBlack: before.black, beforeWhite: before.white });
    expect(answer(s, 'black')).toBe(s);
  });

  it('runs from the first step to the end, found by the engine alone; next only once a step is solved', () => {
    let s = initialState();
    expect(next(s)).toBe(s);
    const moves: string[] = [];
    while (!isDone(s)) {
      const id = stepId(s)!;
      const p = s.position;
      const goal = legalMoves(p).find((m) => {
        if (id === 'directions') return flipLines(m, flips(p, m)).length >= DIRECTIONS_WANTED;
        if (id === 'pass') return s.phase === 'again' || playTurn(p, m).records.length === 2;
        if (id === 'corner') return CORNERS.includes(m);
        return true;
      })!;
      moves.push(squareName(goal));
      s = tryMove(s, goal);
      if (s.phase === 'answer') s = answer(s, result(s.position).winner ?? 'draw');
      const solved = s;
      if (s.phase === 'solved') s = next(s);
      // The end keeps the board the last step left, not the start position.
      if (isDone(s)) expect(s.position).toEqual(solved.position);
    }
    expect(s.completed).toEqual([...STEPS]);
    expect(moves.length).toBe(6);
    expect(mustPass(stepPosition('first'))).toBe(false);
  });

  it('keeps progress on the device: saved, read back at the first unsolved step; junk is ignored', () => {
    let s = tryMove(initialState(), legalMoves(startPosition())[0]);
    const saved = JSON.stringify(progressOf(s));
    expect(JSON.parse(saved)).toEqual({ v: 1, step: 0, completed: ['first'] });
    const back = initialState(parseProgress(saved));
    expect(stepId(back)).toBe('directions');
    expect(back.completed).toEqual(['first']);
    s = next(s);
    expect(stepId(s)).toBe('directions');
    expect(stepId(initialState(parseProgress(JSON.stringify({ v: 1, step: 4, completed: [...STEPS] }))))).toBeNull();
    for (const junk of [null, '', '{', '[]', '{"v":2,"step":1,"completed":[]}', '{"v":1,"step":"x","completed":[]}', '{"v":1,"step":1.5,"completed":[]}']) {
      expect(parseProgress(junk)).toBeNull();
    }
    expect(parseProgress('{"v":1,"step":99,"completed":["corner","nope"]}')).toEqual({ v: 1, step: 99, completed: ['corner'] });
    expect(isDone(initialState({ v: 1, step: 99, completed: [] }))).toBe(true);
    expect(stepId(retry(tryMove(at('corner'), sq('a1'))))).toBe('corner');
    expect(retry(tryMove(at('corner'), sq('a1'))).phase).toBe('play');
    expect(restart()).toEqual(initialState());
  });

  it('every feedback message it can give formats, in every language, with the values it gives', () => {
    let s = initialState();
    const seen: LessonState[] = [tryMove(s, sq('d4')), tryMove(s, sq('a1'))];
    for (const id of STEPS) {
      s = at(id);
      for (const m of legalMoves(s.position)) seen.push(tryMove(s, m));
    }
    expect(new Set(seen.map((r) => r.feedback!.key)).size).toBeGreaterThanOrEqual(8);
    for (const lang of LANGUAGES) {
      const t = translator(lang);
      for (const r of seen) {
        const fb = r.feedback!;
        expect(t.has(fb.key)).toBe(true);
        const values = Object.fromEntries(Object.entries(fb.params).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v as string | number)]));
        const text = t.t(fb.key, values);
        expect(text).not.toMatch(/[{}]|undefined/);
        for (const v of Object.values(values)) if (typeof v === 'string' && v !== '') expect(text).toContain(v);
      }
    }
  });
});
