/**
 * A moderator's warning, shown once (issue #20): on any page, a signed-in player with an unseen
 * warning sees it at the top of the page; "I understand" records that it was seen (POST), so it
 * does not come back.
 */
import { h } from './shared/dom';
import { msg } from './shared/messages';
import { getToken } from './shared/storage';
import { api } from './transport/api';

export function startNotices(main: HTMLElement): void {
  if (!getToken()) return;
  api
    .notices()
    .then(({ notices }) => {
      for (const n of notices) {
        const ok = h('button', { type: 'button', class: 'pl-btn' }, msg('notice.warning.dismiss')) as HTMLButtonElement;
        const box = h(
          'section',
          { class: 'notice mod-notice', role: 'alertdialog', 'aria-labelledby': `notice-${n.id}` },
          h('h2', { id: `notice-${n.id}` }, msg('notice.warning.title')),
          h('p', {}, n.message),
          ok,
        );
        ok.addEventListener('click', () => {
          ok.disabled = true;
          api.noticeSeen(n.id).then(
            () => box.remove(),
            () => (ok.disabled = false),
          );
        });
        main.prepend(box);
        ok.focus();
      }
    })
    .catch(() => undefined); // no notice shown is the safe side
}
