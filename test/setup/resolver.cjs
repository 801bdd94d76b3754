'use strict';
/**
 * The project's TypeScript imports its own files as `./x.js` (what Node runs after tsc); jest finds
 * the `./x.ts` beside. Only a missing relative `.js` import is tried as `.ts`: a moduleNameMapper
 * would strip `.js` from every relative import of every package too (Nest's ES modules have
 * thousands), and jest resolves mapped names without its cache, a second per test file.
 */
module.exports = (request, options) => {
  try {
    return options.defaultResolver(request, options);
  } catch (err) {
    if (request.startsWith('.') && request.endsWith('.js')) return options.defaultResolver(`${request.slice(0, -3)}.ts`, options);
    throw err;
  }
};
