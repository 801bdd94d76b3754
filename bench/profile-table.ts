/**
 * Where a move's CPU goes: a V8 CPU profile of the app's thread (`bench:moves --profile` writes
 * them under bench/profiles/) as a table of the app's parts, the share of the thread's busy time.
 *
 *   npm run build && node dist/bench/profile-table.js bench/profiles/moves-64-….cpuprofile [more.cpuprofile …]
 *
 * Each sample goes to one part, by the innermost frame of the stack that belongs to a part: a
 * sample in Node's own streams or event emitter counts for whoever called them (the pg driver's
 * socket write is the driver's, the answer's write the framework's). The kernel's socket writes
 * (`writev`) and the garbage collector are parts of their own; idle time and the profiler's own
 * work (the inspector's `dispatch`) are left out of the busy time.
 */
import { readFileSync } from 'node:fs';

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export const PARTS = [
  'framework and router (Nest, Express, body parser, HTTP)',
  'guards and auth (token check)',
  'validation (pipes, class-validator/-transformer)',
  'middleware: logging, helmet, compression, cookies',
  'ORM and unit of work (TypeORM, nestjs-cls)',
  'pg driver and pool',
  'engine and game rules',
  'opening name',
  'games service, views (DTOs)',
  'events (publisher)',
  'metrics',
  'JSON',
  'kernel: socket writes to PostgreSQL (writev)',
  'kernel: socket writes of the HTTP answer (writev)',
  'garbage collector',
  'async context (async_hooks)',
  'other',
] as const;
export type Part = (typeof PARTS)[number];

function packageOf(url: string): string {
  const m = /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('/dist/src/')) return `app:${url.split('/dist/src/')[1]}`;
  return url;
}

/** The part a frame belongs to, or null for frames that count for their caller (Node's internals, natives). */
function partOf(functionName: string, url: string): Part | null {
  const pkg = packageOf(url);
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === 'stringify' || functionName === 'parse') return 'JSON';
    return null;
  }
  if (url.includes('/dist/bench/')) return functionName === 'clientProto.query' ? 'pg driver and pool' : 'other';
  if (pkg.startsWith('node:internal/async_hooks') || pkg === 'node:async_hooks') return 'async context (async_hooks)';
  if (pkg.startsWith('node:_http') || pkg === 'node:http') return 'framework and router (Nest, Express, body parser, HTTP)';
  if (pkg.startsWith('node:')) return null;
  if (/^(express|router|body-parser|raw-body|@nestjs\/core|@nestjs\/platform-express|finalhandler|on-finished|send|iconv-lite|content-type|type-is|qs|path-to-regexp|statuses|depd|vary|etag|fresh|parseurl|encodeurl|mime-types|accepts|negotiator|http-errors|media-typer|cookie|cookie-signature|proxy-addr|forwarded|ee-first|unpipe|bytes)$/.test(pkg))
    return 'framework and router (Nest, Express, body parser, HTTP)';
  // The app's own stand-ins for framework parts: the JSON body parser's short way, the front
  // middlewares' one router layer, the answers written as JSON text.
  if (pkg === 'app:common/json-body.js' || pkg === 'app:common/middleware-chain.js' || pkg === 'app:common/json-text.js')
    return 'framework and router (Nest, Express, body parser, HTTP)';
  if (/^(jsonwebtoken|jws|jwa|safe-buffer|buffer-equal-constant-time|ecdsa-sig-formatter|passport|passport-jwt|@nestjs\/passport|@nestjs\/jwt|ms|semver)$/.test(pkg) || pkg.startsWith('app:auth/'))
    return 'guards and auth (token check)';
  if (/^(class-validator|class-transformer|validator|libphonenumber-js)$/.test(pkg) || pkg === 'app:common/validation.js' || pkg === 'app:common/uuid-or-404.pipe.js')
    return 'validation (pipes, class-validator/-transformer)';
  if (pkg === '@nestjs/common') return /ValidationPipe|validat|transform/i.test(functionName) ? 'validation (pipes, class-validator/-transformer)' : 'framework and router (Nest, Express, body parser, HTTP)';
  if (/^(pino|pino-http|nestjs-pino|pino-std-serializers|fast-redact|sonic-boom|quick-format-unescaped|atomic-sleep|on-exit-leak-free|thread-stream|safe-stable-stringify|helmet|compression|compressible)$/.test(pkg) || pkg === 'app:common/request-id.js' || pkg === 'app:common/compression.js' || pkg.startsWith('app:i18n/'))
    return 'middleware: logging, helmet, compression, cookies';
  if (/^(typeorm|@nestjs\/typeorm|nestjs-cls|@nestjs-cls\/transactional|@nestjs-cls\/transactional-adapter-typeorm)$/.test(pkg)) return 'ORM and unit of work (TypeORM, nestjs-cls)';
  if (/^(pg|pg-protocol|pg-pool|pg-types|postgres-array|postgres-date|postgres-interval|postgres-bytea|pg-int8|pgpass|split2|buffer-writer|packet-reader)$/.test(pkg) || pkg.startsWith('app:database/'))
    return 'pg driver and pool';
  if (pkg.startsWith('app:engine/') || pkg.startsWith('app:games/domain/')) return 'engine and game rules';
  if (pkg.startsWith('app:openings/')) return 'opening name';
  if (pkg.startsWith('app:games/') || pkg.startsWith('app:common/') || pkg.startsWith('app:players/')) return 'games service, views (DTOs)';
  if (pkg.startsWith('app:events/')) return 'events (publisher)';
  if (pkg === 'prom-client' || pkg === 'tdigest' || pkg === 'bintrees' || pkg.startsWith('app:metrics/')) return 'metrics';
  return 'other';
}

/** Busy time (µs) by part, and the thread's whole busy time. */
export function profileParts(profile: CpuProfile): { busy: number; parts: Map<Part, number> } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const partOfNode = new Map<number, Part>();
  const resolve = (id: number): Part => {
    const known = partOfNode.get(id);
    if (known) return known;
    let part: Part = 'other';
    const leaf = nodes.get(id)!.callFrame;
    const write = !leaf.url && /^(writev|writeUtf8String|writeBuffer|writeLatin1String)$/.test(leaf.functionName);
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const cf = nodes.get(cur)!.callFrame;
      const p = partOf(cf.functionName, cf.url);
      if (p) {
        part = p;
        break;
      }
    }
    // A socket write is the kernel's work (loopback TCP does the receiver's part in the sender's call), named by whose write it is.
    if (write) part = part === 'pg driver and pool' ? 'kernel: socket writes to PostgreSQL (writev)' : 'kernel: socket writes of the HTTP answer (writev)';
    partOfNode.set(id, part);
    return part;
  };
  const parts = new Map<Part, number>(PARTS.map((p) => [p, 0]));
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const fn = nodes.get(id)!.callFrame.functionName;
    // Idle, and the profiler's own work (the inspector session's `dispatch` in the bench process): not the app's.
    if (fn === '(idle)' || fn === '(program)' || (fn === 'dispatch' && !nodes.get(id)!.callFrame.url)) return;
    const part = resolve(id);
    parts.set(part, parts.get(part)! + profile.timeDeltas[i]);
    busy += profile.timeDeltas[i];
  });
  return { busy, parts };
}

/** A markdown table: one column per profile, shares of its busy time (and ms per move when given). */
export function partsTable(columns: { name: string; profile: CpuProfile; cpuMsPerMove?: number }[]): string {
  const results = columns.map((c) => ({ ...c, ...profileParts(c.profile) }));
  const head = `| part | ${results.map((r) => r.name).join(' | ')} |`;
  const rule = `|---|${results.map(() => '---:').join('|')}|`;
  const rows = PARTS.map((part) => {
    const cells = results.map((r) => {
      const share = r.parts.get(part)! / Math.max(1, r.busy);
      return `${(100 * share).toFixed(1)} %${r.cpuMsPerMove !== undefined ? ` (${(share * r.cpuMsPerMove).toFixed(3)} ms)` : ''}`;
    });
    return `| ${part} | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

if (require.main === module) {
  const files = process.argv.slice(2).filter((a) => a.endsWith('.cpuprofile'));
  if (files.length === 0) throw new Error('usage: node dist/bench/profile-table.js <file.cpuprofile> …');
  console.log(partsTable(files.map((f) => ({ name: f.split('/').pop()!, profile: JSON.parse(readFileSync(f, 'utf8')) as CpuProfile }))));
}
