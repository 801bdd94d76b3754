/**
 * The moderator page's view: renders the controller's state (./state.ts) into the shell of /mod
 * (the status line, the server-rendered panel) and turns the action form's submit into the
 * controller's command. The only module of the page that touches the DOM.
 */
import { part, text } from '../common/dom';
import { show as showText } from '../common/messages';
import type { ModController } from './state';

export interface ModView {
  render(): void;
}

/** Each cell names its column (a phone shows each row as a card of labelled lines, see site.css). */
function labelCells(panel: HTMLElement): void {
  for (const table of Array.from(panel.querySelectorAll<HTMLTableElement>('table.mod-table'))) {
    const heads = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent ?? '');
    for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
      Array.from(row.children).forEach((cell, i) => cell.setAttribute('data-label', heads[i] ?? ''));
    }
  }
}

export function mountModView(root: HTMLElement, c: ModController): ModView {
  const status = part('status', root);
  const panel = document.createElement('div');
  panel.className = 'mod-panel';
  panel.setAttribute('data-part', 'panel');
  root.append(panel);
  let shown = -1;

  panel.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    const username = form.dataset.modAction;
    if (!username) return;
    event.preventDefault();
    const data = new FormData(form);
    void c.act(username, String(data.get('action') ?? ''), String(data.get('reason') ?? ''), (question) => window.confirm(showText(question)), String(data.get('message') ?? ''));
  });

  const render = (): void => {
    const s = c.s;
    text(status, s.status.map(showText).join(' '));
    if (s.panelVersion !== shown) {
      shown = s.panelVersion;
      // Rendered by the server for this moderator, every value escaped there.
      panel.innerHTML = s.panel ?? '';
      labelCells(panel);
    }
    const form = panel.querySelector<HTMLFormElement>('[data-part=action-form]');
    if (form) {
      const button = form.querySelector<HTMLButtonElement>('button');
      if (button) button.disabled = s.pending;
      text(form.querySelector('[data-part=action-status]'), s.actionError ? showText(s.actionError) : '');
    }
  };
  render();
  return { render };
}
