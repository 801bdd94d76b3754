/**
 * The layers of src/ (docs/architecture.md, "Layers"), bottom to top, checked by `npm run lint`:
 *
 *   app shell   src/*.ts (bootstrap, the app module, the `outflank` command), src/cli/ (its commands)
 *   modules     the feature folders (auth, players, games, rooms, matchmaking, ...)
 *   data        database/ (unit of work, SQL, entity list), events/ (publisher, streams)
 *   foundation  common/, config/, i18n/, metrics/
 *   pure        engine/ and every domain/ folder (no framework, ORM or driver)
 *
 * An import may go down or sideways, never up; no folder may take part in a cycle. The browser
 * client (src/client/) sits beside the server: it may use the engine, the pure domains and the
 * catalogues, nothing else of the server. Violations left to be fixed are in
 * .dependency-cruiser-known-violations.json, each with its reason in docs/architecture.md.
 */
const { existsSync } = require('node:fs');

const PURE = '^src/(engine/|[^/]+/domain/)';
const FOUNDATION = '^src/(common|config|i18n|metrics)/';
const DATA = '^src/(database|events)/';
const SHELL = '^src/([^/]+\\.ts$|cli/)';
const CLIENT = '^src/client/';
const MODULES = `^src/(?!(engine|common|config|i18n|metrics|database|events|client|cli)/)[^/]+/(?!domain/)`;

module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment: 'A folder that imports, directly or not, from a folder that imports it: the two are one unit in disguise.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'pure-imports-pure',
      comment: 'engine/ and domain/ folders are plain TypeScript: they import only each other.',
      severity: 'error',
      from: { path: PURE },
      to: { path: '^src/', pathNot: PURE },
    },
    {
      name: 'foundation-imports-down',
      comment: 'common/, config/, i18n/ and metrics/ know nothing of the data layer, the modules or the app.',
      severity: 'error',
      from: { path: FOUNDATION },
      to: { path: `${DATA}|${MODULES}|${SHELL}|${CLIENT}` },
    },
    {
      name: 'data-imports-down',
      comment: 'database/ and events/ know nothing of the modules above them (registries live in the app shell).',
      severity: 'error',
      from: { path: DATA },
      to: { path: `${MODULES}|${SHELL}|${CLIENT}` },
    },
    {
      name: 'modules-import-no-shell',
      comment: 'A module never imports the app shell or a CLI.',
      severity: 'error',
      from: { path: MODULES, pathNot: SHELL },
      to: { path: `${SHELL}|${CLIENT}` },
    },
    {
      name: 'client-imports-pure',
      comment: 'The browser client takes rules from the pure domains and texts from the catalogues, nothing else of the server.',
      severity: 'error',
      from: { path: CLIENT },
      to: { path: '^src/', pathNot: `${CLIENT}|${PURE}|^src/i18n/|^src/pages/(views|lists|client-settings)` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.spec\\.ts$|^src/client/api/' },
    tsPreCompilationDeps: true,
    // The project's compiler options resolve its `.js` import specifiers to the `.ts` sources
    // (a fixture tree of the rule's own test has none).
    ...(existsSync('tsconfig.json') ? { tsConfig: { fileName: 'tsconfig.json' } } : {}),
  },
};
