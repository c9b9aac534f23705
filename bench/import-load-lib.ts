// Helpers for bench/import-load.ts: the service started as a child process, uploads over real HTTP,
// waiting for processing, and the child's memory sampled from outside.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from '../src/evaluation/scoring.ts';
import { api, ROOT, signIn, startChild, type Child } from '../test/faults/helpers/child.ts';
import { treeRss } from '../test/helpers/process-tree.ts';

export interface BenchService { child: Child; token: string; dossier: string; stop(): Promise<void> }

// startChild's defaults are the fault tests' short job timings: the bench runs the configured defaults.
const DEFAULT_JOB_TIMINGS = { JOB_LEASE_SECONDS: '60', JOB_SUPERVISE_SECONDS: '15', JOB_POLL_SECONDS: '1', JOB_RETRY_DELAY_SECONDS: '5' };

/**
 * The service in a child process, rate limits off, one firm and one folder. `real`: the `invoices serve`
 * command with its own extraction engine; otherwise the fault-test fixture, whose EXTRACT_MODE=sleep
 * stands in for extraction (each job waits EXTRACT_DELAY_MS and records an empty result).
 */
export async function startBenchService(env: Record<string, string>, real = false): Promise<BenchService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-bench-import-'));
  const database: Record<string, string> = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
  const command = real ? [process.execPath, path.join(ROOT, 'bin/invoices.js'), 'serve'] : undefined;
  // JOB_* and OCR_WORKERS set where the bench runs reach the service, for trying other settings.
  const passed = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('JOB_') || k === 'OCR_WORKERS')) as Record<string, string>;
  const child = await startChild({ DATA_DIR: dataDir, RATE_LIMIT_PER_TOKEN: '0', RATE_LIMIT_PER_FIRM: '0', ...DEFAULT_JOB_TIMINGS, ...database, ...env, ...passed }, command);
  const token = await signIn(child.baseUrl);
  const dossier = await api(child.baseUrl, 'POST', '/api/v1/dossiers', { token, json: { name: `bench ${Date.now()}` } });
  if (dossier.status !== 201) throw new Error(`creating a folder answered ${dossier.status}`);
  return {
    child, token, dossier: dossier.body.id,
    async stop() {
      child.process.kill('SIGTERM');
      await child.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Upload { status: number | 'network'; ms: number; id?: string }

export async function upload(s: BenchService, bytes: Buffer, name: string): Promise<Upload> {
  const form = new FormData();
  form.set('dossier_id', s.dossier);
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const started = performance.now();
  try {
    const res = await fetch(`${s.child.baseUrl}/api/v1/invoices`, { method: 'POST', headers: { authorization: `Bearer ${s.token}` }, body: form });
    const body = await res.json().catch(() => ({})) as { id?: string };
    return { status: res.status, ms: performance.now() - started, id: body.id };
  } catch {
    return { status: 'network', ms: performance.now() - started };
  }
}

/** `count` uploads by `clients` concurrent loops; file(i) makes the i-th file. */
export async function uploadAll(s: BenchService, count: number, clients: number, file: (i: number) => { bytes: Buffer; name: string }): Promise<Upload[]> {
  const results: Upload[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < count) {
      const { bytes, name } = file(next++);
      results.push(await upload(s, bytes, name));
    }
  }));
  return results;
}

/** Server-side times (epoch ms) of one processed invoice. */
export interface Processed { state: string; created: number; started: number; finished: number }

/**
 * Polls the invoices one after the other until each is done or failed. Jobs run roughly in upload
 * order, so this costs about one request per invoice; the figures come from the server's own
 * timestamps, not from when the poll saw them.
 */
export async function waitProcessed(s: BenchService, ids: string[], timeoutMs: number): Promise<Processed[]> {
  const deadline = Date.now() + timeoutMs;
  const processed: Processed[] = [];
  for (const id of ids) {
    for (;;) {
      const { body } = await api(s.child.baseUrl, 'GET', `/api/v1/invoices/${id}`, { token: s.token });
      const p = body.processing as { state: string; started_at: string | null; finished_at: string | null };
      if (p.state === 'done' || p.state === 'failed') {
        processed.push({ state: p.state, created: Date.parse(body.created_at), started: Date.parse(p.started_at ?? ''), finished: Date.parse(p.finished_at ?? '') });
        break;
      }
      if (Date.now() > deadline) throw new Error(`${id} still ${p.state} after ${timeoutMs / 1000} s`);
      await sleep(100);
    }
  }
  return processed;
}

/** The highest resident size of the process tree of `pid`, sampled every `everyMs` until stop(). */
export function peakSampler(pid: number, everyMs = 20) {
  let peak = treeRss(pid);
  const timer = setInterval(() => { peak = Math.max(peak, treeRss(pid)); }, everyMs);
  return {
    /** The peak since the last call, sampled once more now. */
    take(): number {
      const value = Math.max(peak, treeRss(pid));
      peak = treeRss(pid);
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

export const count = <T>(items: T[], key: (item: T) => string) =>
  Object.entries(items.reduce<Record<string, number>>((acc, item) => ({ ...acc, [key(item)]: (acc[key(item)] ?? 0) + 1 }), {})).map(([k, n]) => `${n}x ${k}`).join(', ');

export const p = (values: number[], q: number) => (percentile(values, q) ?? NaN);
export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
