// Real databases for tests: the embedded one always, PostgreSQL too when TEST_DATABASE_URL is set.
// Each PostgreSQL user gets a fresh database of its own, so test files can run in parallel.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite } from '../../src/db/pglite.ts';
import { connectPostgres } from '../../src/db/postgres.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/database.ts';

export type Engine = 'pglite' | 'postgres';

export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase { db: Database; url: string | undefined; drop(): Promise<void> }

export async function freshDatabase(engine: Engine, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const db = await openPglite(undefined);
    if (options.migrate !== false) await migrate(db);
    return { db, url: undefined, drop: () => db.close() };
  }
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `invoices_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = connectPostgres(url.toString(), { max: 5 });
  if (options.migrate !== false) await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
