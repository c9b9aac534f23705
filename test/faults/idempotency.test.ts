// Idempotency-Key under concurrency, on a private PostgreSQL (real concurrent transactions):
// one key is one request. The same key with another file or another folder is refused with 422,
// even when both requests race; the same request again replays the first answer.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { createLogger } from '../../src/logger.ts';
import { startService, type Service } from '../../src/runtime.ts';
import { multipart, newFirm } from '../helpers/service.ts';
import { uniquePdf } from './helpers/child.ts';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from './helpers/private-postgres.ts';

describe('Idempotency-Key races', { skip: privatePostgresUnavailable() }, () => {
  let server: PrivatePostgres;
  let service: Service;
  let dataDir: string;
  before(async () => {
    server = await startPrivatePostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-idem-'));
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: server.url, LOG_LEVEL: 'silent', ROLE: 'api' });
    service = await startService({ config, logger: createLogger('silent'), extract: async () => { throw new Error('no worker here'); } });
  });
  after(async () => {
    await service?.close();
    server?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const importWith = (auth: Record<string, string>, dossier: string, file: Buffer, key: string) => {
    const form = multipart([{ name: 'dossier_id', value: dossier }, { name: 'file', value: file, filename: 'f.pdf' }]);
    return service.app!.inject({ method: 'POST', url: '/api/v1/invoices', payload: form.payload, headers: { ...form.headers, ...auth, 'idempotency-key': key } });
  };
  const countInvoices = async (firmId: string, dossier: string) =>
    (await service.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE firm_id = $1 AND dossier_id = $2', [firmId, dossier])).rows[0]!.n;

  it('creates one invoice when one key carries two different files at once', { timeout: 60_000 }, async () => {
    const { auth, firm } = await newFirm(service);
    const dossier = (await service.app!.inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 'Race' } })).json().id;
    const pairs = 8;
    const outcomes = await Promise.all([...Array(pairs).keys()].map(async (i) => {
      const key = `race-${i}-${Date.now()}`;
      const [a, b] = await Promise.all([importWith(auth, dossier, uniquePdf(`a${i}`), key), importWith(auth, dossier, uniquePdf(`b${i}`), key)]);
      return [a.statusCode, b.statusCode].sort().join('+');
    }));
    assert.equal(await countInvoices(firm.id, dossier), pairs, `one invoice per key; outcomes ${outcomes.join(', ')}`);
    assert.deepEqual(outcomes, Array(pairs).fill('202+422'));
  });

  it('refuses the same key and file sent into another folder, and replays the same request', async () => {
    const { auth, firm } = await newFirm(service);
    const folderA = (await service.app!.inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 'A' } })).json().id;
    const folderB = (await service.app!.inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 'B' } })).json().id;
    const file = uniquePdf('same');
    const first = await importWith(auth, folderA, file, 'key-folders');
    assert.equal(first.statusCode, 202);
    const other = await importWith(auth, folderB, file, 'key-folders');
    assert.equal(other.statusCode, 422, 'another folder is another request');
    assert.match(other.headers['content-type'] as string, /application\/problem\+json/);
    assert.equal(other.json().code, 'idempotency_key_reused');
    assert.equal(await countInvoices(firm.id, folderB), 0);
    const again = await importWith(auth, folderA, file, 'key-folders');
    assert.equal(again.statusCode, 202);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.json().id, first.json().id);
    assert.equal(fs.readdirSync(path.join(dataDir, 'blobs', firm.id)).length, 1, 'refused and replayed uploads leave no file');
  });
});
