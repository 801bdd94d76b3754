/**
 * Renders a LessonState into the /learn shell (src/pages/views/learn.ts): the board (the game
 * board's markup and look: discs, dots on the legal squares, the last move, a refused square), the
 * counts, the step's title, introduction and feedback, and the buttons. The only lesson code that
 * touches the DOM besides the event wiring in ./learn.ts.
 */
import { toBoardString } from '../../engine/position';
import { discCounts } from '../../engine/rules';
import { squareName } from '../../engine/notation';
import type { MessageValues } from '../../i18n/translator';
import { listAnd } from '../../pages/lists';
import { i18n, t, type ClientMessageKey } from '../i18n';
import { type Board, markSquare, mountBoard } from '../common/board';
import { $, $$, part, show, text } from '../common/dom';
import { type Feedback, introParams, isDone, type LessonState, playableSquares, STEPS, stepId } from './lesson';

const SQUARES = Array.from({ length: 64 }, (_, i) => squareName(i));

/** Feedback parameters as message values: lists of squares joined the page language's way. */
function params(p: Feedback['params']): MessageValues {
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [k, typeof v === 'object' ? listAnd(v, i18n.locale) : v]));
}

/** A lesson message in the page's language. */
export function say(key: ClientMessageKey, p: Feedback['params'] = {}): string {
  return t(key, params(p));
}

export interface LessonView {
  render(s: LessonState): void;
  /** The board component (the game's: the same squares, marks and keyboard). */
  readonly board: Board;
}

/** `onSquare`: the learner chose a square (click, Enter or Space), 0..63. */
export function lessonView(root: HTMLElement, onSquare: (square: number) => void): LessonView {
  const boardEl = part('learn-board', root);
  const board = mountBoard(boardEl, { onSquare: (sq) => onSquare(SQUARES.indexOf(sq)), focus: 19 });
  const feedback = part('learn-feedback', root);
  const stepsEl = part('learn-steps', root);
  for (let i = 0; i < STEPS.length; i++) stepsEl.append(document.createElement('li'));
  const view: LessonView = {
    board,
    render(s: LessonState): void {
      const done = isDone(s);
      const id = stepId(s);
      root.setAttribute('data-state', done ? 'done' : 'step');
      root.setAttribute('data-step', id ?? 'done');
      root.setAttribute('data-phase', s.phase);

      // The board: the game's component, with the lesson's squares to play.
      const playable = playableSquares(s).map(squareName);
      board.render({
        board: toBoardString(s.position),
        legal: playable,
        playable,
        last: s.last ? squareName(s.last.square) : null,
        interactive: playable.length > 0,
        color: s.learner,
        busy: false,
      });
      if (s.refused !== null) markSquare(board, squareName(s.refused));

      // Who plays, and the count: hidden while the learner is asked to count for themselves.
      const counts = discCounts(s.position);
      text(part('learn-you', root), done ? '' : say('learn.you', { color: s.learner }));
      for (const c of ['black', 'white'] as const) {
        const el = part(`learn-count-${c}`, root);
        show(el, s.phase !== 'answer');
        el.setAttribute('aria-label', say('learn.count', { color: c, n: counts[c] }));
        text($('[data-count]', el), counts[c]);
      }

      // The panel.
      // Once done, the closing card has the title: the progress line does not say it again.
      const progress = part('learn-progress', root);
      text(progress, done ? '' : say('learn.progress', { step: s.step + 1, total: STEPS.length }));
      show(progress, !done);
      $$('li', stepsEl).forEach((li, i) => {
        li.setAttribute('data-done', s.completed.includes(STEPS[i]) ? 'true' : 'false');
        if (i === s.step) li.setAttribute('aria-current', 'step');
        else li.removeAttribute('aria-current');
      });
      const title = part('learn-step-title', root);
      const intro = part('learn-step-intro', root);
      show(title, !done);
      show(intro, !done);
      if (id) {
        text(title, say(`learn.step.${id}.title` as ClientMessageKey));
        text(intro, say(`learn.step.${id}.intro` as ClientMessageKey, introParams(id)));
      }
      const answering = s.phase === 'answer';
      const fb = s.feedback ? say(s.feedback.key, s.feedback.params) + (answering ? ' ' + say('learn.step.count.question') : '') : '';
      text(feedback, fb);
      if (s.feedback) feedback.setAttribute('data-tone', s.feedback.tone);
      else feedback.removeAttribute('data-tone');
      show(part('learn-answers', root), answering);
      show(part('learn-next', root), !done && s.phase === 'solved');
      show(part('learn-retry', root), !done && (s.phase !== 'play' || s.last !== null));
      show(part('learn-done', root), done);
    },
  };
  return view;
}
