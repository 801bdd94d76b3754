/**
 * The bytes of a first visit, per page and language, as a browser on a mobile connection gets
 * them: the page (its language asked by `?lang=`), then every script and stylesheet it links,
 * each fetched with `Accept-Encoding: gzip, deflate, br` and counted as sent (compressed bodies,
 * not decoded), without the fonts (counted apart: a page in Latin script loads none). The app
 * runs from `src/` on an embedded PostgreSQL in a temporary directory, with an empty ladder.
 *
 *   npm run bench:first-visit             (= npm run build && node dist/bench/first-visit.js)
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/config.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { runMigrations } from '../src/app/migrate.js';
import { LANGUAGES } from '../src/i18n/languages.js';

const PAGES = ['/', '/play', '/rules', '/leaderboard', '/learn'];
const BUDGET_KB = 120;
const BUDGET_PAGES = ['/', '/play', '/rules'];

/** Bytes of a GET's body as it travels, and its header block's size. */
function fetchBytes(url: string, accept: string): Promise<{ status: number; body: Buffer; headerBytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br', Accept: accept } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headerBytes = res.rawHeaders.reduce((n, h) => n + Buffer.byteLength(h) + 2, 0) + 17;
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headerBytes, encoding: res.headers['content-encoding'] });
      });
    }).on('error', reject);
  });
}

/** The decoded HTML of a page (for its links). */
async function html(url: string): Promise<string> {
  const { gunzipSync, brotliDecompressSync, inflateSync } = await import('node:zlib');
  const r = await fetchBytes(url, 'text/html');
  const decode = r.encoding === 'br' ? brotliDecompressSync : r.encoding === 'gzip' ? gunzipSync : r.encoding === 'deflate' ? inflateSync : (b: Buffer) => b;
  return decode(r.body).toString('utf8');
}

interface Visit {
  page: number;
  assets: number;
  fonts: number;
}

async function firstVisit(base: string, path: string, lang: string): Promise<Visit> {
  const url = `${base}${path}?lang=${lang}`;
  const page = await fetchBytes(url, 'text/html');
  const text = await html(url);
  const links = [...text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  let assets = 0;
  let fonts = 0;
  const css: string[] = [];
  for (const link of new Set(links)) {
    const r = await fetchBytes(base + link, '*/*');
    assets += r.body.length + r.headerBytes;
    if (link.endsWith('.css')) css.push(link);
  }
  // The fonts a stylesheet names for this page's script (the browser fetches only those it uses).
  const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
  for (const link of css) {
    const r = await fetchBytes(base + link, 'text/css');
    const sheet = (r.encoding === 'br' ? brotliDecompressSync(r.body) : r.encoding === 'gzip' ? gunzipSync(r.body) : r.body).toString('utf8');
    const script = lang === 'bn' ? 'bengali' : lang === 'hi' || lang === 'ne' ? 'devanagari' : null;
    if (!script) continue;
    for (const font of new Set([...sheet.matchAll(/url\(["']?([^"')]+\.woff2)/g)].map((m) => m[1]).filter((f) => f.includes(script)))) {
      const href = font.startsWith('/') ? font : `/assets/${font.replace(/^\.\//, '')}`;
      fonts += (await fetchBytes(base + href, '*/*')).body.length;
    }
  }
  return { page: page.body.length + page.headerBytes, assets, fonts };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'outflank-bench-'));
  chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
  const server = await startEmbeddedPostgres({ databaseDir: join(dir, 'pg'), persistent: false });
  let app: Awaited<ReturnType<typeof createApp>> | null = null;
  try {
    const url = await server.ensureDatabase('outflank_bench');
    await runMigrations(url);
    const config = { ...loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'bench-secret-0123456789abcdef', LOG_LEVEL: 'silent', QUEUE_WAVE_MS: '0', ANALYSIS_WORKERS: '0' }), databaseUrl: url };
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const kb = (n: number) => (n / 1024).toFixed(1);
    console.log(`first visit, KB as sent (Accept-Encoding: gzip, deflate, br; headers included; budget ${BUDGET_KB} KB before fonts on ${BUDGET_PAGES.join(', ')})`);
    console.log('| page | language | HTML | scripts + CSS | total before fonts | fonts |');
    console.log('|---|---|---:|---:|---:|---:|');
    let over = 0;
    for (const path of PAGES) {
      for (const lang of LANGUAGES) {
        const v = await firstVisit(base, path, lang);
        const total = v.page + v.assets;
        const bad = BUDGET_PAGES.includes(path) && total > BUDGET_KB * 1024;
        if (bad) over++;
        console.log(`| \`${path}\` | ${lang} | ${kb(v.page)} | ${kb(v.assets)} | ${kb(total)}${bad ? ' ✘' : ''} | ${v.fonts ? kb(v.fonts) : '—'} |`);
      }
    }
    if (over) process.exitCode = 1;
  } finally {
    await app?.close().catch(() => undefined);
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
