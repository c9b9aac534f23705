import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database.ts';
import { DATE_OID, INT8_OID, NUMERIC_OID } from './database.ts';

const identity = (value: string) => value;

export function connectPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const types = {
    getTypeParser(oid: number, format?: string) {
      if (oid === NUMERIC_OID || oid === DATE_OID) return identity;
      if (oid === INT8_OID) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, types });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});

  const run = async <R>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]): Promise<QueryResult<R>> => {
    const result = await client.query(sql, params as unknown[]);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  };

  return {
    engine: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Queryable = { query: (sql, params) => run(client, sql, params) };
      try {
        await client.query('BEGIN');
        const value = await fn(tx);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    bossAdapter: () => undefined,
    close: () => pool.end(),
  };
}
