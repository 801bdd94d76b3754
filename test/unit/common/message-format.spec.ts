import { describe, expect, it } from '@jest/globals';
import { formatMessage } from '../../../src/common/message-format.js';
import { MODERATION_MESSAGES } from '../../../src/moderation/messages.en.js';
import { ANALYSIS_MESSAGES } from '../../../src/analysis/messages.en.js';

describe('formatMessage (the ICU subset of the English message modules)', () => {
  it.each([
    ['Hello {name}!', { name: 'Ann' }, 'Hello Ann!'],
    ['{a} and {b}', { a: 1, b: 'two' }, '1 and two'],
    ['{missing} stays', {}, '{missing} stays'],
    ['{n, plural, one {# move} other {# moves}}', { n: 1 }, '1 move'],
    ['{n, plural, one {# move} other {# moves}}', { n: 0 }, '0 moves'],
    ['{n, plural, =0 {none} one {# move} other {# moves}}', { n: 0 }, 'none'],
    ['{n, plural, one {# opponent of {who}} other {# opponents of {who}}}', { n: 3, who: 'x' }, '3 opponents of x'],
    ['no braces', { n: 1 }, 'no braces'],
    ['unclosed {brace', {}, 'unclosed {brace'],
  ] as const)('%s with %j is %s', (template, args, expected) => {
    expect(formatMessage(template, args)).toBe(expected);
  });

  it('every message of the modules formats, with its arguments named in braces', () => {
    for (const template of [...Object.values(MODERATION_MESSAGES), ...Object.values(ANALYSIS_MESSAGES)]) {
      const names = [...template.matchAll(/\{(\w+)/g)].map((m) => m[1]);
      const args = Object.fromEntries(names.map((n) => [n, 2]));
      expect(formatMessage(template, args)).not.toMatch(/[{}]/);
    }
  });
});
