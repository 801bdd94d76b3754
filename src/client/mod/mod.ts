/**
 * The moderator page (/mod): its panels are rendered on the server for moderators only, so this
 * fetches them with the device's token and puts them in the page; the action form posts to the
 * API and the panel is fetched again to show the result (and the new audit-log entry).
 */
import { msg } from '../shared/messages';
import { getToken } from '../shared/storage';
import { api, ApiError } from '../transport/api';

async function fetchPanel(path: string): Promise<{ html: string } | { status: number }> {
  const token = getToken();
  if (!token) return { status: 401 };
  const res = await fetch(path, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/html' }, cache: 'no-store' });
  if (!res.ok) return { status: res.status };
  return { html: await res.text() };
}

type Action = 'engine' | 'dismiss' | 'warn' | 'close';

export function startMod(root: HTMLElement): void {
  const status = root.querySelector<HTMLElement>('[role=status]');
  const panel = document.createElement('div');
  panel.className = 'mod-panel';
  root.append(panel);
  const player = new URLSearchParams(location.search).get('player');
  const path = player ? `/mod/players/${encodeURIComponent(player)}/panel` : '/mod/panel';
  const say = (text: string) => {
    if (status) status.textContent = text;
  };

  const load = async (note = ''): Promise<void> => {
    const got = await fetchPanel(path).catch(() => ({ status: 0 }));
    if ('html' in got) {
      // Rendered by the server for this moderator, every value escaped there.
      panel.innerHTML = got.html;
      say(note);
      return;
    }
    panel.textContent = '';
    say(got.status === 401 ? msg('mod.signIn') : got.status === 403 ? msg('mod.forbidden') : msg('mod.failed', { status: String(got.status) }));
  };

  panel.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    const username = form.dataset.modAction;
    if (!username) return;
    event.preventDefault();
    const data = new FormData(form);
    const action = String(data.get('action') ?? '') as Action;
    const out = form.querySelector<HTMLElement>('[role=status]');
    const button = form.querySelector<HTMLButtonElement>('button');
    if (button) button.disabled = true;
    api
      .modAction(username, { action, reason: String(data.get('reason') ?? '') })
      .then(async (result) => {
        const points = result.refunds.reduce((sum, r) => sum + r.points, 0);
        const refunds = result.refunds.length ? ` ${msg('mod.actions.refunds', { count: result.refunds.length, points: String(Math.round(points)) })}` : '';
        await load(msg('mod.actions.done', { action: result.action.action }) + refunds);
      })
      .catch((err: unknown) => {
        if (out) out.textContent = msg('mod.actions.error', { message: err instanceof ApiError ? err.message : String(err) });
        if (button) button.disabled = false;
      });
  });

  void load();
}
