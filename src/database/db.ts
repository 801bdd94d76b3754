import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * A statement: its text, its values in placeholder order, and optionally a name (pg prepares a
 * named statement once per connection and reuses it). `R` is the type of a row it answers.
 */
export interface Statement<R = unknown> {
  readonly text: string;
  readonly values?: readonly unknown[];
  readonly name?: string;
  /** Type only: never set. */
  readonly __row?: R;
}

/** What a statement answered: its rows and how many rows it touched (UPDATE, DELETE, INSERT). */
export interface Outcome<R> {
  rows: R[];
  rowCount: number;
}

type Connection = pg.Pool | pg.PoolClient;

export type IsolationLevel = 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';

/**
 * The one way to reach the database. Every query runs on "the current connection": the open
 * transaction's when this async context is inside {@link transaction} (carried by nestjs-cls, so
 * no method passes a manager around), the pool's otherwise. So nothing that runs inside a unit of
 * work can take a second connection from the pool by accident, and a transaction holds exactly one.
 *
 * Statements go to node-postgres directly (named prepared statements work in and out of a
 * transaction); TypeORM's EntityManager of the same connection is {@link manager}, for entity
 * reads and writes.
 */
@Injectable()
export class Db {
  /**
   * The work queued to run once the outermost unit of work of this async context has committed
   * (see {@link afterCommit}). @nestjs-cls/transactional has no such hook, so Db keeps it: every
   * unit of work of the app goes through {@link transaction}.
   */
  private readonly committed = new AsyncLocalStorage<(() => void)[]>();
  private readonly logger = new Logger(Db.name);

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The pg pool under TypeORM: the request pool (DB_POOL_SIZE connections). */
  get pool(): pg.Pool {
    return (this.dataSource.driver as unknown as { master: pg.Pool }).master;
  }

  /** True inside {@link transaction}. */
  get inTransaction(): boolean {
    return this.txHost.isTransactionActive();
  }

  /** TypeORM's EntityManager on the current connection (the transaction's, or the pool's). */
  get manager(): EntityManager {
    return this.txHost.tx;
  }

  /** The open transaction's connection (TypeORM's query runner holds it from BEGIN to COMMIT). */
  private async transactionConnection(): Promise<pg.PoolClient> {
    const runner = this.txHost.tx.queryRunner as unknown as { databaseConnection?: pg.PoolClient; connect(): Promise<pg.PoolClient> } | undefined;
    if (!runner) throw new Error('a transaction without a query runner');
    return runner.databaseConnection ?? runner.connect();
  }

  /** Runs one statement on the current connection and answers its rows. */
  async query<R = any>(statement: Statement<R> | string, values?: readonly unknown[]): Promise<R[]> {
    return (await this.execute<R>(statement, values)).rows;
  }

  /** The first row of a statement's answer, or null. */
  async first<R = any>(statement: Statement<R> | string, values?: readonly unknown[]): Promise<R | null> {
    return (await this.execute<R>(statement, values)).rows[0] ?? null;
  }

  /** Runs one statement on the current connection: its rows and how many rows it touched. */
  async execute<R = any>(statement: Statement<R> | string, values?: readonly unknown[]): Promise<Outcome<R>> {
    const q = typeof statement === 'string' ? { text: statement, values } : statement;
    const config: pg.QueryConfig = { text: q.text, values: q.values as unknown[] | undefined };
    if (q.name) config.name = q.name;
    const connection: Connection = this.txHost.isTransactionActive() ? await this.transactionConnection() : this.pool;
    const result = await connection.query(config);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  }

  /**
   * Runs `work` as one unit of work: one connection from BEGIN to COMMIT (ROLLBACK when it
   * throws). Every query inside it, however deep, runs on that connection; a nested call joins the
   * open transaction. Work queued with {@link afterCommit} runs after the outermost COMMIT.
   */
  async transaction<T>(work: () => Promise<T>, options: { isolation?: IsolationLevel } = {}): Promise<T> {
    const run = () => (options.isolation ? this.txHost.withTransaction({ isolationLevel: options.isolation }, work) : this.txHost.withTransaction(work));
    if (this.inTransaction) return run(); // joins the open unit: its hooks run on the outer commit
    const hooks: (() => void)[] = [];
    const result = await this.committed.run(hooks, run);
    // Committed (a rollback threw above, and the hooks were dropped with it).
    for (const hook of hooks) {
      try {
        hook();
      } catch (err) {
        this.logger.error(`an after-commit hook failed: ${String(err)}`);
      }
    }
    return result;
  }

  /**
   * Runs `hook` once the current unit of work has committed (the outermost one, when they are
   * nested), never when it rolls back; outside a unit of work every statement has already
   * committed, so it runs at once. Hooks run in the order they were queued, synchronously after
   * COMMIT answered and outside the transaction's context: a hook must not throw, and whatever it
   * starts reaches the pool, not the finished transaction's connection.
   */
  afterCommit(hook: () => void): void {
    if (!this.inTransaction) return hook();
    const hooks = this.committed.getStore();
    // A transaction opened around Db (TransactionHost directly) would run the hook before its commit.
    if (!hooks) throw new Error('afterCommit in a transaction not opened by Db.transaction');
    hooks.push(hook);
  }
}
