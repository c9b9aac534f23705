// The OpenAPI document is exact: it passes Redocly's recommended rules with no error and no
// warning, says what generated clients need, and every invalid request generated from it gets a
// declared 4xx problem+json, never a 5xx and never silence.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { ENGINES } from '../helpers/databases.ts';
import { loadContract, type Contract } from '../helpers/openapi.ts';
import { negativeRequests, type Baseline } from '../helpers/negative-requests.ts';
import { newFirm, startTestService, type TestService } from '../helpers/service.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

describe('the OpenAPI document', () => {
  let svc: TestService;
  let contract: Contract;
  before(async () => {
    svc = await startTestService('pglite', {}, async () => { throw new Error('no extraction in these tests'); });
    contract = await loadContract(svc.app!);
  });
  after(async () => { await svc.stop(); });

  test('passes Redocly\'s recommended rules with 0 errors and 0 warnings', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(contract.document));
    try {
      // Offline: no telemetry, no update check.
      const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' };
      const run = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'], { env, cwd: dir })
        .catch((error: { stdout?: string; stderr?: string }) => error);
      const report = JSON.parse(run.stdout ?? '{}') as { totals?: { errors: number; warnings: number }; problems?: Array<{ ruleId: string; message: string }> };
      assert.ok(report.totals, `redocly gave no report: ${run.stderr}`);
      const problems = (report.problems ?? []).map((p) => `${p.ruleId}: ${p.message}`).join('\n');
      assert.deepEqual({ errors: report.totals.errors, warnings: report.totals.warnings }, { errors: 0, warnings: 0 }, problems);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('says what a generated client needs', () => {
    const doc = contract.document;
    assert.equal(doc.openapi, '3.1.0');
    assert.ok(doc.servers?.length, 'servers');
    assert.equal(doc.info.license?.identifier, 'MIT');
    assert.deepEqual(Object.keys(doc.components.schemas), ['Problem']);
    const ids = contract.operations.map((op) => op.operationId);
    assert.ok(ids.every(Boolean), 'an operationId on every operation');
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    const publicOps = contract.operations.filter((op) => (op as { security?: unknown[] }).security?.length === 0).map((op) => `${op.method} ${op.path}`);
    assert.deepEqual(publicOps.sort(), ['GET /healthz', 'GET /readyz', 'POST /api/auth/token']);
    for (const op of contract.operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        assert.deepEqual(Object.keys(response.content ?? {}), ['application/problem+json'], `${op.operationId} ${status}`);
        assert.equal((response.content!['application/problem+json']!.schema as { $ref: string }).$ref, '#/components/schemas/Problem');
      }
      if (op.requestBody?.content['application/json']) {
        for (const status of ['400', '413', '415']) assert.ok(op.responses[status], `${op.operationId} declares ${status}`);
      }
      if (op.parameters?.some((p) => p.in === 'path')) assert.ok(op.responses['414'], `${op.operationId} declares 414`);
      assert.ok(op.responses['408'] && op.responses['431'], `${op.operationId} declares 408 and 431`);
    }
    const byId = Object.fromEntries(contract.operations.map((op) => [op.operationId, op]));
    const file = byId.downloadInvoiceFile!.responses['200']!.content!;
    assert.deepEqual(Object.keys(file).sort(), ['application/pdf', 'application/xml', 'image/jpeg', 'image/png']);
    assert.ok(byId.dismissDuplicate!.responses['409'], 'dismissing an unflagged invoice is a declared 409');
    assert.ok(Object.values(file).every((m) => (m.schema as { format?: string }).format === 'binary'));
    const list = byId.listInvoices!.parameters!;
    assert.equal(list.find((p) => p.name === 'page')!.required, false);
    assert.equal(list.find((p) => p.name === 'per_page')!.required, false);
    assert.equal(byId.validateInvoice!.requestBody!.required, false);
    assert.equal(byId.validateInvoice!.requestBody!.content['application/json']!.schema.required, undefined);
    assert.deepEqual(byId.createApiToken!.requestBody!.content['application/json']!.schema.required, ['name']);
    assert.deepEqual(Object.keys(byId.downloadExportFile!.responses['200']!.content!).sort(), ['text/csv', 'text/tab-separated-values']);
    assert.deepEqual(byId.createExport!.requestBody!.content['application/json']!.schema.required, ['dossier_id', 'format']);
    assert.equal(byId.listExports!.parameters!.find((p) => p.name === 'dossier_id')!.required, false);
    const upload = byId.importInvoice!.requestBody!.content['multipart/form-data']!.schema as { properties: Record<string, { format?: string }> };
    assert.equal(upload.properties.file!.format, 'binary');
  });

  test('the contract check itself catches an undeclared status, content type or shape', () => {
    const op = contract.operationFor('GET', '/api/v1/dossiers/dos_x')!;
    const fake = (statusCode: number, contentType: string, body: string) =>
      ({ statusCode, headers: { 'content-type': contentType }, body, json: () => JSON.parse(body) }) as never;
    assert.throws(() => contract.check(op, fake(418, 'application/problem+json', '{}')), /not declared/);
    assert.throws(() => contract.check(op, fake(404, 'application/json', '{"a":1}')), /content type/);
    assert.throws(() => contract.check(op, fake(200, 'application/json', '{"id":1}')), /does not match/);
  });
});

for (const engine of ENGINES) {
  describe(`invalid requests generated from the document, on ${engine}`, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(engine, { MAX_UPLOAD_BYTES: String(256 * 1024) }, async () => { throw new Error('no extraction in these tests'); }); });
    after(async () => { await svc.stop(); });

    test('every one gets a declared 4xx problem+json, none a 5xx, none silence', { timeout: 240_000 }, async () => {
      const contract = await loadContract(svc.app!);
      const { auth, firm, email, password } = await newFirm(svc);
      const inject = (options: object) => svc.app!.inject(options as never);
      const dossierId = (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 'Negative' } })).json().id;
      const tokenId = (await inject({ method: 'POST', url: '/api/v1/tokens', headers: auth, payload: { name: 'negative' } })).json().id;
      const webhookId = (await inject({ method: 'POST', url: '/api/v1/webhooks', headers: auth, payload: { url: 'https://93.184.215.14/hook', events: ['invoice.processed'] } })).json().id;
      const invoiceId = 'inv_negative0000000000000000000';
      await svc.deps.db.query(
        `INSERT INTO invoices (id, firm_id, dossier_id, file_name, file_type, file_size, file_sha256, storage_key, processing_state)
         VALUES ($1, $2, $3, 'f.pdf', 'application/pdf', 1, 'sha', 'k', 'done')`, [invoiceId, firm.id, dossierId]);
      // A valid request per operation; the generator makes one thing wrong at a time.
      const baselines: Record<string, Baseline> = {
        createSessionToken: { body: { email, password: 'wrong but well-formed' } },
        createDossier: { body: { name: 'Folder' } },
        getDossier: { params: { id: dossierId } },
        listInvoices: { query: { dossier_id: dossierId, page: '1', per_page: '10' } },
        getInvoiceTotals: { query: { dossier_id: dossierId, status: 'pending' } },
        importInvoice: { multipart: true },
        getInvoice: { params: { id: invoiceId } },
        correctInvoice: { params: { id: invoiceId }, body: { fournisseur: 'Boulangerie' } },
        validateInvoice: { params: { id: invoiceId }, body: { confirm: false } },
        downloadInvoiceFile: { params: { id: invoiceId } },
        createApiToken: { body: { name: 'x', expires_in_days: 30 } },
        revokeApiToken: { params: { id: tokenId } },
        createExport: { body: { dossier_id: dossierId, format: 'csv', invoice_ids: [invoiceId] } },
        listExports: { query: { dossier_id: dossierId, page: '1', per_page: '10' } },
        getExport: { params: { id: 'exp_negative' } },
        downloadExportFile: { params: { id: 'exp_negative' } },
        cancelExport: { params: { id: 'exp_negative' } },
        createWebhook: { body: { url: 'https://93.184.215.14/hook', events: ['invoice.processed'], description: 'ERP' } },
        listWebhooks: { query: { page: '1', per_page: '10' } },
        getWebhook: { params: { id: webhookId } },
        deleteWebhook: { params: { id: webhookId } },
        listWebhookDeliveries: { params: { id: webhookId }, query: { page: '1', per_page: '10' } },
      };
      const outcomes = new Map<number, number>();
      const failures: string[] = [];
      let sent = 0;
      for (const op of contract.operations) {
        for (const request of negativeRequests(op, baselines[op.operationId] ?? {}, auth, dossierId)) {
          sent++;
          const answer = await Promise.race([
            inject(request),
            new Promise<'silence'>((r) => setTimeout(() => r('silence'), 10_000).unref()),
          ]);
          if (answer === 'silence') { failures.push(`${request.label}: no answer in 10 s`); continue; }
          outcomes.set(answer.statusCode, (outcomes.get(answer.statusCode) ?? 0) + 1);
          if (answer.statusCode < 400 || answer.statusCode >= 500) failures.push(`${request.label}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
          try {
            const target = contract.operationFor(request.method, request.url);
            if (target) contract.check(target, answer);
            else assert.match(String(answer.headers['content-type']), /^application\/problem\+json/);
          } catch (error) {
            failures.push(`${request.label}: ${(error as Error).message.split('\n')[0]}`);
          }
        }
      }
      // The account is still usable: the generated sign-ins were refused, not the user locked out for good.
      await svc.deps.db.query('DELETE FROM login_attempts');
      assert.equal((await inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } })).statusCode, 200);
      const summary = [...outcomes.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
      console.log(`# ${engine}: ${sent} invalid requests over ${contract.operations.length} operations -> ${summary}`);
      assert.ok(sent >= 250, `only ${sent} requests generated`);
      assert.deepEqual(failures, []);
    });
  });
}
