/**
 * Bundles the browser client (src/client/) with esbuild into content-hashed static assets and a
 * manifest the server reads (src/pages/assets.ts):
 *
 *   dist/public/client-<hash>.js, dist/public/site-<hash>.css, dist/public/manifest.json
 *
 * `npm run build` runs it after tsc; jest's globalSetup calls buildClient() so the tests serve
 * the same bundle. Only node built-ins and esbuild here (globalSetup cannot load src/).
 */
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

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
  });
  const manifest: AssetManifest = {};
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint || file.endsWith('.map')) continue;
    const ext = file.slice(file.lastIndexOf('.'));
    const logical = Object.keys(ENTRIES).find((k) => k.endsWith(ext) && join(root, ENTRIES[k]) === resolve(root, meta.entryPoint!));
    if (logical) manifest[logical] = basename(file);
  }
  for (const name of Object.keys(ENTRIES)) if (!manifest[name]) throw new Error(`the client build made no ${name}`);
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
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
