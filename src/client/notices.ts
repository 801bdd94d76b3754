/**
 * A moderator's warning, shown once (issue #20): on any page, a signed-in player with an unseen
 * warning sees it at the top of the page; "I understand" records that it was seen (POST), so it
 * does not come back.
 */
import { request } from './api/http';
import { getToken } from './lib/storage';
import { moderationMessage as t } from '../moderation/messages.en';

interface Notice {
  id: string;
  kind: 'warning';
  message: string;
  at: string;
}

export function startNotices(main: HTMLElement): void {
  if (!getToken()) return;
  request<{ notices: Notice[] }>('GET', '/api/me/notices', undefined, { attempts: 2 })
    .then(({ notices }) => {
      for (const n of notices) {
        const box = document.createElement('section');
        box.className = 'notice mod-notice';
        box.setAttribute('role', 'alertdialog');
        box.setAttribute('aria-labelledby', `notice-${n.id}`);
        const title = document.createElement('h2');
        title.id = `notice-${n.id}`;
        title.textContent = t('notice.warning.title');
        const words = document.createElement('p');
        words.textContent = n.message;
        const ok = document.createElement('button');
        ok.type = 'button';
        ok.className = 'pl-btn';
        ok.textContent = t('notice.warning.dismiss');
        ok.addEventListener('click', () => {
          ok.disabled = true;
          request('POST', `/api/me/notices/${encodeURIComponent(n.id)}/seen`, {})
            .then(() => box.remove())
            .catch(() => {
              ok.disabled = false;
            });
        });
        box.append(title, words, ok);
        main.prepend(box);
        ok.focus();
      }
    })
    .catch(() => undefined); // no notices shown is the safe side
}
