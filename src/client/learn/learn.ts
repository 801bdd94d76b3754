/**
 * The /learn page: the lesson's state (./lesson.ts) driven by clicks and keys on the board, the
 * answer buttons and Next / Try again / Start over; progress kept on the device (localStorage).
 * Keyboard play as on the game board: one tab stop on the board, arrow keys (Home, End) move, Enter
 * or Space plays; once a step is solved, focus moves to "Next step".
 */
import { parseSquare } from '../../engine/notation';
import { step } from '../shared/position';
import { $ } from '../shared/dom';
import { pref, setPref } from '../shared/storage';
import { type Answer, answer, initialState, isDone, type LessonState, next, parseProgress, progressOf, restart, retry, tryMove } from './lesson';
import { lessonView } from './view';

const PROGRESS = 'learn';

export function startLearn(root: HTMLElement): void {
  const view = lessonView(root);
  const boardEl = $('[data-testid=learn-board]', root);
  const nextButton = $<HTMLButtonElement>('[data-testid=learn-next]', root);
  let s: LessonState = initialState(parseProgress(pref(PROGRESS)));

  function set(after: LessonState, focusNext = false): void {
    if (after === s) return;
    const solvedNow = after.phase === 'solved' && s.phase !== 'solved';
    s = after;
    setPref(PROGRESS, JSON.stringify(progressOf(s)));
    view.render(s);
    if (focusNext && solvedNow && !nextButton.hidden) nextButton.focus();
  }

  boardEl.addEventListener('click', (ev) => {
    const el = (ev.target as Element).closest<HTMLElement>('[data-square]');
    const sq = el ? parseSquare(el.getAttribute('data-square') ?? '') : null;
    if (sq === null) return;
    view.focus = sq;
    set(tryMove(s, sq), true);
  });
  boardEl.addEventListener('keydown', (ev) => {
    const to = step(view.focus, ev.key);
    if (to === view.focus) return;
    ev.preventDefault();
    view.focus = to;
    boardEl.querySelectorAll<HTMLElement>('[data-square]').forEach((el, i) => (el.tabIndex = i === to ? 0 : -1));
    (boardEl.querySelectorAll<HTMLElement>('[data-square]')[to]).focus();
  });
  $('[data-testid=learn-answers]', root).addEventListener('click', (ev) => {
    const who = (ev.target as Element).closest('[data-answer]')?.getAttribute('data-answer');
    if (who === 'black' || who === 'white' || who === 'draw') set(answer(s, who as Answer), true);
  });
  nextButton.addEventListener('click', () => {
    set(next(s));
    if (isDone(s)) $('[data-testid=learn-play]', root).focus();
    else boardEl.querySelectorAll<HTMLElement>('[data-square]')[view.focus].focus();
  });
  $('[data-testid=learn-retry]', root).addEventListener('click', () => set(retry(s)));
  $('[data-testid=learn-restart]', root).addEventListener('click', () => set(restart()));

  view.render(s);
}
