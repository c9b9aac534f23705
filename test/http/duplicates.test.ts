// Likely duplicates within a firm, across its folders: the same invoice as two different files
// (two Factur-X profiles of one invoice, its XML on its own), the same bytes in another folder, the
// same supplier/date/total. Flagged invoices stay pending until dismissed; other firms never match.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/databases.ts';
import { CII, UBL } from '../helpers/einvoice.ts';
import { contractInject } from '../helpers/openapi.ts';
import { corpusPath, multipart, newFirm, startTestService, waitFor, type TestService } from '../helpers/service.ts';

// One invoice (F20220023, SIRET 12345678200077) as two Factur-X profiles: different files, same invoice.
const securibox = (profile: string, suffix: string) =>
  fs.readFileSync(corpusPath(`docs/securibox-facturx/Invoices__${profile}__Facture_F20220023-LE_FOURNISSEUR-POUR-LE_CLIENT_${suffix}.pdf`));
const BASIC = securibox('Basic', 'BASIC');
const EN16931 = securibox('EN16931', 'EN_16931');
// The UBL fixture's supplier, date and total, but another number and no seller identifier at all.
const SAME_SUPPLIER_DATE_TOTAL = Buffer.from(UBL.toString('utf8')
  .replace('<cbc:ID>FA-2026-0042</cbc:ID>', '<cbc:ID>BL 77</cbc:ID>')
  .replace(/<cac:PartyTaxScheme>[\s\S]*?<\/cac:PartyTaxScheme>/, '')
  .replace('<cbc:CompanyID schemeID="0009">73282932000074</cbc:CompanyID>', '')
  .replace('Boulangerie Martin SARL', 'BOULANGERIE  MARTIN, sarl'));

type Auth = Record<string, string>;

for (const engine of ENGINES) {
  describe(`likely duplicates on ${engine}`, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(engine); });
    after(async () => { await svc.stop(); });
    const inject = contractInject(() => svc.app!);

    const folder = async (auth: Auth, name: string) =>
      (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name } })).json().id as string;
    const detail = async (auth: Auth, id: string) => (await inject({ method: 'GET', url: `/api/v1/invoices/${id}`, headers: auth })).json();
    async function imported(auth: Auth, dossierId: string, file: Buffer, filename: string) {
      const body = multipart([{ name: 'dossier_id', value: dossierId }, { name: 'file', value: file, filename }]);
      const res = await inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...body.headers }, payload: body.payload });
      assert.equal(res.statusCode, 202, res.body);
      return waitFor(async () => {
        const r = await detail(auth, res.json().id);
        return r.processing.state === 'done' ? r : undefined;
      });
    }
    const flagged = async (auth: Auth, dossierId: string) =>
      (await inject({ method: 'GET', url: `/api/v1/invoices?dossier_id=${dossierId}&duplicate=true`, headers: auth })).json();
    const dismiss = (auth: Auth, id: string) => inject({ method: 'POST', url: `/api/v1/invoices/${id}/duplicate/dismiss`, headers: auth });
    const validate = (auth: Auth, id: string) => inject({ method: 'POST', url: `/api/v1/invoices/${id}/validate`, headers: auth });

    test('the same invoice as another file in another folder is flagged, stays pending, is listed, and can be dismissed', async () => {
      const { auth, user, email } = await newFirm(svc);
      const [january, february] = [await folder(auth, 'Janvier'), await folder(auth, 'Février')];
      const original = await imported(auth, january, BASIC, 'F20220023-basic.pdf');
      assert.equal(original.status, 'validated');
      assert.equal(original.duplicate_of, null);

      const copy = await imported(auth, february, EN16931, 'F20220023-en16931.pdf');
      assert.equal(copy.status, 'pending', 'never validated unattended, although its checks pass');
      assert.equal(copy.duplicate_of, original.id);
      assert.equal(copy.duplicate_rule, 'same_seller_and_number');
      assert.ok(copy.extraction.review_reasons.includes(
        `Likely duplicate of ${original.id} (same SIREN/SIRET and invoice number): compare the two, and dismiss the flag if they are different invoices`,
      ), copy.extraction.review_reasons.join(' | '));

      const listed = await flagged(auth, february);
      assert.deepEqual(listed.data.map((i: { id: string }) => i.id), [copy.id]);
      assert.equal(listed.meta.total, 1);
      assert.equal((await flagged(auth, january)).meta.total, 0, 'the original is not a duplicate');

      const refused = await validate(auth, copy.id);
      assert.equal(refused.statusCode, 422, 'an open flag is a reason not to validate');
      assert.match(refused.json().details.reasons.join(' '), /Likely duplicate/);

      const res = await dismiss(auth, copy.id);
      assert.equal(res.statusCode, 200);
      const dismissed = res.json();
      assert.equal(dismissed.duplicate_of, original.id, 'the flag is kept for the record');
      assert.equal(dismissed.duplicate_dismissed_by, user.id);
      assert.ok(Date.now() - Date.parse(dismissed.duplicate_dismissed_at) < 60_000);
      assert.deepEqual(dismissed.corrections.map((c: { field: string; new_value: string; user_email: string }) => [c.field, c.new_value, c.user_email]),
        [['duplicate_dismissed', `not a duplicate of ${original.id}`, email]]);
      assert.ok(!dismissed.extraction.review_reasons.some((r: string) => r.startsWith('Likely duplicate')));
      assert.equal((await flagged(auth, february)).meta.total, 0);
      // Dismissing again changes nothing.
      assert.equal((await dismiss(auth, copy.id)).json().duplicate_dismissed_at, dismissed.duplicate_dismissed_at);

      const validated = await validate(auth, copy.id);
      assert.equal(validated.statusCode, 200);
      assert.equal(validated.json().status, 'validated');
    });

    test('the same bytes in another folder, and the invoice\'s XML on its own, are flagged too', async () => {
      const { auth } = await newFirm(svc);
      const [a, b, c] = [await folder(auth, 'A'), await folder(auth, 'B'), await folder(auth, 'C')];
      const original = await imported(auth, a, EN16931, 'facture.pdf');
      const sameBytes = await imported(auth, b, EN16931, 'facture (1).pdf');
      assert.deepEqual([sameBytes.duplicate_of, sameBytes.duplicate_rule, sameBytes.status], [original.id, 'same_file', 'pending']);
      assert.match(sameBytes.extraction.review_reasons.at(-1), /the same file, in another folder/);
      const xml = await imported(auth, c, CII, 'factur-x.xml');
      assert.equal(xml.extraction.source, 'xml');
      assert.deepEqual([xml.duplicate_of, xml.duplicate_rule, xml.status], [original.id, 'same_seller_and_number', 'pending']);
    });

    test('without a seller identifier, the same supplier, date and total are flagged', async () => {
      const { auth } = await newFirm(svc);
      const original = await imported(auth, await folder(auth, 'Mars'), UBL, 'facture.xml');
      assert.equal(original.status, 'validated');
      const other = await imported(auth, await folder(auth, 'Avril'), SAME_SUPPLIER_DATE_TOTAL, 'bon.xml');
      assert.equal(other.siret, null);
      assert.equal(other.numero, 'BL 77');
      assert.deepEqual([other.duplicate_of, other.duplicate_rule, other.status], [original.id, 'same_supplier_date_amount', 'pending']);
      assert.match(other.extraction.review_reasons.at(-1), /same supplier, date and total/);
    });

    test('an unflagged invoice cannot be dismissed (409)', async () => {
      const { auth } = await newFirm(svc);
      const invoice = await imported(auth, await folder(auth, 'Seul'), UBL, 'facture.xml');
      const res = await dismiss(auth, invoice.id);
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().code, 'conflict');
      assert.deepEqual((await detail(auth, invoice.id)).corrections, []);
    });

    test('never across firms: another firm\'s same invoice is not flagged, and its dismiss is a 404 that changes nothing', async () => {
      const owner = await newFirm(svc);
      const other = await newFirm(svc);
      await imported(owner.auth, await folder(owner.auth, 'A'), BASIC, 'a.pdf');
      const copy = await imported(owner.auth, await folder(owner.auth, 'B'), EN16931, 'b.pdf');
      assert.ok(copy.duplicate_of);

      const theirs = await imported(other.auth, await folder(other.auth, 'A'), EN16931, 'b.pdf');
      assert.equal(theirs.duplicate_of, null, 'the same invoice in another firm is no duplicate');
      assert.equal(theirs.status, 'validated');

      const res = await dismiss(other.auth, copy.id);
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().code, 'not_found');
      const after = await detail(owner.auth, copy.id);
      assert.equal(after.duplicate_dismissed_at, null);
      assert.deepEqual(after.corrections, []);
      const list = await inject({ method: 'GET', url: `/api/v1/invoices?dossier_id=${copy.dossier_id}&duplicate=true`, headers: other.auth });
      assert.equal(list.statusCode, 404, 'another firm\'s folder');
    });
  });
}
