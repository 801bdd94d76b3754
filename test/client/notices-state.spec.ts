import { describe, expect, it, jest } from '@jest/globals';
import './english';
import { NoticesController, type NoticesApi } from '../../src/client/notices/state';
import { show } from '../../src/client/common/messages';
import type { Notice } from '../../src/client/transport/api';

const warning = (id: string, message: string): Notice => ({ id, kind: 'warning', message, at: '2024-01-01T00:00:00Z' });

function setup(notices: Notice[]) {
  const api = {
    notices: jest.fn<NoticesApi['notices']>(async () => ({ notices })),
    noticeSeen: jest.fn<NoticesApi['noticeSeen']>(async () => null),
  };
  const changed = jest.fn();
  return { c: new NoticesController(api, changed), api, changed };
}

describe('NoticesController (a moderator warning, shown once; no DOM)', () => {
  it('asks nothing without a token', async () => {
    const { c, api } = setup([warning('w1', 'Stop it.')]);
    await c.load(false);
    expect(api.notices).not.toHaveBeenCalled();
    expect(c.notices).toEqual([]);
  });

  it('shows each unseen warning with its title and the moderator words, once however often it loads', async () => {
    const { c, changed } = setup([warning('w1', 'Please stop leaving lost games.'), warning('w2', 'Be polite.')]);
    await c.load(true);
    await c.load(true);
    expect(c.notices.map((n) => n.id)).toEqual(['w1', 'w2']);
    expect(show(c.notices[0].title)).toBe('A warning from the moderators');
    expect(c.notices[0].message).toBe('Please stop leaving lost games.');
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('"I understand" records the warning as seen, then removes it', async () => {
    const { c, api } = setup([warning('w1', 'a'), warning('w2', 'b')]);
    await c.load(true);
    const done = c.dismiss('w1');
    expect(c.notices[0].pending).toBe(true);
    await c.dismiss('w1'); // pressed twice: one request
    await done;
    expect(api.noticeSeen).toHaveBeenCalledTimes(1);
    expect(api.noticeSeen).toHaveBeenCalledWith('w1');
    expect(c.notices.map((n) => n.id)).toEqual(['w2']);
  });

  it('a failed record keeps the warning and says so; the next try works', async () => {
    const { c, api } = setup([warning('w1', 'a')]);
    await c.load(true);
    api.noticeSeen.mockRejectedValueOnce(new Error('down'));
    await c.dismiss('w1');
    expect(c.notices).toHaveLength(1);
    expect(c.notices[0].pending).toBe(false);
    expect(show(c.notices[0].error!)).toBe('This could not be recorded; please try again.');
    await c.dismiss('w1');
    expect(c.notices).toEqual([]);
  });

  it('a failed fetch shows nothing', async () => {
    const { c, api } = setup([]);
    api.notices.mockRejectedValueOnce(new Error('down'));
    await c.load(true);
    expect(c.notices).toEqual([]);
  });
});
