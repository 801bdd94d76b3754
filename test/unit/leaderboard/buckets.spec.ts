import { describe, expect, it } from '@jest/globals';
import { bucketDeltas, ratingBucket } from '../../../src/leaderboard/domain/buckets.js';

describe('bucket deltas', () => {
  it('a rating point is a bucket', () => {
    expect([ratingBucket(1500), ratingBucket(1500.999), ratingBucket(1499.5)]).toEqual([1500, 1500, 1499]);
  });

  it('moves an on-board player from the old bucket to the new one', () => {
    expect(bucketDeltas([{ before: { on: true, rating: 1600.2 }, after: { on: true, rating: 1610.7 } }])).toEqual([
      [1600, -1],
      [1610, 1],
    ]);
  });

  it('adds a player joining, removes one leaving, and drops moves within a bucket', () => {
    expect(
      bucketDeltas([
        { before: { on: false, rating: 1500 }, after: { on: true, rating: 1520.5 } },
        { before: { on: true, rating: 1700.1 }, after: { on: false, rating: 0 } },
        { before: { on: true, rating: 1800.1 }, after: { on: true, rating: 1800.9 } },
      ]),
    ).toEqual([
      [1520, 1],
      [1700, -1],
    ]);
  });

  it('sums two players of one game and sorts by bucket (the lock order)', () => {
    expect(
      bucketDeltas([
        { before: { on: true, rating: 1900 }, after: { on: true, rating: 1500 } },
        { before: { on: true, rating: 1500 }, after: { on: true, rating: 1900 } },
      ]),
    ).toEqual([]);
    expect(
      bucketDeltas([
        { before: { on: true, rating: 1900 }, after: { on: true, rating: 1890 } },
        { before: { on: true, rating: 1200 }, after: { on: true, rating: 1210 } },
      ]).map(([b]) => b),
    ).toEqual([1200, 1210, 1890, 1900]);
  });
});
