import { describe, expect, it } from '@jest/globals';
import { ratingLabel, ratingStepLabel } from '../../../src/ratings/domain/rating-label.js';

/** The one rating format of every page (client and server views): a table of cases. */
describe('ratingLabel', () => {
  it.each([
    [{ rating: 1500, provisional: false }, '1500'],
    [{ rating: 1500, provisional: true }, '1500?'],
    [{ rating: 1661.6, provisional: true }, '1662?'],
    [{ rating: 1499.5 }, '1500'],
    [{ rating: -0.2, provisional: false }, '0'],
    [{ rating: 1500, provisional: true, guest: true }, null],
    [{ rating: 1500, guest: true }, null],
    [{ rating: null }, null],
    [{ rating: undefined, provisional: true }, null],
    [{ rating: Number.NaN }, null],
    [{ rating: Number.POSITIVE_INFINITY }, null],
  ])('%j → %j', (input, expected) => {
    expect(ratingLabel(input)).toBe(expected);
  });
});

describe('ratingStepLabel', () => {
  it.each([
    [{ before: 1500, after: 1661.8, provisionalBefore: true, provisionalAfter: true }, '1500? → 1662?'],
    [{ before: 1720.4, after: 1708.6, provisionalBefore: true, provisionalAfter: false }, '1720? → 1709'],
    [{ before: 1800, after: 1812, provisionalBefore: false, provisionalAfter: false }, '1800 → 1812'],
  ])('%j → %s', (input, expected) => {
    expect(ratingStepLabel(input)).toBe(expected);
  });
});
