import 'reflect-metadata';
import { createApp } from './app.factory.js';
import { AppConfig } from './config/config.js';
import { resolveDatabase } from './database/database-url.js';
import { runMigrations } from './app/migrate.js';

/**
 * Connections the kernel holds for the server until it accepts them. Node's default (511) overflows
 * when thousands of event streams open at once (a deploy, a proxy restart): the kernel then drops
 * the connections past it, which retry after 1, 3, 7 s or fail. The kernel caps it at
 * net.core.somaxconn (4096 by default since Linux 5.4).
 */
export const LISTEN_BACKLOG = 4096;

/** `outflank serve`: the database (embedded unless DATABASE_URL), migrations, then HTTP. */
export async function serve(config: AppConfig): Promise<void> {
  const say = (m: string) => process.stdout.write(`[outflank] ${m}\n`);
  const db = await resolveDatabase(config, say);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: shutting down`);
    try {
      await app?.close();
    } finally {
      await db.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  try {
    if (config.migrationsRun) {
      const ran = await runMigrations(db.url);
      say(ran.length ? `applied migrations: ${ran.join(', ')}` : 'database schema is up to date');
    }
    app = await createApp({ ...config, databaseUrl: db.url });
    // Nest hands its arguments to node's server.listen(port, host, backlog): its typing names only two.
    await (app.listen as unknown as (port: number, host: string, backlog: number) => Promise<unknown>).call(app, config.port, config.host, LISTEN_BACKLOG);
    const address = app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    say(`listening on http://localhost:${port} (API docs at http://localhost:${port}/docs)`);
  } catch (err) {
    await app?.close().catch(() => undefined);
    await db.close();
    throw err;
  }
}
