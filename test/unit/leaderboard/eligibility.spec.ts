import { describe, expect, it } from '@jest/globals';
import { eligibilityParams, eligibilityPlaceholders, eligibleSql, isEligible, leaderboardRules } from '../../../src/leaderboard/domain/eligibility.js';
import { AT, CASES, RULES } from './eligibility.cases.js';

describe('leaderboard eligibility', () => {
  it.each(CASES)('%s', (_label, player, expected) => {
    expect(isEligible(player, RULES, AT)).toBe(expected);
  });

  it('the SQL form names the row alias and the given placeholders, and judges at now() by default', () => {
    const sql = eligibleSql('x', eligibilityPlaceholders(7));
    expect(sql).toContain('x.guest');
    expect(sql).toContain('x.games >= $7');
    expect(sql).toContain('x.rd');
    for (const n of [8, 9, 10, 11]) expect(sql).toContain(`$${n}`);
    expect(sql).not.toContain('$12');
    expect(sql).toContain('now()');
    expect(eligibleSql('x', { ...eligibilityPlaceholders(1), at: '$6' })).not.toContain('now()');
  });

  it('the rules come from the config, as parameters in the placeholders\' order', () => {
    const rules = leaderboardRules({ leaderboardMinGames: 7, leaderboardActiveDays: 30, ratings: { periodsPerDay: 0.5, maxRd: 300 } });
    expect(rules).toEqual({ minGames: 7, activeDays: 30, provisionalRd: 110, periodsPerDay: 0.5, maxRd: 300 });
    expect(eligibilityParams(rules)).toEqual([7, 30, 110, 0.5, 300]);
    expect(Object.keys(eligibilityPlaceholders(1))).toEqual(['minGames', 'activeDays', 'provisionalRd', 'periodsPerDay', 'maxRd']);
  });
});
