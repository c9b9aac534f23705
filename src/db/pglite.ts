// PGlite: real PostgreSQL compiled to WASM, one connection per process.
// PGlite's query(), exec() and transaction() all take one exclusive lock, so running our
// transactions through pglite.transaction() serialises them against every other statement,
// including those of a library that drives the instance itself (the job queue, given `pglite`).
// (kysely-pglite ran BEGIN/COMMIT as plain statements and lost writes.)
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, QueryResult } from './database.ts';
import { DATE_OID, INT8_OID, NUMERIC_OID } from './database.ts';

interface PgliteResult { rows: unknown[]; affectedRows?: number }

function toResult<R>(result: PgliteResult): QueryResult<R> {
  // affectedRows is 0 for SELECT; callers expect the number of rows returned there.
  return { rows: result.rows as R[], rowCount: result.affectedRows || result.rows.length };
}

/** Opens (creating when needed) the embedded database in dir, or in memory when dir is undefined. */
export async function openPglite(dir: string | undefined): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir, {
    parsers: {
      [NUMERIC_OID]: (value: string) => value,
      [DATE_OID]: (value: string) => value,
      [INT8_OID]: (value: string) => Number(value),
    },
  });

  return {
    engine: 'pglite',
    query: async (sql, params) => toResult(await db.query(sql, params)),
    transaction: (fn) => db.transaction((tx) => fn({ query: async (sql, params) => toResult(await tx.query(sql, params)) })),
    async exec(sql) {
      await db.exec(sql);
    },
    pglite: db,
    async close() {
      if (!db.closed) await db.close();
    },
  };
}
