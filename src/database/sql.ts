import type { Statement } from './db.js';

/**
 * SQL the compiler checks where it can, without a query builder: each table's columns are defined
 * once, keyed by the domain type's property names (a missing, extra or misspelt property does not
 * compile), and statements take named parameters (`${p.gameId}`: a name the parameter type lacks
 * does not compile, and a call must give every parameter). The SQL text itself stays plain and
 * reviewable; it is built once per statement, so named prepared statements keep working.
 */

/** A column: its name and its PostgreSQL type (for `unnest($n::type[])` and casts). */
export type Column = readonly [name: string, type: string];

/** Every property of `T`, each with its column. */
export type Columns<T> = { readonly [K in keyof T]-?: Column };

export interface Table<T> {
  readonly name: string;
  readonly columns: Columns<T>;
  /** The column of a property. */
  col(key: keyof T): string;
  /** `alias.column AS "property"` for these properties (all by default): rows come back as `T`. */
  select(alias: string, keys?: readonly (keyof T)[]): string;
  /** `column, column, …` for these properties. */
  names(keys: readonly (keyof T)[]): string;
}

export function table<T>(name: string, columns: Columns<T>): Table<T> {
  const all = Object.keys(columns) as (keyof T)[];
  return {
    name,
    columns,
    col: (key) => columns[key][0],
    select: (alias, keys = all) => keys.map((k) => `${alias}.${columns[k][0]} AS "${String(k)}"`).join(', '),
    names: (keys) => keys.map((k) => columns[k][0]).join(', '),
  };
}

/** The placeholders of a statement's named parameters: `${p.gameId}` is `$1`, and so on. */
export type Placeholders<P> = { readonly [K in keyof P]-?: string };

/** A statement with named parameters; call it with them to get the statement to run. */
export interface Prepared<P, R> {
  (params: P): Statement<R>;
  readonly text: string;
  /** The prepared statement's name (null: unnamed). */
  readonly statementName: string | null;
  /** The parameters in placeholder order. */
  readonly order: readonly (keyof P)[];
}

/**
 * A statement with named parameters, built once: `build` writes the SQL with `${p.name}` where a
 * parameter goes (the same name twice is the same placeholder). With a `name`, node-postgres
 * prepares it once per connection.
 */
export function sql<P, R = unknown>(name: string | null, build: (p: Placeholders<P>) => string): Prepared<P, R> {
  const order: (keyof P)[] = [];
  const placeholders = new Proxy({} as Placeholders<P>, {
    get: (_, key) => {
      if (typeof key !== 'string') throw new Error(`parameter ${String(key)}`);
      let i = order.indexOf(key as keyof P);
      if (i < 0) i = order.push(key as keyof P) - 1;
      return `$${i + 1}`;
    },
  });
  const text = build(placeholders);
  const bind = (params: P): Statement<R> => {
    const values = order.map((k) => params[k]);
    return name ? { name, text, values } : { text, values };
  };
  return Object.assign(bind, { text, statementName: name, order });
}
