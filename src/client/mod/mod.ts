/**
 * The moderator page (/mod): its panels are rendered on the server for moderators only, so this
 * fetches them with the device's token and puts them in the page; the action form posts to the
 * API and the panel is fetched again to show the result (and the new audit-log entry).
 */
import { ApiError, request } from '../api/http';
import { getToken } from '../lib/storage';
import { moderationMessage as t, type ModerationMessageKey } from '../../moderation/messages.en';

interface ActionResult {
  action: { action: string };
  refunds: { points: number }[];
}

async function fetchPanel(path: string): Promise<{ html: string } | { status: number }> {
  const token = getToken();
  if (!token) return { status: 401 };
  const res = await fetch(path, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/html' }, cache: 'no-store' });
  if (!res.ok) return { status: res.status };
  return { html: await res.text() };
}

export function startMod(root: HTMLElement): void {
  const status = root.querySelector<HTMLElement>('[role=status]');
  const panel = document.createElement('div');
  panel.className = 'mod-panel';
  root.append(panel);
  const player = new URLSearchParams(location.search).get('player');
  const path = player ? `/mod/players/${encodeURIComponent(player)}/panel` : '/mod/panel';

  const load = async (note?: string): Promise<void> => {
    const got = await fetchPanel(path).catch(() => ({ status: 0 }));
    if ('html' in got) {
      panel.innerHTML = got.html;
      if (status) status.textContent = note ?? '';
      return;
    }
    panel.innerHTML = '';
    if (status) status.textContent = t(got.status === 401 ? 'mod.signIn' : got.status === 403 ? 'mod.forbidden' : 'mod.actions.error', { message: String(got.status) });
  };

  panel.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    const username = form.dataset.modAction;
    if (!username) return;
    event.preventDefault();
    const data = new FormData(form);
    const action = String(data.get('action') ?? '');
    const reason = String(data.get('reason') ?? '');
    const out = form.querySelector<HTMLElement>('[role=status]');
    const button = form.querySelector<HTMLButtonElement>('button');
    if (button) button.disabled = true;
    request<ActionResult>('POST', `/api/mod/players/${encodeURIComponent(username)}/actions`, { action, reason })
      .then(async (result) => {
        const done = t('mod.actions.done', { action: t(`mod.action.${result.action.action}` as ModerationMessageKey) });
        const points = result.refunds.reduce((s, r) => s + r.points, 0);
        const refunds = result.refunds.length ? ` ${t('mod.actions.refunds', { count: result.refunds.length, points: Math.round(points) })}` : '';
        await load(done + refunds);
      })
      .catch((err: unknown) => {
        if (out) out.textContent = t('mod.actions.error', { message: err instanceof ApiError ? err.message : String(err) });
        if (button) button.disabled = false;
      });
  });

  void load();
}
