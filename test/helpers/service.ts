// Boots the whole service (database, storage, queue, worker, HTTP) the way main.ts does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/config.ts';
import { createExtractor } from '../../src/extraction/index.ts';
import type { Extractor } from '../../src/extraction/types.ts';
import { createLogger } from '../../src/logger.ts';
import { startService, type Service } from '../../src/runtime.ts';
import { createUser } from '../../src/services/users.ts';
import { freshDatabase, type Engine } from './databases.ts';

/** Real invoices for the tests: ../shared/corpus beside the checkout (as on CI), or CORPUS_DIR. */
const CORPUS = path.resolve(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../../shared/corpus'));

let corpusMissingTold = false;

/**
 * A corpus file's path. A missing corpus is said once, with where it was looked for and how to
 * point at it; the tests that read it then fail, the others still run.
 */
export function corpusPath(file: string): string {
  if (!corpusMissingTold && !fs.existsSync(CORPUS)) {
    corpusMissingTold = true;
    console.error(`No invoice corpus at ${CORPUS}: put ../shared beside the checkout, or set CORPUS_DIR.`);
  }
  return path.join(CORPUS, file);
}

export interface TestService extends Service {
  dataDir: string;
  engine: Engine;
  stop(): Promise<void>;
}

export async function startTestService(engine: Engine, env: Record<string, string> = {}, extract?: Extractor): Promise<TestService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-test-'));
  const testDb = await freshDatabase(engine);
  const config = loadConfig({
    DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_POLL_SECONDS: '0.5', JOB_RETRY_DELAY_SECONDS: '1', OCR_WORKERS: '1',
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}), ...env,
  });
  const extractor = extract ? undefined : createExtractor({ ocrWorkers: 1 });
  const service = await startService({ config, logger: createLogger('silent'), extract: extract ?? extractor!.extract, db: testDb.db });
  return {
    ...service, dataDir, engine,
    async stop() {
      await service.close();
      await extractor?.close();
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A new firm with one user, and a bearer token for it. */
export async function newFirm(service: Service, name = `Firm ${++counter} ${Date.now()}`) {
  const email = `user${counter}-${Date.now()}@${name.replace(/\W/g, '').toLowerCase()}.test`;
  const password = 'correct horse battery';
  const { firm, user } = await createUser(service.deps.db, { firm: name, email, password });
  const res = await service.app!.inject({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
  const token = res.json().access_token as string;
  return { firm, user, email, password, token, auth: { authorization: `Bearer ${token}` } };
}

/** A multipart body with a file part and fields, in the given order. */
export function multipart(parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>) {
  const boundary = `----invoices${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
