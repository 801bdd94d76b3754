/**
 * Jest with @swc/jest (CommonJS, decorators with their metadata, as tsc emits them): it transpiles
 * without TypeScript's compiler API, which TypeScript 7 no longer has (ts-jest needs it);
 * `npm run lint` type-checks with tsc.
 *
 * The project is CommonJS; some dependencies ship only ES modules. Node (20.19+) require()s them,
 * but jest's own module loader cannot, so jest transpiles those packages to CommonJS as well.
 */
const ESM_PACKAGES = ['intl-messageformat', '@formatjs', '@nestjs'];

const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: true,
};
const swcJs = { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } };

module.exports = {
  // One global context per worker for the files that start the app, which share the packages the
  // worker evaluated (test/setup/environment.cjs, test/setup/runtime.cjs).
  testEnvironment: '<rootDir>/test/setup/environment.cjs',
  // `./x.js` imports of the project's own TypeScript (test/setup/resolver.cjs).
  resolver: '<rootDir>/test/setup/resolver.cjs',
  // V8's code cache for the modules every test file compiles again (test/setup/runtime.cjs).
  runtime: '<rootDir>/test/setup/runtime.cjs',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    '^.+\\.m?js$': ['@swc/jest', swcJs],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  // Longest files first, from recorded times on a fresh clone too (test/setup/sequencer.cjs).
  testSequencer: '<rootDir>/test/setup/sequencer.cjs',
  testTimeout: 60000,
};
