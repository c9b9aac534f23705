// Storage faults: a full disk answers 507 problem+json with nothing lost and no partial file left,
// and partial files of a writer killed mid-write are swept when the store opens again.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';
import { startService } from '../../src/runtime.ts';
import { localBlobStore } from '../../src/storage/local-blob-store.ts';
import { multipart, newFirm } from '../helpers/service.ts';

/** Mounts a tmpfs of `size` at dir; the reason when this machine cannot (not root, no mount). */
function mountSmallDisk(dir: string, size: string): string | undefined {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `cannot mount a small tmpfs here: ${(error as Error).message.split('\n')[0]}`;
  }
}

describe('a full disk', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-full-'));
  fs.mkdirSync(path.join(dataDir, 'blobs'));
  const cannot = mountSmallDisk(path.join(dataDir, 'blobs'), '512k');

  it('answers 507, keeps what was stored, and leaves no partial file', { skip: cannot, timeout: 300_000 }, async () => {
    const db = await openPglite(undefined);
    await migrate(db);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const service = await startService({ config, logger: createLogger('silent'), extract: async () => { throw new Error('no worker'); }, db });
    try {
      const { auth } = await newFirm(service);
      const dossier = (await service.app!.inject({ method: 'POST', url: '/api/v1/dossiers', headers: auth, payload: { name: 'Full' } })).json().id;
      const upload = (bytes: Buffer) => {
        const form = multipart([{ name: 'dossier_id', value: dossier }, { name: 'file', value: bytes, filename: 'f.pdf' }]);
        return service.app!.inject({ method: 'POST', url: '/api/v1/invoices', payload: form.payload, headers: { ...form.headers, ...auth } });
      };
      const pdf = (size: number, fill: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size, fill)]);
      const kept = await upload(pdf(100 * 1024, 1));
      assert.equal(kept.statusCode, 202);

      const refused = await upload(pdf(1024 * 1024, 2));
      assert.equal(refused.statusCode, 507, `507, got ${refused.statusCode} ${refused.body}`);
      assert.match(refused.headers['content-type'] as string, /application\/problem\+json/);
      assert.equal(refused.json().code, 'insufficient_storage');
      assert.deepEqual(fs.readdirSync(path.join(dataDir, 'blobs', '.partial')), [], 'no partial file');

      const file = await service.app!.inject({ method: 'GET', url: `/api/v1/invoices/${kept.json().id}/file`, headers: auth });
      assert.equal(file.statusCode, 200);
      assert.equal(file.rawPayload.length, 100 * 1024 + 9, 'the stored file is intact');
      const list = await service.app!.inject({ method: 'GET', url: `/api/v1/invoices?dossier_id=${dossier}`, headers: auth });
      assert.equal(list.json().meta.total, 1, 'the refused upload left no invoice');
      assert.equal((await upload(pdf(10 * 1024, 3))).statusCode, 202, 'a file that fits is still accepted');
    } finally {
      await service.close();
      await db.close();
    }
  });

  it.after(() => {
    if (!cannot) execFileSync('umount', [path.join(dataDir, 'blobs')]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

it('sweeps the partial file of a writer killed mid-write when the store opens', { timeout: 60_000 }, async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-partial-'));
  let writer: ReturnType<typeof spawn> | undefined;
  try {
    writer = spawn(process.execPath, [path.join(import.meta.dirname, 'fixtures/crash-mid-write.ts'), root], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => writer!.stdout!.once('data', () => resolve()));
    const partials = fs.readdirSync(path.join(root, '.partial'));
    assert.equal(partials.length, 1, 'the write in progress has its partial file');
    writer.kill('SIGKILL');
    await new Promise((resolve) => writer!.once('exit', resolve));

    localBlobStore(root);
    assert.deepEqual(fs.readdirSync(path.join(root, '.partial')), [], 'swept at start-up');
  } finally {
    // A writer left alive would keep this file's test process, and so the whole run, from ending.
    if (writer?.exitCode === null && writer.signalCode === null) writer.kill('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
  }
});
