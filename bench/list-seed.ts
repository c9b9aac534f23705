// Seeds the list benchmark's data in bulk into the real (migrated) schema, with SQL only.
// Rows are written in creation order with the folders interleaved, as years of imports would
// leave them: a folder's invoices are spread over the whole table, not stored side by side.
//
// With N rows (N a multiple of 1,100): firm B holds N/11 (every 11th row, over 10 folders); of
// firm A's rows, every 5th goes to "big" (2N/11: 200,000 at N = 1,100,000), N/1,100 to "small"
// (1,000), the rest over 1,000 other folders.
import type { Database } from '../src/db/database.ts';

export const FIRM_A = 'firm_0000000000000000000000000a';
export const FIRM_B = 'firm_0000000000000000000000000b';
export const USER_A = 'usr_0000000000000000000000000a';
export const BIG = 'dos_00000000000000000000000big';
export const SMALL = 'dos_000000000000000000000small';

const pad = (prefix: string, expr: string) => `'${prefix}_' || lpad(${expr}, 26, '0')`;

/** Which folder row g (1..N) belongs to. */
const FOLDER_OF = `CASE
  WHEN g % 11 = 0 THEN ${pad('dos', `'b' || (g % 10)::text`)}
  WHEN g % 5 = 1 THEN '${BIG}'
  WHEN g % 1000 = 2 THEN '${SMALL}'
  ELSE ${pad('dos', `'r' || ((g * 7919) % 1000)::text`)} END`;

export async function seedListData(db: Database, rows: number, log: (line: string) => void): Promise<void> {
  if (rows % 1100 !== 0) throw new Error('rows must be a multiple of 1,100');
  await db.query(`INSERT INTO firms (id, name) VALUES ('${FIRM_A}', 'Bench firm A'), ('${FIRM_B}', 'Bench firm B')`);
  await db.query(`INSERT INTO users (id, firm_id, email, password_hash) VALUES ('${USER_A}', '${FIRM_A}', 'bench@a.test', 'not-a-hash')`);
  await db.query(`INSERT INTO dossiers (id, firm_id, name) VALUES
    ('${BIG}', '${FIRM_A}', 'Big'), ('${SMALL}', '${FIRM_A}', 'Small')`);
  await db.query(`INSERT INTO dossiers (id, firm_id, name)
    SELECT ${pad('dos', `'r' || r::text`)}, '${FIRM_A}', 'Folder ' || r FROM generate_series(0, 999) r`);
  await db.query(`INSERT INTO dossiers (id, firm_id, name)
    SELECT ${pad('dos', `'b' || r::text`)}, '${FIRM_B}', 'Folder ' || r FROM generate_series(0, 9) r`);

  // Bulk loading is far faster into a table without its secondary indexes: they are dropped and
  // rebuilt from their own definitions, so the schema measured is exactly the migrated one.
  const { rows: indexes } = await db.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'invoices' AND indexname <> 'invoices_pkey'`);
  for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);

  let started = Date.now();
  // One statement: the counters' statement trigger adds 1.1M rows with one grouped upsert.
  await db.query(`INSERT INTO invoices (id, firm_id, dossier_id, status, montant_ht, montant_tva, montant_ttc, fournisseur, siret,
      date_facture, numero, devise, processing_state, processing_attempts, processing_started_at, processing_finished_at, extraction,
      file_name, file_type, file_size, file_sha256, storage_key, created_at, updated_at)
    SELECT ${pad('inv', 'g::text')}, CASE WHEN g % 11 = 0 THEN '${FIRM_B}' ELSE '${FIRM_A}' END, ${FOLDER_OF},
      CASE WHEN fresh THEN 'pending' WHEN h % 20 < 3 THEN 'pending' WHEN h % 20 < 8 THEN 'exported' ELSE 'validated' END,
      CASE WHEN fresh THEN NULL ELSE round(ttc / 1.2, 2) END, CASE WHEN fresh THEN NULL ELSE ttc - round(ttc / 1.2, 2) END,
      CASE WHEN fresh THEN NULL ELSE ttc END,
      CASE WHEN fresh THEN NULL ELSE 'Fournisseur ' || (h % 5000) END,
      CASE WHEN fresh THEN NULL ELSE lpad((h % 100000000000000)::text, 14, '0') END,
      CASE WHEN fresh THEN NULL ELSE date '2021-01-01' + (h % 1826)::int END,
      CASE WHEN fresh THEN NULL ELSE 'F-' || g END, CASE WHEN fresh THEN NULL ELSE 'EUR' END,
      CASE WHEN fresh THEN 'queued' ELSE 'done' END, CASE WHEN fresh THEN 0 ELSE 1 END,
      CASE WHEN fresh THEN NULL ELSE created END, CASE WHEN fresh THEN NULL ELSE created + interval '3 seconds' END,
      CASE WHEN fresh THEN NULL ELSE jsonb_build_object('source', 'pdf-text', 'pages', 1, 'duration_ms', 640,
        'confidence', jsonb_build_object('montant_ht', 0.95, 'montant_tva', 0.95, 'montant_ttc', 0.97, 'date_facture', 0.9, 'fournisseur', 0.8),
        'review_reasons', CASE WHEN h % 20 < 3 THEN jsonb_build_array('The amounts do not add up: HT + TVA differs from TTC') ELSE '[]'::jsonb END,
        'due_date', NULL, 'amount_due', NULL, 'vat_id', 'FR32123456789', 'siren', '123456789', 'iban', NULL,
        'vat_breakdown', jsonb_build_array(jsonb_build_object('rate', 20, 'basis', round(ttc / 1.2, 2)::text, 'tax', (ttc - round(ttc / 1.2, 2))::text))) END,
      'facture-' || g || '.pdf', 'application/pdf', 40000 + h % 200000, md5(g::text) || md5((g + 1)::text),
      CASE WHEN g % 11 = 0 THEN '${FIRM_B}' ELSE '${FIRM_A}' END || '/' || ${pad('inv', 'g::text')} || '.pdf', created, created
    FROM (
      SELECT g, (g * 2654435761) % 4294967296 AS h, g % 50 = 3 AS fresh,
        ((g * 2654435761) % 10000000) / 100.0 AS ttc,
        timestamptz '2021-01-01' + g * (interval '4 years' / ${rows}) AS created
      FROM generate_series(1::bigint, ${rows}) g
    ) AS s`);
  log(`inserted ${rows} invoices in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  started = Date.now();
  await db.transaction(async (tx) => {
    await tx.query("SET LOCAL maintenance_work_mem = '256MB'");
    for (const index of indexes) await tx.query(index.def);
  });
  log(`rebuilt ${indexes.length} indexes in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  started = Date.now();
  // Sets the visibility map (index-only scans) and the statistics, as autovacuum would in production.
  await db.query('VACUUM (ANALYZE) invoices');
  await db.query('ANALYZE invoice_counts');
  log(`vacuumed and analysed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
