import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../../src/common/errors.js';
import { controlCharacterAt, controlCharacterIn } from '../../../src/common/validation.js';

describe('control characters in what clients send', () => {
  it('finds them in any string or key of a body, by path; tab and line breaks are text', () => {
    expect(controlCharacterAt({ reason: 'abuse', text: 'line one\nline two\r\n\tend' })).toBeNull();
    expect(controlCharacterAt({ text: 'a\u0000b' })).toBe('text');
    expect(controlCharacterAt({ a: { b: ['ok', 'bell\u0007'] } })).toBe('a.b.1');
    expect(controlCharacterAt({ 'x\u0000': 1 })).toBe('x?');
    expect(controlCharacterAt({ del: '\u007f' })).toBe('del');
    expect(controlCharacterAt({ c1: '\u0085' })).toBe('c1');
    expect(controlCharacterAt({ n: 5, b: true, z: null, u: 'ünïcødé ⟦⟧ \u202e' })).toBeNull();
    expect(controlCharacterAt('top\u0001')).toBe('body');
  });

  it('refuses them percent-encoded in the path or the query, line breaks included', () => {
    const refused = (url: string, body?: unknown) => controlCharacterIn({ originalUrl: url, body });
    expect(refused('/api/players/ada')).toBeNull();
    expect(refused('/api/games?status=active&limit=5')).toBeNull();
    for (const [url, field] of [['/api/players/a%00b', 'path'], ['/api/players/a%0A', 'path'], ['/x?q=%7f', 'query'], ['/x?q=%C2%85', 'query']] as const) {
      const err = refused(url);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'VALIDATION_FAILED', i18n: { key: 'api.validation.controlCharacter', values: { field } } });
    }
    expect(refused('/api/games/x/reports', { text: 'a\u0000' })).toMatchObject({ i18n: { values: { field: 'text' } } });
  });
});
