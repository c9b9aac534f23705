import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { connectPostgres } from './postgres.ts';

/** PostgreSQL when DATABASE_URL is set, the embedded database under DATA_DIR otherwise; migrated. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const db = config.databaseUrl
    ? connectPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, 'pgdata'));
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
