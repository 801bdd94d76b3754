/**
 * The browser client speaks the page's language: its texts come from the catalogue's client
 * section, and an API error shows the client's own sentence for its code (errorText), whatever
 * language the server's message was in.
 */
import './bengali';
import { translator } from '../../src/i18n/catalogues';
import { afterEach, describe, expect, it } from '@jest/globals';
import { ERROR_STATUS } from '../../src/common/errors';
import { errorText } from '../../src/client/i18n';
import { msg } from '../../src/client/common/messages';
import { ApiError, request } from '../../src/client/transport/http';

const bn = translator('bn');
const realFetch = globalThis.fetch;

/** fetch() answering once with the API's error shape. */
function answer(status: number, body: unknown): void {
  globalThis.fetch = (async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })) as typeof fetch;
}

async function failure(path: string): Promise<ApiError> {
  try {
    await request('POST', path, {});
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('the request did not fail');
}

describe('the client in the page language (Bengali)', () => {
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('msg() formats the catalogue client section in the page language', () => {
    expect(msg('lobby.wrongPassword')).toBe(bn.t('client.lobby.wrongPassword'));
    expect(msg('moves.count', { count: 3 })).toBe(bn.t('client.moves.count', { count: 3 }));
    expect(msg('lobby.wrongPassword')).not.toBe(translator('en').t('client.lobby.wrongPassword'));
  });

  it('the fair-play notes (issue #21) in the page language: the cooldown, the CPU\'s moves against the ranked limit, the idle limit', () => {
    const en = translator('en');
    const cases: [Parameters<typeof msg>[0], Record<string, string | number>][] = [
      ['lobby.queue.cooldown', { reason: 'aborts', time: '1:30' }],
      ['lobby.queue.cooldown', { reason: 'sandbagging', time: '1:00:05' }],
      ['game.cpuMoves.mine', { n: 1, max: 2 }],
      ['game.cpuMoves.theirsOver', { n: 3, name: 'alice' }],
      ['game.result.abandonedMoves', { name: 'alice', n: 30, max: 2 }],
      ['game.meta.idleLimit', { time: '5:00' }],
    ];
    for (const [key, values] of cases) {
      expect(msg(key, values)).toBe(bn.t(`client.${key}`, values));
      expect(msg(key, values)).not.toBe(en.t(`client.${key}`, values));
    }
    expect(msg('game.cpuMoves.mine', { n: 1, max: 2 })).toContain('CPU');
  });

  it.each(Object.keys(ERROR_STATUS))('an API error %s shows the client catalogue text for its code, not the server message', async (code) => {
    expect(errorText(code)).toBe(bn.t(`errors.${code}` as Parameters<typeof bn.t>[0]));
    answer(code === 'SERVICE_UNAVAILABLE' ? 500 : ERROR_STATUS[code as keyof typeof ERROR_STATUS], { statusCode: 409, code, message: 'an English sentence from the server' });
    const e = await failure('/api/x');
    expect({ code: e.code, message: e.message, server: e.serverMessage }).toEqual({ code, message: bn.t(`errors.${code}` as Parameters<typeof bn.t>[0]), server: 'an English sentence from the server' });
  });

  it('a code the catalogue lacks shows the server message; none at all, a generic sentence', async () => {
    answer(418, { statusCode: 418, code: 'TEAPOT', message: 'সার্ভারের বার্তা' });
    expect((await failure('/api/x')).message).toBe('সার্ভারের বার্তা');
    expect(errorText(undefined)).toBe(bn.t('errors.INTERNAL_ERROR'));
  });
});
