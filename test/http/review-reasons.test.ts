// Review reasons as codes: `extraction.review_reason_codes` beside the English `review_reasons` on a
// real pending invoice, the duplicate reason appended to both, invoices stored before codes existed
// (codes null, sentences unchanged), the codes of a refused validation, and no access across firms.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { reasonText } from '../../src/domain/review-reasons.ts';
import { ENGINES } from '../helpers/databases.ts';
import { contractInject } from '../helpers/openapi.ts';
import { corpusPath, multipart, newFirm, startTestService, waitFor, type TestService } from '../helpers/service.ts';

// Factur-X, so extracted exactly and quickly; its SIRET fails its checksum, so it waits for review.
const BAD_SIRET = fs.readFileSync(corpusPath('docs/securibox-facturx/Invoices__Basic__Facture_FR_BASIC.pdf'));

for (const engine of ENGINES) {
  describe(`review reason codes on ${engine}`, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(engine); });
    after(async () => { await svc.stop(); });
    const inject = contractInject(() => svc.app!);
    const get = (auth: Record<string, string>, id: string) => inject({ method: 'GET', url: `/api/v1/invoices/${id}`, headers: auth });

    async function imported(auth: Record<string, string>, folderName: string) {
      const dossier = (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: folderName } })).json();
      const body = multipart([{ name: 'dossier_id', value: dossier.id }, { name: 'file', value: BAD_SIRET, filename: 'facture.pdf' }]);
      const created = (await inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...body.headers }, payload: body.payload })).json();
      return waitFor(async () => {
        const r = (await get(auth, created.id)).json();
        return r.processing.state === 'done' ? r : undefined;
      });
    }

    test('a pending invoice states its reasons as codes, in the order and words of review_reasons', async () => {
      const { auth } = await newFirm(svc);
      const invoice = await imported(auth, 'Janvier');
      assert.equal(invoice.status, 'pending');
      const { review_reasons: texts, review_reason_codes: codes } = invoice.extraction;
      assert.deepEqual(codes, [{ code: 'siret_checksum', params: { siret: invoice.siret } }]);
      assert.deepEqual(texts, [`SIRET ${invoice.siret} fails its checksum`]);

      // The same bytes in another folder: the duplicate reason is added to both lists, as a code too.
      const copy = await imported(auth, 'Février');
      assert.equal(copy.duplicate_rule, 'same_file');
      assert.deepEqual(copy.extraction.review_reason_codes.at(-1), { code: 'likely_duplicate', params: { of: invoice.id, rule: 'same_file' } });
      assert.deepEqual(copy.extraction.review_reason_codes.map(reasonText), copy.extraction.review_reasons);
    });

    test('an invoice extracted before reasons had codes keeps its sentences, and its codes are null', async () => {
      const { auth } = await newFirm(svc);
      const invoice = await imported(auth, 'Ancien');
      await svc.deps.db.query(`UPDATE invoices SET extraction = extraction - 'review_reason_codes' WHERE id = $1`, [invoice.id]);
      const old = (await get(auth, invoice.id)).json();
      assert.equal(old.extraction.review_reason_codes, null);
      assert.deepEqual(old.extraction.review_reasons, invoice.extraction.review_reasons);
    });

    test('a refused validation lists its failing checks as codes too', async () => {
      const { auth } = await newFirm(svc);
      const invoice = await imported(auth, 'Validation');
      await inject({ method: 'PATCH', url: `/api/v1/invoices/${invoice.id}`, headers: auth, payload: { montant_ttc: invoice.montant_ttc + 1, fournisseur: null } });
      const refused = await inject({ method: 'POST', url: `/api/v1/invoices/${invoice.id}/validate`, headers: auth, payload: { confirm: false } });
      assert.equal(refused.statusCode, 422);
      const { reasons, reason_codes: codes } = refused.json().details;
      assert.deepEqual(codes.map((r: { code: string }) => r.code), ['field_missing', 'totals_mismatch', 'siret_checksum']);
      assert.deepEqual(codes[1].params, { difference: -1 });
      assert.deepEqual(codes.map(reasonText), reasons);
    });

    test('another firm sees no reasons: 404, and the invoice is unchanged', async () => {
      const owner = await newFirm(svc);
      const stranger = await newFirm(svc);
      const invoice = await imported(owner.auth, 'Privé');
      assert.equal((await get(stranger.auth, invoice.id)).statusCode, 404);
      const refused = await inject({ method: 'POST', url: `/api/v1/invoices/${invoice.id}/validate`, headers: stranger.auth, payload: { confirm: true } });
      assert.equal(refused.statusCode, 404);
      const after = (await get(owner.auth, invoice.id)).json();
      assert.equal(after.status, 'pending');
      assert.deepEqual(after.extraction.review_reason_codes, invoice.extraction.review_reason_codes);
    });
  });
}
