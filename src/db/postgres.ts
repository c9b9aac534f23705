import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database.ts';
import { DATE_OID, INT8_OID, NUMERIC_OID } from './database.ts';
import { isDatabaseUnavailable } from './errors.ts';

const identity = (value: string) => value;

export function connectPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const types = {
    getTypeParser(oid: number, format?: string) {
      if (oid === NUMERIC_OID || oid === DATE_OID) return identity;
      if (oid === INT8_OID) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  // A server that does not answer fails a request after 5 s instead of holding it.
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, types, connectionTimeoutMillis: 5000 });
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
      // A checked-out client has no listener of the pool's: a server restart would emit 'error'
      // with nobody listening and end the process. The error is kept, so the client is discarded.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      const tx: Queryable = { query: (sql, params) => run(client, sql, params) };
      try {
        await client.query('BEGIN');
        const value = await fn(tx);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        if (!broken && isDatabaseUnavailable(error)) broken = error as Error;
        if (!broken) await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        // A broken client keeps its listener: it may still emit after release, and is never reused.
        if (!broken) client.off('error', onError);
        client.release(broken);
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
