// The job queue under faults, with real worker processes on a private PostgreSQL:
// - a worker that dies on a job's last attempt: the invoice does not stay `running`; it is marked
//   failed, visibly, once pg-boss fails the silent job;
// - queued jobs keep the workers busy: 8 jobs of 1.5 s on 2 workers drain in about 6 s, not after
//   a 30 s wait between fetches.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { api, signIn, startChild, uniquePdf, type Child } from './helpers/child.ts';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from './helpers/private-postgres.ts';
import { multipart, waitFor } from '../helpers/service.ts';

async function importFile(child: Child, token: string, dossier: string, label: string): Promise<string> {
  const form = multipart([{ name: 'dossier_id', value: dossier }, { name: 'file', value: uniquePdf(label), filename: `${label}.pdf` }]);
  const res = await api(child.baseUrl, 'POST', '/api/v1/invoices', { token, body: form.payload, headers: form.headers });
  assert.equal(res.status, 202);
  return res.body.id;
}

const stop = async (child: Child) => {
  process.kill(-child.process.pid!, 'SIGKILL');
  await child.exited;
};

describe('jobs under faults', { skip: privatePostgresUnavailable() }, () => {
  let server: PrivatePostgres;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-jobs-'));
    dirs.push(dir);
    return dir;
  };
  before(async () => {
    server = await startPrivatePostgres();
  });
  after(() => {
    server?.destroy();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('marks an invoice failed when its worker dies on the last attempt', { timeout: 150_000 }, async () => {
    const env = { DATABASE_URL: server.url, DATA_DIR: tempDir(), JOB_RETRY_LIMIT: '0' };
    const first = await startChild({ ...env, EXTRACT_MODE: 'hold' }, undefined, { detached: true });
    let second: Child | undefined;
    try {
      const token = await signIn(first.baseUrl);
      const dossier = (await api(first.baseUrl, 'POST', '/api/v1/dossiers', { token, json: { name: 'Lost' } })).body.id as string;
      const id = await importFile(first, token, dossier, 'lost');
      await waitFor(async () => ((await api(first.baseUrl, 'GET', `/api/v1/invoices/${id}`, { token })).body.processing.state === 'running' ? true : undefined));
      await stop(first);

      second = await startChild({ ...env, EXTRACT_MODE: 'sleep' }, undefined, { detached: true });
      // Lease 10 s, supervision every 2 s: pg-boss fails the silent job within about 12 s.
      const failed = await waitFor(async () => {
        const inv = (await api(second!.baseUrl, 'GET', `/api/v1/invoices/${id}`, { token })).body;
        return inv.processing.state === 'failed' ? inv : undefined;
      }, 45_000, 250);
      assert.equal(failed.processing.attempts, 1);
      assert.equal(failed.processing.error.code, 'processing_lost');
    } finally {
      await stop(first).catch(() => {});
      if (second) await stop(second);
    }
  });

  it('drains 8 queued jobs with the workers busy', { timeout: 150_000 }, async () => {
    const dataDir = tempDir();
    const extractLog = path.join(dataDir, 'extract.log');
    const child = await startChild({ DATABASE_URL: server.url, DATA_DIR: dataDir, EXTRACT_MODE: 'sleep', EXTRACT_DELAY_MS: '1500', EXTRACT_LOG: extractLog, WORKER_CONCURRENCY: '2' }, undefined, { detached: true });
    try {
      const token = await signIn(child.baseUrl);
      const dossier = (await api(child.baseUrl, 'POST', '/api/v1/dossiers', { token, json: { name: 'Drain' } })).body.id as string;
      const started = Date.now();
      const ids = await Promise.all([...Array(8).keys()].map((i) => importFile(child, token, dossier, `drain${i}`)));
      await waitFor(async () => {
        const list = (await api(child.baseUrl, 'GET', `/api/v1/invoices?dossier_id=${dossier}&per_page=100`, { token })).body.data as Array<{ id: string }>;
        const states = await Promise.all(list.map(async (i) => (await api(child.baseUrl, 'GET', `/api/v1/invoices/${i.id}`, { token })).body.processing.state));
        return states.length === ids.length && states.every((s) => s === 'done') ? true : undefined;
      }, 120_000, 200);
      const drainMs = Date.now() - started;
      const events = fs.readFileSync(extractLog, 'utf8').trim().split('\n').map((l) => l.split(' '));
      const busyMs = events.filter((e) => e[0] === 'done').length * 1500;
      const busy = busyMs / (2 * drainMs);
      console.log(`drain: 8 jobs of 1.5 s on 2 workers in ${drainMs} ms, workers busy ${Math.round(busy * 100)}%`);
      assert.ok(drainMs < 20_000, `drained in ${drainMs} ms (ideal 6 s)`);
    } finally {
      await stop(child);
    }
  });
});
