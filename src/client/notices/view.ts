/**
 * The warnings' view: each notice of the controller (./state.ts) as a box at the top of the
 * page's main element (an alert dialog named by its title, the moderator's words, "I understand"),
 * kept while it is in the state and removed when it leaves it. The only notices code that touches the DOM.
 */
import { h, text } from '../common/dom';
import { msg, show as showText } from '../common/messages';
import type { NoticesController } from './state';

export interface NoticesView {
  render(): void;
}

export function mountNoticesView(main: HTMLElement, c: NoticesController): NoticesView {
  const boxes = new Map<string, { box: HTMLElement; button: HTMLButtonElement; error: HTMLElement }>();

  const render = (): void => {
    const ids = new Set(c.notices.map((n) => n.id));
    for (const [id, el] of boxes) {
      if (!ids.has(id)) {
        el.box.remove();
        boxes.delete(id);
      }
    }
    for (const n of c.notices) {
      let el = boxes.get(n.id);
      if (!el) {
        const titleId = `notice-${n.id}`;
        const button = h('button', { type: 'button', class: 'pl-btn', 'data-part': 'notice-dismiss' }, msg('notice.warning.dismiss')) as HTMLButtonElement;
        const error = h('p', { class: 'subtle', role: 'status', 'data-part': 'notice-error' });
        const box = h(
          'section',
          { class: 'notice mod-notice', role: 'alertdialog', 'aria-labelledby': titleId, 'data-part': 'notice' },
          h('h2', { id: titleId }, showText(n.title)),
          h('p', {}, n.message),
          button,
          error,
        );
        button.addEventListener('click', () => void c.dismiss(n.id));
        main.prepend(box);
        button.focus();
        el = { box, button, error };
        boxes.set(n.id, el);
      }
      el.button.disabled = n.pending;
      text(el.error, n.error ? showText(n.error) : '');
    }
  };
  render();
  return { render };
}
