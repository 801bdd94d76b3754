import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { ENTITIES } from './entities.js';

/** The one description of the database, shared by the app, the tests and the TypeORM CLI. */
export function dataSourceOptions(url: string, poolSize = 20, connectTimeoutSeconds = 5): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    uuidExtension: 'pgcrypto', // gen_random_uuid(), built into PostgreSQL 13+
    synchronize: false,
    migrationsRun: false,
    // While the database is down, a request fails within the timeout (503) rather than hanging,
    // waiting for a new connection or for a free one in the pool. The pool drops broken
    // connections and opens new ones on demand, so the app reconnects by itself.
    connectTimeoutMS: connectTimeoutSeconds * 1000,
    extra: { max: poolSize, application_name: 'outflank', keepAlive: true },
  };
}

/** For the TypeORM CLI (`typeorm -d dist/src/app/data-source.js …`): needs DATABASE_URL. */
export default new DataSource(
  dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/outflank'),
);
