import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/databases.ts';
import { contractInject } from '../helpers/openapi.ts';
import { corpusPath, multipart, newFirm, startTestService, waitFor, type TestService } from '../helpers/service.ts';

const FACTURX = corpusPath('docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf');

for (const engine of ENGINES) {
  describe(`invoices API on ${engine}`, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(engine, { MAX_UPLOAD_BYTES: String(1024 * 1024) }); });
    after(async () => { await svc.stop(); });
    // Every response is checked against the OpenAPI document.
    const inject = contractInject(() => svc.app!);

    async function folder(auth: Record<string, string>, name = `Dossier ${Math.random()}`) {
      const res = await inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name } });
      assert.equal(res.statusCode, 201);
      return res.json().id as string;
    }
    function upload(auth: Record<string, string>, dossierId: string, file: Buffer, extraHeaders: Record<string, string> = {}) {
      const body = multipart([{ name: 'dossier_id', value: dossierId }, { name: 'file', value: file, filename: 'facture.pdf', type: 'application/pdf' }]);
      return inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...body.headers, ...extraHeaders }, payload: body.payload });
    }
    const pdfBytes = (n: number) => Buffer.concat([Buffer.from('%PDF-1.4\n% unique '), Buffer.from(String(n)), Buffer.from('\n%%EOF\n')]);

    test('imports a Factur-X PDF and processes it to done and validated', async () => {
      const { auth } = await newFirm(svc);
      const dossierId = await folder(auth);
      const res = await upload(auth, dossierId, fs.readFileSync(FACTURX));
      assert.equal(res.statusCode, 202);
      const created = res.json();
      assert.match(created.id, /^inv_[0-9a-z]{26}$/);
      assert.equal(res.headers.location, `/api/v1/invoices/${created.id}`);
      assert.equal(created.status, 'pending');
      assert.equal(created.processing.state, 'queued');
      assert.equal(created.file.type, 'application/pdf');
      const done = await waitFor(async () => {
        const r = (await inject({ method: 'GET', url: `/api/v1/invoices/${created.id}`, headers: auth })).json();
        return r.processing.state === 'done' ? r : undefined;
      });
      assert.equal(done.status, 'validated');
      assert.equal(done.montant_ttc, 14.9);
      assert.equal(done.montant_tva, 0);
      assert.equal(done.date_facture, '2025-02-18');
      assert.equal(done.fournisseur, 'Muster GmbH');
      assert.equal(done.extraction.source, 'facturx');
      assert.equal(done.processing.attempts, 1);
      const list = (await inject({ method: 'GET', url: `/api/v1/invoices?dossier_id=${dossierId}&status=validated&date_from=2025-02-18&date_to=2025-02-18`, headers: auth })).json();
      assert.deepEqual(list.meta, { total: 1, page: 1, per_page: 25 });
      assert.deepEqual(Object.keys(list.data[0]).sort(), ['date_facture', 'fournisseur', 'id', 'montant_ht', 'montant_ttc', 'montant_tva', 'numero', 'siret', 'status']);
    });

    test('the same bytes in the same folder return the existing invoice', async () => {
      const { auth } = await newFirm(svc);
      const dossierId = await folder(auth);
      const first = await upload(auth, dossierId, pdfBytes(1));
      const again = await upload(auth, dossierId, pdfBytes(1));
      assert.equal(again.statusCode, 200);
      assert.equal(again.json().duplicate, true);
      assert.equal(again.json().id, first.json().id);
      const other = await upload(auth, await folder(auth), pdfBytes(1));
      assert.equal(other.statusCode, 202, 'another folder is another invoice');
      const { rows } = await svc.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE dossier_id = $1', [dossierId]);
      assert.equal(rows[0]!.n, 1);
    });

    test('Idempotency-Key replays the first answer and refuses another file', async () => {
      const { auth } = await newFirm(svc);
      const dossierId = await folder(auth);
      const key = { 'idempotency-key': 'import-42' };
      const first = await upload(auth, dossierId, pdfBytes(2), key);
      const replay = await upload(auth, dossierId, pdfBytes(2), key);
      assert.equal(replay.statusCode, 202);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.equal(replay.json().id, first.json().id);
      const reuse = await upload(auth, dossierId, pdfBytes(3), key);
      assert.equal(reuse.statusCode, 422);
      assert.equal(reuse.json().code, 'idempotency_key_reused');
    });

    test('type is detected from the bytes; other types get 415 and leave nothing behind', async () => {
      const { auth } = await newFirm(svc);
      const dossierId = await folder(auth);
      const blobsBefore = fs.readdirSync(path.join(svc.dataDir, 'blobs'), { recursive: true }).length;
      const exe = await upload(auth, dossierId, Buffer.from('MZ\x90\x00 this is not a pdf at all, whatever its name says'));
      assert.equal(exe.statusCode, 415);
      assert.equal(exe.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(exe.json().code, 'unsupported_media_type');
      const png = fs.readFileSync(corpusPath('docs/invoice2data/AmazonWebServices.png'));
      const body = multipart([{ name: 'file', value: png, filename: 'scan.pdf', type: 'application/pdf' }, { name: 'dossier_id', value: dossierId }]);
      const asPng = await inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...body.headers }, payload: body.payload });
      assert.equal(asPng.statusCode, 202, 'dossier_id may come after the file');
      assert.equal(asPng.json().file.type, 'image/png');
      assert.equal(asPng.json().file.name, 'scan.pdf');
      const blobsAfter = fs.readdirSync(path.join(svc.dataDir, 'blobs'), { recursive: true }).length;
      assert.equal(blobsAfter, blobsBefore + 2, 'one file for the PNG (and its firm folder), none for the rejected one');
    });

    test('a file over MAX_UPLOAD_BYTES gets 413 and leaves nothing behind', async () => {
      const { auth, firm } = await newFirm(svc);
      const dossierId = await folder(auth);
      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1100 * 1024, 0x20)]);
      const res = await upload(auth, dossierId, big);
      assert.equal(res.statusCode, 413);
      assert.equal(res.json().code, 'payload_too_large');
      assert.equal(fs.existsSync(path.join(svc.dataDir, 'blobs', firm.id)) ? fs.readdirSync(path.join(svc.dataDir, 'blobs', firm.id)).length : 0, 0);
      const partial = fs.readdirSync(path.join(svc.dataDir, 'blobs', '.partial'));
      assert.equal(partial.length, 0);
      const { rows } = await svc.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE firm_id = $1', [firm.id]);
      assert.equal(rows[0]!.n, 0);
    });

    test('missing parts and unknown folders are clear errors', async () => {
      const { auth } = await newFirm(svc);
      const noFolder = multipart([{ name: 'file', value: pdfBytes(4), filename: 'a.pdf' }]);
      const r1 = await inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...noFolder.headers }, payload: noFolder.payload });
      assert.equal(r1.statusCode, 400);
      assert.match(r1.json().detail, /dossier_id/);
      const r2 = await upload(auth, 'dos_doesnotexist', pdfBytes(5));
      assert.equal(r2.statusCode, 404);
      const r3 = await inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, 'content-type': 'application/json' }, payload: '{}' });
      assert.equal(r3.statusCode, 400);
    });

    test('enqueue is atomic with the invoice row', async () => {
      const { auth, firm } = await newFirm(svc);
      const dossierId = await folder(auth);
      const res = await upload(auth, dossierId, pdfBytes(6));
      const id = res.json().id;
      const { rows } = await svc.deps.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'process-invoice' AND data->>'invoiceId' = $1", [id]);
      assert.equal(rows[0]!.n, 1);
      // A failure inside the transaction rolls back both the row and the job.
      await assert.rejects(svc.deps.db.transaction(async (tx) => {
        await tx.query("INSERT INTO invoices (id, firm_id, dossier_id, file_name, file_type, file_size, file_sha256, storage_key) VALUES ('inv_rollback', $1, $2, 'x', 'application/pdf', 1, 'abc', 'k')", [firm.id, dossierId]);
        await svc.deps.queue.enqueueProcessing(tx, { firmId: firm.id, invoiceId: 'inv_rollback' });
        throw new Error('boom');
      }), /boom/);
      const after = await svc.deps.db.query<{ n: number }>("SELECT (SELECT count(*) FROM invoices WHERE id = 'inv_rollback') + (SELECT count(*) FROM pgboss.job WHERE data->>'invoiceId' = 'inv_rollback') AS n");
      assert.equal(Number(after.rows[0]!.n), 0);
    });

    test('every endpoint gives a second firm 404, never the data', async () => {
      const a = await newFirm(svc);
      const b = await newFirm(svc);
      const dossierId = await folder(a.auth);
      const invoiceId = (await upload(a.auth, dossierId, pdfBytes(7))).json().id;
      const tokenId = (await inject({ method: 'POST', url: '/api/v1/tokens', headers: a.auth, payload: { name: 'a' } })).json().id;
      const probes = [
        { method: 'GET', url: `/api/v1/invoices/${invoiceId}` },
        { method: 'GET', url: `/api/v1/invoices?dossier_id=${dossierId}` },
        { method: 'GET', url: `/api/v1/dossiers/${dossierId}` },
        { method: 'DELETE', url: `/api/v1/tokens/${tokenId}` },
      ];
      for (const probe of probes) {
        const res = await inject({ ...probe, headers: b.auth });
        assert.equal(res.statusCode, 404, probe.url);
        assert.doesNotMatch(res.body, new RegExp(a.firm.id));
      }
      const unknown = await inject({ method: 'GET', url: '/api/v1/invoices/inv_00000000000000000000000000', headers: b.auth });
      const foreign = await inject({ method: 'GET', url: `/api/v1/invoices/${invoiceId}`, headers: b.auth });
      assert.equal(unknown.json().detail, foreign.json().detail);
      const upload404 = await upload(b.auth, dossierId, pdfBytes(8));
      assert.equal(upload404.statusCode, 404);
      assert.equal((await inject({ method: 'GET', url: '/api/v1/dossiers', headers: b.auth })).json().data.length, 0);
      assert.equal((await inject({ method: 'GET', url: '/api/v1/tokens', headers: b.auth })).json().data.length, 0);
      assert.equal((await inject({ method: 'GET', url: `/api/v1/invoices/${invoiceId}`, headers: a.auth })).statusCode, 200);
    });

    test('list filters, ordering and pagination edges', async () => {
      const { auth, firm } = await newFirm(svc);
      const dossierId = await folder(auth);
      // Rows are seeded directly: the list's behaviour does not depend on extraction.
      const dates = ['2025-01-05', '2025-01-05', '2025-02-10', '2025-03-15', '2024-12-31'];
      for (const [i, date] of dates.entries()) {
        await svc.deps.db.query(
          `INSERT INTO invoices (id, firm_id, dossier_id, file_name, file_type, file_size, file_sha256, storage_key, date_facture, status, montant_ttc)
           VALUES ($1, $2, $3, 'f.pdf', 'application/pdf', 1, $4, 'k', $5, $6, 10.50)`,
          [`inv_list${i}`, firm.id, dossierId, `sha${i}`, date, i % 2 ? 'validated' : 'pending']);
      }
      const list = async (qs: string) => inject({ method: 'GET', url: `/api/v1/invoices?dossier_id=${dossierId}${qs}`, headers: auth });
      const all = (await list('')).json();
      assert.equal(all.meta.total, 5);
      assert.deepEqual(all.data.map((d: { id: string }) => d.id), ['inv_list3', 'inv_list2', 'inv_list0', 'inv_list1', 'inv_list4']);
      assert.equal(all.data[0].montant_ttc, 10.5);
      assert.equal((await list('&status=validated')).json().meta.total, 2);
      assert.equal((await list('&date_from=2025-01-05&date_to=2025-02-10')).json().meta.total, 3);
      assert.equal((await list('&date_from=2025-03-15')).json().meta.total, 1);
      assert.equal((await list('&date_to=2024-12-31&status=pending')).json().meta.total, 1);
      const page2 = (await list('&per_page=2&page=2')).json();
      assert.deepEqual(page2.meta, { total: 5, page: 2, per_page: 2 });
      assert.deepEqual(page2.data.map((d: { id: string }) => d.id), ['inv_list0', 'inv_list1']);
      const page3 = (await list('&per_page=2&page=3')).json();
      assert.equal(page3.data.length, 1);
      const beyond = (await list('&per_page=2&page=9')).json();
      assert.deepEqual(beyond.data, []);
      assert.equal(beyond.meta.total, 5);
      assert.equal((await list('&per_page=100')).statusCode, 200);
      // sort= picks another column; ties and NULLs keep a stable order by id.
      assert.deepEqual((await list('&sort=date_facture')).json().data.map((d: { id: string }) => d.id), ['inv_list4', 'inv_list0', 'inv_list1', 'inv_list2', 'inv_list3']);
      assert.deepEqual((await list('&sort=status&per_page=2')).json().data.map((d: { id: string }) => d.id), ['inv_list0', 'inv_list2']);
      for (const bad of ['&sort=file_sha256', '&sort=id;drop', '&status=paid', '&date_from=2025-02-30', '&date_from=2025-13-01', '&date_from=2025-03-01&date_to=2025-01-01', '&per_page=0', '&per_page=101', '&page=0', '&date_to=yesterday']) {
        const res = await list(bad);
        assert.equal(res.statusCode, 400, bad);
        assert.equal(res.json().code, 'validation_failed', bad);
      }
      const missing = await inject({ method: 'GET', url: '/api/v1/invoices', headers: auth });
      assert.equal(missing.statusCode, 400);
    });

    test('probes, OpenAPI and unknown routes', async () => {
      assert.equal((await inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      assert.deepEqual((await inject({ method: 'GET', url: '/readyz' })).json(), { status: 'ready' });
      const spec = (await inject({ method: 'GET', url: '/api/openapi.json' })).json();
      assert.equal(spec.openapi, '3.1.0');
      for (const p of ['/api/auth/token', '/api/auth/refresh', '/api/auth/logout', '/api/v1/invoices', '/api/v1/invoices/{id}', '/api/v1/invoices/{id}/validate', '/api/v1/invoices/{id}/file', '/api/v1/dossiers', '/api/v1/tokens', '/api/v1/tokens/{id}']) {
        assert.ok(spec.paths[p], p);
      }
      assert.ok(spec.paths['/api/v1/invoices'].post.requestBody.content['multipart/form-data']);
      assert.equal((await inject({ method: 'GET', url: '/api/docs/' })).statusCode, 200);
      const nope = await inject({ method: 'GET', url: '/nope' });
      assert.equal(nope.statusCode, 404);
      assert.equal(nope.json().type, 'urn:invoice-service:problem:not_found');
    });
  });
}
