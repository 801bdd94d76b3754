/**
 * Pure leaderboard bookkeeping: the bucket counts a rating change moves (eligibility: eligibility.ts).
 * Humans and bots have a leaderboard each, so a bucket is (kind, rating point).
 */

export function ratingBucket(rating: number): number {
  return Math.floor(rating);
}

export interface Standing {
  on: boolean;
  rating: number;
  /** Which leaderboard: the bots' or the humans'. */
  bot: boolean;
}

/** A bucket count change: which leaderboard, which rating point, by how much. */
export type BucketDelta = [bot: boolean, bucket: number, delta: number];

/**
 * The bucket deltas for players moving from one standing to another, summed per bucket, zeros
 * dropped, humans' first, then ascending by bucket (the order rows are locked in, so no two
 * writers deadlock).
 */
export function bucketDeltas(changes: readonly { before: Standing; after: Standing }[]): BucketDelta[] {
  const deltas = new Map<string, BucketDelta>();
  const add = (bot: boolean, bucket: number, d: number) => {
    const key = `${bot ? 1 : 0}:${bucket}`;
    const entry = deltas.get(key) ?? [bot, bucket, 0];
    entry[2] += d;
    deltas.set(key, entry);
  };
  for (const { before, after } of changes) {
    if (before.on) add(before.bot, ratingBucket(before.rating), -1);
    if (after.on) add(after.bot, ratingBucket(after.rating), +1);
  }
  return [...deltas.values()].filter(([, , d]) => d !== 0).sort((a, b) => Number(a[0]) - Number(b[0]) || a[1] - b[1]);
}
