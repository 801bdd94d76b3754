import { describe, expect, it } from '@jest/globals';
import { bucketDeltas, ratingBucket } from '../../../src/leaderboard/domain/buckets.js';

describe('bucket deltas', () => {
  it('a rating point is a bucket', () => {
    expect([ratingBucket(1500), ratingBucket(1500.999), ratingBucket(1499.5)]).toEqual([1500, 1500, 1499]);
  });

  it('moves an on-board player from the old bucket to the new one', () => {
    expect(bucketDeltas([{ before: { on: true, rating: 1600.2, bot: false }, after: { on: true, rating: 1610.7, bot: false } }])).toEqual([
      [false, 1600, -1],
      [false, 1610, 1],
    ]);
  });

  it('adds a player joining, removes one leaving, and drops moves within a bucket', () => {
    expect(
      bucketDeltas([
        { before: { on: false, rating: 1500, bot: false }, after: { on: true, rating: 1520.5, bot: false } },
        { before: { on: true, rating: 1700.1, bot: false }, after: { on: false, rating: 0, bot: false } },
        { before: { on: true, rating: 1800.1, bot: false }, after: { on: true, rating: 1800.9, bot: false } },
      ]),
    ).toEqual([
      [false, 1520, 1],
      [false, 1700, -1],
    ]);
  });

  it('sums two players of one game and sorts by bucket (the lock order)', () => {
    expect(
      bucketDeltas([
        { before: { on: true, rating: 1900, bot: false }, after: { on: true, rating: 1500, bot: false } },
        { before: { on: true, rating: 1500, bot: false }, after: { on: true, rating: 1900, bot: false } },
      ]),
    ).toEqual([]);
    expect(
      bucketDeltas([
        { before: { on: true, rating: 1900, bot: false }, after: { on: true, rating: 1890, bot: false } },
        { before: { on: true, rating: 1200, bot: false }, after: { on: true, rating: 1210, bot: false } },
      ]).map(([, b]) => b),
    ).toEqual([1200, 1210, 1890, 1900]);
  });

  it('keeps the bots\' buckets apart from the humans\', humans first (the lock order)', () => {
    expect(
      bucketDeltas([
        { before: { on: true, rating: 1500.5, bot: true }, after: { on: true, rating: 1510, bot: true } },
        { before: { on: true, rating: 1500.2, bot: false }, after: { on: false, rating: 0, bot: false } },
        { before: { on: false, rating: 1400, bot: true }, after: { on: true, rating: 1500.7, bot: true } },
      ]),
    ).toEqual([
      [false, 1500, -1],
      [true, 1510, 1],
    ]);
  });
});
