// The typed client against a real listening service: its types match the served document, every
// convenience call works, another firm's rows answer 404, the token is refreshed before it
// expires (or replaced by a new sign-in once expired), and a 429 is retried as Retry-After says.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { InvoiceApiError, InvoiceClient, tokenExpiry } from '../../src/client/index.ts';
import type { Extractor } from '../../src/extraction/types.ts';
import { mintToken } from '../../src/services/auth.ts';
import { clientTypesSource, TYPES_FILE } from '../../tools/client-types/generate.ts';
import { ENGINES } from '../helpers/databases.ts';
import { loadContract } from '../helpers/openapi.ts';
import { listeningService } from '../helpers/cli.ts';
import { corpusPath, newFirm, startTestService, type TestService } from '../helpers/service.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PDF = corpusPath('docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf');

test('src/client/openapi-types.ts is what npm run client:types makes of the served document', { timeout: 120_000 }, async () => {
  const svc = await startTestService('pglite', {}, (async () => { throw new Error('unused'); }) as unknown as Extractor);
  try {
    const { document } = await loadContract(svc.app!);
    assert.equal(fs.readFileSync(TYPES_FILE, 'utf8'), await clientTypesSource(document), 'the types drifted: run npm run client:types');
  } finally {
    await svc.stop();
  }
});

test('the package exports InvoiceClient', async () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const entry = path.join(ROOT, pkg.exports['.']);
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e',
    `import { InvoiceClient, InvoiceApiError } from ${JSON.stringify(entry)}; console.log(typeof InvoiceClient, typeof InvoiceApiError)`]);
  assert.equal(stdout.trim(), 'function function');
});

test('the README shows the examples the tests run, as they are', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  for (const [file, comment] of [['docs/examples/import-and-wait.ts', '//'], ['docs/examples/scanner-folder.sh', '#']] as const) {
    const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    const body = lines.slice(lines.findIndex((l) => !l.startsWith(comment))).join('\n').trim();
    assert.ok(readme.includes(body), `README.md does not show ${file} as it is`);
  }
});

test('the README\'s client example (docs/examples/import-and-wait.ts) runs as written', { timeout: 180_000 }, async () => {
  const { svc, url } = await listeningService('pglite');
  try {
    const firm = await newFirm(svc);
    const run = () => promisify(execFile)(process.execPath, [path.join(ROOT, 'docs/examples/import-and-wait.ts'), PDF], {
      cwd: ROOT, env: { ...process.env, INVOICES_URL: url, INVOICES_EMAIL: firm.email, INVOICES_PASSWORD: firm.password },
    });
    const first = (await run()).stdout.split('\n');
    assert.match(first[0]!, /^created inv_\w+ (validated|pending) /);
    assert.match(first[1]!, /^validated: [01]$/);
    assert.equal(first[2], '404 not_found Not Found');
    assert.match((await run()).stdout, /^replayed /, 'run again, nothing is imported twice');
  } finally {
    await svc.stop();
  }
});

test('an unreachable service: a GET is retried with backoff, a plain POST is not, and the error is the network\'s', async () => {
  const retries: Array<string | number> = [];
  const client = new InvoiceClient({ baseUrl: 'http://127.0.0.1:9', token: 'x', retry: { baseDelayMs: 10, maxRetries: 2, onRetry: (r) => retries.push(r.status) } });
  await assert.rejects(client.listDossiers(), TypeError);
  assert.deepEqual(retries, ['network', 'network']);
  await assert.rejects(client.createDossier('x'), TypeError);
  assert.equal(retries.length, 2, 'not retried');
});

for (const engine of ENGINES) {
  describe(`InvoiceClient on ${engine}`, () => {
    let svc: TestService;
    let url: string;
    before(async () => { ({ svc, url } = await listeningService(engine, { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })); });
    after(async () => { await svc.stop(); });

    test('webhooks: register, list, read, deliveries, delete; another firm gets 404', async () => {
      const client = new InvoiceClient({ baseUrl: url, token: (await newFirm(svc)).token });
      const created = await client.createWebhook({ url: `${url}/hooks/invoices`, events: ['invoice.processed'], description: 'ERP' });
      assert.ok(created.secret, 'the signing secret, shown once');
      assert.deepEqual((await client.listWebhooks()).data.map((w) => w.id), [created.id]);
      assert.equal((await client.getWebhook(created.id)).url, `${url}/hooks/invoices`);
      assert.equal((await client.listWebhookDeliveries(created.id)).meta.total, 0);
      const stranger = new InvoiceClient({ baseUrl: url, token: (await newFirm(svc)).token });
      await assert.rejects(stranger.getWebhook(created.id), (e: InvoiceApiError) => e.status === 404);
      await assert.rejects(stranger.deleteWebhook(created.id), (e: InvoiceApiError) => e.status === 404);
      await client.deleteWebhook(created.id);
      await assert.rejects(client.getWebhook(created.id), (e: InvoiceApiError) => e.status === 404);
      await assert.rejects(client.createWebhook({ url: 'ftp://x.example', events: ['invoice.processed'] }), (e: InvoiceApiError) => e.status === 400 && e.code === 'validation_failed');
    });

    test('signs in, imports (idempotently), waits, lists, corrects, validates, downloads, manages tokens', { timeout: 180_000 }, async () => {
      const firm = await newFirm(svc);
      const client = await InvoiceClient.login(url, firm.email, firm.password);
      const dossier = await client.createDossier('Boulangerie Martin');
      assert.deepEqual((await client.listDossiers()).map((d) => d.id), [dossier.id]);
      assert.equal((await client.findDossier('Boulangerie Martin')).id, dossier.id);

      const first = await client.importInvoice(PDF, dossier.id);
      assert.equal(first.outcome, 'created');
      const again = await client.importInvoice(PDF, dossier.id);
      assert.deepEqual([again.outcome, again.invoice.id], ['replayed', first.invoice.id], 'the derived key makes a re-run a replay');
      const renamed = await client.importInvoice({ name: 'copy.pdf', data: fs.readFileSync(PDF) }, dossier.id);
      assert.deepEqual([renamed.outcome, renamed.invoice.id], ['duplicate', first.invoice.id]);

      const done = await client.waitForProcessing(first.invoice.id, { timeoutMs: 120_000 });
      assert.equal(done.processing.state, 'done');
      const list = await client.listInvoices({ dossier_id: dossier.id });
      assert.deepEqual([list.meta.total, list.data[0]!.id], [1, first.invoice.id]);
      assert.equal((await client.invoiceTotals({ dossier_id: dossier.id })).count, 1);
      const all = [];
      for await (const item of client.allInvoices({ dossier_id: dossier.id, per_page: 1 })) all.push(item.id);
      assert.deepEqual(all, [first.invoice.id]);

      const corrected = await client.correctInvoice(first.invoice.id, { numero: 'F-2025-001' });
      assert.equal(corrected.numero, 'F-2025-001');
      const validated = await client.validateInvoice(first.invoice.id, { confirm: true });
      assert.equal(validated.status, 'validated');
      const file = await client.downloadInvoiceFile(first.invoice.id);
      assert.equal(file.type, 'application/pdf');
      assert.deepEqual(Buffer.from(file.data), fs.readFileSync(PDF));

      const batch = await client.createExport({ dossier_id: dossier.id, format: 'csv' }, { idempotencyKey: 'export-test-1' });
      assert.deepEqual([batch.invoice_count, batch.invoice_ids], [1, [first.invoice.id]]);
      assert.equal((await client.createExport({ dossier_id: dossier.id, format: 'csv' }, { idempotencyKey: 'export-test-1' })).id, batch.id, 'replayed');
      const csv = await client.downloadExportFile(batch.id);
      assert.match(csv.type, /^text\/csv/);
      assert.equal(csv.fileName, batch.file_name);
      assert.equal((await client.listExports({ dossier_id: dossier.id })).meta.total, 1);
      assert.equal((await client.getInvoice(first.invoice.id)).status, 'exported');
      assert.equal((await client.cancelExport(batch.id)).status, 'cancelled');

      // The same file in another folder of the firm is flagged as a likely duplicate; a reviewer dismisses it.
      const other = await client.createDossier('Autre dossier');
      const elsewhere = await client.waitForProcessing((await client.importInvoice(PDF, other.id)).invoice.id, { timeoutMs: 120_000 });
      assert.equal(elsewhere.duplicate_of, first.invoice.id);
      assert.ok((await client.dismissDuplicate(elsewhere.id)).duplicate_dismissed_at);

      const token = await client.createToken('Export compta', 30);
      assert.deepEqual((await client.listTokens()).map((t) => t.id), [token.id]);
      const named = new InvoiceClient({ baseUrl: url, token: token.access_token });
      assert.equal((await named.getDossier(dossier.id)).name, 'Boulangerie Martin');
      await client.revokeToken(token.id);
      await assert.rejects(named.getDossier(dossier.id), (e: InvoiceApiError) => e instanceof InvoiceApiError && e.status === 401);

      // The typed raw client reaches every endpoint.
      const { data } = await client.api.GET('/api/v1/dossiers/{id}', { params: { path: { id: dossier.id } } });
      assert.equal(data?.invoice_count, 1);
      const { data: exports } = await client.api.GET('/api/v1/exports/{id}', { params: { path: { id: batch.id } } });
      assert.equal(exports?.status, 'cancelled');
      await client.logout();
    });

    test('errors are typed from problem+json; another firm gets 404 and changes nothing', async () => {
      const owner = await InvoiceClient.login(url, ...Object.values(await newFirm(svc)).slice(2, 4) as [string, string]);
      const dossier = await owner.createDossier('Owned');
      const stranger = await InvoiceClient.login(url, ...Object.values(await newFirm(svc)).slice(2, 4) as [string, string]);
      const calls = [
        () => stranger.getDossier(dossier.id), () => stranger.importInvoice(PDF, dossier.id), () => stranger.listInvoices({ dossier_id: dossier.id }),
        () => stranger.createExport({ dossier_id: dossier.id, format: 'fec' }),
      ];
      for (const call of calls) {
        await assert.rejects(call(), (e: InvoiceApiError) => {
          assert.ok(e instanceof InvoiceApiError);
          assert.deepEqual([e.status, e.code, e.type], [404, 'not_found', 'urn:invoice-service:problem:not_found']);
          assert.ok(e.title && e.detail, 'title and detail');
          return true;
        });
      }
      assert.equal((await owner.getDossier(dossier.id)).invoice_count, 0);
      await assert.rejects(owner.createDossier('Owned'), (e: InvoiceApiError) => e.status === 409);
      await assert.rejects(owner.correctInvoice('inv_nope', { numero: 'x' }), (e: InvoiceApiError) => e.status === 404);
      await assert.rejects(InvoiceClient.login(url, 'nobody@example.com', 'wrong'), (e: InvoiceApiError) => e.status === 401 && e.code === 'invalid_credentials');
    });

    test('a token about to expire is refreshed first; an expired one is replaced by signing in again', async () => {
      const firm = await newFirm(svc);
      const short = await mintToken(svc.deps, svc.deps.db, { firmId: firm.firm.id, userId: firm.user.id }, 'session', null, 20);
      const stored: string[] = [];
      const client = new InvoiceClient({ baseUrl: url, token: short.accessToken, onToken: (t) => { stored.push(t); } });
      await client.listDossiers();
      assert.equal(stored.length, 1, 'refreshed once, 20 s before expiry (margin 60 s)');
      assert.notEqual(client.token, short.accessToken);
      assert.ok(tokenExpiry(client.token!)! > Date.now() + 3600_000, 'the fresh token lives 24 hours');
      const old = new InvoiceClient({ baseUrl: url, token: short.accessToken, refreshBeforeExpiry: false });
      await assert.rejects(old.listDossiers(), (e: InvoiceApiError) => e.status === 401, 'the refresh revoked the old token');

      const expiring = await mintToken(svc.deps, svc.deps.db, { firmId: firm.firm.id, userId: firm.user.id }, 'session', null, 1);
      const withCredentials = new InvoiceClient({ baseUrl: url, token: expiring.accessToken, credentials: { email: firm.email, password: firm.password }, refreshMarginSeconds: 0 });
      await new Promise((r) => setTimeout(r, 1100));
      assert.deepEqual(await withCredentials.listDossiers(), []);
      assert.notEqual(withCredentials.token, expiring.accessToken, 'signed in again');

      // A token revoked elsewhere answers 401; a client that knows the password signs in again and sends the request once more.
      const revoked = new InvoiceClient({ baseUrl: url, token: firm.token, credentials: { email: firm.email, password: firm.password } });
      await new InvoiceClient({ baseUrl: url, token: firm.token }).logout();
      assert.equal((await revoked.createDossier('After a 401')).name, 'After a 401');
      assert.notEqual(revoked.token, firm.token);
    });
  });

  describe(`retries on ${engine}`, () => {
    let svc: TestService;
    let url: string;
    before(async () => {
      ({ svc, url } = await listeningService(engine, { RATE_LIMIT_PER_TOKEN: '3', RATE_LIMIT_PER_FIRM: '0', RATE_LIMIT_WINDOW_SECONDS: '1' }));
    });
    after(async () => { await svc.stop(); });

    test('a 429 on a GET or a keyed import is retried after Retry-After; a plain POST is not', async () => {
      const firm = await newFirm(svc);
      const retries: Array<{ status: number | 'network'; delayMs: number }> = [];
      const client = new InvoiceClient({ baseUrl: url, token: firm.token, retry: { onRetry: (r) => retries.push(r) } });
      const dossier = await client.createDossier('Rate limited');
      for (let i = 0; i < 5; i++) assert.equal((await client.getDossier(dossier.id)).id, dossier.id);
      assert.ok(retries.length >= 1, 'at least one retry');
      assert.ok(retries.every((r) => r.status === 429 && r.delayMs === 1000), JSON.stringify(retries));
      await new Promise((r) => setTimeout(r, 1100));
      for (let i = 0; i < 3; i++) await client.getDossier(dossier.id);
      const imported = await client.importInvoice(PDF, dossier.id);
      assert.equal(imported.outcome, 'created', 'the keyed import went through after a wait');
      // Spend the window with a client that never retries, then a plain POST is refused at once.
      const bounded = new InvoiceClient({ baseUrl: url, token: firm.token, retry: { maxRetries: 0 } });
      const exhaust = async () => {
        for (let i = 0; i < 10; i++) {
          const refused = await bounded.getDossier(dossier.id).then(() => undefined, (e: InvoiceApiError) => e);
          if (refused) return refused;
        }
        assert.fail('never limited');
      };
      // The window is one second: on a busy machine it may run out between the 429 and the POST,
      // which then goes through. The window is spent again then; a POST that the client retried
      // (the defect this tests) would go through every time.
      let refused: InvoiceApiError | undefined;
      for (let attempt = 0; attempt < 5 && !refused; attempt++) {
        assert.equal((await exhaust()).status, 429, 'maxRetries: 0 gives the 429 back');
        const retriedBefore = retries.length;
        refused = await client.createDossier('Refused').then(() => undefined, (e: InvoiceApiError) => e);
        assert.equal(retries.length, retriedBefore, 'a plain POST is never retried');
      }
      assert.ok(refused?.status === 429 && refused.retryAfter === 1, `a plain POST is refused at once: ${refused?.status}`);
    });
  });
}
