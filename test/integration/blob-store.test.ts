// The blob store's contract, on the local directory and on S3-compatible object storage: an
// s3rver started by this test, in-process on 127.0.0.1 with a temporary directory (the S3_* path
// that production uses with AWS, MinIO or Garage).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { openBlobStore, type BlobStore } from '../../src/storage/index.ts';

interface S3rverInstance { run(): Promise<{ port: number }>; close(): Promise<void> }
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A body that sends some bytes, then fails, as an upload cut off mid-way. */
function brokenBody(): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(randomBytes(64 * 1024));
      } else {
        this.destroy(new Error('client went away'));
      }
    },
  });
}

interface Backend { name: string; open(): Promise<BlobStore>; close(): Promise<void> }

function localBackend(): Backend {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-local-'));
  return {
    name: 'local directory',
    open: async () => openBlobStore(loadConfig({ DATA_DIR: dir })),
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

function s3Backend(): Backend {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blobs-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'invoices-test' }] });
  return {
    name: 'S3 (s3rver)',
    async open() {
      const { port } = await server.run();
      // Through the same configuration variables production uses.
      return openBlobStore(loadConfig({
        DATA_DIR: dir, S3_BUCKET: 'invoices-test', S3_REGION: 'us-east-1', S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
      }));
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

for (const backend of [localBackend(), s3Backend()]) {
  describe(`blob store on ${backend.name}`, () => {
    let store: BlobStore;
    before(async () => { store = await backend.open(); });
    after(async () => { await backend.close(); });

    test('a streamed file comes back byte for byte, by get() and read()', async () => {
      const bytes = randomBytes(300 * 1024);
      await store.put('firm_a/inv_1.pdf', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), 'application/pdf');
      assert.equal(await store.exists('firm_a/inv_1.pdf'), true);
      assert.ok((await store.read('firm_a/inv_1.pdf')).equals(bytes));
      assert.ok((await streamToBuffer(await store.get('firm_a/inv_1.pdf'))).equals(bytes));
    });

    test('a file larger than one multipart part (6 MB) is stored whole', async () => {
      const bytes = randomBytes(6 * 1024 * 1024 + 123);
      await store.put('firm_a/inv_big.png', Readable.from(bytes), 'image/png');
      assert.ok((await store.read('firm_a/inv_big.png')).equals(bytes));
    });

    test('an upload that fails part-way leaves nothing under its key', async () => {
      await assert.rejects(store.put('firm_a/inv_cut.pdf', brokenBody(), 'application/pdf'), /client went away/);
      assert.equal(await store.exists('firm_a/inv_cut.pdf'), false);
    });

    test('delete removes the file; deleting a missing key is not an error; a missing key does not read', async () => {
      await store.put('firm_a/inv_2.jpg', Readable.from(Buffer.from('jpeg bytes')), 'image/jpeg');
      await store.delete('firm_a/inv_2.jpg');
      assert.equal(await store.exists('firm_a/inv_2.jpg'), false);
      await store.delete('firm_a/never.jpg');
      await assert.rejects(store.read('firm_a/never.jpg'));
      await assert.rejects(store.get('firm_a/never.jpg'));
    });

    test('keys that could escape their place are refused before any I/O', async () => {
      for (const key of ['../etc/passwd', 'firm_a/../../x', '/abs/path', 'firm a/x', '']) {
        await assert.rejects(store.put(key, Readable.from(Buffer.from('x')), 'application/pdf'), /Unsafe storage key/, key);
        await assert.rejects(store.exists(key), /Unsafe storage key/, key);
      }
    });
  });
}
