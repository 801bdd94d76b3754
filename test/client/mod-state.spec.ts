import { describe, expect, it, jest } from '@jest/globals';
import './english';
import { ModController, outcome, refusal, type ModApi } from '../../src/client/mod/state';
import { show } from '../../src/client/common/messages';
import { ApiError, type HtmlAnswer, type ModActionResult } from '../../src/client/transport/api';

const result = (action: 'engine' | 'dismiss' | 'warn' | 'close', refunds: { username: string; points: number }[] = []): ModActionResult => ({
  action: { id: 'a1', action, moderator: 'mod', reason: 'why', message: null, details: null, createdAt: '2024-01-01T00:00:00Z', seenAt: null },
  refunds: refunds.map((r) => ({ ...r, ratingBefore: 1500, rating: 1500 + r.points, gameIds: ['g1'] })),
});

function setup(panels: HtmlAnswer[], player: string | null = null, page = 1) {
  const api = {
    modPanel: jest.fn<ModApi['modPanel']>(async () => panels.shift() ?? { status: 500 }),
    modAction: jest.fn<ModApi['modAction']>(async () => result('warn')),
  };
  const changed = jest.fn();
  const c = new ModController(player, api, changed, page);
  return { c, api, changed };
}

const status = (c: ModController) => c.s.status.map(show).join(' ');

describe('ModController (the moderator page, no DOM)', () => {
  it('starts loading, then shows the panel the server rendered for the overview or a player', async () => {
    const { c, api, changed } = setup([{ html: '<h2>Open reports</h2>' }]);
    expect(status(c)).toBe('Loading…');
    expect(c.s.panel).toBeNull();
    await c.load();
    expect(api.modPanel).toHaveBeenCalledWith(null, 1);
    expect(c.s.panel).toBe('<h2>Open reports</h2>');
    expect(c.s.panelVersion).toBe(1);
    expect(c.s.status).toEqual([]);
    expect(changed).toHaveBeenCalled();
    const one = setup([{ html: '<h2>Player alice</h2>' }], 'alice');
    await one.c.load();
    expect(one.api.modPanel).toHaveBeenCalledWith('alice');
    // The report queue's page of the URL (/mod?page=3) is the overview's.
    const third = setup([{ html: '<h2>Open reports</h2>' }], null, 3);
    await third.c.load();
    expect(third.api.modPanel).toHaveBeenCalledWith(null, 3);
  });

  it.each([
    [401, 'Sign in with a moderator account to see this page.'],
    [403, 'Only moderators can see this page.'],
    [500, 'The page could not be loaded (the server answered 500).'],
    [0, 'The page could not be loaded (the server answered 0).'],
  ])('a panel refused with %i says why and shows nothing', async (code, text) => {
    const { c } = setup([{ status: code }]);
    await c.load();
    expect(c.s.panel).toBeNull();
    expect(status(c)).toBe(text);
    expect(show(refusal(code))).toBe(text);
  });

  it('an action is sent once with its reason trimmed, then the panel is fetched again with what was done', async () => {
    const { c, api } = setup([{ html: 'before' }, { html: 'after' }], 'cheat');
    await c.load();
    api.modAction.mockResolvedValueOnce(result('engine', [{ username: 'v1', points: 10.4 }, { username: 'v2', points: 7.3 }]));
    const sent = c.act('cheat', 'engine', '  perfect endgames ');
    expect(c.s.pending).toBe(true);
    // A second submit while the first is on its way sends nothing.
    await c.act('cheat', 'engine', 'again');
    await sent;
    expect(api.modAction).toHaveBeenCalledTimes(1);
    expect(api.modAction).toHaveBeenCalledWith('cheat', { action: 'engine', reason: 'perfect endgames' });
    expect(c.s.pending).toBe(false);
    expect(c.s.panel).toBe('after');
    expect(c.s.panelVersion).toBe(2);
    expect(status(c)).toBe('Done: marked as engine user. Refunds: 18 rating points to 2 opponents.');
  });

  it('says what each action did', () => {
    expect(outcome(result('dismiss')).map(show)).toEqual(['Done: dismissed the reports.']);
    expect(outcome(result('warn')).map(show)).toEqual(['Done: warned.']);
    expect(outcome(result('close')).map(show)).toEqual(['Done: closed the account.']);
    expect(outcome(result('engine', [{ username: 'v', points: 12 }])).map(show)).toEqual(['Done: marked as engine user.', 'Refunds: 12 rating points to 1 opponent.']);
  });

  it('sends nothing without a known action or a reason, and says which is missing', async () => {
    const { c, api } = setup([{ html: 'x' }]);
    await c.act('p', 'delete', 'because');
    expect(c.s.actionError && show(c.s.actionError)).toBe('Choose an action first.');
    await c.act('p', '', 'because');
    expect(c.s.actionError && show(c.s.actionError)).toBe('Choose an action first.');
    await c.act('p', 'warn', '   ');
    expect(c.s.actionError && show(c.s.actionError)).toBe('Write the reason first.');
    // A warning needs the words its player will read, apart from the reason.
    await c.act('p', 'warn', 'stalls lost games', () => true, '  ');
    expect(c.s.actionError && show(c.s.actionError)).toBe('Write the warning the player will see.');
    expect(api.modAction).not.toHaveBeenCalled();
  });

  it('a warning sends its message apart from the reason; other actions send the reason alone', async () => {
    const { c, api } = setup([{ html: 'x' }, { html: 'y' }]);
    await c.act('p', 'warn', ' seen in three reports ', () => true, ' Please stop stalling. ');
    expect(api.modAction).toHaveBeenLastCalledWith('p', { action: 'warn', reason: 'seen in three reports', message: 'Please stop stalling.' });
    await c.act('p', 'dismiss', 'no case', () => true, 'ignored');
    expect(api.modAction).toHaveBeenLastCalledWith('p', { action: 'dismiss', reason: 'no case' });
  });

  it('asks before an action that cannot be undone; a no sends nothing', async () => {
    const { c, api } = setup([{ html: 'x' }]);
    const asked: string[] = [];
    await c.act('p', 'engine', 'perfect', (q) => (asked.push(show(q)), false));
    await c.act('p', 'close', 'spam', (q) => (asked.push(show(q)), false));
    expect(asked).toEqual(['Mark p as an engine user? This cannot be undone.', 'Close the account of p? This cannot be undone.']);
    expect(api.modAction).not.toHaveBeenCalled();
    await c.act(
      'p',
      'warn',
      'rude',
      () => {
        throw new Error('a warning asks nothing');
      },
      'Be polite.',
    );
    expect(api.modAction).toHaveBeenCalledTimes(1);
  });

  it('a refused action keeps the panel and the form, and says why', async () => {
    const { c, api } = setup([{ html: 'panel' }]);
    await c.load();
    api.modAction.mockRejectedValueOnce(new ApiError('This account is already closed.', 409, 'CONFLICT', undefined));
    await c.act('p', 'close', 'spam');
    expect(c.s.pending).toBe(false);
    expect(c.s.panel).toBe('panel');
    expect(api.modPanel).toHaveBeenCalledTimes(1);
    expect(show(c.s.actionError!)).toBe('The action failed: This account is already closed.');
    // The next attempt clears the error.
    await c.act('p', 'warn', 'again', () => true, 'Again: be polite.');
    expect(c.s.actionError).toBeNull();
  });
});
