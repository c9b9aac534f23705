// Requests a hostile or careless client sends: NUL characters, numbers that are not integers,
// JSON of the wrong type, bad Idempotency-Keys, broken multipart, bad URLs, oversized headers.
// Each gets a 4xx problem+json (checked against the OpenAPI document), never a 500 or a hang.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/databases.ts';
import { contractInject } from '../helpers/openapi.ts';
import { multipart, newFirm, startTestService, type TestService } from '../helpers/service.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { invoicesRepo } from '../../src/repositories/invoices.ts';
import { buildApp } from '../../src/http/app.ts';
import type { Queryable } from '../../src/db/database.ts';

const PROBLEM = /^application\/problem\+json/;
const pdfBytes = (n: number) => Buffer.from(`%PDF-1.4\n% hostile ${n}\n%%EOF\n`);

for (const engine of ENGINES) {
  describe(`hostile requests on ${engine}`, () => {
    let svc: TestService;
    let port: number;
    before(async () => {
      svc = await startTestService(engine, { MAX_UPLOAD_BYTES: String(1024 * 1024) }, async () => { throw new Error('no extraction in these tests'); });
      await svc.app!.listen({ host: '127.0.0.1', port: 0 });
      port = (svc.app!.server.address() as net.AddressInfo).port;
    });
    after(async () => { await svc.stop(); });
    const inject = contractInject(() => svc.app!);

    async function expectProblem(options: object, status: number, label: string) {
      const res = await inject(options);
      assert.equal(res.statusCode, status, `${label}: ${res.body.slice(0, 300)}`);
      assert.match(String(res.headers['content-type']), PROBLEM, label);
      return res.json();
    }

    /** A folder and a processed invoice in it, seeded directly (these tests are about the HTTP layer). */
    async function seeded() {
      const firm = await newFirm(svc);
      const dossierId = (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: firm.auth, payload: { name: 'Hostile' } })).json().id;
      const invoiceId = `inv_hostile${Math.random().toString(36).slice(2, 12)}`;
      await svc.deps.db.query(
        `INSERT INTO invoices (id, firm_id, dossier_id, file_name, file_type, file_size, file_sha256, storage_key, processing_state, montant_ttc, fournisseur)
         VALUES ($1, $2, $3, 'f.pdf', 'application/pdf', 1, $1, 'k', 'done', 12.50, 'Boulangerie')`,
        [invoiceId, firm.firm.id, dossierId]);
      return { ...firm, dossierId, invoiceId };
    }

    test('a NUL character anywhere is a 400, whatever the field', async () => {
      const { auth, dossierId, invoiceId } = await seeded();
      const nul = 'a\u0000b';
      const cases: Array<[string, object]> = [
        ['sign-in e-mail', { method: 'POST', url: '/api/auth/token', payload: { email: `x${nul}@example.test`, password: 'whatever' } }],
        ['folder name', { method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: nul } }],
        ['token name', { method: 'POST', url: '/api/v1/tokens', headers: auth, payload: { name: nul } }],
        ['PATCH fournisseur', { method: 'PATCH', url: `/api/v1/invoices/${invoiceId}`, headers: auth, payload: { fournisseur: nul } }],
        ['PATCH numero', { method: 'PATCH', url: `/api/v1/invoices/${invoiceId}`, headers: auth, payload: { numero: nul } }],
        ['a key of the body', { method: 'PATCH', url: `/api/v1/invoices/${invoiceId}`, headers: auth, payload: { [nul]: 1 } }],
        ['dossier_id in the query', { method: 'GET', url: '/api/v1/invoices?dossier_id=a%00b', headers: auth }],
        ['%00 as an invoice id', { method: 'GET', url: '/api/v1/invoices/%00', headers: auth }],
        ['%00 in a folder id', { method: 'GET', url: '/api/v1/dossiers/dos_%00', headers: auth }],
        ['%00 in a token id', { method: 'DELETE', url: '/api/v1/tokens/%00', headers: auth }],
        ['%00 on validate', { method: 'POST', url: '/api/v1/invoices/%00/validate', headers: auth }],
        ['%00 on the file', { method: 'GET', url: '/api/v1/invoices/%00/file', headers: auth }],
      ];
      for (const [label, options] of cases) {
        const body = await expectProblem(options, 400, label);
        assert.equal(body.code, 'validation_failed', label);
        assert.match(body.detail, /NUL/, label);
      }
      const form = multipart([{ name: 'dossier_id', value: `${dossierId}\u0000` }, { name: 'file', value: pdfBytes(1), filename: 'a.pdf' }]);
      const body = await expectProblem({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...form.headers }, payload: form.payload }, 400, 'multipart dossier_id');
      assert.match(body.detail, /NUL/);
      const { rows } = await svc.deps.db.query<{ fournisseur: string }>('SELECT fournisseur FROM invoices WHERE id = $1', [invoiceId]);
      assert.equal(rows[0]!.fournisseur, 'Boulangerie');
    });

    test('page and per_page are integers written in decimal digits, and nothing else', async () => {
      const { auth, dossierId } = await seeded();
      const list = (qs: string) => ({ method: 'GET', url: `/api/v1/invoices?dossier_id=${dossierId}${qs}`, headers: auth });
      for (const bad of ['page=Infinity', 'per_page=Infinity', 'page=1e309', 'per_page=1e309', 'page=0x10', 'page=1e1', 'page=1.5', 'page=-1', 'page=', 'page=%201', 'per_page=NaN', 'page=99999999999999999999']) {
        const body = await expectProblem(list(`&${bad}`), 400, bad);
        assert.equal(body.code, 'validation_failed', bad);
      }
      const ok = await inject(list('&page=2&per_page=10'));
      assert.equal(ok.statusCode, 200);
      assert.deepEqual(ok.json().meta, { total: 1, page: 2, per_page: 10 });
    });

    test('LIMIT and OFFSET are bound as parameters, never written into the SQL', async () => {
      const { firm, dossierId } = await seeded();
      const seen: Array<{ sql: string; params: unknown[] }> = [];
      const recording: Queryable = {
        query: (sql, params) => { seen.push({ sql, params: params ?? [] }); return svc.deps.db.query(sql, params); },
      };
      // One invoice: page 1 is read (a page past the end is not queried at all).
      const page = await invoicesRepo.list(recording, firm.id, { dossierId, page: 1, perPage: 37 });
      assert.equal(page?.rows.length, 1);
      const select = seen.find((q) => /LIMIT/.test(q.sql))!;
      assert.doesNotMatch(select.sql, /\b37\b/);
      assert.deepEqual(select.params.slice(-2), [37, 0]);
    });

    test('bodies are checked strictly: no JSON type is converted into another', async () => {
      const { auth, invoiceId } = await seeded();
      const cases: Array<[string, object]> = [
        ['name: 123', { method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 123 } }],
        ['name: true', { method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: true } }],
        ['token name: 123', { method: 'POST', url: '/api/v1/tokens', headers: auth, payload: { name: 123 } }],
        ['expires_in_days: "30"', { method: 'POST', url: '/api/v1/tokens', headers: auth, payload: { name: 'x', expires_in_days: '30' } }],
        ['montant_ttc: ""', { method: 'PATCH', url: `/api/v1/invoices/${invoiceId}`, headers: auth, payload: { montant_ttc: '' } }],
        ['montant_ttc: "   "', { method: 'PATCH', url: `/api/v1/invoices/${invoiceId}`, headers: auth, payload: { montant_ttc: '   ' } }],
        ['montant_ttc: true', { method: 'PATCH', url: `/api/v1/invoices/${invoiceId}`, headers: auth, payload: { montant_ttc: true } }],
        ['montant_ttc: [1]', { method: 'PATCH', url: `/api/v1/invoices/${invoiceId}`, headers: auth, payload: { montant_ttc: [1] } }],
        ['siret: ""', { method: 'PATCH', url: `/api/v1/invoices/${invoiceId}`, headers: auth, payload: { siret: '' } }],
        ['fournisseur: 42', { method: 'PATCH', url: `/api/v1/invoices/${invoiceId}`, headers: auth, payload: { fournisseur: 42 } }],
        ['confirm: "true"', { method: 'POST', url: `/api/v1/invoices/${invoiceId}/validate`, headers: auth, payload: { confirm: 'true' } }],
        ['confirm: 1', { method: 'POST', url: `/api/v1/invoices/${invoiceId}/validate`, headers: auth, payload: { confirm: 1 } }],
        ['password: 12345678', { method: 'POST', url: '/api/auth/token', payload: { email: 'a@b.test', password: 12345678 } }],
      ];
      for (const [label, options] of cases) assert.equal((await expectProblem(options, 400, label)).code, 'validation_failed', label);
      const invoice = (await inject({ method: 'GET', url: `/api/v1/invoices/${invoiceId}`, headers: auth })).json();
      assert.equal(invoice.montant_ttc, 12.5, 'the amount is untouched');
      assert.equal(invoice.status, 'pending', 'not validated');
      // The right types still work: null clears, a decimal string is an amount.
      const cleared = await inject({ method: 'PATCH', url: `/api/v1/invoices/${invoiceId}`, headers: auth, payload: { siret: null, montant_ttc: '13.40' } });
      assert.equal(cleared.statusCode, 200);
      assert.equal(cleared.json().montant_ttc, 13.4);
    });

    test('Idempotency-Key is 1 to 200 visible ASCII characters', async () => {
      const { auth, dossierId } = await seeded();
      const upload = (key: string, n: number) => {
        const form = multipart([{ name: 'dossier_id', value: dossierId }, { name: 'file', value: pdfBytes(n), filename: 'a.pdf' }]);
        return inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...form.headers, 'idempotency-key': key }, payload: form.payload });
      };
      for (const [label, key] of [['empty', ''], ['201 characters', 'k'.repeat(201)], ['8 KB', 'k'.repeat(8192)], ['a space', 'import 42'], ['non-ASCII', 'clé-42']]) {
        const res = await upload(key!, 10);
        assert.equal(res.statusCode, 400, label);
        assert.match(String(res.headers['content-type']), PROBLEM, label);
        assert.match(res.json().detail, /idempotency-key/, label);
      }
      assert.equal((await upload('k'.repeat(200), 11)).statusCode, 202, '200 characters are fine');
      const { rows } = await svc.deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM invoices WHERE dossier_id = $1 AND file_name = 'a.pdf'", [dossierId]);
      assert.equal(rows[0]!.n, 1, 'only the valid key imported');
    });

    test('malformed multipart bodies are 400s', async () => {
      const { auth, dossierId } = await seeded();
      const post = (contentType: string, payload: string) =>
        expectProblem({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, 'content-type': contentType }, payload }, 400, contentType);
      const part = (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="dossier_id"\r\n\r\n${dossierId}\r\n--${boundary}--\r\n`;
      for (const body of [
        await post('multipart/form-data', part('abc')),
        await post('multipart/form-data; boundary=xyz', part('abc')),
        await post('multipart/form-data; boundary=xyz', 'garbage garbage garbage'),
        await post('multipart/form-data; boundary=xyz', `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut short`),
      ]) assert.equal(body.code, 'validation_failed');
    });

    test('a multipart body without its closing boundary gets an answer, small or large', async () => {
      const { auth, dossierId } = await seeded();
      for (const size of [100, 300_000]) {
        const head = `--xyz\r\nContent-Disposition: form-data; name="dossier_id"\r\n\r\n${dossierId}\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`;
        const body = Buffer.concat([Buffer.from(head), Buffer.from('%PDF-1.4\n'), Buffer.alloc(size, 0x41)]);
        const started = Date.now();
        const res = await rawRequest(port, {
          head: `POST /api/v1/invoices HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth.authorization}\r\nContent-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
          // The large body in two writes, so that the parser is mid-file when the body ends.
          body: size > 1000 ? [body.subarray(0, 100_000), body.subarray(100_000)] : [body],
          pauseMs: 300,
        }, 15_000);
        assert.equal(res.status, 400, `${size}: ${res.body}`);
        assert.match(res.headers['content-type'] ?? '', PROBLEM);
        assert.ok(Date.now() - started < 10_000, 'answered at once');
      }
    });

    test('Fastify\'s and Node\'s own refusals are problem+json too', async () => {
      const { auth } = await seeded();
      const badUrl = await expectProblem({ method: 'GET', url: '/api/v1/invoices/%zz', headers: auth }, 400, 'bad percent-encoding');
      assert.equal(badUrl.code, 'bad_url');
      const long = await expectProblem({ method: 'GET', url: `/api/v1/invoices/${'a'.repeat(150)}`, headers: auth }, 414, 'over-long id');
      assert.equal(long.code, 'uri_too_long');
      // 431 comes from Node's parser, before Fastify: only a real socket shows it.
      for (const [label, extra, path] of [
        ['20 KB query string', '', `/api/v1/invoices?dossier_id=${'a'.repeat(20_000)}`],
        ['20 KB header', `X-Big: ${'a'.repeat(20_000)}\r\n`, '/api/v1/dossiers'],
      ] as const) {
        const res = await rawRequest(port, { head: `GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}Connection: close\r\n\r\n` });
        assert.equal(res.status, 431, label);
        assert.match(res.headers['content-type'] ?? '', PROBLEM, label);
        assert.equal(JSON.parse(res.body).status, 431, label);
      }
      const garbage = await rawRequest(port, { head: 'NOT HTTP AT ALL\r\n\r\n' });
      assert.equal(garbage.status, 400);
      assert.match(garbage.headers['content-type'] ?? '', PROBLEM);
    });

    test('every request ends: slow headers and unfinished bodies get a 408, idle connections are closed', async () => {
      // The same app with short timeouts, so that the test does not wait minutes.
      const app = await buildApp(svc.deps, { timeouts: { headersMs: 500, requestMs: 1000, idleMs: 3000, keepAliveMs: 300, checkEveryMs: 100 } });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const slowPort = (app.server.address() as net.AddressInfo).port;
      try {
        const headers = await rawRequest(slowPort, { head: 'GET /healthz HTTP/1.1\r\nHost: x\r\n' });
        const body = await rawRequest(slowPort, {
          head: 'POST /api/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n', body: [Buffer.from('{"email":')],
        });
        for (const [label, res] of [['headers never finished', headers], ['body never finished', body]] as const) {
          assert.equal(res.status, 408, `${label}: ${res.body}`);
          assert.match(res.headers['content-type'] ?? '', PROBLEM, label);
          assert.equal(JSON.parse(res.body).code, 'request_timeout', label);
          assert.ok(res.closedAfterMs < 3000, `${label}: closed after ${res.closedAfterMs} ms`);
        }
        const idle = await rawRequest(slowPort, { head: 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n' });
        assert.equal(idle.status, 200);
        assert.ok(idle.closedAfterMs < 2500, `a kept-alive connection with nothing to do is closed (after ${idle.closedAfterMs} ms)`);
      } finally {
        await app.close();
      }
    });
  });
}
