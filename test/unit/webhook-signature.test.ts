// The signature our deliveries carry is Standard Webhooks': checked by hand with node:crypto, and by
// the receiver snippet the README gives, run as its own process against our signer.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { signedHeaders } from '../../src/jobs/deliver-webhook.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = `whsec_${Buffer.from('a 24-byte signing key!!!').toString('base64')}`;
const BODY = JSON.stringify({ id: 'evt_1', type: 'invoice.processed', timestamp: '2026-11-22T10:00:00.000Z', data: { invoice_id: 'inv_1' } });

describe('webhook signatures', () => {
  test('v1, base64 HMAC-SHA256 of "id.timestamp.body", keyed with the decoded secret', () => {
    const at = new Date('2026-11-22T10:00:00Z');
    const headers = signedHeaders(SECRET, 'evt_1', BODY, at);
    assert.equal(headers['webhook-id'], 'evt_1');
    assert.equal(headers['webhook-timestamp'], String(at.getTime() / 1000));
    const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`evt_1.${at.getTime() / 1000}.${BODY}`).digest('base64');
    assert.equal(headers['webhook-signature'], `v1,${expected}`);
  });

  describe('the README\'s receiver snippet', () => {
    let dir: string;
    let port: number;
    let child: ReturnType<typeof spawn>;
    before(async () => {
      const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
      const snippet = /<!-- webhook-receiver-snippet -->\n```js\n([\s\S]*?)```/.exec(readme)?.[1];
      assert.ok(snippet, 'the README has the snippet');
      // Inside the checkout, so that its import of standardwebhooks resolves as it would in an app.
      fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
      dir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'receiver-'));
      fs.writeFileSync(path.join(dir, 'receiver.mjs'), snippet);
      port = 20_000 + Math.floor(Math.random() * 20_000);
      child = spawn(process.execPath, [path.join(dir, 'receiver.mjs')], { env: { ...process.env, WEBHOOK_SECRET: SECRET, PORT: String(port) }, stdio: 'pipe' });
      // Listening once it answers anything (an unsigned request: 400).
      for (let tries = 0; ; tries++) {
        const answered = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST' }).then(() => true, () => false);
        if (answered) break;
        if (tries > 100) throw new Error('the snippet did not start listening');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    after(() => {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body }).then((r) => r.status);

    test('accepts our signature, and rejects a tampered body, an old timestamp and another key', async () => {
      assert.equal(await post(signedHeaders(SECRET, 'evt_1', BODY, new Date()), BODY), 204);
      assert.equal(await post(signedHeaders(SECRET, 'evt_1', BODY, new Date()), BODY.replace('inv_1', 'inv_2')), 400);
      assert.equal(await post(signedHeaders(SECRET, 'evt_1', BODY, new Date(Date.now() - 600_000)), BODY), 400);
      const other = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
      assert.equal(await post(signedHeaders(other, 'evt_1', BODY, new Date()), BODY), 400);
    });
  });
});
