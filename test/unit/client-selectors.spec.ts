import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Issue #18: views find elements by `data-part`; `data-testid` belongs to the tests. A selector by
// test id in the browser client (a query, a closest(), an attribute read) fails here.

const CLIENT = join(__dirname, '..', '..', 'src', 'client');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'api' ? [] : sources(path);
    return /\.ts$/.test(e.name) ? [path] : [];
  });
}

/** The code of a file without its comments (a comment may name the rule). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('the browser client selects nothing by data-testid', () => {
  it('no source of src/client (but the generated API types) mentions data-testid or a test id outside comments', () => {
    const files = sources(CLIENT);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((f) => /data-testid|testid/i.test(code(readFileSync(f, 'utf8')))).map((f) => relative(CLIENT, f));
    expect(offenders).toEqual([]);
  });

  it('the check can fail: it finds a selector by test id in a sample', () => {
    expect(/data-testid|testid/i.test(code("const el = $('[data-testid=board]'); // find the board"))).toBe(true);
    expect(/data-testid|testid/i.test(code("/** never by data-testid */\nconst el = part('board');"))).toBe(false);
  });
});
