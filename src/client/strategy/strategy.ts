/**
 * The /strategy page's "try it" positions: each on the game's board component (one tab stop,
 * arrow keys, Enter or Space), playable on its legal squares. A move is checked against the
 * engine's answers the page carries (the exact solver's best moves, or the moves that leave a disc
 * after any reply); a wrong one is explained with its value, a right one shows the explanation.
 */
import { parseSquare } from '../../engine/notation';
import { mountBoard } from '../common/board';
import { $$ } from '../common/dom';
import { msg } from '../common/messages';

function startOne(root: HTMLElement): void {
  const el = root.querySelector<HTMLElement>('[data-part=try-board]')!;
  const feedback = root.querySelector<HTMLElement>('[data-part=try-feedback]')!;
  const explain = root.querySelector<HTMLElement>('[data-part=try-explain]')!;
  const reset = root.querySelector<HTMLButtonElement>('[data-part=try-reset]')!;
  const words = (name: string) => (el.getAttribute(`data-${name}`) ?? '').split(' ').filter((s) => s !== '');
  const legal = words('legal');
  const answers = words('answers');
  const values = new Map(words('values').map((pair) => [pair.split(':')[0], Number(pair.split(':')[1])]));
  const board = el.dataset.board ?? '';
  const color = el.dataset.toMove === 'white' ? 'white' : 'black';
  const signed = (v: number) => new Intl.NumberFormat(document.documentElement.lang || 'en', { signDisplay: 'exceptZero' }).format(v);
  let solved = false;
  const render = (last: string | null) =>
    view.render({ board, legal: solved ? [] : legal, playable: solved ? [] : legal, last, interactive: !solved, color, busy: false });
  const view = mountBoard(el, {
    onSquare: (sq) => {
      if (solved || !legal.includes(sq)) return;
      if (answers.includes(sq)) {
        solved = true;
        feedback.textContent = msg('strategy.right', { square: sq });
        feedback.dataset.tone = 'good';
        explain.hidden = false;
        reset.hidden = false;
        root.dataset.solved = 'true';
        render(sq);
        return;
      }
      feedback.dataset.tone = 'bad';
      feedback.textContent = values.size > 0
        ? msg('strategy.wrong', { square: sq, value: signed(values.get(sq) ?? 0), best: signed(values.get(answers[0]) ?? 0) })
        : msg('strategy.wrongWipeout', { square: sq });
    },
    focus: (legal.length > 0 ? parseSquare(legal[0]) : null) ?? 19,
  });
  reset.addEventListener('click', () => {
    solved = false;
    feedback.textContent = '';
    delete feedback.dataset.tone;
    explain.hidden = true;
    reset.hidden = true;
    delete root.dataset.solved;
    render(null);
  });
  render(null);
}

export function startStrategy(root: HTMLElement): void {
  for (const t of $$('[data-part=try]', root)) startOne(t);
}
