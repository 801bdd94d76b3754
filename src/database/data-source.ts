import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { ENTITIES } from './entities.js';

/** The one description of the database, shared by the app, the tests and the TypeORM CLI. */
export function dataSourceOptions(url: string, poolSize = 20): DataSourceOptions {
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
    extra: { max: poolSize, application_name: 'outflank' },
  };
}

/** For the TypeORM CLI (`typeorm -d dist/src/database/data-source.js …`): needs DATABASE_URL. */
export default new DataSource(
  dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/outflank'),
);
