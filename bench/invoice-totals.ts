// The review table's totals row: invoiceTotalsRepo.sum (GET /api/v1/invoices/totals without HTTP)
// on the list benchmark's data, for its big folder and its small one.
//
//   node bench/invoice-totals.ts --engine pglite --rows 110000      (big folder: 20,000 invoices)
//   node bench/invoice-totals.ts --engine postgres --rows 1100000   (big folder: 200,000 invoices)
// PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
// a database is created for the run and dropped after it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { connectPostgres } from '../src/db/postgres.ts';
import { invoiceTotalsRepo, type TotalsFilter } from '../src/repositories/invoice-totals.ts';
import { machine, summarise } from './lib.ts';
import { BIG, FIRM_A, SMALL, seedListData } from './list-seed.ts';

const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'pglite' }, rows: { type: 'string' }, repeat: { type: 'string', default: '20' } } });
const engine = args.engine === 'postgres' ? 'postgres' : 'pglite';
const rows = Number(args.rows ?? (engine === 'pglite' ? 110_000 : 1_100_000));
const log = (line: string) => process.stderr.write(`[bench:totals] ${line}\n`);

async function open(): Promise<{ db: Database; close(): Promise<void> }> {
  if (engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-totals-'));
    const db = await openPglite(path.join(dir, 'pgdata'));
    return { db, close: async () => { await db.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const admin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `invoices_totals_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => { const c = new pg.Client({ connectionString: admin }); await c.connect(); await c.query(sql); await c.end(); };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = connectPostgres(url.toString());
  return { db, close: async () => { await db.close(); await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } };
}

const { db, close } = await open();
try {
  await migrate(db);
  await seedListData(db, rows, log);
  if (engine === 'postgres') await db.query('ANALYZE invoices');
  const big = (rows * 2) / 11;
  const cases: Array<[string, TotalsFilter]> = [
    [`${big.toLocaleString('en')} invoices, no filter`, { dossierId: BIG }],
    ['the same, status=validated', { dossierId: BIG, status: 'validated' }],
    ['the same, status + one-year range', { dossierId: BIG, status: 'validated', dateFrom: '2024-01-01', dateTo: '2024-12-31' }],
    [`${(rows / 1100).toLocaleString('en')} invoices, no filter`, { dossierId: SMALL }],
  ];
  console.log(`\n${engine}, ${rows.toLocaleString('en')} invoices seeded; ${machine()}; ${args.repeat} calls each after 2 warm-up calls\n`);
  console.log('| case | calls | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|');
  for (const [label, filter] of cases) {
    for (let i = 0; i < 2; i++) await invoiceTotalsRepo.sum(db, FIRM_A, filter);
    const ms: number[] = [];
    for (let i = 0; i < Number(args.repeat); i++) {
      const started = performance.now();
      await invoiceTotalsRepo.sum(db, FIRM_A, filter);
      ms.push(performance.now() - started);
    }
    console.log(summarise(label, ms));
  }
} finally {
  await close();
}
