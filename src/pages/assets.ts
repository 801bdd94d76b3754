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
  /** The same bytes compressed at build time (scripts/build-client.ts), when the build made them. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** The encodings the build makes, in the order the server prefers them. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, among those the client
 * accepts (a q of 0 refuses one; `*` accepts any not named) and the asset has; null: the plain bytes.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  for (const enc of ENCODINGS) {
    if (!available.includes(enc)) continue;
    const value = q.get(enc) ?? q.get(enc === 'gzip' ? 'x-gzip' : enc) ?? q.get('*');
    if (value !== undefined && value > 0) return enc;
  }
  return null;
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
        const encoded: Asset['encoded'] = {};
        for (const enc of ENCODINGS) if (existsSync(path + SUFFIX[enc])) encoded[enc] = readFileSync(path + SUFFIX[enc]);
        this.files.set(name, { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`, encoded });
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
