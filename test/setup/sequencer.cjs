'use strict';
/**
 * Longest files first, so that a group's workers finish together instead of one of them running
 * a long file alone at the end. jest does this itself with the times of its last run (its cache),
 * but a fresh clone (CI) has none, and jest then falls back to file size, which puts short files
 * with long waits (the browser clock test's real minute) last. Here a file's expected time is
 * jest's cached one when there is one, else the one recorded in test/setup/durations.json (a run
 * of the whole suite: `OUTFLANK_TEST_RECORD=1 npm test` rewrites it), else a guess from its size.
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
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    for (const test of tests) {
      const cached = this.time(test);
      const seconds = known[relative(ROOT, test.path).split('\\').join('/')];
      test.duration = cached ?? (seconds == null ? undefined : seconds * 1000);
    }
    // A file with no time yet (a new one): guessed from its size at the median pace of the timed
    // ones, or by size alone when none has a time.
    const paces = tests.filter((t) => t.duration != null && size(t) > 0).map((t) => t.duration / size(t)).sort((a, b) => a - b);
    const pace = paces.length ? paces[Math.floor(paces.length / 2)] : 1;
    const expected = (test) => test.duration ?? size(test) * pace;
    return [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      return expected(b) - expected(a);
    });
  }
}

module.exports = LongestFirst;
module.exports.DURATIONS = DURATIONS;
