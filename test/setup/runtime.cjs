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
const { sharesContext } = require('./environment.cjs');

/**
 * The third-party modules (node_modules) a worker evaluated for one file that starts the app, given
 * to its later such files as they are: each file would otherwise evaluate Nest, TypeORM,
 * class-validator, swagger, pg, rxjs... again (some 1,400 modules, about 2 CPU-s a file, profiled).
 * They all run in the worker's one context (test/setup/environment.cjs); the project's own modules
 * (src/, test/) are evaluated afresh for every file, as before. Path → module.
 */
const sharedModules = new Map();
/** `from\0request` → the path of the shared module it names, or null when it names none. */
const sharedRequests = new Map();
/** Not shared: jest's own packages, which it loads for each file itself. */
const UNSHARED = /[\\/]node_modules[\\/](jest-[^\\/]+|@jest[\\/][^\\/]+|expect)[\\/]/;
const shareable = (path) => /[\\/]node_modules[\\/]/.test(path) && !UNSHARED.test(path);
/** The runtime of the sharing file that runs now. */
let current;
/** class-transformer's registry of decorated classes (a module of its own), once shared. */
let classTransformerStorage;

/** A map of the worker's life: jest clears its per-file caches, this one it cannot. */
class WorkerMap extends Map {
  clear() {}
}
/**
 * Jest resolves every request and reads and transforms (from its disk cache, by the source's
 * hash) every module again for each file: the answers are kept for the worker, as
 * test/setup/resolver.cjs keeps its own. The tree does not change under a test run.
 */
const resolvedCjs = new WorkerMap();
const transformed = new Map();
const KEEP = process.env.OUTFLANK_TEST_SHARE_PACKAGES !== '0';

class CodeCachingRuntime extends Runtime {
  constructor(config, environment, ...rest) {
    super(config, environment, ...rest);
    this.shares = sharesContext(environment);
    // The worker runs one file at a time: this file's runtime answers the shared modules now.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    if (this.shares) current = this;
    if (KEEP) this.keepForWorker();
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

/** Resolutions and transforms kept for the worker's next files (see resolvedCjs). */
CodeCachingRuntime.prototype.keepForWorker = function keepForWorker() {
  if (this._resolution?.cjsCache instanceof Map) this._resolution.cjsCache = resolvedCjs;
  const cache = this.transformCache;
  if (typeof cache?.transform !== 'function' || !(cache.transforms instanceof Map)) return;
  const transform = cache.transform.bind(cache);
  // TransformCache.transform: the same bookkeeping of the file's transforms and source maps.
  cache.transform = (filename, options) => {
    if (options?.isInternalModule) return transform(filename, options);
    const key = `${filename}\0${JSON.stringify(cache.getFullTransformationOptions(options))}`;
    let file = transformed.get(key);
    if (file === undefined) {
      transform(filename, options);
      file = cache.transforms.get(filename);
      transformed.set(key, file);
    } else {
      cache.transforms.set(filename, file);
      if (file.sourceMapPath) cache.sourceMaps.set(filename, file.sourceMapPath);
    }
    return file.code;
  };
};

/**
 * A shared module's `require` is the runtime's of the file that evaluated it: once that file has
 * ended, the running file's runtime answers (a package that requires lazily, as TypeORM its driver).
 */
CodeCachingRuntime.prototype.requireModuleOrMock = function requireModuleOrMock(from, moduleName) {
  if (this.shares && current !== this && sharedModules.has(from)) return current.requireModuleOrMock(from, moduleName);
  return Runtime.prototype.requireModuleOrMock.call(this, from, moduleName);
};

CodeCachingRuntime.prototype.requireModule = function requireModule(from, moduleName, options, isRequireActual = false) {
  if (!this.shares || !moduleName || options?.isInternalModule || isRequireActual) {
    return Runtime.prototype.requireModule.call(this, from, moduleName, options, isRequireActual);
  }
  const key = `${from}\0${moduleName}`;
  let path = sharedRequests.get(key);
  if (path === undefined) {
    path = null;
    if (!this._resolution.isCoreModule(moduleName)) {
      try {
        const resolved = this._resolution.resolveCjs(from, moduleName);
        if (shareable(resolved)) path = resolved;
      } catch {
        // jest's own require reports it
      }
    }
    sharedRequests.set(key, path);
  }
  if (path === null) return Runtime.prototype.requireModule.call(this, from, moduleName, options, isRequireActual);
  const hit = sharedModules.get(path);
  if (hit) return hit.exports;
  const exports = Runtime.prototype.requireModule.call(this, from, moduleName, options, isRequireActual);
  const module = this.registries.getActiveCjsRegistry().get(path);
  // Kept once evaluated to the end (not a module still loading in a require cycle).
  if (module?.loaded) {
    sharedModules.set(path, module);
    if (/[\\/]class-transformer[\\/]cjs[\\/]storage\.js$/.test(path)) classTransformerStorage = module;
  }
  return exports;
};

/**
 * The shared packages' registries of decorated classes: the file's own classes (entities, DTOs)
 * are dropped with the file, which registers its own again. Kept, they would grow with every file
 * and hold every finished file's modules.
 */
CodeCachingRuntime.prototype.teardown = function teardown() {
  const global = this.shares ? this._environment.global : undefined;
  Runtime.prototype.teardown.call(this);
  if (!global) return;
  delete global.typeormMetadataArgsStorage;
  delete global.classValidatorMetadataStorage;
  classTransformerStorage?.exports.defaultMetadataStorage?.clear();
};

module.exports = CodeCachingRuntime;
