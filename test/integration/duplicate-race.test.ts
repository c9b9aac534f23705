// Two renderings of one invoice whose extractions are recorded at the same moment still see each
// other: the firm's duplicate lock makes exactly one of them the duplicate, never none, never both.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { ExtractionRecord } from '../../src/domain/extraction-record.ts';
import { newId } from '../../src/domain/ids.ts';
import { dossiersRepo } from '../../src/repositories/dossiers.ts';
import { firmsRepo } from '../../src/repositories/firms.ts';
import { invoicesRepo } from '../../src/repositories/invoices.ts';
import { recordExtraction } from '../../src/services/duplicates.ts';
import { ENGINES, freshDatabase, type TestDatabase } from '../helpers/databases.ts';

const ROUNDS = 15;

const extraction = (numero: string): ExtractionRecord => ({
  fields: {
    montant_ht: '100.00', montant_tva: '20.00', montant_ttc: '120.00', fournisseur: 'ACME SAS', siret: '73282932000074',
    date_facture: '2026-01-15', numero, devise: 'EUR',
  },
  status: 'validated',
  extraction: {
    source: 'facturx', pages: 1, confidence: {}, review_reasons: [], duration_ms: 1, due_date: null, amount_due: null,
    vat_id: null, siren: null, iban: null, vat_breakdown: [],
  },
});

for (const engine of ENGINES) {
  describe(`duplicate detection under concurrency on ${engine}`, () => {
    let t: TestDatabase;
    before(async () => { t = await freshDatabase(engine); });
    after(async () => { await t.drop(); });

    test(`${ROUNDS} pairs recorded at once: exactly one of each pair is flagged, as a duplicate of the other`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        // A firm per round, so each pair can only match itself.
        const firmId = (await firmsRepo.insert(t.db, { id: newId('firm'), name: `Race ${round}` })).id;
        const folders = [newId('dos'), newId('dos')];
        for (const id of folders) await dossiersRepo.insert(t.db, firmId, { id, name: id });
        const pair = await Promise.all(folders.map((dossierId) => invoicesRepo.insert(t.db, firmId, {
          id: newId('inv'), dossier_id: dossierId, file_name: 'f.pdf', file_type: 'application/pdf', file_size: 1,
          file_sha256: randomUUID(), storage_key: randomUUID(),
        })));
        const results = await Promise.all(pair.map((invoice, i) => recordExtraction(t.db, firmId, invoice, extraction(i ? `F-${round}` : `f${round}`))));
        const flagged = results.filter((r) => r.duplicateOf !== null);
        assert.equal(flagged.length, 1, `round ${round}: ${JSON.stringify(results)}`);
        const [dup, original] = results[0]!.duplicateOf ? [pair[0]!, pair[1]!] : [pair[1]!, pair[0]!];
        const row = (await invoicesRepo.find(t.db, firmId, dup.id))!;
        assert.deepEqual([row.duplicate_of, row.duplicate_rule, row.status], [original.id, 'same_seller_and_number', 'pending']);
        assert.equal((await invoicesRepo.find(t.db, firmId, original.id))!.status, 'validated');
      }
    });
  });
}
