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
import { $, $$, show, text } from '../shared/dom';
import { type Feedback, introParams, isDone, type LessonState, playableSquares, STEPS, stepId } from './lesson';

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
  /** The board square (0..63) that has the board's one tab stop. */
  focus: number;
}

export function lessonView(root: HTMLElement): LessonView {
  const boardEl = $('[data-testid=learn-board]', root);
  const squares = $$<HTMLButtonElement>('[data-square]', boardEl);
  const feedback = $('[data-testid=learn-feedback]', root);
  const stepsEl = $('[data-testid=learn-steps]', root);
  for (let i = 0; i < STEPS.length; i++) stepsEl.append(document.createElement('li'));
  let refusedTimer: ReturnType<typeof setTimeout> | undefined;

  const view: LessonView = {
    focus: 19,
    render(s: LessonState): void {
      const done = isDone(s);
      const id = stepId(s);
      root.setAttribute('data-state', done ? 'done' : 'step');
      root.setAttribute('data-step', id ?? 'done');
      root.setAttribute('data-phase', s.phase);

      // The board.
      const board = toBoardString(s.position);
      const playable = playableSquares(s);
      squares.forEach((el, i) => {
        const ch = board.charAt(i);
        const disc = ch === 'B' ? 'black' : ch === 'W' ? 'white' : '';
        const prev = el.getAttribute('data-disc') ?? '';
        if (prev !== disc) {
          el.setAttribute('data-disc', disc);
          el.classList.toggle('pl-new', prev === '' && disc !== '');
          el.classList.toggle('pl-flip', prev !== '' && disc !== '');
        }
        const sq = squareName(i);
        const legal = playable.includes(i);
        el.setAttribute('data-legal', legal ? 'true' : 'false');
        el.setAttribute('data-playable', legal ? 'true' : 'false');
        el.setAttribute('data-last', s.last?.square === i ? 'true' : 'false');
        el.setAttribute(
          'aria-label',
          disc ? say('learn.square.disc', { square: sq, color: disc }) : say(legal ? 'learn.square.legal' : 'learn.square.empty', { square: sq }),
        );
        el.tabIndex = i === view.focus ? 0 : -1;
      });
      clearTimeout(refusedTimer);
      squares.forEach((el) => el.removeAttribute('data-bad'));
      if (s.refused !== null) {
        const el = squares[s.refused];
        el.setAttribute('data-bad', 'true');
        refusedTimer = setTimeout(() => el.removeAttribute('data-bad'), 1200);
      }
      boardEl.setAttribute('data-interactive', playable.length > 0 ? 'true' : 'false');
      boardEl.setAttribute('data-color', s.learner);

      // Who plays, and the count.
      const counts = discCounts(s.position);
      text($('[data-testid=learn-you]', root), done ? '' : say('learn.you', { color: s.learner }));
      for (const c of ['black', 'white'] as const) {
        const el = $(`[data-testid=learn-count-${c}]`, root);
        el.setAttribute('aria-label', say('learn.count', { color: c, n: counts[c] }));
        text($('[data-count]', el), counts[c]);
      }

      // The panel.
      text($('[data-testid=learn-progress]', root), done ? say('learn.done.title') : say('learn.progress', { step: s.step + 1, total: STEPS.length }));
      $$('li', stepsEl).forEach((li, i) => {
        li.setAttribute('data-done', s.completed.includes(STEPS[i]) ? 'true' : 'false');
        if (i === s.step) li.setAttribute('aria-current', 'step');
        else li.removeAttribute('aria-current');
      });
      const title = $('[data-testid=learn-step-title]', root);
      const intro = $('[data-testid=learn-step-intro]', root);
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
      show($('[data-testid=learn-answers]', root), answering);
      show($('[data-testid=learn-next]', root), !done && s.phase === 'solved');
      show($('[data-testid=learn-retry]', root), !done && (s.phase !== 'play' || s.last !== null));
      show($('[data-testid=learn-done]', root), done);
    },
  };
  return view;
}
