import { describe, expect, it } from '@jest/globals';
import { eligibleSql, isEligible } from '../../../src/leaderboard/domain/eligibility.js';
import { AT, CASES, RULES } from './eligibility.cases.js';

describe('leaderboard eligibility', () => {
  it.each(CASES)('%s', (_label, player, expected) => {
    expect(isEligible(player, RULES, AT)).toBe(expected);
  });

  it('the SQL form names the row alias and the given placeholders, and judges at now() by default', () => {
    const sql = eligibleSql('x', { minGames: '$7', activeDays: '$8' });
    expect(sql).toContain('x.guest');
    expect(sql).toContain('x.games >= $7');
    expect(sql).toContain('$8');
    expect(sql).toContain('now()');
    expect(eligibleSql('x', { minGames: '$1', activeDays: '$2', at: '$3' })).not.toContain('now()');
  });
});
