// The review API: corrections on an allow-list with history, validation by checks or confirmation,
// the original file, read-only exported invoices, and no access across firms.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/databases.ts';
import { contractInject } from '../helpers/openapi.ts';
import { corpusPath, multipart, newFirm, startTestService, waitFor, type TestService } from '../helpers/service.ts';

const FACTURX = fs.readFileSync(corpusPath('docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf'));

for (const engine of ENGINES) {
  describe(`review API on ${engine}`, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(engine); });
    after(async () => { await svc.stop(); });
    // Every response is checked against the OpenAPI document.
    const inject = contractInject(() => svc.app!);

    async function processedInvoice(auth: Record<string, string>) {
      const dossier = (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 'Review' } })).json();
      const body = multipart([{ name: 'dossier_id', value: dossier.id }, { name: 'file', value: FACTURX, filename: 'Facture été.pdf' }]);
      const created = (await inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...body.headers }, payload: body.payload })).json();
      return waitFor(async () => {
        const r = (await inject({ method: 'GET', url: `/api/v1/invoices/${created.id}`, headers: auth })).json();
        return r.processing.state === 'done' ? r : undefined;
      });
    }
    const patch = (auth: Record<string, string>, id: string, payload: object) => inject({ method: 'PATCH', url: `/api/v1/invoices/${id}`, headers: auth, payload });
    const validate = (auth: Record<string, string>, id: string, payload?: object) =>
      inject({ method: 'POST', url: `/api/v1/invoices/${id}/validate`, headers: auth, ...(payload ? { payload } : {}) });

    test('a correction is recorded with its author, and sends a validated invoice back to pending', async () => {
      const { auth, email } = await newFirm(svc);
      const invoice = await processedInvoice(auth);
      assert.equal(invoice.status, 'validated');
      assert.deepEqual(invoice.corrections, []);

      const res = await patch(auth, invoice.id, { fournisseur: 'Muster GmbH (Berlin)', numero: ' R-2025-7 ' });
      assert.equal(res.statusCode, 200);
      const corrected = res.json();
      assert.equal(corrected.fournisseur, 'Muster GmbH (Berlin)');
      assert.equal(corrected.numero, 'R-2025-7');
      assert.equal(corrected.status, 'pending');
      assert.deepEqual(corrected.corrections.map((c: any) => [c.field, c.old_value, c.new_value, c.user_email]), [
        ['fournisseur', 'Muster GmbH', 'Muster GmbH (Berlin)', email],
        ['numero', invoice.numero, 'R-2025-7', email],
        ['status', 'validated', 'pending', email],
      ]);
      // The same values again change nothing and record nothing.
      assert.equal((await patch(auth, invoice.id, { fournisseur: 'Muster GmbH (Berlin)' })).json().corrections.length, 3);
      const detail = (await inject({ method: 'GET', url: `/api/v1/invoices/${invoice.id}`, headers: auth })).json();
      assert.equal(detail.corrections.length, 3);
    });

    test('validation needs passing checks, or an explicit confirmation', async () => {
      const { auth } = await newFirm(svc);
      const invoice = await processedInvoice(auth);
      const wrong = await patch(auth, invoice.id, { montant_ttc: 15.9 });
      assert.equal(wrong.json().montant_ttc, 15.9);
      const refused = await validate(auth, invoice.id);
      assert.equal(refused.statusCode, 422);
      assert.equal(refused.json().code, 'checks_failed');
      assert.match(refused.json().details.reasons[0], /HT \+ TVA differs from TTC by -1\.00/);

      const fixed = await patch(auth, invoice.id, { montant_ttc: '14.90' });
      assert.equal(fixed.json().montant_ttc, 14.9);
      const ok = await validate(auth, invoice.id);
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json().status, 'validated');

      await patch(auth, invoice.id, { date_facture: null });
      assert.equal((await validate(auth, invoice.id, { confirm: false })).statusCode, 422);
      const confirmed = await validate(auth, invoice.id, { confirm: true });
      assert.equal(confirmed.json().status, 'validated');
      assert.deepEqual(confirmed.json().corrections.filter((c: any) => c.field === 'status').map((c: any) => c.new_value), ['pending', 'validated', 'pending', 'validated']);
    });

    test('only allow-listed, well-formed values are accepted', async () => {
      const { auth } = await newFirm(svc);
      const invoice = await processedInvoice(auth);
      for (const payload of [{ status: 'exported' }, { montant_ht: 1.234 }, { montant_ht: 'abc' }, { date_facture: '2025-02-30' }, { siret: '1234' }, { devise: 'EURO' }, {}]) {
        const res = await patch(auth, invoice.id, payload);
        assert.equal(res.statusCode, 400, JSON.stringify(payload));
        assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
      }
      assert.equal((await patch(auth, invoice.id, { siret: '732 829 320 00074', devise: 'usd' })).json().siret, '73282932000074');
    });

    test('exported invoices are read-only; an invoice still processing cannot be edited', async () => {
      const { auth, firm } = await newFirm(svc);
      const invoice = await processedInvoice(auth);
      await svc.deps.db.query(`UPDATE invoices SET status = 'exported' WHERE firm_id = $1 AND id = $2`, [firm.id, invoice.id]);
      for (const res of [await patch(auth, invoice.id, { numero: 'X' }), await validate(auth, invoice.id)]) {
        assert.equal(res.statusCode, 409);
        assert.equal(res.json().code, 'invoice_read_only');
      }
      await svc.deps.db.query(`UPDATE invoices SET status = 'pending', processing_state = 'running' WHERE firm_id = $1 AND id = $2`, [firm.id, invoice.id]);
      assert.equal((await patch(auth, invoice.id, { numero: 'X' })).json().code, 'processing_in_progress');
    });

    test('the original file downloads as an attachment of its detected type', async () => {
      const { auth } = await newFirm(svc);
      const invoice = await processedInvoice(auth);
      const res = await inject({ method: 'GET', url: `/api/v1/invoices/${invoice.id}/file`, headers: auth });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/pdf');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['content-disposition'], `attachment; filename="Facture _t_.pdf"; filename*=UTF-8''Facture%20%C3%A9t%C3%A9.pdf`);
      assert.ok(res.rawPayload.equals(FACTURX));
    });

    test('another firm gets 404 on every review endpoint, and changes nothing', async () => {
      const owner = await newFirm(svc);
      const other = await newFirm(svc);
      const invoice = await processedInvoice(owner.auth);
      for (const res of [
        await patch(other.auth, invoice.id, { numero: 'stolen' }),
        await validate(other.auth, invoice.id, { confirm: true }),
        await inject({ method: 'GET', url: `/api/v1/invoices/${invoice.id}/file`, headers: other.auth }),
      ]) {
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().code, 'not_found');
      }
      const detail = (await inject({ method: 'GET', url: `/api/v1/invoices/${invoice.id}`, headers: owner.auth })).json();
      assert.equal(detail.numero, invoice.numero);
      assert.deepEqual(detail.corrections, []);
    });
  });
}
