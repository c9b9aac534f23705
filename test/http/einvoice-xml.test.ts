// Standalone e-invoices through the API: UBL 2.1 and CII XML import, extract exactly and validate;
// other XML and XML with a DTD (XXE, billion laughs) are refused at the door, and nothing is kept.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/databases.ts';
import { contractInject } from '../helpers/openapi.ts';
import { multipart, newFirm, startTestService, waitFor, type TestService } from '../helpers/service.ts';
import { BILLION_LAUGHS, CII, pdfWithEmbeddedXml, UBL, XXE } from '../helpers/einvoice.ts';

const NOT_AN_INVOICE = Buffer.from('<?xml version="1.0"?>\n<order xmlns="urn:example:orders"><id>42</id></order>\n');

for (const engine of ENGINES) {
  describe(`e-invoice XML import on ${engine}`, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(engine); });
    after(async () => { await svc.stop(); });
    const inject = contractInject(() => svc.app!);

    async function folder(auth: Record<string, string>) {
      return (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: `XML ${Math.random()}` } })).json().id as string;
    }
    const upload = (auth: Record<string, string>, dossierId: string, file: Buffer, filename: string) => {
      const body = multipart([{ name: 'dossier_id', value: dossierId }, { name: 'file', value: file, filename, type: 'application/octet-stream' }]);
      return inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...body.headers }, payload: body.payload });
    };
    const processed = (auth: Record<string, string>, id: string) => waitFor(async () => {
      const r = (await inject({ method: 'GET', url: `/api/v1/invoices/${id}`, headers: auth })).json();
      return r.processing.state === 'done' || r.processing.state === 'failed' ? r : undefined;
    });

    test('a UBL 2.1 invoice imports, is read exactly from its XML and validates', async () => {
      const { auth } = await newFirm(svc);
      const res = await upload(auth, await folder(auth), UBL, 'facture.bin');
      assert.equal(res.statusCode, 202);
      assert.equal(res.json().file.type, 'application/xml', 'detected from the content, not the name');
      const invoice = await processed(auth, res.json().id);
      assert.equal(invoice.status, 'validated');
      assert.equal(invoice.extraction.source, 'xml');
      assert.deepEqual(invoice.extraction.review_reasons, []);
      assert.deepEqual(
        [invoice.montant_ht, invoice.montant_tva, invoice.montant_ttc, invoice.fournisseur, invoice.siret, invoice.date_facture, invoice.numero, invoice.devise],
        [1250, 250, 1500, 'Boulangerie Martin SARL', '73282932000074', '2026-03-15', 'FA-2026-0042', 'EUR'],
      );
      assert.equal(invoice.extraction.vat_id, 'FR44732829320');
      assert.deepEqual(invoice.extraction.vat_breakdown, [{ rate: 20, basis: 1250, tax: 250 }]);
      const file = await inject({ method: 'GET', url: `/api/v1/invoices/${invoice.id}/file`, headers: auth });
      assert.equal(file.headers['content-type'], 'application/xml');
      assert.ok(file.rawPayload.equals(UBL));
    });

    test('a CII invoice (the XML of a corpus Factur-X PDF, on its own) imports and validates with the exact amounts', async () => {
      const { auth } = await newFirm(svc);
      const res = await upload(auth, await folder(auth), CII, 'factur-x.xml');
      assert.equal(res.statusCode, 202);
      const invoice = await processed(auth, res.json().id);
      assert.equal(invoice.status, 'validated');
      assert.equal(invoice.extraction.source, 'xml');
      assert.deepEqual([invoice.montant_ht, invoice.montant_tva, invoice.montant_ttc, invoice.siret, invoice.numero], [100, 4.9, 104.9, '12345678200077', 'F20220023']);
    });

    test('XML that is not an invoice, XXE and billion laughs are refused with 415, and nothing is stored', async () => {
      const { auth, firm } = await newFirm(svc);
      const dossierId = await folder(auth);
      const other = await upload(auth, dossierId, NOT_AN_INVOICE, 'order.xml');
      assert.equal(other.statusCode, 415);
      assert.equal(other.json().code, 'unsupported_media_type');
      assert.ok(other.json().details.accepted.includes('application/xml'));
      for (const [name, xml] of [['XXE', XXE], ['billion laughs', BILLION_LAUGHS]] as const) {
        const refused = await upload(auth, dossierId, Buffer.from(xml), `${name}.xml`);
        assert.equal(refused.statusCode, 415, name);
        assert.equal(refused.json().details.reason, 'xml_dtd');
        assert.match(refused.json().detail, /DOCTYPE.*refused/);
      }
      const list = await inject({ method: 'GET', url: `/api/v1/invoices?dossier_id=${dossierId}`, headers: auth });
      assert.equal(list.json().meta.total, 0);
      const firmBlobs = path.join(svc.dataDir, 'blobs', firm.id);
      assert.deepEqual(fs.existsSync(firmBlobs) ? fs.readdirSync(firmBlobs) : [], [], 'no blob left behind');
    });

    test('a Factur-X PDF whose embedded XML declares an external entity fails, saying why; nothing is read', async () => {
      const { auth } = await newFirm(svc);
      const res = await upload(auth, await folder(auth), Buffer.from(await pdfWithEmbeddedXml(XXE)), 'facture.pdf');
      assert.equal(res.statusCode, 202);
      const invoice = await processed(auth, res.json().id);
      assert.equal(invoice.processing.state, 'failed');
      assert.equal(invoice.processing.error.code, 'unsafe_xml');
      assert.match(invoice.processing.error.message, /DOCTYPE.*refused/);
      assert.equal(invoice.numero, null);
      assert.equal(invoice.status, 'pending');
    });

    test('another firm cannot see an XML invoice', async () => {
      const owner = await newFirm(svc);
      const other = await newFirm(svc);
      const res = await upload(owner.auth, await folder(owner.auth), UBL, 'facture.xml');
      for (const url of [`/api/v1/invoices/${res.json().id}`, `/api/v1/invoices/${res.json().id}/file`]) {
        assert.equal((await inject({ method: 'GET', url, headers: other.auth })).statusCode, 404);
      }
    });
  });
}
