'use strict';
/**
 * Jest's runtime, with V8's code cache for the modules it compiles. Every test file gets a fresh
 * module registry, so each file compiles the app and its packages again (some 1,600 modules, about
 * 0.6 CPU-s a file, profiled). V8 takes the code it compiled from the same source before
 * (`cachedData`) and checks it itself: a cache from another V8 or another source is rejected and
 * the module compiles as usual. The cache lives in jest's cache directory, one file per source
 * (its hash), written once and atomically; nothing of the project's tree.
 */
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

class CodeCachingRuntime extends Runtime {
  constructor(config, ...rest) {
    super(config, ...rest);
    const dir = join(config.cacheDirectory, `v8-code-${process.version}`);
    mkdirSync(dir, { recursive: true });
    const executor = this.executor;
    const compile = executor.compile.bind(executor);
    // Jest's own compile, with the same options plus the cache: see ModuleExecutor.compile.
    executor.compile = (source, filename) => {
      const context = executor.environment.getVmContext();
      if (context == null || executor.resolution.isCoreModule(filename)) return compile(source, filename);
      const params = executor.injectedModuleParameters;
      const file = join(dir, createHash('sha1').update(params.join(',')).update('\0').update(source).digest('hex'));
      let cachedData;
      try {
        cachedData = readFileSync(file);
      } catch {
        // first time this source is compiled
      }
      let fn;
      try {
        fn = vm.compileFunction(source, params, {
          filename,
          parsingContext: context,
          cachedData,
          produceCachedData: cachedData === undefined,
          importModuleDynamically: (specifier, _fn, attributes, phase) =>
            executor.dynamicImport(specifier, filename, context, attributes, phase),
        });
      } catch {
        // Jest's compile turns the error into its own message.
        return compile(source, filename);
      }
      if (fn.cachedData && cachedData === undefined) {
        try {
          const tmp = `${file}.${process.pid}`;
          writeFileSync(tmp, fn.cachedData);
          renameSync(tmp, file);
        } catch {
          // another worker wrote it, or no space: the next file compiles without it
        }
      }
      return fn;
    };
  }
}

module.exports = CodeCachingRuntime;
