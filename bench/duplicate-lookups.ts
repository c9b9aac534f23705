// Likely-duplicate detection at scale (issue #15): the three lookups run when an extraction is
// recorded (none matching, the common case), and the ?duplicate=true page with its total, on one
// firm's folder of many invoices. PostgreSQL when TEST_DATABASE_URL is set, and the embedded one.
//   TEST_DATABASE_URL=postgres://… node bench/duplicate-lookups.ts
import { newId } from '../src/domain/ids.ts';
import { dossiersRepo } from '../src/repositories/dossiers.ts';
import { duplicatesRepo } from '../src/repositories/duplicates.ts';
import { firmsRepo } from '../src/repositories/firms.ts';
import { invoicesRepo } from '../src/repositories/invoices.ts';
import { ENGINES, freshDatabase } from '../test/helpers/databases.ts';

const SIZES = { postgres: 200_000, pglite: 50_000 } as const;
const PROBES = 200;

for (const engine of ENGINES) {
  const n = SIZES[engine];
  const t = await freshDatabase(engine);
  const firmId = (await firmsRepo.insert(t.db, { id: newId('firm'), name: 'Bench' })).id;
  const dossierId = (await dossiersRepo.insert(t.db, firmId, { id: newId('dos'), name: 'Bench' })).id;
  // 500 suppliers, a year of dates, one open flag per 1,000 invoices.
  await t.db.query(
    `INSERT INTO invoices (id, firm_id, dossier_id, file_name, file_type, file_size, file_sha256, storage_key, processing_state,
       fournisseur, date_facture, montant_ttc, numero, seller_key, numero_key, supplier_key, duplicate_of, duplicate_rule)
     SELECT 'inv_' || g, $1, $2, 'f.pdf', 'application/pdf', 1, md5(g::text), 'k/' || g, 'done', 'S' || (g % 500),
       date '2025-01-01' + (g % 365), g, 'F' || g, 'siren:' || lpad((g % 500)::text, 9, '0'), 'f' || g, 's ' || (g % 500),
       CASE WHEN g % 1000 = 0 THEN 'inv_1' END, CASE WHEN g % 1000 = 0 THEN 'same_file' END
     FROM generate_series(1, ${n}) AS g`,
    [firmId, dossierId],
  );
  await t.db.query('ANALYZE invoices');
  const times: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    const supplier = Math.floor(Math.random() * 500);
    const started = performance.now();
    await duplicatesRepo.findOriginal(t.db, firmId, {
      id: 'inv_new', file_sha256: 'unseen', seller_key: `siren:${String(supplier).padStart(9, '0')}`, numero_key: 'unseen',
      supplier_key: `s ${supplier}`, date_facture: '2025-02-01', montant_ttc: '1.00',
    });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const started = performance.now();
  const listed = await invoicesRepo.list(t.db, firmId, { dossierId, duplicate: true, page: 1, perPage: 25 });
  const listMs = performance.now() - started;
  console.log(`${engine}, ${n} invoices: the 3 lookups median ${times[PROBES / 2]!.toFixed(2)} ms, p95 ${times[Math.floor(PROBES * 0.95)]!.toFixed(2)} ms; `
    + `?duplicate=true page + total ${listMs.toFixed(1)} ms (total ${listed!.total})`);
  await t.drop();
}
