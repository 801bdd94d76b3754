import { INestApplicationContext, Module, Provider, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DatabaseModule, DatabaseOptions } from './database.module.js';
import { Db } from './db.js';

/** The database without the app: for the CLI, benchmarks and repository tests. */
export interface StandaloneDatabase {
  db: Db;
  get<T>(type: Type<T>): T;
  close(): Promise<void>;
}

/** A Nest context holding only the database module and these providers (repositories, say). */
export async function openStandaloneDatabase(options: DatabaseOptions, providers: Provider[] = []): Promise<StandaloneDatabase> {
  @Module({ imports: [DatabaseModule.forRoot({ retryAttempts: 0, ...options })], providers })
  class StandaloneModule {}
  const app: INestApplicationContext = await NestFactory.createApplicationContext(StandaloneModule, { logger: false, abortOnError: false });
  return { db: app.get(Db), get: (type) => app.get(type), close: () => app.close() };
}
