// A worker killed with SIGKILL mid-job: after the lease runs out, another worker takes the job over,
// and the invoice is processed exactly once. Real child processes, real database, real extractor.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { describe, it } from 'node:test';
import { freshDatabase, ENGINES } from '../helpers/databases.ts';
import { corpusPath, multipart, waitFor } from '../helpers/service.ts';

const CHILD = path.resolve(import.meta.dirname, '../fixtures/service-child.ts');
const FACTURX = fs.readFileSync(corpusPath('docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf'));
const ADMIN = { email: 'crash@example.test', password: 'crash-test-password' };

interface Child { process: ChildProcess; baseUrl: string; exited: Promise<number | null> }

async function startChild(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, [CHILD], {
    env: { PATH: process.env.PATH!, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
      JOB_LEASE_SECONDS: '10', JOB_SUPERVISE_SECONDS: '2', JOB_POLL_SECONDS: '0.5', JOB_RETRY_DELAY_SECONDS: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before listening`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = line.startsWith('{') ? JSON.parse(line) : {};
      if (entry.msg === 'invoice service started') resolve(entry.address);
    });
  });
  return { process: child, baseUrl, exited };
}

async function api(child: Child, method: string, url: string, init: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {}) {
  const res = await fetch(child.baseUrl + url, {
    method,
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.json ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.json ? JSON.stringify(init.json) : init.body && new Uint8Array(init.body),
  });
  return { status: res.status, body: await res.json() as any };
}

const token = async (child: Child) => (await api(child, 'POST', '/api/auth/token', { json: ADMIN })).body.access_token as string;
const countLines = (file: string, word: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith(word)).length : 0);

for (const engine of ENGINES) {
  describe(`worker killed mid-job [${engine}]`, () => {
    it('is taken over after the lease and processed exactly once', { timeout: 120_000 }, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-crash-'));
      const extractLog = path.join(dataDir, 'extract.log');
      const database = engine === 'postgres' ? await freshDatabase('postgres', { migrate: false }) : undefined;
      const env = { DATA_DIR: dataDir, EXTRACT_LOG: extractLog, ...(database?.url ? { DATABASE_URL: database.url } : {}) };
      try {
        const first = await startChild({ ...env, EXTRACT_MODE: 'hold' });
        const firstToken = await token(first);
        const dossier = await api(first, 'POST', '/api/v1/dossiers', { token: firstToken, json: { name: 'Crash' } });
        const form = multipart([{ name: 'dossier_id', value: dossier.body.id }, { name: 'file', value: FACTURX, filename: 'f.pdf' }]);
        const created = await api(first, 'POST', '/api/v1/invoices', { token: firstToken, body: form.payload, headers: form.headers });
        assert.equal(created.status, 202);
        const id = created.body.id as string;

        const running = await waitFor(async () => {
          const inv = await api(first, 'GET', `/api/v1/invoices/${id}`, { token: firstToken });
          return inv.body.processing.state === 'running' && countLines(extractLog, 'start') === 1 ? inv.body : undefined;
        });
        assert.equal(running.processing.attempts, 1);
        first.process.kill('SIGKILL');
        assert.equal(await first.exited, null, 'killed, not exited');

        const second = await startChild({ ...env, EXTRACT_MODE: 'real' });
        try {
          const secondToken = await token(second);
          const done = await waitFor(async () => {
            const inv = await api(second, 'GET', `/api/v1/invoices/${id}`, { token: secondToken });
            return inv.body.processing.state === 'done' ? inv.body : undefined;
          }, 60_000, 250);
          assert.equal(done.processing.attempts, 2);
          assert.equal(done.status, 'validated');
          assert.equal(done.montant_ttc, 14.9);

          // Two more supervise rounds: nothing runs the job again.
          await new Promise((r) => setTimeout(r, 5_000));
          const later = await api(second, 'GET', `/api/v1/invoices/${id}`, { token: secondToken });
          assert.equal(later.body.processing.attempts, 2);
          assert.equal(countLines(extractLog, 'start'), 2);
          assert.equal(countLines(extractLog, 'done'), 1);
        } finally {
          second.process.kill('SIGTERM');
          assert.equal(await second.exited, 0, 'graceful shutdown on SIGTERM');
        }
      } finally {
        await database?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
