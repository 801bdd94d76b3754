import { INestApplicationContext, Module, Provider, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DatabaseModule } from '../database/database.module.js';
import { Db } from '../database/db.js';
import { dataSourceOptions } from './data-source.js';

export interface StandaloneOptions {
  url: string;
  poolSize: number;
  connectTimeoutSeconds: number;
  /** TypeORM's retries of the first connection; none by default. */
  retryAttempts?: number;
}

/** The database without the app: for the CLI, benchmarks and repository tests. */
export interface StandaloneDatabase {
  db: Db;
  get<T>(type: Type<T>): T;
  close(): Promise<void>;
}

/** A Nest context holding only the database module and these providers (repositories, say). */
export async function openStandaloneDatabase(options: StandaloneOptions, providers: Provider[] = []): Promise<StandaloneDatabase> {
  const dataSource = dataSourceOptions(options.url, options.poolSize, options.connectTimeoutSeconds);
  @Module({ imports: [DatabaseModule.forRoot({ dataSource, retryAttempts: options.retryAttempts ?? 0 })], providers })
  class StandaloneModule {}
  const app: INestApplicationContext = await NestFactory.createApplicationContext(StandaloneModule, { logger: false, abortOnError: false });
  return { db: app.get(Db), get: (type) => app.get(type), close: () => app.close() };
}
