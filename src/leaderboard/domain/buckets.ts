/** Pure leaderboard bookkeeping: the bucket counts a rating change moves (eligibility: eligibility.ts). */

export function ratingBucket(rating: number): number {
  return Math.floor(rating);
}

export interface Standing {
  on: boolean;
  rating: number;
}

/**
 * The bucket deltas for players moving from one standing to another, summed per bucket, zeros
 * dropped, in ascending bucket order (the order rows are locked in, so no two writers deadlock).
 */
export function bucketDeltas(changes: readonly { before: Standing; after: Standing }[]): [number, number][] {
  const deltas = new Map<number, number>();
  const add = (bucket: number, d: number) => deltas.set(bucket, (deltas.get(bucket) ?? 0) + d);
  for (const { before, after } of changes) {
    if (before.on) add(ratingBucket(before.rating), -1);
    if (after.on) add(ratingBucket(after.rating), +1);
  }
  return [...deltas.entries()].filter(([, d]) => d !== 0).sort((a, b) => a[0] - b[0]);
}
