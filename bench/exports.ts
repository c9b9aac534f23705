// Export to accounting at size: POST /api/v1/exports over real HTTP for a folder of N validated
// invoices (two VAT rates each), then GET its file. The baseline, in the same run on the same
// rows, is the writer alone (renderFec / renderCsv over the batch's snapshot), so the difference
// is what the transaction (locks, updates, the snapshot) and HTTP add.
//
//   node bench/exports.ts [--invoices 1000,10000]        (embedded PGlite)
//   BENCH_DATABASE_URL=postgres://… node bench/exports.ts (PostgreSQL: a scratch database)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.ts';
import { renderCsv } from '../src/domain/csv.ts';
import { bookingDay } from '../src/domain/exports.ts';
import { renderFec } from '../src/domain/fec.ts';
import { createLogger } from '../src/logger.ts';
import { exportsRepo } from '../src/repositories/exports.ts';
import { startService } from '../src/runtime.ts';
import { createUser } from '../src/services/users.ts';
import { machine } from './lib.ts';

const { values } = parseArgs({ options: { invoices: { type: 'string', default: '1000,10000' } } });
const sizes = values.invoices!.split(',').map(Number);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) });
const service = await startService({ config, logger: createLogger('silent'), extract: async () => { throw new Error('no extraction here'); } });
const base = await service.app!.listen({ host: '127.0.0.1', port: 0 });
const db = service.deps.db;

const email = `bench-${Date.now()}@example.test`;
const { firm } = await createUser(db, { firm: `Bench ${Date.now()}`, email, password: 'bench-password-1' });
const { access_token } = await (await fetch(`${base}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password-1' }) })).json() as { access_token: string };
const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };

/** A folder of n validated invoices, written in one statement (fresh rows: the planner's worst case). */
async function seed(n: number): Promise<string> {
  const dossier = await (await fetch(`${base}/api/v1/dossiers`, { method: 'POST', headers, body: JSON.stringify({ name: `bench ${n} ${Date.now()}` }) })).json() as { id: string };
  await db.query(`INSERT INTO invoices (id, firm_id, dossier_id, status, montant_ht, montant_tva, montant_ttc, fournisseur, siret, date_facture, numero, devise,
      processing_state, extraction, file_name, file_type, file_size, file_sha256, storage_key)
    SELECT $2 || '_' || g, $1, $2, 'validated', 200 + g % 100, 30, 230 + g % 100, 'Fournisseur ' || (g % 50), NULL, date '2025-01-01' + (g % 365), 'F-' || g, 'EUR',
      'done', '{"source":"facturx","vat_breakdown":[{"rate":20,"basis":"100.00","tax":"20.00"},{"rate":10,"basis":"100.00","tax":"10.00"}]}'::jsonb,
      'f.pdf', 'application/pdf', 1, $2 || g, 'k'
    FROM generate_series(1, $3::int) g`, [firm.id, dossier.id, n]);
  return dossier.id;
}

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => { const t0 = performance.now(); const value = await fn(); return [value, performance.now() - t0]; };

console.log(`Machine: ${machine()}, ${db.engine}, ${new Date().toISOString().slice(0, 10)}\n`);
console.log('| invoices | format | POST /exports ms | GET file ms | file KB | lines | writer alone ms (baseline) |');
console.log('|---|---|---|---|---|---|---|');
for (const n of sizes) {
  for (const format of ['fec', 'csv'] as const) {
    const dossierId = await seed(n);
    const [created, postMs] = await timed(() => fetch(`${base}/api/v1/exports`, { method: 'POST', headers, body: JSON.stringify({ dossier_id: dossierId, format }) }));
    if (created.status !== 201) throw new Error(`export answered ${created.status}: ${await created.text()}`);
    const batch = await created.json() as { id: string; charge_account: string; created_at: string };
    const [body, getMs] = await timed(async () => (await fetch(`${base}/api/v1/exports/${batch.id}/file`, { headers })).text());
    const rows = await exportsRepo.snapshot(db, firm.id, batch.id);
    const [, writerMs] = await timed(async () => (format === 'fec'
      ? renderFec(rows, { chargeAccount: batch.charge_account, validDate: bookingDay(new Date(batch.created_at)) })
      : renderCsv(rows, batch.id)));
    const lines = body.split('\r\n').length - 2;
    console.log(`| ${n} | ${format} | ${postMs.toFixed(0)} | ${getMs.toFixed(0)} | ${(Buffer.byteLength(body) / 1024).toFixed(0)} | ${lines} | ${writerMs.toFixed(0)} |`);
  }
}
await service.close();
fs.rmSync(dataDir, { recursive: true, force: true });
