// Every duplicate lookup is a range of its own index (migration 040), never a scan of the firm's
// invoices: each statement the repositories send is planned on a real database holding many
// invoices, with sequential scans priced out, and its plan must name the index.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Queryable } from '../../src/db/database.ts';
import { newId } from '../../src/domain/ids.ts';
import { dossiersRepo } from '../../src/repositories/dossiers.ts';
import { duplicatesRepo } from '../../src/repositories/duplicates.ts';
import { firmsRepo } from '../../src/repositories/firms.ts';
import { invoicesRepo } from '../../src/repositories/invoices.ts';
import { ENGINES, freshDatabase, type TestDatabase } from '../helpers/databases.ts';

const INVOICES = 3000;

/** Plans each statement instead of running it, and keeps the plans; every query answers no rows. */
function planner(db: Queryable, plans: string[]): Queryable {
  return {
    async query(sql: string, params?: unknown[]) {
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      return { rows: [], rowCount: 0 };
    },
  };
}

for (const engine of ENGINES) {
  describe(`duplicate lookups on ${engine}`, () => {
    let t: TestDatabase;
    let firmId: string;
    let dossierId: string;
    before(async () => {
      t = await freshDatabase(engine);
      firmId = (await firmsRepo.insert(t.db, { id: newId('firm'), name: 'Many' })).id;
      dossierId = (await dossiersRepo.insert(t.db, firmId, { id: newId('dos'), name: 'Many' })).id;
      await t.db.query(
        `INSERT INTO invoices (id, firm_id, dossier_id, file_name, file_type, file_size, file_sha256, storage_key, processing_state,
           fournisseur, date_facture, montant_ttc, numero, seller_key, numero_key, supplier_key)
         SELECT 'inv_' || g, $1, $2, 'f.pdf', 'application/pdf', 1, md5(g::text), 'k/' || g, 'done',
           'Supplier ' || (g % 50), date '2025-01-01' + (g % 365), g, 'F' || g, 'siren:' || lpad((g % 50)::text, 9, '0'), 'f' || g, 'supplier ' || (g % 50)
         FROM generate_series(1, ${INVOICES}) AS g`,
        [firmId, dossierId],
      );
      await t.db.query(`UPDATE invoices SET duplicate_of = 'inv_1', duplicate_rule = 'same_file' WHERE id IN ('inv_2', 'inv_3')`);
      await t.db.query('ANALYZE invoices');
    });
    after(async () => { await t.drop(); });

    /** The plans of fn's statements, with sequential scans priced out for that transaction only. */
    async function plansOf(fn: (q: Queryable) => Promise<unknown>): Promise<string[]> {
      const plans: string[] = [];
      await t.db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        await fn(planner(tx, plans));
      });
      return plans;
    }

    test('each rule reads one range of its index', async () => {
      const plans = await plansOf((q) => duplicatesRepo.findOriginal(q, firmId, {
        id: 'inv_new', file_sha256: 'abc', seller_key: 'siren:000000007', numero_key: 'f7', supplier_key: 'supplier 7',
        date_facture: '2025-01-08', montant_ttc: '7.00',
      }));
      assert.equal(plans.length, 3, 'one statement per rule');
      for (const [plan, index] of plans.map((p, i) => [p, ['invoices_firm_sha256', 'invoices_dup_seller_numero', 'invoices_dup_supplier_date_ttc'][i]!])) {
        assert.match(plan, new RegExp(`Index (Only )?Scan using ${index}`), plan);
        assert.doesNotMatch(plan, /Seq Scan/, plan);
      }
    });

    test('?duplicate=true counts and pages from the partial index of open flags', async () => {
      const plans = await plansOf((q) => invoicesRepo.list(q, firmId, { dossierId, duplicate: true, page: 1, perPage: 25 }));
      assert.match(plans[0]!, /invoices_duplicates_open/, plans[0]);
      const listed = await invoicesRepo.list(t.db, firmId, { dossierId, duplicate: true, page: 1, perPage: 25 });
      assert.deepEqual(listed!.rows.map((r) => r.id).sort(), ['inv_2', 'inv_3']);
      assert.equal(listed!.total, 2);
    });
  });
}
