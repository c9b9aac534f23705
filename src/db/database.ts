// One small interface over both engines, so repositories never know which one they run on.
// Glossary:
//   Queryable  - anything that runs a parameterised statement (the database, or a transaction).
//   rowCount   - rows returned by SELECT, or affected by INSERT/UPDATE/DELETE.
import type { Db as BossDatabase } from 'pg-boss';

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
  /** The same connection(s), shaped for pg-boss, so jobs live in the same database. */
  bossAdapter(): BossDatabase | undefined;
  close(): Promise<void>;
}

/** Lets pg-boss write a job through the caller's transaction (enqueue atomically with the row). */
export function asBossDatabase(tx: Queryable): BossDatabase {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await tx.query(text, values);
      return { rows: result.rows };
    },
  } as BossDatabase;
}

// Both engines return these types as strings, never as floats or local-time Date objects.
export const NUMERIC_OID = 1700;
export const DATE_OID = 1082;
export const INT8_OID = 20;
