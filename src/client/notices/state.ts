/**
 * A moderator's warnings, shown once, as state and a controller (no DOM): a signed-in
 * player's unseen warnings are fetched on any page; "I understand" records that one was seen
 * (POST) and only then removes it, so a warning stays until the server knows it was read; a
 * failure says so and lets the player try again.
 */
import { t, type Text } from '../common/messages';
import type { Notice } from '../transport/api';

/** What the controller needs of the transport (src/client/transport/api.ts). */
export interface NoticesApi {
  notices(): Promise<{ notices: Notice[] }>;
  noticeSeen(id: string): Promise<unknown>;
}

export interface ShownNotice {
  readonly id: string;
  readonly title: Text;
  /** The moderator's own words. */
  readonly message: string;
  /** "I understand" was pressed and its request is on its way. */
  readonly pending: boolean;
  readonly error: Text | null;
}

export class NoticesController {
  private list: readonly ShownNotice[] = [];

  constructor(
    private readonly api: NoticesApi,
    private readonly changed: () => void,
  ) {}

  get notices(): readonly ShownNotice[] {
    return this.list;
  }

  private set(list: readonly ShownNotice[]): void {
    this.list = list;
    this.changed();
  }

  private patch(id: string, patch: Partial<ShownNotice>): void {
    this.set(this.list.map((n) => (n.id === id ? { ...n, ...patch } : n)));
  }

  /** Fetches the unseen warnings (nothing without a token: no request). A failure shows nothing: the next page asks again. */
  async load(signedIn: boolean): Promise<void> {
    if (!signedIn) return;
    let got: { notices: Notice[] };
    try {
      got = await this.api.notices();
    } catch {
      return;
    }
    const known = new Set(this.list.map((n) => n.id));
    const fresh = got.notices
      .filter((n) => n.kind === 'warning' && !known.has(n.id))
      .map((n): ShownNotice => ({ id: n.id, title: t('notice.warning.title'), message: n.message, pending: false, error: null }));
    if (fresh.length) this.set([...this.list, ...fresh]);
  }

  /** "I understand": recorded on the server, then gone. */
  async dismiss(id: string): Promise<void> {
    const notice = this.list.find((n) => n.id === id);
    if (!notice || notice.pending) return;
    this.patch(id, { pending: true, error: null });
    try {
      await this.api.noticeSeen(id);
    } catch {
      this.patch(id, { pending: false, error: t('notice.warning.failed') });
      return;
    }
    this.set(this.list.filter((n) => n.id !== id));
  }
}
