import { describe, expect, it } from '@jest/globals';
import { YIELD_RUN_MS, YIELD_WAIT_MS, yieldingPause } from '../../../src/engine-service/cpu.worker.js';

/** The computer's search yields to play: while the shared flag says play is busy, it runs a slice of the time. */
describe('yieldingPause', () => {
  function run(busyAt: (t: number) => boolean, calls: number, step: number): number[] {
    const busy = new Int32Array(new SharedArrayBuffer(4));
    let t = 0;
    const waits: number[] = [];
    const pause = yieldingPause(
      busy,
      () => t,
      (ms) => {
        waits.push(t);
        t += ms;
      },
    );
    for (let i = 0; i < calls; i++) {
      t += step;
      busy[0] = busyAt(t) ? 1 : 0;
      pause();
    }
    return waits;
  }

  it('never waits while play is quiet', () => {
    expect(run(() => false, 1_000, 0.5)).toEqual([]);
  });

  it('while play is busy, waits YIELD_WAIT_MS after every YIELD_RUN_MS of search', () => {
    const waits = run(() => true, 100, 0.5);
    expect(waits.length).toBeGreaterThan(0);
    // Between two waits the search ran at least YIELD_RUN_MS and at most one look more.
    for (let i = 1; i < waits.length; i++) {
      const ran = waits[i] - waits[i - 1] - YIELD_WAIT_MS;
      expect(ran).toBeGreaterThanOrEqual(YIELD_RUN_MS);
      expect(ran).toBeLessThanOrEqual(YIELD_RUN_MS + 0.5);
    }
  });

  it('a search that starts while play is quiet runs a whole slice once play gets busy', () => {
    const waits = run((t) => t >= 10, 100, 0.5);
    expect(waits[0]).toBeGreaterThanOrEqual(10 + YIELD_RUN_MS - 0.5);
  });
});
