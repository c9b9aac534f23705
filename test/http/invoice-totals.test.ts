// GET /api/v1/invoices/totals: the count and sums of every invoice the list's filter selects (all
// pages), the list's validation, and nothing across firms.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { newId } from '../../src/domain/ids.ts';
import type { InvoiceStatus } from '../../src/domain/invoice.ts';
import { invoicesRepo } from '../../src/repositories/invoices.ts';
import { ENGINES } from '../helpers/databases.ts';
import { contractInject } from '../helpers/openapi.ts';
import { newFirm, startTestService, type TestService } from '../helpers/service.ts';

for (const engine of ENGINES) {
  describe(`invoice totals on ${engine}`, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(engine, {}, async () => { throw new Error('no extraction in these tests'); }); });
    after(async () => { await svc.stop(); });
    const inject = contractInject(() => svc.app!);

    /** An extracted invoice written as the worker writes it. */
    async function seed(firmId: string, dossierId: string, ttc: string | null, date: string, status: InvoiceStatus) {
      const id = newId('inv');
      await invoicesRepo.insert(svc.deps.db, firmId, {
        id, dossier_id: dossierId, file_name: 'f.pdf', file_type: 'application/pdf', file_size: 1, file_sha256: id, storage_key: `k/${id}`,
      });
      const ht = ttc === null ? null : (Number(ttc) / 1.2).toFixed(2);
      const tva = ttc === null ? null : (Number(ttc) - Number(ht)).toFixed(2);
      await invoicesRepo.saveExtraction(svc.deps.db, firmId, id, {
        fields: { montant_ht: ht, montant_tva: tva, montant_ttc: ttc, fournisseur: 'ACME', siret: null, date_facture: date, numero: id, devise: 'EUR' },
        status, extraction: null as never,
      });
      return id;
    }
    const totals = (auth: Record<string, string>, query: string) => inject({ method: 'GET', url: `/api/v1/invoices/totals?${query}`, headers: auth });

    test('sums every page of the filter, exactly, and agrees with the list', async () => {
      const { auth, firm } = await newFirm(svc);
      const dossierId = (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 'Totals' } })).json().id;
      assert.deepEqual((await totals(auth, `dossier_id=${dossierId}`)).json(), { count: 0, montant_ht: 0, montant_tva: 0, montant_ttc: 0 });
      // 0.10 + 0.20 is not 0.30 in floats; the sums are decimal.
      await seed(firm.id, dossierId, '0.10', '2025-01-10', 'pending');
      await seed(firm.id, dossierId, '0.20', '2025-01-20', 'pending');
      await seed(firm.id, dossierId, '1509.00', '2025-02-05', 'validated');
      await seed(firm.id, dossierId, null, '2025-02-06', 'pending');
      for (let i = 0; i < 30; i++) await seed(firm.id, dossierId, '12.00', '2025-03-01', 'validated');

      const all = await totals(auth, `dossier_id=${dossierId}`);
      assert.equal(all.statusCode, 200);
      assert.deepEqual(all.json(), { count: 34, montant_ht: 1557.75, montant_tva: 311.55, montant_ttc: 1869.3 });
      const pending = (await totals(auth, `dossier_id=${dossierId}&status=pending`)).json();
      assert.deepEqual(pending, { count: 3, montant_ht: 0.25, montant_tva: 0.05, montant_ttc: 0.3 });
      // No invoice here is flagged as a likely duplicate.
      assert.deepEqual((await totals(auth, `dossier_id=${dossierId}&duplicate=true`)).json(), { count: 0, montant_ht: 0, montant_tva: 0, montant_ttc: 0 });
      const range = (await totals(auth, `dossier_id=${dossierId}&date_from=2025-01-15&date_to=2025-02-28`)).json();
      assert.deepEqual(range, { count: 3, montant_ht: 1257.67, montant_tva: 251.53, montant_ttc: 1509.2 });

      // The list's own figures over all its pages give the same count and TTC.
      const listed = [];
      for (let page = 1; page <= 2; page++) {
        listed.push(...(await inject({ method: 'GET', url: `/api/v1/invoices?dossier_id=${dossierId}&per_page=20&page=${page}`, headers: auth })).json().data);
      }
      assert.equal(listed.length, all.json().count);
      const cents = listed.reduce((sum: number, i: { montant_ttc: number | null }) => sum + Math.round((i.montant_ttc ?? 0) * 100), 0);
      assert.equal(cents, Math.round(all.json().montant_ttc * 100));
    });

    test('validates like the list: calendar dates, an ordered range, known filters only', async () => {
      const { auth } = await newFirm(svc);
      const dossierId = (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 'Checks' } })).json().id;
      assert.equal((await totals(auth, `dossier_id=${dossierId}&date_from=2025-02-30`)).statusCode, 400);
      assert.equal((await totals(auth, `dossier_id=${dossierId}&date_from=2025-03-01&date_to=2025-02-01`)).statusCode, 400);
      assert.equal((await totals(auth, `dossier_id=${dossierId}&status=archived`)).statusCode, 400);
      assert.equal((await totals(auth, `dossier_id=${dossierId}&page=2`)).statusCode, 400);
      assert.equal((await totals(auth, `dossier_id=${dossierId}&duplicate=false`)).statusCode, 400);
      assert.equal((await totals(auth, '')).statusCode, 400);
      assert.equal((await totals(auth, 'dossier_id=dos_nowhere')).statusCode, 404);
      assert.equal((await totals({}, `dossier_id=${dossierId}`)).statusCode, 401);
    });

    test('another firm gets 404 for the folder, and its own totals do not include it', async () => {
      const owner = await newFirm(svc);
      const other = await newFirm(svc);
      const dossierId = (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: owner.auth, payload: { name: 'Mine' } })).json().id;
      await seed(owner.firm.id, dossierId, '100.00', '2025-05-01', 'pending');
      const foreign = await totals(other.auth, `dossier_id=${dossierId}`);
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(JSON.stringify(foreign.json()).includes('100'), false);
      assert.deepEqual((await totals(owner.auth, `dossier_id=${dossierId}`)).json(), { count: 1, montant_ht: 83.33, montant_tva: 16.67, montant_ttc: 100 });
    });
  });
}
