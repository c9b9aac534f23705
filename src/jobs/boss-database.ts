// pg-boss over the service's own database, so jobs live beside the rows they concern. On the
// embedded database pg-boss drives the one PGlite instance through its own adapter (one per
// database); on PostgreSQL it opens a small pool of its own. Enqueuing goes through the caller's
// transaction instead, so a job exists if and only if the row it concerns does.
import { fromPglite, type Db } from 'pg-boss';
import type { Config } from '../config/config.ts';
import type { Database, Queryable } from '../db/database.ts';

const embeddedAdapters = new WeakMap<Database, Db>();

/** pg-boss's connection options for this database. */
export function bossConnection(db: Database, config: Pick<Config, 'databaseUrl'>) {
  if (db.engine === 'pglite') {
    let adapter = embeddedAdapters.get(db);
    if (!adapter) embeddedAdapters.set(db, (adapter = fromPglite(db.pglite!)));
    return { db: adapter, backend: 'pglite' as const };
  }
  return { connectionString: config.databaseUrl!, max: 4 };
}

/** Lets pg-boss write a job through the caller's transaction (enqueued atomically with the row). */
export function asBossDatabase(tx: Queryable): Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await tx.query(text, values);
      return { rows: result.rows };
    },
  } as Db;
}
