/** The server's settings the page was rendered with (`data-settings` on the page's root element; see src/pages/client-settings.ts). */
import type { ClientSettings } from '../../pages/client-settings';

export type { ClientSettings };

export function readSettings(root: HTMLElement): ClientSettings {
  const raw = root.getAttribute('data-settings');
  if (!raw) throw new Error('the page carries no data-settings');
  return JSON.parse(raw) as ClientSettings;
}
