/**
 * The browser client's static assets: the bundle that `npm run build` (scripts/build-client.ts)
 * writes to dist/public/ with content-hashed names, served from memory under /assets/ with a
 * year-long immutable cache (a new build has new names, and the pages, served with no-cache,
 * name the new files).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

export interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** The project root: this file is src/pages/ in the sources and dist/src/pages/ once compiled. */
function projectRoot(): string {
  const up = resolve(__dirname, '..', '..');
  return basename(up) === 'dist' ? resolve(up, '..') : up;
}

export const ASSETS_DIR = join(projectRoot(), 'dist', 'public');

export class AssetStore {
  /** Logical name (client.js, site.css) → URL path. */
  readonly urls: Readonly<Record<string, string>>;
  private readonly files = new Map<string, Asset>();

  constructor(dir: string = ASSETS_DIR) {
    const manifestPath = join(dir, 'manifest.json');
    if (!existsSync(manifestPath)) {
      throw new Error(`The browser client is not built (${manifestPath} is missing): run \`npm run build\`.`);
    }
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, string>;
    const urls: Record<string, string> = {};
    for (const [logical, file] of Object.entries(manifest)) {
      urls[logical] = `/assets/${file}`;
      for (const name of [file, `${file}.map`]) {
        const path = join(dir, name);
        if (!existsSync(path)) continue;
        const body = readFileSync(path);
        const type = TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream';
        this.files.set(name, { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` });
      }
    }
    this.urls = Object.freeze(urls);
  }

  get(file: string): Asset | undefined {
    return this.files.get(file);
  }
}

let shared: AssetStore | undefined;

/** The assets of the built client, read once per process. */
export function assets(): AssetStore {
  shared ??= new AssetStore();
  return shared;
}

/** URL of a built asset by its logical name (client.js, site.css, i18n.<lang>.js). */
export function assetUrl(logical: 'client.js' | 'site.css' | `i18n.${string}.js`): string {
  const url = assets().urls[logical];
  if (!url) throw new Error(`The browser client build has no ${logical}: run \`npm run build\`.`);
  return url;
}
