// Export to accounting through the API, on real Factur-X invoices: validated invoices become
// exported in a batch, the FEC balances and parses, retries and races never book twice, a batch
// can be cancelled, and another firm sees none of it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/databases.ts';
import { contractInject } from '../helpers/openapi.ts';
import { corpusPath, multipart, newFirm, startTestService, waitFor, type TestService } from '../helpers/service.ts';

// Real invoices: two VAT rates (20 % and 5,5 %), a credit note (negative TTC, 19 % and 7 %), no VAT.
const FILES = {
  multiRate: 'docs/securibox-facturx/Invoices__EN16931__Facture_FR_EN16931.pdf',
  creditNote: 'docs/zugferd-corpus/correct__Intarsys__ZUGFeRD_1p0_EXTENDED_Rechnungskorrektur.pdf',
  noVat: 'docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf',
  pending: 'docs/factur-x-kit/ZFdemo_2p1_en16931_67b499beca63e.pdf',
} as const;
type Name = keyof typeof FILES;
const BYTES = Object.fromEntries(Object.entries(FILES).map(([name, file]) => [name, fs.readFileSync(corpusPath(file))])) as Record<Name, Buffer>;

/** The FEC parsed back: every line must have the 18 columns. */
function parseFec(text: string) {
  const [header, ...lines] = text.replace(/\r\n$/, '').split('\r\n').map((line) => line.split('\t'));
  assert.ok([header!, ...lines].every((cells) => cells.length === 18), 'every line has 18 columns');
  return lines.map((cells) => Object.fromEntries(cells.map((c, i) => [header![i], c])) as Record<string, string>);
}
const cents = (amount: string) => Math.round(Number(amount.replace(',', '.')) * 100);

for (const engine of ENGINES) {
  describe(`exports API on ${engine}`, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(engine); });
    after(async () => { await svc.stop(); });
    const inject = contractInject(() => svc.app!);
    type Auth = Record<string, string>;

    /** A folder with the given real invoices, processed; all validated except `pending`. */
    async function folder(auth: Auth, names: Name[] = ['multiRate', 'creditNote', 'noVat', 'pending']) {
      const dossier = (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: `Exports ${Math.random()}` } })).json();
      const ids = {} as Record<Name, string>;
      for (const name of names) {
        const body = multipart([{ name: 'dossier_id', value: dossier.id }, { name: 'file', value: BYTES[name], filename: `${name}.pdf` }]);
        ids[name] = (await inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...body.headers }, payload: body.payload })).json().id;
      }
      for (const name of names) {
        const done = await waitFor(async () => {
          const r = (await inject({ method: 'GET', url: `/api/v1/invoices/${ids[name]}`, headers: auth })).json();
          return r.processing.state === 'done' ? r : undefined;
        });
        if (name === 'pending' && done.status === 'validated') await inject({ method: 'PATCH', url: `/api/v1/invoices/${ids[name]}`, headers: auth, payload: { numero: 'TEST1234-b' } });
        if (name !== 'pending' && done.status === 'pending') await inject({ method: 'POST', url: `/api/v1/invoices/${ids[name]}/validate`, headers: auth, payload: { confirm: true } });
      }
      return { dossierId: dossier.id as string, ids };
    }
    const exportOf = (auth: Auth, payload: object, headers: Auth = {}) => inject({ method: 'POST', url: '/api/v1/exports', headers: { ...auth, ...headers }, payload });
    const statusOf = async (auth: Auth, id: string) => (await inject({ method: 'GET', url: `/api/v1/invoices/${id}`, headers: auth })).json().status;

    test('a FEC export books the validated invoices, leaves pending ones alone, and its file balances', async () => {
      const { auth, user } = await newFirm(svc);
      const { dossierId, ids } = await folder(auth);
      const res = await exportOf(auth, { dossier_id: dossierId, format: 'fec' });
      assert.equal(res.statusCode, 201);
      const batch = res.json();
      assert.equal(res.headers.location, `/api/v1/exports/${batch.id}`);
      assert.match(batch.id, /^exp_[0-9a-z]{26}$/);
      assert.deepEqual([batch.status, batch.format, batch.invoice_count, batch.created_by, batch.cancelled_at, batch.charge_account], ['active', 'fec', 3, user.id, null, '606000']);
      // Ordered by invoice date: the credit note (2013), the multi-rate invoice (2017), then 2025.
      assert.deepEqual(batch.invoice_ids, [ids.creditNote, ids.multiRate, ids.noVat]);
      assert.deepEqual(batch.totals, { montant_ht: 632.13, montant_tva: 45.13, montant_ttc: 677.26 });
      assert.deepEqual([await statusOf(auth, ids.multiRate), await statusOf(auth, ids.creditNote), await statusOf(auth, ids.noVat), await statusOf(auth, ids.pending)],
        ['exported', 'exported', 'exported', 'pending']);

      const file = await inject({ method: 'GET', url: `/api/v1/exports/${batch.id}/file`, headers: auth });
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], 'text/tab-separated-values; charset=utf-8');
      assert.equal(file.headers['content-disposition'], `attachment; filename="${batch.file_name}"`);
      const records = parseFec(file.body);
      const entries = Map.groupBy(records, (r) => r.EcritureNum!);
      assert.deepEqual([...entries.keys()], ['1', '2', '3']);
      for (const lines of entries.values()) assert.equal(lines.reduce((sum, r) => sum + cents(r.Debit!) - cents(r.Credit!), 0), 0);
      for (const r of records) {
        assert.match(`${r.EcritureDate}${r.PieceDate}${r.ValidDate}`, /^\d{24}$/);
        assert.match(`${r.Debit} ${r.Credit}`, /^\d+,\d{2} \d+,\d{2}$/);
      }
      const line = (entry: string, account: string) => entries.get(entry)!.filter((r) => r.CompteNum === account).map((r) => [r.Debit, r.Credit]);
      // The credit note reverses the sides: the supplier is debited, the charge and VAT credited.
      assert.deepEqual(line('1', '401000'), [['8,79', '0,00']]);
      assert.deepEqual(line('1', '606000'), [['0,00', '7,67']]);
      assert.deepEqual(line('1', '44566'), [['0,00', '0,92'], ['0,00', '0,20']]);
      // One deductible-VAT line per rate, from the Factur-X breakdown.
      assert.deepEqual(line('2', '44566'), [['16,38', '0,00'], ['29,87', '0,00']]);
      assert.deepEqual(line('2', '401000'), [['0,00', '671,15']]);
      assert.equal(entries.get('2')![0]!.CompAuxNum, 'F999999998');
      assert.equal(entries.get('2')![0]!.PieceRef, 'FA-2017-0010');
      assert.equal(entries.get('2')![0]!.EcritureDate, '20171113');

      // Exported invoices are read-only, and nothing is left to export.
      for (const r of [await inject({ method: 'PATCH', url: `/api/v1/invoices/${ids.noVat}`, headers: auth, payload: { numero: 'X' } }),
        await inject({ method: 'POST', url: `/api/v1/invoices/${ids.noVat}/validate`, headers: auth, payload: { confirm: true } })]) {
        assert.equal(r.statusCode, 409);
        assert.equal(r.json().code, 'invoice_read_only');
      }
      const again = await exportOf(auth, { dossier_id: dossierId, format: 'fec' });
      assert.equal(again.statusCode, 422);
      assert.equal(again.json().code, 'nothing_to_export');
      // The file comes from the batch's snapshot: a later change to the row does not alter it.
      await svc.deps.db.query(`UPDATE invoices SET fournisseur = 'Changed' WHERE id = $1`, [ids.multiRate]);
      assert.equal((await inject({ method: 'GET', url: `/api/v1/exports/${batch.id}/file`, headers: auth })).body, file.body);
      assert.deepEqual((await inject({ method: 'GET', url: `/api/v1/exports/${batch.id}`, headers: auth })).json(), batch);
    });

    test('CSV by listed ids or by date range; a listed id that cannot be exported is a 409 that books nothing', async () => {
      const { auth } = await newFirm(svc);
      const { dossierId, ids } = await folder(auth);
      const refused = await exportOf(auth, { dossier_id: dossierId, format: 'csv', invoice_ids: [ids.noVat, ids.pending, 'inv_unknown'] });
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().code, 'invoices_not_exportable');
      assert.deepEqual(refused.json().details.invoice_ids, [ids.pending, 'inv_unknown']);
      assert.equal(await statusOf(auth, ids.noVat), 'validated');
      assert.equal((await exportOf(auth, { dossier_id: dossierId, format: 'csv', invoice_ids: [ids.noVat], date_from: '2025-01-01' })).statusCode, 400);
      assert.equal((await exportOf(auth, { dossier_id: dossierId, format: 'csv', date_from: '2025-02-30' })).statusCode, 400);
      assert.equal((await exportOf(auth, { dossier_id: dossierId, format: 'csv', date_from: '2026-01-01', date_to: '2025-01-01' })).statusCode, 400);

      const listed = await exportOf(auth, { dossier_id: dossierId, format: 'csv', invoice_ids: [ids.noVat, ids.noVat] });
      assert.equal(listed.statusCode, 201);
      assert.deepEqual(listed.json().invoice_ids, [ids.noVat]);
      const file = await inject({ method: 'GET', url: `/api/v1/exports/${listed.json().id}/file`, headers: auth });
      assert.equal(file.headers['content-type'], 'text/csv; charset=utf-8');
      const [header, row, ...rest] = file.body.split('\r\n');
      assert.deepEqual(rest, ['']);
      assert.match(header!, /^id,dossier_id,export_id,numero,date_facture,fournisseur,siret,vat_id,montant_ht,montant_tva,montant_ttc,devise,status,/);
      assert.match(row!, new RegExp(`^${ids.noVat},${dossierId},${listed.json().id},TEST1234,2025-02-18,Muster GmbH,,DE124356788,14.90,0.00,14.90,EUR,exported,facturx,noVat.pdf,`));

      const ranged = await exportOf(auth, { dossier_id: dossierId, format: 'csv', date_from: '2017-01-01', date_to: '2017-12-31' });
      assert.deepEqual(ranged.json().invoice_ids, [ids.multiRate]);
      assert.equal(await statusOf(auth, ids.creditNote), 'validated');
      const list = (await inject({ method: 'GET', url: `/api/v1/exports?dossier_id=${dossierId}&per_page=1`, headers: auth })).json();
      assert.deepEqual(list.meta, { total: 2, page: 1, per_page: 1 });
      assert.deepEqual(list.data.map((b: { id: string }) => b.id), [ranged.json().id]);
      const page2 = (await inject({ method: 'GET', url: `/api/v1/exports?dossier_id=${dossierId}&per_page=1&page=2`, headers: auth })).json();
      assert.deepEqual(page2.data.map((b: { id: string }) => b.id), [listed.json().id]);
    });

    test('an Idempotency-Key replays the same batch; the same key with another body is a 422', async () => {
      const { auth } = await newFirm(svc);
      const { dossierId, ids } = await folder(auth, ['noVat', 'multiRate']);
      const key = { 'idempotency-key': `exp-${Date.now()}` };
      const first = await exportOf(auth, { dossier_id: dossierId, format: 'fec', invoice_ids: [ids.noVat] }, key);
      assert.equal(first.statusCode, 201);
      const replay = await exportOf(auth, { dossier_id: dossierId, format: 'fec', invoice_ids: [ids.noVat] }, key);
      assert.equal(replay.statusCode, 200);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.equal(replay.headers.location, first.headers.location);
      assert.deepEqual(replay.json(), first.json());
      const other = await exportOf(auth, { dossier_id: dossierId, format: 'fec', invoice_ids: [ids.multiRate] }, key);
      assert.equal(other.statusCode, 422);
      assert.equal(other.json().code, 'idempotency_key_reused');
      assert.equal(await statusOf(auth, ids.multiRate), 'validated');
      assert.equal((await inject({ method: 'GET', url: `/api/v1/exports?dossier_id=${dossierId}`, headers: auth })).json().meta.total, 1);
    });

    test('concurrent exports never book one invoice twice, with or without a shared key', async () => {
      const { auth, firm } = await newFirm(svc);
      const { dossierId } = await folder(auth, ['noVat', 'multiRate', 'creditNote']);
      const racing = await Promise.all([1, 2, 3, 4].map(() => exportOf(auth, { dossier_id: dossierId, format: 'csv' })));
      assert.deepEqual(racing.map((r) => r.statusCode).sort(), [201, 422, 422, 422]);
      const winner = racing.find((r) => r.statusCode === 201)!.json();
      assert.equal(winner.invoice_count, 3);
      const { rows } = await svc.deps.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM exports e, jsonb_array_elements(e.snapshot) s WHERE e.firm_id = $1`, [firm.id]);
      assert.equal(rows[0]!.n, 3);

      await inject({ method: 'POST', url: `/api/v1/exports/${winner.id}/cancel`, headers: auth });
      const key = { 'idempotency-key': `race-${Date.now()}` };
      const keyed = await Promise.all([1, 2, 3].map(() => exportOf(auth, { dossier_id: dossierId, format: 'csv' }, key)));
      assert.deepEqual(keyed.map((r) => r.statusCode).sort(), [200, 200, 201]);
      assert.equal(new Set(keyed.map((r) => r.json().id)).size, 1);
      assert.equal((await inject({ method: 'GET', url: `/api/v1/exports?dossier_id=${dossierId}`, headers: auth })).json().meta.total, 2);
    });

    test('cancelling a batch returns its invoices to validated and is recorded; a cancelled batch cannot be cancelled again', async () => {
      const { auth, user } = await newFirm(svc);
      const { dossierId, ids } = await folder(auth, ['noVat', 'multiRate']);
      const batch = (await exportOf(auth, { dossier_id: dossierId, format: 'fec' })).json();
      const res = await inject({ method: 'POST', url: `/api/v1/exports/${batch.id}/cancel`, headers: auth });
      assert.equal(res.statusCode, 200);
      const cancelled = res.json();
      assert.equal(cancelled.status, 'cancelled');
      assert.equal(cancelled.cancelled_by, user.id);
      assert.ok(Date.parse(cancelled.cancelled_at) >= Date.parse(batch.created_at));
      assert.deepEqual(cancelled.invoice_ids, batch.invoice_ids);
      assert.deepEqual([await statusOf(auth, ids.noVat), await statusOf(auth, ids.multiRate)], ['validated', 'validated']);
      const twice = await inject({ method: 'POST', url: `/api/v1/exports/${batch.id}/cancel`, headers: auth });
      assert.equal(twice.statusCode, 409);
      assert.equal(twice.json().code, 'export_cancelled');
      // The invoices can be exported again; the cancelled batch keeps its record and its file.
      const next = await exportOf(auth, { dossier_id: dossierId, format: 'fec' });
      assert.equal(next.statusCode, 201);
      assert.deepEqual(next.json().invoice_ids, batch.invoice_ids);
      assert.equal((await inject({ method: 'GET', url: `/api/v1/exports/${batch.id}/file`, headers: auth })).statusCode, 200);
      // Cancelling the old batch again does not touch the invoices the new one holds.
      assert.equal(await statusOf(auth, ids.noVat), 'exported');
      const list = (await inject({ method: 'GET', url: '/api/v1/exports', headers: auth })).json();
      assert.deepEqual(list.data.map((b: { status: string }) => b.status), ['active', 'cancelled']);
    });

    test('another firm gets 404 on every export endpoint, and changes nothing', async () => {
      const owner = await newFirm(svc);
      const other = await newFirm(svc);
      const { dossierId, ids } = await folder(owner.auth, ['noVat', 'multiRate']);
      const batch = (await exportOf(owner.auth, { dossier_id: dossierId, format: 'csv', invoice_ids: [ids.noVat] })).json();
      for (const res of [
        await exportOf(other.auth, { dossier_id: dossierId, format: 'csv' }),
        await inject({ method: 'GET', url: `/api/v1/exports?dossier_id=${dossierId}`, headers: other.auth }),
        await inject({ method: 'GET', url: `/api/v1/exports/${batch.id}`, headers: other.auth }),
        await inject({ method: 'GET', url: `/api/v1/exports/${batch.id}/file`, headers: other.auth }),
        await inject({ method: 'POST', url: `/api/v1/exports/${batch.id}/cancel`, headers: other.auth }),
      ]) {
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().code, 'not_found');
      }
      // Listing the owner's invoice ids from another firm's folder books nothing either.
      const { dossierId: otherFolder } = { dossierId: (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: other.auth, payload: { name: 'Mine' } })).json().id as string };
      const stolen = await exportOf(other.auth, { dossier_id: otherFolder, format: 'csv', invoice_ids: [ids.multiRate] });
      assert.equal(stolen.statusCode, 409);
      assert.deepEqual((await inject({ method: 'GET', url: '/api/v1/exports', headers: other.auth })).json().data, []);
      assert.equal((await inject({ method: 'GET', url: `/api/v1/exports/${batch.id}`, headers: owner.auth })).json().status, 'active');
      assert.deepEqual([await statusOf(owner.auth, ids.noVat), await statusOf(owner.auth, ids.multiRate)], ['exported', 'validated']);
    });
  });
}
