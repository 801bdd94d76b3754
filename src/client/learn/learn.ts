/**
 * The /learn page: the lesson's state (./lesson.ts) driven by clicks and keys on the board, the
 * answer buttons and Next / Try again / Start over; progress kept on the device (localStorage).
 * Keyboard play as on the game board: one tab stop on the board, arrow keys (Home, End) move, Enter
 * or Space plays; once a step is solved, focus moves to "Next step".
 */
import { fitBoard, keepFitted } from '../common/board';
import { part } from '../common/dom';
import { pref, setPref } from '../common/storage';
import { type Answer, answer, initialState, isDone, type LessonState, next, parseProgress, progressOf, restart, retry, tryMove } from './lesson';
import { lessonView } from './view';

const PROGRESS = 'learn';

export function startLearn(root: HTMLElement): void {
  const view = lessonView(root, (sq) => set(tryMove(s, sq), true));
  const boardEl = view.board.element;
  const nextButton = part<HTMLButtonElement>('learn-next', root);
  let s: LessonState = initialState(parseProgress(pref(PROGRESS)));
  // The board fits the viewport (less the header and the lesson's heading), as on the game page.
  const frame = part('board-frame', root);
  const fit = () => fitBoard(frame);
  keepFitted(fit);

  function set(after: LessonState, focusNext = false): void {
    if (after === s) return;
    const solvedNow = after.phase === 'solved' && s.phase !== 'solved';
    s = after;
    setPref(PROGRESS, JSON.stringify(progressOf(s)));
    view.render(s);
    fit();
    if (focusNext && solvedNow && !nextButton.hidden) nextButton.focus();
  }

  part('learn-answers', root).addEventListener('click', (ev) => {
    const who = (ev.target as Element).closest('[data-answer]')?.getAttribute('data-answer');
    if (who === 'black' || who === 'white' || who === 'draw') set(answer(s, who as Answer), true);
  });
  nextButton.addEventListener('click', () => {
    set(next(s));
    if (isDone(s)) part('learn-play', root).focus();
    else boardEl.querySelector<HTMLElement>('[data-square][tabindex="0"]')?.focus();
  });
  part('learn-retry', root).addEventListener('click', () => set(retry(s)));
  part('learn-restart', root).addEventListener('click', () => set(restart()));

  view.render(s);
  fit();
}
