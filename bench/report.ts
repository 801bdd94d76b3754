import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Prints a benchmark's section, or with `write` puts it into BENCHMARKS.md (in the current
 * folder): it replaces the section that starts with the same `## ` heading, up to the next `## `,
 * or is added at the end when there is none.
 */
export function reportSection(section: string, write: boolean): void {
  if (!write) {
    console.log('\n' + section);
    return;
  }
  const heading = section.split('\n', 1)[0].trim();
  if (!heading.startsWith('## ')) throw new Error(`a section starts with its "## " heading, not "${heading}"`);
  const file = join(process.cwd(), 'BENCHMARKS.md');
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = old.search(new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
  let updated: string;
  if (start < 0) {
    updated = old.trimEnd() + '\n\n' + section;
  } else {
    const rest = old.slice(start + 1);
    const next = rest.search(/^## /m);
    updated = old.slice(0, start) + section + (next < 0 ? '' : '\n' + rest.slice(next));
  }
  writeFileSync(file, updated.trimEnd() + '\n');
  console.log(`\nwrote the ${heading.slice(3)} section of ${file}`);
}
