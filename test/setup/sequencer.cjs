'use strict';
/**
 * Longest files first, so that a group's workers finish together instead of one of them running
 * a long file alone at the end. jest does this itself with the times of its last run (its cache),
 * but a fresh clone (CI) has none, and jest then falls back to file size, which puts short files
 * with long waits (the browser clock test's real minute) last. Here a file's expected time is
 * jest's cached one when there is one, else the one recorded in test/setup/durations.json (a run
 * of the whole suite: `OUTFLANK_TEST_RECORD=1 npm test` rewrites it), else unknown: unknown files
 * come first, by size, as jest's own order does for new files.
 */
const { readFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const ROOT = join(__dirname, '..', '..');
const DURATIONS = join(__dirname, 'durations.json');

function recorded() {
  try {
    return JSON.parse(readFileSync(DURATIONS, 'utf8'));
  } catch {
    return {};
  }
}

class LongestFirst extends Sequencer {
  sort(tests) {
    const known = recorded();
    const expected = (test) => {
      const cached = this.time(test);
      if (cached != null) return cached;
      const seconds = known[relative(ROOT, test.path).split('\\').join('/')];
      return seconds == null ? undefined : seconds * 1000;
    };
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    for (const test of tests) test.duration = expected(test);
    return [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      if ((a.duration == null) !== (b.duration == null)) return a.duration == null ? -1 : 1;
      if (a.duration != null && b.duration != null) return b.duration - a.duration;
      return size(b) - size(a);
    });
  }
}

module.exports = LongestFirst;
module.exports.DURATIONS = DURATIONS;
