// Fault drill (issue #17), on a private PostgreSQL this script starts and restarts itself:
//   1. PostgreSQL restarted under a steady import load: imports accepted, done, lost, duplicated,
//      and how long after the server is back imports answer again;
//   2. 8 queued OCR jobs (real engine, scans of ../shared/corpus) on 2 workers: drain time, busy %;
//   3. a worker killed mid-job (lease 10 s): time until another worker has finished the job;
//   4. SIGTERM to the process, to its group, and to npm's pid (`npm start`), with a job and a
//      request in flight: time from the signal until the service has exited.
// Usage: npm run drill   (needs root, to run PostgreSQL as the postgres user; ~5 minutes)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isRunning as alive } from '../test/helpers/process-tree.ts';
import { api, FIXTURE, signIn, startChild, uniquePdf, type Child } from '../test/faults/helpers/child.ts';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from '../test/faults/helpers/private-postgres.ts';
import { multipart } from '../test/helpers/service.ts';
import { machine } from './lib.ts';

const CORPUS = path.resolve(process.env.CORPUS_DIR ?? path.join(import.meta.dirname, '../../shared/corpus'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function importBytes(child: Child, token: string, dossier: string, bytes: Buffer, name: string) {
  const form = multipart([{ name: 'dossier_id', value: dossier }, { name: 'file', value: bytes, filename: name }]);
  return api(child.baseUrl, 'POST', '/api/v1/invoices', { token, body: form.payload, headers: form.headers }).catch(() => undefined);
}

async function states(server: PrivatePostgres, dossier: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  const { rows } = await client.query('SELECT processing_state FROM invoices WHERE dossier_id = $1', [dossier]);
  await client.end();
  return rows.map((r) => r.processing_state as string);
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, stepMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(stepMs);
  }
}

async function service(server: PrivatePostgres, env: Record<string, string>, command?: string[],
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-drill-'))): Promise<Child & { token: string; dossier: string }> {
  const child = await startChild({ DATABASE_URL: server.url, DATA_DIR: dataDir, ...env }, command, { detached: true });
  servicesStarted.push(child);
  const token = await signIn(child.baseUrl);
  const dossier = (await api(child.baseUrl, 'POST', '/api/v1/dossiers', { token, json: { name: `Drill ${Date.now()}` } })).body.id as string;
  return { ...child, token, dossier };
}

/** Every service started, so a failing drill leaves none running. */
const servicesStarted: Child[] = [];

const kill = async (child: Child) => {
  if (alive(child.process.pid!)) process.kill(-child.process.pid!, 'SIGKILL');
  await child.exited;
};

async function restartUnderLoad(server: PrivatePostgres): Promise<string> {
  const child = await service(server, { EXTRACT_MODE: 'sleep', EXTRACT_DELAY_MS: '20' });
  const accepted: string[] = [];
  const answers: Record<number, number> = {};
  let load = true;
  let n = 0;
  const loops = [1, 2, 3, 4].map(async () => {
    while (load) {
      const res = await importBytes(child, child.token, child.dossier, uniquePdf(`load${n++}`), 'l.pdf');
      if (!res) continue;
      answers[res.status] = (answers[res.status] ?? 0) + 1;
      if (res.status === 202) accepted.push(res.body.id);
    }
  });
  await sleep(3000);
  server.stop();
  await sleep(3000);
  server.start();
  const back = Date.now();
  let recoveredMs = -1;
  while (recoveredMs < 0) {
    const res = await importBytes(child, child.token, child.dossier, uniquePdf('probe'), 'p.pdf');
    if (res?.status === 202) {
      accepted.push(res.body.id);
      recoveredMs = Date.now() - back;
    }
  }
  await sleep(3000);
  load = false;
  await Promise.all(loops);
  await until(async () => (await states(server, child.dossier)).every((s) => s === 'done'), 120_000, 500);
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  const { rows } = await client.query<{ id: string }>('SELECT id FROM invoices WHERE dossier_id = $1', [child.dossier]);
  await client.end();
  const stored = new Set(rows.map((r) => r.id));
  const lost = accepted.filter((id) => !stored.has(id)).length;
  const done = (await states(server, child.dossier)).filter((s) => s === 'done').length;
  const survived = alive(child.process.pid!);
  await kill(child);
  return `| PostgreSQL restarted (fast shutdown, 3 s down) under 4 concurrent importers | accepted ${accepted.length}, done ${done}, lost ${lost}, duplicated ${accepted.length - new Set(accepted).size}; `
    + `stored ${stored.size}; answers ${JSON.stringify(answers)}; service alive: ${survived} | recovered ${recoveredMs} ms after the server was back |`;
}

async function drainOcr(server: PrivatePostgres): Promise<string> {
  const scans = fs.readdirSync(path.join(CORPUS, 'docs/synthetic-fr')).filter((f) => f.endsWith('_scan.jpg')).slice(0, 8);
  const child = await service(server, { EXTRACT_MODE: 'real', WORKER_CONCURRENCY: '2', OCR_WORKERS: '2', JOB_POLL_SECONDS: '1' });
  const started = Date.now();
  await Promise.all(scans.map((f) => importBytes(child, child.token, child.dossier, fs.readFileSync(path.join(CORPUS, 'docs/synthetic-fr', f)), f)));
  await until(async () => {
    const s = await states(server, child.dossier);
    return s.length === scans.length && s.every((x) => x === 'done' || x === 'failed');
  }, 900_000, 250);
  const drainMs = Date.now() - started;
  // Busy time: each invoice's processing, from the moment its worker claimed it to its outcome.
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  const { rows } = await client.query<{ busy_ms: number; done: number; failed: number }>(
    `SELECT sum(extract(epoch FROM processing_finished_at - processing_started_at) * 1000)::float8 AS busy_ms,
       count(*) FILTER (WHERE processing_state = 'done')::int AS done, count(*) FILTER (WHERE processing_state = 'failed')::int AS failed
     FROM invoices WHERE dossier_id = $1`, [child.dossier]);
  await client.end();
  await kill(child);
  const { busy_ms: busyMs, done, failed } = rows[0]!;
  return `| 8 queued OCR jobs (synthetic-fr scans), 2 workers | drained in ${(drainMs / 1000).toFixed(1)} s (${done} done, ${failed} failed); workers busy ${Math.round((100 * busyMs) / (2 * drainMs))}% | |`;
}

async function takeover(server: PrivatePostgres): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-drill-'));
  const first = await service(server, { EXTRACT_MODE: 'hold' }, undefined, dataDir);
  const id = (await importBytes(first, first.token, first.dossier, uniquePdf('takeover'), 't.pdf'))!.body.id as string;
  await until(async () => (await api(first.baseUrl, 'GET', `/api/v1/invoices/${id}`, { token: first.token })).body.processing.state === 'running', 30_000);
  await kill(first);
  const killedAt = Date.now();
  const second = await service(server, { EXTRACT_MODE: 'sleep' }, undefined, dataDir);
  await until(async () => (await api(second.baseUrl, 'GET', `/api/v1/invoices/${id}`, { token: second.token })).body.processing.state === 'done', 120_000, 100)
    .catch(async (error) => {
      console.error(JSON.stringify((await api(second.baseUrl, 'GET', `/api/v1/invoices/${id}`, { token: second.token })).body.processing), second.lines.slice(-8));
      throw error;
    });
  const ms = Date.now() - killedAt;
  await kill(second);
  return `| worker killed mid-job (lease 10 s, supervise 2 s) | job done by another worker ${(ms / 1000).toFixed(1)} s after the kill | |`;
}

async function sigterm(server: PrivatePostgres, way: 'process' | 'group' | 'npm'): Promise<number> {
  const command = way === 'npm' ? ['npm', 'start', '--silent'] : [process.execPath, FIXTURE];
  const child = await service(server, { EXTRACT_MODE: 'sleep', EXTRACT_DELAY_MS: '2000', WORKER_CONCURRENCY: '1' }, command);
  const servicePid = (child.lines.find((l) => typeof l === 'object' && l.msg === 'invoice service started') as { pid: number }).pid;
  if (way !== 'npm') {
    const id = (await importBytes(child, child.token, child.dossier, uniquePdf(way), 'j.pdf'))!.body.id as string;
    await until(async () => (await api(child.baseUrl, 'GET', `/api/v1/invoices/${id}`, { token: child.token })).body.processing.state === 'running', 30_000, 20);
  }
  const sent = Date.now();
  process.kill(way === 'group' ? -child.process.pid! : child.process.pid!, 'SIGTERM');
  await until(() => !alive(servicePid), 60_000, 10);
  const ms = Date.now() - sent;
  const exit = await child.exited;
  if (exit.code !== 0) throw new Error(`${way}: exit ${exit.code} ${exit.signal}`);
  return ms;
}

const unavailable = privatePostgresUnavailable();
if (unavailable) {
  process.stderr.write(`The drill needs a private PostgreSQL: ${unavailable}\n`);
  process.exit(2);
}
const server = await startPrivatePostgres();
try {
  // `npm run drill -- takeover sigterm` runs only those parts.
  const parts = process.argv.slice(2);
  const wanted = (part: string) => parts.length === 0 || parts.includes(part);
  const rows: string[] = [];
  if (wanted('restart')) rows.push(await restartUnderLoad(server));
  if (wanted('drain')) rows.push(await drainOcr(server));
  if (wanted('takeover')) rows.push(await takeover(server));
  const exits: Record<string, number> = {};
  if (wanted('sigterm')) for (const way of ['process', 'group', 'npm'] as const) exits[way] = await sigterm(server, way);
  if (wanted('sigterm')) rows.push(`| SIGTERM with a 2 s job in flight (npm start: no job) | exit after ${Object.entries(exits).map(([w, ms]) => `${w} ${ms} ms`).join(', ')} | |`);
  console.log(`Machine: ${machine()}, ${new Date().toISOString().slice(0, 10)}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log('| drill | outcome | recovery |\n|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  for (const child of servicesStarted) {
    try {
      process.kill(-child.process.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  server.destroy();
}
