// The per-folder, per-status counters behind meta.total (migration 010) never drift from the rows:
// imports, extraction results, validations, corrections, exports, moves and deletes run
// concurrently (and some roll back), then every counter is compared with a real count.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Database, Queryable } from '../../src/db/database.ts';
import { migrate, migrationFiles } from '../../src/db/migrate.ts';
import { newId } from '../../src/domain/ids.ts';
import type { InvoiceStatus } from '../../src/domain/invoice.ts';
import { dossiersRepo } from '../../src/repositories/dossiers.ts';
import { firmsRepo } from '../../src/repositories/firms.ts';
import { invoicesRepo } from '../../src/repositories/invoices.ts';
import { ENGINES, freshDatabase, type TestDatabase } from '../helpers/databases.ts';

/** A small seeded generator, so a failing interleaving can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (n: number) => { // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}

const COUNTERS = `SELECT firm_id, dossier_id, status, month::text, n::int AS n FROM invoice_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`;
const REAL = `SELECT firm_id, dossier_id, status, coalesce(date_trunc('month', date_facture)::date::text, 'infinity') AS month, count(*)::int AS n
  FROM invoices GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;

/** Ranges of every shape: whole months, partial ends, within one month, open on either side. */
const RANGES: Array<[string | undefined, string | undefined]> = [
  ['2025-01-01', '2025-12-31'], ['2025-02-15', '2025-06-10'], ['2025-03-03', '2025-03-20'], [undefined, '2025-04-30'],
  ['2025-02-28', undefined], ['2024-12-31', '2025-01-01'], ['2025-01-31', '2025-02-01'], [undefined, '2025-02-14'],
];

async function assertExact(db: Queryable) {
  assert.deepEqual((await db.query(COUNTERS)).rows, (await db.query(REAL)).rows);
}

async function newInvoice(tx: Queryable, firmId: string, dossierId: string) {
  const id = newId('inv');
  return invoicesRepo.insert(tx, firmId, {
    id, dossier_id: dossierId, file_name: 'f.pdf', file_type: 'application/pdf', file_size: 1, file_sha256: id, storage_key: `k/${id}`,
  });
}

const fields = { montant_ht: '10.00', montant_tva: '2.00', montant_ttc: '12.00', fournisseur: 'ACME', siret: null, date_facture: '2025-03-01', numero: 'F1', devise: 'EUR' };
/** A date between 2024-12 and 2025-07, month ends included. */
const someDate = (pick: (n: number) => number) => {
  const month = pick(8);
  const year = month === 0 ? 2024 : 2025;
  const mm = month === 0 ? 12 : month;
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  return `${year}-${String(mm).padStart(2, '0')}-${String(pick(4) === 0 ? last : 1 + pick(last)).padStart(2, '0')}`;
};

/** One client's stream of operations, each in its own transaction, as the service runs them. */
/** Runs the operations; returns the statuses some committed statement gave an invoice, so the test knows what it exercised. */
async function client(db: Database, firmId: string, dossiers: string[], seed: number, operations: number): Promise<Set<InvoiceStatus>> {
  const pick = seeded(seed);
  const written = new Set<InvoiceStatus>(['pending']);
  const randomInvoice = async (status?: InvoiceStatus) => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM invoices WHERE firm_id = $1 ${status ? 'AND status = $2' : ''} ORDER BY md5(id || $${status ? 3 : 2}) LIMIT 1`,
      status ? [firmId, status, String(pick(1e6))] : [firmId, String(pick(1e6))],
    );
    return rows[0]?.id;
  };
  for (let i = 0; i < operations; i++) {
    const dossierId = dossiers[pick(dossiers.length)]!;
    switch (pick(8)) {
      case 0: case 1: // an import, like completeImport's transaction
        await db.transaction((tx) => newInvoice(tx, firmId, dossierId));
        break;
      case 2: { // an extraction result: validated or pending, written once
        const id = await randomInvoice('pending');
        if (id) {
          const status = pick(2) ? 'validated' : 'pending';
          if (await invoicesRepo.saveExtraction(db, firmId, id, {
            fields: { ...fields, date_facture: pick(10) ? someDate(pick) : null }, status, extraction: null as never,
          })) written.add(status);
        }
        break;
      }
      case 3: { // a reviewer validates, or corrects a validated invoice back to pending
        const id = await randomInvoice();
        if (id) {
          await db.transaction(async (tx) => {
            const row = await invoicesRepo.findForUpdate(tx, firmId, id);
            if (row && row.status !== 'exported') {
              // Half the corrections move the invoice to another month.
              const correction = pick(2) ? { date_facture: someDate(pick) } : { fournisseur: 'Corrected' };
              const status = row.status === 'pending' ? 'validated' : 'pending';
              await invoicesRepo.updateReviewed(tx, firmId, id, correction, status);
              written.add(status);
            }
          });
        }
        break;
      }
      case 4: // an export of a folder's validated invoices, many rows in one statement
        if ((await db.query("UPDATE invoices SET status = 'exported' WHERE firm_id = $1 AND dossier_id = $2 AND status = 'validated'", [firmId, dossierId])).rowCount) written.add('exported');
        break;
      case 5: { // deletes, one or several rows per statement
        const ids = [await randomInvoice(), pick(3) ? undefined : await randomInvoice()].filter(Boolean);
        await db.query('DELETE FROM invoices WHERE firm_id = $1 AND id = ANY($2)', [firmId, ids]);
        break;
      }
      case 6: { // a move to another folder (no API yet; the counters must follow any UPDATE)
        const id = await randomInvoice();
        if (id) await db.query('UPDATE invoices SET dossier_id = $3 WHERE firm_id = $1 AND id = $2', [firmId, id, dossierId]);
        break;
      }
      default: // an import that fails after its insert: the counter change rolls back with it
        await assert.rejects(db.transaction(async (tx) => {
          const invoice = await newInvoice(tx, firmId, dossierId);
          await tx.query("UPDATE invoices SET status = 'validated' WHERE firm_id = $1 AND id = $2", [firmId, invoice.id]);
          throw new Error('upload failed');
        }), /upload failed/);
    }
  }
  return written;
}

for (const engine of ENGINES) {
  describe(`invoice counters on ${engine}`, () => {
    let t: TestDatabase;
    before(async () => { t = await freshDatabase(engine); });
    after(async () => { await t.drop(); });

    test('concurrent imports, validations, exports, moves and deletes leave every counter exact', async () => {
      const firms = await Promise.all(['A', 'B'].map(async (name) => {
        const firm = await firmsRepo.insert(t.db, { id: newId('firm'), name: `Counters ${name}` });
        const dossiers = [];
        for (let d = 0; d < 3; d++) dossiers.push((await dossiersRepo.insert(t.db, firm.id, { id: newId('dos'), name: `Folder ${d}` })).id);
        return { firmId: firm.id, dossiers };
      }));
      const clients = [1, 2, 3, 4, 5, 6].map((seed) => {
        const { firmId, dossiers } = firms[seed % 2]!;
        return client(t.db, firmId, dossiers, seed, 120);
      });
      // Which statuses are left at the end depends on how the clients interleave; which ones were
      // written along the way does not, given the seeds.
      const written = new Set((await Promise.all(clients)).flatMap((s) => [...s]));
      assert.deepEqual([...written].sort(), ['exported', 'pending', 'validated'], 'every status was written');
      const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices');
      assert.ok(rows[0]!.n > 20, `the run left ${rows[0]!.n} invoices`);
      await assertExact(t.db);

      // What the API reads agrees with real counts: the folder's invoice_count and the list's totals.
      for (const { firmId, dossiers } of firms) {
        for (const dossierId of dossiers) {
          const real = async (extra = '', params: unknown[] = []) => (await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM invoices WHERE firm_id = $1 AND dossier_id = $2 ${extra}`, [firmId, dossierId, ...params])).rows[0]!.n;
          assert.equal((await dossiersRepo.find(t.db, firmId, dossierId))!.invoice_count, await real());
          const list = (filter: object) => invoicesRepo.list(t.db, firmId, { dossierId, page: 1, perPage: 5, ...filter });
          assert.equal((await list({}))!.total, await real());
          for (const status of [undefined, 'pending', 'validated', 'exported'] as const) {
            const byStatus = status ? 'AND status = $3' : 'AND $3::text IS NULL';
            assert.equal((await list({ status }))!.total, await real(byStatus, [status ?? null]));
            for (const [dateFrom, dateTo] of RANGES) {
              assert.equal((await list({ status, dateFrom, dateTo }))!.total,
                await real(`${byStatus} AND date_facture >= coalesce($4::date, '-infinity') AND date_facture <= coalesce($5::date, 'infinity')`,
                  [status ?? null, dateFrom ?? null, dateTo ?? null]), `${status} ${dateFrom}..${dateTo}`);
            }
          }
        }
      }
      assert.equal(await invoicesRepo.list(t.db, firms[0]!.firmId, { dossierId: firms[1]!.dossiers[0]!, page: 1, perPage: 5 }), undefined,
        "another firm's folder does not exist for this firm");
    });

    test('TRUNCATE clears the counters with the rows', async () => {
      await t.db.query('TRUNCATE invoices CASCADE');
      await assertExact(t.db);
      assert.equal((await t.db.query('SELECT * FROM invoice_counts')).rows.length, 0);
    });
  });

  describe(`migration 010 on ${engine}`, () => {
    let t: TestDatabase;
    before(async () => { t = await freshDatabase(engine, { migrate: false }); });
    after(async () => { await t.drop(); });

    test('fills the counters from the invoices that exist when it runs', async () => {
      // Apply the migrations before 010 by hand, as an older release did, then write invoices.
      const dir = path.join(import.meta.dirname, '../../src/db/migrations');
      await t.db.exec('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const file of migrationFiles().filter((f) => f < '010')) {
        for (const statement of fs.readFileSync(path.join(dir, file), 'utf8').split(/^-- statement$/m).map((s) => s.trim()).filter(Boolean)) {
          await t.db.query(statement);
        }
        await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      }
      const firm = await firmsRepo.insert(t.db, { id: newId('firm'), name: 'Old' });
      await t.db.query('INSERT INTO dossiers (id, firm_id, name) VALUES ($1, $2, $3)', ['dos_old', firm.id, 'Old folder']);
      for (let i = 0; i < 7; i++) await newInvoice(t.db, firm.id, 'dos_old');
      await t.db.query("UPDATE invoices SET status = 'validated' WHERE id IN (SELECT id FROM invoices ORDER BY id LIMIT 3)");
      assert.ok((await migrate(t.db)).includes('010_list_counters_and_indexes.sql'));
      await assertExact(t.db);
      assert.equal((await invoicesRepo.list(t.db, firm.id, { dossierId: 'dos_old', status: 'validated', page: 1, perPage: 2 }))!.total, 3);
    });
  });
}
