/** Seconds a player used per move, from the times the server recorded the moves. */

export interface TimedRecord {
  /** null for an automatic pass (recorded with the move before it). */
  square: number | null;
  at: Date;
}

/**
 * For every record, the seconds since the record before it (the first: since the game began);
 * a pass gets 0. A move right after the opponent's automatic pass counts from that pass, which
 * has the time of the mover's own previous move. Never negative.
 */
export function secondsPerRecord(gameStart: Date, records: readonly TimedRecord[]): number[] {
  const out: number[] = [];
  let previous = gameStart.getTime();
  for (const r of records) {
    const t = r.at.getTime();
    out.push(r.square === null ? 0 : Math.max(0, t - previous) / 1000);
    previous = t;
  }
  return out;
}
