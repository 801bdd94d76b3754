import { DynamicModule, Global, Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ClsModule } from 'nestjs-cls';
import type { DataSourceOptions } from 'typeorm';
import { Db } from './db.js';
import { PoolGauges } from './pool-gauges.js';

export interface DatabaseOptions {
  /**
   * The data source: connection, pool, entities and migrations. The app shell describes it
   * (src/app/data-source.ts), since only the shell knows every module's entities.
   */
  dataSource: DataSourceOptions;
  /** TypeORM's retries of the first connection (the app's start). */
  retryAttempts?: number;
}

/**
 * The database for the app, the CLI and the tests: TypeORM (entities, migrations) on one pool,
 * nestjs-cls carrying the current transaction, and {@link Db}, the one way to run a query.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...options.dataSource,
          retryAttempts: options.retryAttempts ?? 3,
          retryDelay: 500,
        }),
        // The plugin alone, not ClsModule.forRoot: forRoot also registers a global guard and
        // interceptor (no-ops unless mounted) that put every request through Nest's interceptor
        // pipeline. Transactions open their own async context (TransactionHost.withTransaction).
        ClsModule.registerPlugins([new ClsPluginTransactional({ adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: getDataSourceToken() }) })]),
      ],
      providers: [Db, PoolGauges],
      exports: [Db],
    };
  }
}
