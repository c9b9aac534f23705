// SIGTERM however a supervisor sends it: to the process, to its whole group (systemd, Docker), or to
// npm's pid (`npm start`). Each time the service stops taking work, finishes the request and the job
// in flight, and exits 0, with nothing left running.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { isRunning as alive } from '../helpers/process-tree.ts';
import { ADMIN, api, FIXTURE, signIn, startChild, uniquePdf, type Child } from './helpers/child.ts';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from './helpers/private-postgres.ts';
import { multipart } from '../helpers/service.ts';

/** An upload whose body arrives in two halves; the second is sent when finish() is called. */
function slowUpload(child: Child, token: string, dossier: string) {
  const form = multipart([{ name: 'dossier_id', value: dossier }, { name: 'file', value: uniquePdf('slow'), filename: 'slow.pdf' }]);
  const half = Math.floor(form.payload.length / 2);
  const url = new URL('/api/v1/invoices', child.baseUrl);
  let finish!: () => void;
  const status = new Promise<number>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...form.headers, authorization: `Bearer ${token}`, 'content-length': String(form.payload.length) } },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
    req.on('error', reject);
    req.write(form.payload.subarray(0, half));
    finish = () => req.end(form.payload.subarray(half));
  });
  return { status, finish: () => finish() };
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const WAYS = ['process', 'group', 'npm'] as const;

describe('SIGTERM drains', { skip: privatePostgresUnavailable() }, () => {
  let server: PrivatePostgres;
  let dataDir: string;
  const exitTimes: Record<string, number> = {};
  before(async () => {
    server = await startPrivatePostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-signals-'));
  });
  after(() => {
    server?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    console.log(`SIGTERM exit times (ms): ${JSON.stringify(exitTimes)}`);
  });

  for (const way of WAYS) {
    it(`sent to ${way === 'npm' ? "npm's pid (npm start)" : `the ${way}`}`, { timeout: 90_000 }, async () => {
      const env = { DATABASE_URL: server.url, DATA_DIR: dataDir, EXTRACT_MODE: 'sleep', EXTRACT_DELAY_MS: '4000', WORKER_CONCURRENCY: '1' };
      // npm start runs the real engine: the job is then not held, only the request is.
      const command = way === 'npm' ? ['npm', 'start', '--silent'] : [process.execPath, FIXTURE];
      const child = await startChild(env, command, { detached: true });
      try {
        const servicePid = (child.lines.find((l) => typeof l === 'object' && l.msg === 'invoice service started') as { pid: number }).pid;
        const token = await signIn(child.baseUrl);
        const dossier = (await api(child.baseUrl, 'POST', '/api/v1/dossiers', { token, json: { name: `Signals ${way}` } })).body.id as string;
        let jobId: string | undefined;
        if (way !== 'npm') {
          const form = multipart([{ name: 'dossier_id', value: dossier }, { name: 'file', value: uniquePdf(way), filename: 'job.pdf' }]);
          jobId = (await api(child.baseUrl, 'POST', '/api/v1/invoices', { token, body: form.payload, headers: form.headers })).body.id;
          await waitUntil(async () => (await api(child.baseUrl, 'GET', `/api/v1/invoices/${jobId}`, { token })).body.processing?.state === 'running', 20_000);
        }
        const upload = slowUpload(child, token, dossier);
        await new Promise((r) => setTimeout(r, 300));

        const sentAt = Date.now();
        if (way === 'group') process.kill(-child.process.pid!, 'SIGTERM');
        else process.kill(child.process.pid!, 'SIGTERM');
        await new Promise((r) => setTimeout(r, 500));
        const readyDuringDrain = await api(child.baseUrl, 'GET', '/readyz').then((r) => r.status, () => 'refused');
        upload.finish();
        assert.equal(await upload.status, 202, 'the request in flight is answered');
        await waitUntil(() => !alive(servicePid), 30_000);
        exitTimes[way] = Date.now() - sentAt;
        const exit = await child.exited;

        assert.notEqual(readyDuringDrain, 200, 'not ready while draining');
        assert.equal(exit.code, 0, `exit code 0 (got ${exit.code}, ${exit.signal}); last lines: ${JSON.stringify(child.lines.slice(-4))}`);
        assert.ok(!child.lines.some((l) => typeof l === 'object' && /longer than 45 s/.test(String(l.msg))), 'no forced exit');
        if (jobId) {
          const db = new pg.Client({ connectionString: server.url });
          await db.connect();
          const { rows } = await db.query('SELECT processing_state FROM invoices WHERE id = $1', [jobId]);
          await db.end();
          assert.equal(rows[0].processing_state, 'done', 'the job in flight finished');
        }
      } finally {
        try {
          process.kill(-child.process.pid!, 'SIGKILL');
        } catch {
          // the group is gone
        }
      }
    });
  }

  it('drains when the relay itself is killed with SIGKILL', { timeout: 90_000 }, async () => {
    const child = await startChild({ DATABASE_URL: server.url, DATA_DIR: dataDir, EXTRACT_MODE: 'sleep' }, undefined, { detached: true });
    try {
      const servicePid = (child.lines.find((l) => typeof l === 'object' && l.msg === 'invoice service started') as { pid: number }).pid;
      assert.notEqual(servicePid, child.process.pid, 'the service runs under the relay');
      process.kill(child.process.pid!, 'SIGKILL');
      await waitUntil(() => !alive(servicePid), 30_000);
      assert.ok(child.lines.some((l) => typeof l === 'object' && l.signal === 'relay exited'), 'it drained');
    } finally {
      try {
        process.kill(-child.process.pid!, 'SIGKILL');
      } catch {
        // the group is gone
      }
    }
  });
  void ADMIN;
});
