/**
 * The moderator page's state and controller (/mod; no DOM). The panels are rendered on
 * the server for moderators only (every value escaped there, in the page's language): the
 * controller fetches the current one (the overview, or `?player=` one player's view) through the
 * transport, says why there is none (not signed in, not a moderator, an error), and runs the
 * action form's command: the action goes to the API, then the panel is fetched again so that it
 * shows the result and the new audit-log entry, with a note of what was done (and the refunds).
 */
import { MOD_ACTIONS } from '../../moderation/domain/moderation';
import { t, type Text } from '../common/messages';
import { ApiError, type HtmlAnswer, type ModAction, type ModActionResult } from '../transport/api';

/** What the controller needs of the transport (src/client/transport/api.ts). */
export interface ModApi {
  /** `page`: the overview's page of the report queue (its links are /mod?page=…). */
  modPanel(player: string | null, page?: number): Promise<HtmlAnswer>;
  modAction(username: string, body: { action: ModAction; reason: string; message?: string }): Promise<ModActionResult>;
}

export interface ModState {
  /** The panel's HTML as the server rendered it; null while loading or when refused. */
  readonly panel: string | null;
  /** Bumped whenever `panel` is replaced (the view puts the panel in the page only then). */
  readonly panelVersion: number;
  /** The page's status line (its sentences): loading, why there is no panel, what the last action did. */
  readonly status: readonly Text[];
  /** An action is on its way (the form's button is disabled). */
  readonly pending: boolean;
  /** Why the last action failed (shown in the form, which stays filled). */
  readonly actionError: Text | null;
}

/** The moderators' actions: the server's own list (moderation's domain). */
export { MOD_ACTIONS };

/** The status line for a refused or failed panel. */
export function refusal(status: number): Text {
  if (status === 401) return t('mod.signIn');
  if (status === 403) return t('mod.forbidden');
  return t('mod.failed', { status: String(status) });
}

/** What an action did: its name and, for an engine mark, the rating points given back. */
export function outcome(result: ModActionResult): Text[] {
  const done = t('mod.actions.done', { action: result.action.action });
  if (result.refunds.length === 0) return [done];
  const points = Math.round(result.refunds.reduce((sum, r) => sum + r.points, 0));
  return [done, t('mod.actions.refunds', { count: result.refunds.length, points: String(points) })];
}

export class ModController {
  private state: ModState = { panel: null, panelVersion: 0, status: [t('mod.loading')], pending: false, actionError: null };

  /** `player`: the `?player=` of the page's URL (one player's view), or null (the overview); `page`: its `?page=` (the report queue's page). */
  constructor(
    readonly player: string | null,
    private readonly api: ModApi,
    private readonly changed: () => void,
    readonly page = 1,
  ) {}

  get s(): ModState {
    return this.state;
  }

  private set(patch: Partial<ModState>): void {
    this.state = { ...this.state, ...patch };
    this.changed();
  }

  /** Fetches the panel; `note` becomes the status line when it came. */
  async load(note: readonly Text[] = []): Promise<void> {
    const got = this.player === null ? await this.api.modPanel(null, this.page) : await this.api.modPanel(this.player);
    if ('html' in got) this.set({ panel: got.html, panelVersion: this.state.panelVersion + 1, status: note, actionError: null });
    else this.set({ panel: null, panelVersion: this.state.panelVersion + 1, status: [refusal(got.status)] });
  }

  /**
   * The action form's command. An unknown action, an empty reason or a warning without its
   * message is not sent: the form says which is missing. `confirm` asks before an action that cannot be undone (marking an engine
   * user, closing an account); a no sends nothing.
   */
  async act(username: string, action: string, reason: string, confirm: (question: Text) => boolean = () => true, message = ''): Promise<void> {
    const kind = MOD_ACTIONS.find((a) => a === action);
    const why = reason.trim();
    const words = message.trim();
    if (this.state.pending) return;
    if (!kind) return this.set({ actionError: t('mod.actions.choose') });
    if (why === '') return this.set({ actionError: t('mod.actions.reasonMissing') });
    // The player reads a warning's message, never the reason (the moderators' own note).
    if (kind === 'warn' && words === '') return this.set({ actionError: t('mod.actions.messageMissing') });
    if ((kind === 'engine' || kind === 'close') && !confirm(t('mod.actions.confirm', { action: kind, name: username }))) return;
    this.set({ pending: true, actionError: null });
    let result: ModActionResult;
    try {
      result = await this.api.modAction(username, kind === 'warn' ? { action: kind, reason: why, message: words } : { action: kind, reason: why });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : String(err);
      this.set({ pending: false, actionError: t('mod.actions.error', { message }) });
      return;
    }
    this.state = { ...this.state, pending: false };
    await this.load(outcome(result));
  }
}
