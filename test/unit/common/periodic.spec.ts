import { describe, expect, it } from '@jest/globals';
import { Periodic } from '../../../src/common/periodic.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `cond` holds (a loaded machine may fire timers late; no timing is asserted). */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await wait(10);
  expect(cond()).toBe(true);
}

/** A task that counts its runs and finishes only when the test says so. */
function gatedTask() {
  const state = { runs: 0, open: 0, gates: [] as Array<() => void> };
  const task = async () => {
    state.runs++;
    state.open++;
    await new Promise<void>((r) => state.gates.push(r));
    state.open--;
  };
  const finish = () => state.gates.shift()?.();
  return { state, task, finish };
}

describe('Periodic: background tasks of an app copy', () => {
  it('runs one at a time: asking again while a run is under way joins that run', async () => {
    const { state, task, finish } = gatedTask();
    const p = new Periodic(task, () => undefined);
    const first = p.run();
    const second = p.run();
    expect(second).toBe(first);
    expect(state.runs).toBe(1);
    finish();
    await first;
    const third = p.run();
    expect(state.runs).toBe(2);
    finish();
    await third;
  });

  it('on the timer, ticks during a long run are skipped, never overlapped', async () => {
    const { state, task, finish } = gatedTask();
    const p = new Periodic(task, () => undefined);
    p.start(5);
    await until(() => state.runs === 1);
    await wait(60); // a dozen ticks while the run is under way
    expect(state.runs).toBe(1);
    expect(state.open).toBe(1);
    finish();
    await until(() => state.runs === 2);
    expect(state.open).toBeLessThanOrEqual(1);
    const stopping = p.stop();
    while (state.gates.length) finish();
    await stopping;
  });

  it('stop() waits for the run under way, and no run starts after it', async () => {
    const { state, task, finish } = gatedTask();
    const p = new Periodic(task, () => undefined);
    p.start(5);
    await until(() => state.open === 1);
    let stopped = false;
    const stopping = p.stop().then(() => (stopped = true));
    await wait(20);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(state.open).toBe(0);
    const runs = state.runs;
    await wait(40);
    expect(state.runs).toBe(runs);
  });

  it('a failing run goes to onError and the next one is tried', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const p = new Periodic(async () => {
      calls++;
      if (calls === 1) throw new Error('database away');
    }, (err) => errors.push(err));
    await p.run();
    await p.run();
    expect(calls).toBe(2);
    expect(errors.map(String)).toEqual(['Error: database away']);
  });

  it('started twice (an init hook called twice), it keeps one timer, and stop() stops it', async () => {
    let calls = 0;
    const p = new Periodic(async () => {
      calls++;
    }, () => undefined);
    p.start(5);
    p.start(5);
    await until(() => calls >= 1);
    await p.stop();
    const seen = calls;
    await wait(50);
    expect(calls).toBe(seen);
  });
});
