/**
 * Bundles the browser client (src/client/) with esbuild into content-hashed static assets and a
 * manifest the server reads (src/pages/assets.ts):
 *
 *   dist/public/client-<hash>.js, dist/public/site-<hash>.css, dist/public/manifest.json
 *   dist/public/i18n-<lang>-<hash>.js: the client's messages in one language (see writeCatalogues)
 *   <file>.br and <file>.gz beside every script and stylesheet: made once here, at the highest
 *   levels, and sent as they are to a browser that accepts them (see precompress)
 *
 * `npm run build` runs it after tsc; the tests' set-up (test/setup/resources.cjs) calls buildClient() so the tests serve
 * the same bundle. Only node built-ins, packages and src/i18n/compile.ts (which has no relative
 * imports) here: globalSetup cannot load the rest of src/.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CLIENT_SECTIONS, compileCatalogue, compilePseudo, flatten, PSEUDO_TAG, withFallback, type NestedMessages } from '../src/i18n/compile';

/** The project root (this file is scripts/ in the sources and dist/scripts/ once compiled). */
export function projectRoot(from: string = __dirname): string {
  const up = resolve(from, '..');
  return basename(up) === 'dist' ? resolve(up, '..') : up;
}

/** Logical asset name → file name in the assets folder. */
export type AssetManifest = Record<string, string>;

export const ENTRIES: Readonly<Record<string, string>> = Object.freeze({
  'client.js': 'src/client/main.ts',
  'site.css': 'src/client/styles/site.css',
});

/** Builds every entry into `outDir` (emptied first) and writes manifest.json; returns the manifest. */
export async function buildClient(root: string = projectRoot(), outDir: string = join(root, 'dist', 'public')): Promise<AssetManifest> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const entryPoints = Object.entries(ENTRIES).map(([name, src]) => ({ in: join(root, src), out: name.replace(/\.\w+$/, '') }));
  const result = await build({
    entryPoints,
    absWorkingDir: root,
    outdir: outDir,
    entryNames: '[name]-[hash]',
    bundle: true,
    minify: true,
    sourcemap: 'linked',
    format: 'esm',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    platform: 'browser',
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    // Fonts named by the stylesheets (src/client/styles/fonts.css) are copied with hashed names.
    loader: { '.woff2': 'file' },
    assetNames: '[name]-[hash]',
    // The client formats messages precompiled by writeCatalogues: it needs no ICU parser.
    alias: { '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js' },
  });
  const manifest: AssetManifest = {};
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.map')) continue;
    // Files the bundles refer to (fonts) are served too, by their own hashed names.
    if (!meta.entryPoint) {
      manifest[`file:${basename(file)}`] = basename(file);
      continue;
    }
    const ext = file.slice(file.lastIndexOf('.'));
    const logical = Object.keys(ENTRIES).find((k) => k.endsWith(ext) && join(root, ENTRIES[k]) === resolve(root, meta.entryPoint!));
    if (logical) manifest[logical] = basename(file);
  }
  for (const name of Object.keys(ENTRIES)) if (!manifest[name]) throw new Error(`the client build made no ${name}`);
  Object.assign(manifest, writeCatalogues(root, outDir));
  precompress(outDir, Object.values(manifest));
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** The files worth compressing: text (fonts are compressed already, woff2 being brotli inside). */
const COMPRESSIBLE = /\.(js|css)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each script and
 * stylesheet of `files`: the most a mobile connection can be spared, paid once per build instead
 * of on every request.
 */
export function precompress(outDir: string, files: readonly string[]): void {
  for (const file of files) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(join(outDir, file));
    writeFileSync(join(outDir, `${file}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    writeFileSync(join(outDir, `${file}.gz`), gzipSync(body, { level: 9 }));
  }
}

/** The folder of the message catalogues (src/i18n/catalogues/<lang>.json). */
export const CATALOGUES_DIR = 'src/i18n/catalogues';

/**
 * The browser's part of each catalogue (the sections in CLIENT_SECTIONS), English filling what a
 * translation lacks, precompiled to ASTs (the bundle has no ICU parser), one small script per
 * language and one for the pseudo-locale, `i18n-<lang>-<hash>.js`: the page loads its language's
 * before the client bundle, which reads `globalThis.__OUTFLANK_I18N__` (src/client/i18n/). The
 * client bundle itself is the same for every language. Returns the manifest entries
 * (`i18n.<lang>.js`).
 */
export function writeCatalogues(root: string, outDir: string): AssetManifest {
  const dir = join(root, CATALOGUES_DIR);
  const read = (lang: string) => flatten(JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as NestedMessages);
  const english = read('en');
  const langs = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length));
  const manifest: AssetManifest = {};
  const emit = (lang: string, messages: ReturnType<typeof compileCatalogue>) => {
    const body = `globalThis.__OUTFLANK_I18N__=${JSON.stringify({ lang, messages })};\n`;
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 8).toUpperCase();
    const file = `i18n-${lang}-${hash}.js`;
    writeFileSync(join(outDir, file), body);
    manifest[`i18n.${lang}.js`] = file;
  };
  for (const lang of langs) emit(lang, compileCatalogue(withFallback(read(lang), english), CLIENT_SECTIONS));
  emit(PSEUDO_TAG, compilePseudo(english, CLIENT_SECTIONS));
  return manifest;
}

if (require.main === module) {
  buildClient().then(
    (m) => console.log(`client assets: ${Object.values(m).join(', ')}`),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
