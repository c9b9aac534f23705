// One small interface over both engines, so repositories never know which one they run on.
// Glossary:
//   Queryable  - anything that runs a parameterised statement (the database, or a transaction).
//   rowCount   - rows returned by SELECT, or affected by INSERT/UPDATE/DELETE.
import type { PGlite } from '@electric-sql/pglite';

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs fn in one transaction; transactions never interleave on a shared connection. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Multi-statement SQL without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * The embedded engine's own instance (pglite only), for a library that must drive the one
   * connection itself, as the job queue does; everything else goes through query() and transaction().
   */
  readonly pglite?: PGlite;
  close(): Promise<void>;
}

// Both engines return these types as strings, never as floats or local-time Date objects.
export const NUMERIC_OID = 1700;
export const DATE_OID = 1082;
export const INT8_OID = 20;
