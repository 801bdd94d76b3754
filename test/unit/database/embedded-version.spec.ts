import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../../src/config/config';
import { EMBEDDED_PG_MAJOR, startEmbeddedPostgres } from '../../../src/database/embedded-postgres';

describe('the embedded PostgreSQL and a data folder of another major version', () => {
  it('refuses it with one sentence saying what to do, before starting anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outflank-pg-version-'));
    try {
      writeFileSync(join(dir, 'PG_VERSION'), `${EMBEDDED_PG_MAJOR - 1}\n`);
      const started = startEmbeddedPostgres({ databaseDir: dir, port: 1 });
      await expect(started).rejects.toThrow(ConfigError);
      await expect(started).rejects.toThrow(
        `${dir} holds a PostgreSQL ${EMBEDDED_PG_MAJOR - 1} database, which the embedded PostgreSQL ${EMBEDDED_PG_MAJOR} cannot open`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the major version of the embedded-postgres package the project depends on', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Number(/\d+/.exec(pkg.dependencies['embedded-postgres'])?.[0])).toBe(EMBEDDED_PG_MAJOR);
  });
});
