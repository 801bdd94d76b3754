/** Which precompressed asset a browser gets for its Accept-Encoding (src/pages/assets.ts). */
import { describe, expect, it } from '@jest/globals';
import { chooseEncoding } from '../../../src/pages/assets';

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', null],
  ] as const)('%s → %s', (header, expected) => {
    expect(chooseEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('only an encoding the asset has', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br, gzip', [])).toBeNull();
  });
});
