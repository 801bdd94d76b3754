import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../config/config.js';
import { EMBEDDED_PG_MAJOR, EmbeddedServer, isAlive, startEmbeddedPostgres } from './embedded-postgres.js';

export interface ResolvedDatabase {
  url: string;
  embedded: EmbeddedServer | null;
  close(): Promise<void>;
}

/** Who runs the embedded server of a data folder: `outflank` commands share it instead of fighting. */
interface Owner {
  pid: number;
  url: string;
}

function runningOwner(file: string): Owner | null {
  if (!existsSync(file)) return null;
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Owner;
    return Number.isInteger(owner.pid) && owner.pid !== process.pid && isAlive(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/**
 * DATABASE_URL when set; otherwise the embedded server with its data under DATA_DIR/postgres —
 * the one another `outflank` process already runs there, or a new one.
 */
export async function resolveDatabase(config: AppConfig, log: (m: string) => void = () => undefined): Promise<ResolvedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: null, close: async () => undefined };
  const ownerFile = join(config.dataDir, 'embedded-postgres.json');
  const owner = runningOwner(ownerFile);
  if (owner) {
    log(`using the embedded PostgreSQL of process ${owner.pid}`);
    return { url: owner.url, embedded: null, close: async () => undefined };
  }
  const embedded = await startEmbeddedPostgres({
    databaseDir: join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
    onLog: config.logLevel === 'debug' || config.logLevel === 'trace' ? log : undefined,
  });
  const url = await embedded.ensureDatabase('outflank');
  writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, url } satisfies Owner));
  log(`embedded PostgreSQL ${EMBEDDED_PG_MAJOR} on 127.0.0.1:${embedded.port} (data in ${join(config.dataDir, 'postgres')})`);
  return {
    url,
    embedded,
    close: async () => {
      await embedded.stop();
      rmSync(ownerFile, { force: true });
    },
  };
}
