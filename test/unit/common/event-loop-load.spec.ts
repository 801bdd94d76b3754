import { describe, expect, it } from '@jest/globals';
import type { EventLoopUtilization } from 'node:perf_hooks';
import { EventLoopLoad } from '../../../src/common/event-loop-load.js';

/** A fake clock and event-loop counters: `work(ms, busyMs)` lets time pass with that much of it busy. */
function fakeLoop() {
  let now = 0;
  let active = 0;
  const elu = (since?: EventLoopUtilization): EventLoopUtilization => {
    const idle = now - active;
    if (!since) return { idle, active, utilization: now === 0 ? 0 : active / now };
    const dActive = active - since.active;
    const dIdle = idle - since.idle;
    return { idle: dIdle, active: dActive, utilization: dActive + dIdle === 0 ? 0 : dActive / (dActive + dIdle) };
  };
  return {
    load: new EventLoopLoad(1000, elu, () => now),
    work(ms: number, busyMs: number) {
      now += ms;
      active += busyMs;
    },
  };
}

describe('EventLoopLoad: how busy the event loop was over the last window', () => {
  it('answers the busy share of the last full window', () => {
    const f = fakeLoop();
    expect(f.load.current()).toBe(0);
    f.work(1000, 900);
    expect(f.load.current()).toBeCloseTo(0.9, 10);
    f.work(1000, 200);
    expect(f.load.current()).toBeCloseTo(0.2, 10);
  });

  it('within a window keeps the last full window\'s figure, so frequent reads do not measure tiny windows', () => {
    const f = fakeLoop();
    f.work(1000, 800);
    expect(f.load.current()).toBeCloseTo(0.8, 10);
    f.work(10, 0);
    expect(f.load.current()).toBeCloseTo(0.8, 10);
    f.work(990, 0);
    expect(f.load.current()).toBeCloseTo(0, 10);
  });

  it('with Node\'s own counters, a loop kept busy reads busy', () => {
    const load = new EventLoopLoad(50);
    const until = Date.now() + 120;
    while (Date.now() < until) {
      // busy: the loop runs this code and nothing else
    }
    expect(load.current()).toBeGreaterThan(0.5);
  });
});
