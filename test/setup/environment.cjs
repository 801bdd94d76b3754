'use strict';
/**
 * Jest's Node environment, with one global context per worker for the files that start the app
 * (integration, e2e, browser): they share the third-party packages the worker evaluated once
 * (test/setup/runtime.cjs), and a package evaluated in one file's context would meet another
 * context's Date, Array, Error and Promise in the next file (`value instanceof Date` is false
 * across contexts, and pg would send a date as JSON). In one context every file and every shared
 * package sees the same built-ins. Each file still gets a fresh module registry for the project's
 * own code, its own jest object, mocks and fake timers; what a file sets on the global stays for
 * the worker's next file, so these files set nothing there (the unit and client files do, and keep
 * a context of their own).
 */
const { LegacyFakeTimers, ModernFakeTimers } = require('@jest/fake-timers');
const { ModuleMocker } = require('jest-mock');
const { TestEnvironment } = require('jest-environment-node');

/** Files that start the app: the project's integration, e2e and browser suites. */
const SHARES = /[\\/]test[\\/](integration|e2e|browser)[\\/]/;
/** OUTFLANK_TEST_SHARE_PACKAGES=0: every file in a context of its own, evaluating every package itself. */
const ENABLED = process.env.OUTFLANK_TEST_SHARE_PACKAGES !== '0';

/** The worker's shared context: made by the first sharing file's environment, kept to the end. */
let shared;

class SharedContextEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.sharesContext = ENABLED && SHARES.test(context.testPath);
    if (!this.sharesContext) return;
    if (!shared) {
      shared = { context: this.context, global: this.global, exit: this.global.process.exit };
      return;
    }
    // Jest's constructor made a context of its own for this file: dropped for the shared one, with
    // this file's mocks and fake timers made for the shared global (as the constructor does).
    this.ownContextGlobalProxy = this._globalProxy;
    this.context = shared.context;
    this.global = shared.global;
    this.moduleMocker = new ModuleMocker(this.global);
    this.fakeTimers = new LegacyFakeTimers({
      config: config.projectConfig,
      global: this.global,
      moduleMocker: this.moduleMocker,
      timerConfig: { idToRef: (id) => ({ id, ref() { return this; }, unref() { return this; } }), refToId: (timer) => timer?.id },
    });
    this.fakeTimersModern = new ModernFakeTimers({ config: config.projectConfig, global: this.global });
  }

  async teardown() {
    if (!this.sharesContext) return super.teardown();
    this.fakeTimers?.dispose();
    this.fakeTimersModern?.dispose();
    this.fakeTimers = null;
    this.fakeTimersModern = null;
    this.ownContextGlobalProxy?.clear();
    // Jest wraps process.exit for each file (to report the call): the next file wraps the original.
    shared.global.process.exit = shared.exit;
    // The shared context's global keeps what is set on it (its packages' state): not cleared.
    this.context = null;
  }
}

module.exports = SharedContextEnvironment;
module.exports.sharesContext = (environment) => environment.sharesContext === true;
