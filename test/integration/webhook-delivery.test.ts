// Webhook delivery through the durable queue, against a real receiver on 127.0.0.1: retries with
// backoff until a 2xx, every attempt logged; giving up after the configured attempts; no redirect
// followed; a time limit per attempt; the outbox (a rolled-back change announces nothing); a restart
// loses nothing; and a name that resolves to loopback is refused at delivery time.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../src/config/config.ts';
import type { Database } from '../../src/db/database.ts';
import { newId } from '../../src/domain/ids.ts';
import { createLogger } from '../../src/logger.ts';
import { webhooksRepo } from '../../src/repositories/webhooks.ts';
import { startService, type Service } from '../../src/runtime.ts';
import { publishEvent } from '../../src/services/events.ts';
import { listDeliveries, type DeliveryWithAttempts } from '../../src/services/webhooks.ts';
import { ENGINES, freshDatabase, type TestDatabase } from '../helpers/databases.ts';
import { newFirm, waitFor } from '../helpers/service.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

const FAST = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '0.5', WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_TIMEOUT_MS: '1000' };
const noExtraction = async () => { throw new Error('no extraction in these tests'); };

for (const engine of ENGINES) {
  describe(`webhook delivery on ${engine}`, () => {
    let testDb: TestDatabase;
    let dataDir: string;
    let receiver: Receiver;
    before(async () => {
      testDb = await freshDatabase(engine);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhooks-test-'));
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver.close();
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** A service on the suite's database; several can run one after the other (a restart). */
    const start = (env: Record<string, string> = FAST): Promise<Service> => startService({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_POLL_SECONDS: '0.5', ...(testDb.url ? { DATABASE_URL: testDb.url } : {}), ...env }),
      logger: createLogger('silent'), extract: noExtraction, db: testDb.db,
    });

    async function subscribed(svc: Service, url = receiver.url) {
      const { firm } = await newFirm(svc);
      const hook = await webhooksRepo.insert(svc.deps.db, firm.id, {
        id: newId('whk'), url, events: ['invoice.processed'], description: null, secret: `whsec_${Buffer.alloc(24, 3).toString('base64')}`,
      });
      return { firmId: firm.id, hook };
    }
    const publish = (db: Database, firmId: string, marker: string) =>
      db.transaction((tx) => publishEvent(tx, firmId, 'invoice.processed', { invoice_id: marker, dossier_id: 'dos_x', status: 'pending' }));
    const deliveryOf = async (svc: Service, firmId: string, hookId: string): Promise<DeliveryWithAttempts> =>
      (await listDeliveries(svc.deps, { firmId, userId: '', tokenId: '' }, hookId, { page: 1, perPage: 10 })).rows[0]!;
    const settled = (svc: Service, firmId: string, hookId: string, timeoutMs = 20_000) => waitFor(async () => {
      const d = await deliveryOf(svc, firmId, hookId);
      return d && d.status !== 'pending' ? d : undefined;
    }, timeoutMs);
    const receivedFor = (marker: string) => receiver.received.filter((r) => r.body.includes(marker));

    test('a receiver that fails twice then succeeds gets the event, with each attempt logged and backed off', async () => {
      const svc = await start();
      try {
        const { firmId, hook } = await subscribed(svc);
        receiver.script = [500, 503];
        assert.equal(await publish(svc.deps.db, firmId, 'inv_retry'), 1);
        const delivery = await settled(svc, firmId, hook.id);
        assert.equal(delivery.status, 'delivered');
        assert.equal(delivery.attempts, 3);
        assert.deepEqual(delivery.attempt_log.map((a) => [a.attempt, a.status_code, a.error]), [[1, 500, 'HTTP 500'], [2, 503, 'HTTP 503'], [3, 204, null]]);
        const got = receivedFor('inv_retry');
        assert.equal(got.length, 3);
        // The same message id on every attempt, each attempt signed afresh and verifiable.
        assert.equal(new Set(got.map((r) => r.headers['webhook-id'])).size, 1);
        for (const r of got) new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>);
        // Backoff: 0.5 s before the 2nd attempt, 1 s before the 3rd (plus up to a poll interval).
        const gaps = [got[1]!.at - got[0]!.at, got[2]!.at - got[1]!.at];
        assert.ok(gaps[0]! >= 450 && gaps[1]! >= 950, `gaps ${gaps.join(', ')} ms`);
        const firstAfter = got[0]!.at - delivery.created_at.getTime();
        console.log(`# ${engine}: first attempt ${firstAfter} ms after the event committed; delivered on attempt 3 after 500, 503; gaps ${gaps.join(' ms, ')} ms`);
      } finally {
        await svc.close();
      }
    });

    test('after the configured attempts the delivery is failed; redirects are not followed; a silent receiver times out', async () => {
      const svc = await start();
      try {
        const { firmId, hook } = await subscribed(svc);
        receiver.script = [302, 0, 500];
        await publish(svc.deps.db, firmId, 'inv_giveup');
        const delivery = await settled(svc, firmId, hook.id);
        assert.equal(delivery.status, 'failed');
        assert.deepEqual([delivery.attempts, delivery.next_attempt_at, delivery.delivered_at, delivery.last_status_code], [3, null, null, 500]);
        assert.deepEqual(delivery.attempt_log.map((a) => [a.status_code, a.error]), [[302, 'redirect not followed'], [null, 'no answer within 1000 ms'], [500, 'HTTP 500']]);
        assert.ok(delivery.attempt_log[1]!.duration_ms >= 950);
        // Only the hook's own path was ever called: the Location was not followed.
        assert.deepEqual(receivedFor('inv_giveup').map((r) => r.path), ['/hooks', '/hooks', '/hooks']);
        await new Promise((r) => setTimeout(r, 2000));
        assert.equal(receivedFor('inv_giveup').length, 3, 'no attempt after the last');
      } finally {
        await svc.close();
      }
    });

    test('an event published in a transaction that rolls back is never delivered (outbox)', async () => {
      const svc = await start();
      try {
        const { firmId, hook } = await subscribed(svc);
        await assert.rejects(svc.deps.db.transaction(async (tx) => {
          await publishEvent(tx, firmId, 'invoice.processed', { invoice_id: 'inv_rolledback' });
          throw new Error('the change failed');
        }), /the change failed/);
        await new Promise((r) => setTimeout(r, 1500));
        assert.equal(await deliveryOf(svc, firmId, hook.id), undefined);
        assert.equal(receivedFor('inv_rolledback').length, 0);
      } finally {
        await svc.close();
      }
    });

    test('a restart loses no delivery: one queued while no worker ran, one between two attempts', async () => {
      // An API-only process publishes; no worker is running anywhere.
      const api = await start({ ...FAST, ROLE: 'api' });
      const first = await subscribed(api);
      const second = await subscribed(api, `${receiver.url}/flaky`);
      await publish(api.deps.db, first.firmId, 'inv_queued');
      await api.close();

      receiver.scriptFor['/hooks/flaky'] = [500];
      const worker = await start();
      await publish(worker.deps.db, second.firmId, 'inv_between');
      await waitFor(async () => ((await deliveryOf(worker, second.firmId, second.hook.id)).attempts === 1 ? true : undefined));
      await worker.close();
      await new Promise((r) => setTimeout(r, 1000));

      const restarted = await start();
      try {
        for (const { firmId, hook } of [first, second]) assert.equal((await settled(restarted, firmId, hook.id)).status, 'delivered');
        assert.equal(receivedFor('inv_queued').length, 1);
        assert.deepEqual((await deliveryOf(restarted, second.firmId, second.hook.id)).attempt_log.map((a) => a.status_code), [500, 204]);
      } finally {
        await restarted.close();
      }
    });

    test('with private targets refused, a name that resolves to loopback is refused at delivery, and nothing is sent', async () => {
      const svc = await start({ ...FAST, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
      try {
        // As if the name had resolved to a public address when the webhook was created (DNS rebinding).
        const { firmId, hook } = await subscribed(svc, `http://localhost:${receiver.port}/hooks`);
        await publish(svc.deps.db, firmId, 'inv_rebound');
        const delivery = await settled(svc, firmId, hook.id);
        assert.equal(delivery.status, 'failed');
        assert.equal(delivery.attempts, 1, 'a refused target is not retried');
        assert.match(delivery.last_error!, /^refused: url: localhost is resolved to (127\.0\.0\.1|::1), a private, loopback or reserved address$/);
        assert.equal(receivedFor('inv_rebound').length, 0);
      } finally {
        await svc.close();
      }
    });
  });
}
