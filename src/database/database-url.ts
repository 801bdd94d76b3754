import { join } from 'node:path';
import { AppConfig } from '../config/config.js';
import { EmbeddedServer, startEmbeddedPostgres } from './embedded-postgres.js';

export interface ResolvedDatabase {
  url: string;
  embedded: EmbeddedServer | null;
  close(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded server with its data under DATA_DIR/postgres. */
export async function resolveDatabase(config: AppConfig, log: (m: string) => void = () => undefined): Promise<ResolvedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: null, close: async () => undefined };
  const embedded = await startEmbeddedPostgres({
    databaseDir: join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
    onLog: config.logLevel === 'debug' || config.logLevel === 'trace' ? log : undefined,
  });
  const url = await embedded.ensureDatabase('outflank');
  log(`embedded PostgreSQL 17 on 127.0.0.1:${embedded.port} (data in ${join(config.dataDir, 'postgres')})`);
  return { url, embedded, close: () => embedded.stop() };
}
