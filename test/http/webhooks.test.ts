// The webhooks API: create (the secret once), list, show, delete, the delivery log; a real import
// reaches a real receiver as a signed invoice.processed that standardwebhooks verifies; SSRF
// refusals at creation; nothing across firms.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { ExtractionError } from '../../src/extraction/types.ts';
import { ENGINES } from '../helpers/databases.ts';
import { contractInject } from '../helpers/openapi.ts';
import { corpusPath, multipart, newFirm, startTestService, waitFor, type TestService } from '../helpers/service.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

const FACTURX = fs.readFileSync(corpusPath('docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf'));
const LOOPBACK_ALLOWED = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '0.2' };

for (const engine of ENGINES) {
  describe(`webhooks API on ${engine}`, () => {
    let svc: TestService;
    let receiver: Receiver;
    before(async () => {
      svc = await startTestService(engine, LOOPBACK_ALLOWED);
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver.close();
      await svc.stop();
    });
    const inject = contractInject(() => svc.app!);
    const create = (auth: Record<string, string>, payload: object) => inject({ method: 'POST', url: '/api/v1/webhooks', headers: auth, payload });

    async function importInvoice(auth: Record<string, string>) {
      const dossier = (await inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 'Hooks' } })).json();
      const body = multipart([{ name: 'dossier_id', value: dossier.id }, { name: 'file', value: FACTURX, filename: 'facture.pdf' }]);
      const created = (await inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...body.headers }, payload: body.payload })).json();
      return { dossierId: dossier.id as string, invoiceId: created.id as string };
    }
    const deliveries = async (auth: Record<string, string>, id: string) =>
      (await inject({ method: 'GET', url: `/api/v1/webhooks/${id}/deliveries`, headers: auth })).json();

    test('the secret is shown once; list and show never return it; delete answers 204 then 404', async () => {
      const { auth } = await newFirm(svc);
      const res = await create(auth, { url: 'https://hooks.example.invalid/in', events: ['invoice.processed'] });
      // Not resolvable, and the flag is on: a name that does not resolve is refused all the same.
      assert.equal(res.statusCode, 422);
      const made = await create(auth, { url: receiver.url, events: ['invoice.processed', 'export.created'], description: ' ERP ' });
      assert.equal(made.statusCode, 201);
      const hook = made.json();
      assert.match(hook.id, /^whk_[0-9a-z]{26}$/);
      assert.match(hook.secret, /^whsec_[A-Za-z0-9+/]{32}$/);
      assert.deepEqual([hook.url, hook.events, hook.description], [receiver.url, ['invoice.processed', 'export.created'], 'ERP']);
      assert.equal(made.headers.location, `/api/v1/webhooks/${hook.id}`);

      const shown = await inject({ method: 'GET', url: `/api/v1/webhooks/${hook.id}`, headers: auth });
      assert.equal(shown.statusCode, 200);
      assert.equal(shown.json().secret, undefined);
      assert.ok(!shown.body.includes(hook.secret));
      const list = await inject({ method: 'GET', url: '/api/v1/webhooks?per_page=10', headers: auth });
      assert.deepEqual(list.json().meta, { total: 1, page: 1, per_page: 10 });
      assert.equal(list.json().data[0].id, hook.id);
      assert.ok(!list.body.includes(hook.secret));

      assert.equal((await inject({ method: 'DELETE', url: `/api/v1/webhooks/${hook.id}`, headers: auth })).statusCode, 204);
      assert.equal((await inject({ method: 'GET', url: `/api/v1/webhooks/${hook.id}`, headers: auth })).statusCode, 404);
      assert.equal((await inject({ method: 'DELETE', url: `/api/v1/webhooks/${hook.id}`, headers: auth })).statusCode, 404);
    });

    test('events must be a non-empty list of known event types; the URL http(s)', async () => {
      const { auth } = await newFirm(svc);
      for (const payload of [
        { url: receiver.url, events: [] },
        { url: receiver.url, events: ['invoice.deleted'] },
        { url: receiver.url, events: ['invoice.failed', 'invoice.failed'] },
        { url: receiver.url },
        { url: 'ftp://127.0.0.1/x', events: ['invoice.failed'] },
        { url: 'not a url', events: ['invoice.failed'] },
      ]) {
        const res = await create(auth, payload);
        assert.equal(res.statusCode, 400, JSON.stringify(payload));
        assert.equal(res.json().code, 'validation_failed');
      }
      assert.equal((await inject({ method: 'GET', url: '/api/v1/webhooks', headers: auth })).json().meta.total, 0);
    });

    test('a real import reaches the receiver as signed invoice.processed and invoice.validated events', async () => {
      const { auth } = await newFirm(svc);
      const hook = (await create(auth, { url: receiver.url, events: ['invoice.processed', 'invoice.validated'] })).json();
      const { dossierId, invoiceId } = await importInvoice(auth);
      const mine = () => receiver.received.filter((r) => JSON.parse(r.body).data.invoice_id === invoiceId);
      const got = await waitFor(async () => (mine().length >= 2 ? mine() : undefined));
      const verifier = new Webhook(hook.secret);
      const events = got.map((request) => {
        assert.equal(request.method, 'POST');
        assert.equal(request.headers['content-type'], 'application/json');
        // The receiver side of the standardwebhooks package accepts the signature...
        const verified = verifier.verify(request.body, request.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
        assert.equal(request.headers['webhook-id'], (JSON.parse(request.body) as { id: string }).id);
        // ...and rejects the same headers over a tampered body, or under another secret.
        // The id's last character changed, whatever it was (an id ending in "x" once made this no change).
        const tampered = request.body.replace(invoiceId, `${invoiceId.slice(0, -1)}${invoiceId.endsWith('x') ? 'y' : 'x'}`);
        assert.notEqual(tampered, request.body);
        assert.throws(() => verifier.verify(tampered, request.headers as Record<string, string>), /signature/i);
        assert.throws(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(request.body, request.headers as Record<string, string>));
        return verified;
      });
      const processed = events.find((e) => e.type === 'invoice.processed')!;
      assert.deepEqual(processed.data, { invoice_id: invoiceId, dossier_id: dossierId, status: 'validated' });
      assert.deepEqual(events.find((e) => e.type === 'invoice.validated')!.data, {
        invoice_id: invoiceId, dossier_id: dossierId, status: 'validated', validated_by: 'checks',
      });
      const log = await waitFor(async () => {
        const body = await deliveries(auth, hook.id);
        return body.data.every((d: { status: string }) => d.status === 'delivered') ? body : undefined;
      });
      assert.equal(log.meta.total, 2);
      for (const d of log.data) {
        assert.deepEqual([d.attempts, d.last_status_code, d.last_error, d.next_attempt_at], [1, 204, null, null]);
        assert.equal(d.attempt_log.length, 1);
        assert.ok(d.delivered_at);
      }
    });

    test('a reviewer\'s validation is announced as invoice.validated, by the reviewer', async () => {
      const { auth, user } = await newFirm(svc);
      const { invoiceId } = await importInvoice(auth);
      await waitFor(async () => {
        const r = (await inject({ method: 'GET', url: `/api/v1/invoices/${invoiceId}`, headers: auth })).json();
        return r.processing.state === 'done' ? r : undefined;
      });
      const hook = (await create(auth, { url: receiver.url, events: ['invoice.validated'] })).json();
      await inject({ method: 'PATCH', url: `/api/v1/invoices/${invoiceId}`, headers: auth, payload: { numero: 'R-9' } });
      assert.equal((await inject({ method: 'POST', url: `/api/v1/invoices/${invoiceId}/validate`, headers: auth })).json().status, 'validated');
      const got = await waitFor(async () => receiver.received.find((r) => r.body.includes(invoiceId) && r.body.includes('"reviewer"')));
      const event = new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
      assert.equal(event.type, 'invoice.validated');
      assert.equal(event.data.user_id, user.id);
    });

    test('an export is announced as export.created with its invoices, and invoice.exported for each', async () => {
      const { auth } = await newFirm(svc);
      const { dossierId, invoiceId } = await importInvoice(auth);
      await waitFor(async () => {
        const r = (await inject({ method: 'GET', url: `/api/v1/invoices/${invoiceId}`, headers: auth })).json();
        return r.status === 'validated' ? r : undefined;
      });
      const hook = (await create(auth, { url: receiver.url, events: ['export.created', 'invoice.exported'] })).json();
      const made = await inject({ method: 'POST', url: '/api/v1/exports', headers: auth, payload: { dossier_id: dossierId, format: 'csv' } });
      assert.equal(made.statusCode, 201);
      const exportId = made.json().id as string;
      const mine = () => receiver.received.filter((r) => r.body.includes(exportId));
      const got = await waitFor(async () => (mine().length >= 2 ? mine() : undefined));
      const verifier = new Webhook(hook.secret);
      const events = got.map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
      assert.deepEqual(events.find((e) => e.type === 'export.created')!.data, {
        export_id: exportId, dossier_id: dossierId, format: 'csv', invoice_count: 1, invoice_ids: [invoiceId],
      });
      assert.deepEqual(events.find((e) => e.type === 'invoice.exported')!.data, {
        invoice_id: invoiceId, dossier_id: dossierId, status: 'exported', export_id: exportId,
      });
    });

    test('another firm gets 404 on every webhook endpoint, changes nothing, and its events never reach the first firm', async () => {
      const a = await newFirm(svc);
      const b = await newFirm(svc);
      const hook = (await create(a.auth, { url: receiver.url, events: ['invoice.processed'] })).json();
      for (const [method, url] of [['GET', `/api/v1/webhooks/${hook.id}`], ['DELETE', `/api/v1/webhooks/${hook.id}`], ['GET', `/api/v1/webhooks/${hook.id}/deliveries`]] as const) {
        const res = await inject({ method, url, headers: b.auth });
        assert.equal(res.statusCode, 404, `${method} ${url}`);
        assert.equal(res.json().code, 'not_found');
      }
      assert.equal((await inject({ method: 'GET', url: '/api/v1/webhooks', headers: b.auth })).json().meta.total, 0);
      assert.equal((await inject({ method: 'GET', url: `/api/v1/webhooks/${hook.id}`, headers: a.auth })).statusCode, 200);

      // Firm B's invoice is processed; firm A's webhook hears nothing of it.
      const { invoiceId } = await importInvoice(b.auth);
      await waitFor(async () => {
        const r = (await inject({ method: 'GET', url: `/api/v1/invoices/${invoiceId}`, headers: b.auth })).json();
        return r.processing.state === 'done' ? r : undefined;
      });
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal(receiver.received.filter((r) => r.body.includes(invoiceId)).length, 0);
      assert.equal((await deliveries(a.auth, hook.id)).meta.total, 0);
    });
  });

  describe(`a failed extraction announced, on ${engine}`, () => {
    let svc: TestService;
    let receiver: Receiver;
    before(async () => {
      svc = await startTestService(engine, LOOPBACK_ALLOWED, async () => { throw new ExtractionError('too_many_pages', 'The document has 51 pages; the limit is 50'); });
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver.close();
      await svc.stop();
    });

    test('a final extraction error sends invoice.failed and invoice.processed with the status failed', async () => {
      const { auth } = await newFirm(svc);
      const hook = (await svc.app!.inject({ method: 'POST', url: '/api/v1/webhooks', headers: auth, payload: { url: receiver.url, events: ['invoice.failed', 'invoice.processed'] } })).json();
      const dossier = (await svc.app!.inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 'Fails' } })).json();
      const body = multipart([{ name: 'dossier_id', value: dossier.id }, { name: 'file', value: FACTURX, filename: 'facture.pdf' }]);
      const invoice = (await svc.app!.inject({ method: 'POST', url: '/api/v1/invoices', headers: { ...auth, ...body.headers }, payload: body.payload })).json();
      const got = await waitFor(async () => (receiver.received.length >= 2 ? receiver.received : undefined));
      await new Promise((r) => setTimeout(r, 1000));
      assert.equal(receiver.received.length, 2, 'each event once');
      const events = got.map((r) => new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: object });
      const error = { code: 'too_many_pages', message: 'The document has 51 pages; the limit is 50' };
      assert.deepEqual(events.map((e) => e.type).sort(), ['invoice.failed', 'invoice.processed']);
      for (const e of events) assert.deepEqual(e.data, { invoice_id: invoice.id, dossier_id: dossier.id, status: 'failed', error });
    });
  });

  describe(`webhook targets with private addresses refused (the default), on ${engine}`, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(engine, {}, async () => { throw new Error('no extraction in these tests'); }); });
    after(async () => { await svc.stop(); });
    const inject = contractInject(() => svc.app!);

    test('loopback, private, link-local and names resolving to loopback answer 422, and nothing is stored', async () => {
      const { auth } = await newFirm(svc);
      for (const url of ['http://127.0.0.1:8080/hook', 'http://localhost:8080/hook', 'http://[::1]/hook', 'https://10.1.2.3/hook',
        'http://169.254.169.254/latest/meta-data/', 'http://100.64.0.1/', 'http://[fd00::1]/', 'http://0.0.0.0/', 'http://2130706433/']) {
        const res = await inject({ method: 'POST', url: '/api/v1/webhooks', headers: auth, payload: { url, events: ['invoice.processed'] } });
        assert.equal(res.statusCode, 422, url);
        assert.equal(res.json().code, 'webhook_target_refused');
      }
      assert.equal((await inject({ method: 'GET', url: '/api/v1/webhooks', headers: auth })).json().meta.total, 0);
      // A public address literal is accepted (nothing is sent until an event happens).
      const ok = await inject({ method: 'POST', url: '/api/v1/webhooks', headers: auth, payload: { url: 'https://93.184.215.14/hook', events: ['invoice.failed'] } });
      assert.equal(ok.statusCode, 201);
    });
  });
}
