'use strict';
/**
 * The project's TypeScript imports its own files as `./x.js` (what Node runs after tsc); jest finds
 * the `./x.ts` beside. Only a missing relative `.js` import is tried as `.ts`: a moduleNameMapper
 * would strip `.js` from every relative import of every package too (Nest's ES modules have
 * thousands), and jest resolves mapped names without its cache, a second per test file.
 *
 * Answers are kept for the worker's life: jest's own caches are per test file, and every file
 * resolves the same ~2,800 requests of the app again. The tree does not change under a test run.
 */
const known = new Map();

module.exports = (request, options) => {
  const key = `${options.basedir}\0${request}\0${options.conditions ?? ''}\0${options.extensions ?? ''}`;
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  let found;
  try {
    found = options.defaultResolver(request, options);
  } catch (err) {
    if (!(request.startsWith('.') && request.endsWith('.js'))) throw err;
    found = options.defaultResolver(`${request.slice(0, -3)}.ts`, options);
  }
  known.set(key, found);
  return found;
};
