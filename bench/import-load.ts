// `npm run bench:import` (issue #14): the import path under load, against the service running as a
// child process (embedded PGlite; PostgreSQL with BENCH_DATABASE_URL), over real HTTP:
//   1. N small distinct PDFs uploaded by C concurrent clients (extraction stood in for by EXTRACT_MODE=sleep
//      with no delay, so the upload path and the queue are measured, not OCR);
//   2. one 25 MB scan uploaded: the server process tree's resident size before, at its peak (sampled every
//      20 ms) until the 202, until processed (sleep mode: the job reads the stored file, nothing extracts it),
//      and 2 s after;
//   3. documents per minute with 1 and 2 job workers: the real engine (`invoices serve`) on the same corpus
//      files, warmed by one file first; from the first upload to the last finished;
//   4. queue lag: M uploads at once (sleep mode, EXTRACT_DELAY_MS=50), per invoice the server's time from
//      accepted (created_at) to processing started (processing.started_at); on a service just started and
//      on one up for 20 s. BENCH_VERBOSE=1 prints each invoice's created, started and finished times.
//
//   node bench/import-load.ts [--uploads 500] [--clients 16] [--inflight 200] [--text-pdfs 20] [--scans 4] [--measures 1,2,3,4]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { uniquePdf } from '../test/faults/helpers/child.ts';
import { treeRss } from '../test/helpers/process-tree.ts';
import { count, mb, p, peakSampler, startBenchService, upload, uploadAll, waitProcessed, type Upload } from './import-load-lib.ts';
import { corpusEntries, machine } from './lib.ts';

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '500' }, clients: { type: 'string', default: '16' }, inflight: { type: 'string', default: '200' },
    'text-pdfs': { type: 'string', default: '20' }, scans: { type: 'string', default: '4' }, measures: { type: 'string', default: '1,2,3,4' },
    corpus: { type: 'string', default: '../shared/corpus' },
  },
});
const clients = Number(values.clients);
const corpus = path.resolve(values.corpus!);
const rows: string[] = [];
const row = (measure: string, setting: string, result: string) => {
  rows.push(`| ${measure} | ${setting} | ${result} |`);
  console.error(rows.at(-1));
};
const ms = (n: number) => `${n.toFixed(0)} ms`;
const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;
const smallPdf = (i: number) => ({ bytes: uniquePdf(`bench upload ${i}`), name: `upload-${i}.pdf` });
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

/** 1. Uploads per second, latency and errors, then the time until all are processed. */
async function manyUploads() {
  const n = Number(values.uploads);
  const s = await startBenchService({ EXTRACT_MODE: 'sleep', EXTRACT_DELAY_MS: '0', WORKER_CONCURRENCY: '2' });
  try {
    const startedAt = Date.now();
    const t0 = performance.now();
    const results = await uploadAll(s, n, clients, smallPdf);
    const wall = performance.now() - t0;
    const accepted = results.filter((r) => r.status === 202);
    const latency = results.map((r) => r.ms);
    const setting = `${n} small distinct PDFs, ${clients} clients, sleep mode (0 ms), 2 job workers`;
    row('1. uploads', setting, `${(n / (wall / 1000)).toFixed(1)} uploads/s (${seconds(wall)}); latency p50 ${ms(p(latency, 50))}, p99 ${ms(p(latency, 99))}, max ${ms(Math.max(...latency))}; answers ${count(results, (r) => String(r.status))}`);
    const processed = await waitProcessed(s, accepted.map((r) => r.id!), 600_000);
    const lastDone = Math.max(...processed.map((d) => d.finished));
    row('1. all processed', setting, `${seconds(lastDone - startedAt)} from the first upload to the last done (${count(processed, (d) => d.state)})`);
  } finally {
    await s.stop();
  }
}

/** The 25 MB scan bench/hostile-files.ts makes (generated here the first time: it takes minutes). */
async function bigScan(): Promise<string> {
  const file = path.join(os.tmpdir(), 'invoices-hostile-bench/scan-600dpi-3p.pdf');
  if (!fs.existsSync(file)) {
    const { colourScanPdf } = await import('../test/helpers/hostile-files.ts');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await colourScanPdf(fs.readFileSync(path.join(corpus, 'docs/synthetic-fr/syn-003_p1.png'))));
  }
  return file;
}

/** 2. The server's resident size around one 25 MB upload. */
async function bigUploadMemory() {
  const file = await bigScan();
  const bytes = fs.readFileSync(file);
  const s = await startBenchService({ EXTRACT_MODE: 'sleep', EXTRACT_DELAY_MS: '0', WORKER_CONCURRENCY: '2' });
  try {
    const pid = s.child.process.pid!;
    // One small import first: the routes, the queue and the job runner have run once, as in a started service.
    const warm = await upload(s, smallPdf(0).bytes, 'warm.pdf');
    await waitProcessed(s, [warm.id!], 60_000);
    await sleep(1000);
    const before = treeRss(pid);
    const sampler = peakSampler(pid);
    const result = await upload(s, bytes, path.basename(file));
    const peakUpload = sampler.take();
    if (result.status !== 202) throw new Error(`the 25 MB upload answered ${result.status}`);
    const [processed] = await waitProcessed(s, [result.id!], 120_000);
    const peakProcessing = sampler.take();
    await sleep(2000);
    sampler.stop();
    const setting = `${(bytes.length / 1e6).toFixed(1)} MB 600-dpi scan PDF, sleep mode (no extraction)`;
    row('2. 25 MB upload memory', setting, `server tree RSS before ${mb(before)}; peak until the 202 ${mb(peakUpload)} (+${mb(peakUpload - before)}, upload ${ms(result.ms)}); peak until processed (${processed!.state}) ${mb(peakProcessing)}; 2 s after ${mb(treeRss(pid))}`);
  } finally {
    await s.stop();
  }
}

/** 3. Documents per minute through the real engine, with 1 then 2 job workers, on the same files. */
async function documentsPerMinute() {
  const entries = corpusEntries(corpus).filter((e) => e.primary);
  const files = [
    ...entries.filter((e) => e.kind === 'text-layer-pdf').slice(1, 1 + Number(values['text-pdfs'])),
    ...entries.filter((e) => e.kind === 'scanned-image').slice(0, Number(values.scans)),
  ].map((e) => path.join(corpus, e.file));
  const warmFile = path.join(corpus, entries.find((e) => e.kind === 'text-layer-pdf')!.file);
  for (const workers of [1, 2]) {
    const s = await startBenchService({ WORKER_CONCURRENCY: String(workers) }, true);
    try {
      const warm = await upload(s, fs.readFileSync(warmFile), 'warm.pdf');
      await waitProcessed(s, [warm.id!], 120_000);
      const startedAt = Date.now();
      const results = await uploadAll(s, files.length, clients, (i) => ({ bytes: fs.readFileSync(files[i]!), name: path.basename(files[i]!) }));
      const failedUploads = results.filter((r) => r.status !== 202);
      if (failedUploads.length) throw new Error(`uploads answered ${count(failedUploads, (r) => String(r.status))}`);
      const processed = await waitProcessed(s, results.map((r) => r.id!), 900_000);
      const minutes = (Math.max(...processed.map((d) => d.finished)) - startedAt) / 60_000;
      const setting = `real engine, ${values['text-pdfs']} text-layer PDFs + ${values.scans} scanned receipts (OCR), ${workers} job worker${workers > 1 ? 's' : ''}, OCR_WORKERS default`;
      row('3. documents/minute', setting, `${(files.length / minutes).toFixed(1)} documents/min (${files.length} in ${seconds(minutes * 60_000)}; ${count(processed, (d) => d.state)})`);
    } finally {
      await s.stop();
    }
  }
}

/** 4. The time from accepted to processing started, with M imports in flight. */
async function queueLag() {
  // Just started and after 20 s up: a worker fetches its next job at once only when pg-boss's backlog
  // cache says jobs wait, and a service that has just started may not have that count yet.
  for (const upSeconds of [0, 20]) await queueLagOnce(upSeconds);
}

async function queueLagOnce(upSeconds: number) {
  const n = Number(values.inflight);
  const s = await startBenchService({ EXTRACT_MODE: 'sleep', EXTRACT_DELAY_MS: '50', WORKER_CONCURRENCY: '2' });
  try {
    await sleep(upSeconds * 1000);
    const startedAt = Date.now();
    const results: Upload[] = await uploadAll(s, n, clients, smallPdf);
    const uploadedIn = Date.now() - startedAt;
    const processed = await waitProcessed(s, results.filter((r) => r.status === 202).map((r) => r.id!), 600_000);
    const lag = processed.map((d) => d.started - d.created);
    const drained = Math.max(...processed.map((d) => d.finished)) - startedAt;
    if (process.env.BENCH_VERBOSE) console.error(processed.map((d) => `${d.created - startedAt} ${d.started - startedAt} ${d.finished - startedAt}`).join("\n"));
    const setting = `${n} uploads by ${clients} clients (all in ${seconds(uploadedIn)}), sleep mode 50 ms, 2 job workers, service up ${upSeconds} s`;
    row('4. queue lag', setting, `accepted -> processing started: min ${ms(Math.min(...lag))}, p50 ${ms(p(lag, 50))}, p95 ${ms(p(lag, 95))}, max ${ms(Math.max(...lag))}; all done ${seconds(drained)} after the first upload (${count(processed, (d) => d.state)})`);
  } finally {
    await s.stop();
  }
}

const measures: Record<string, () => Promise<void>> = { 1: manyUploads, 2: bigUploadMemory, 3: documentsPerMinute, 4: queueLag };
const engine = process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite';
const header = `# bench:import on ${machine()}; ${new Date().toISOString().slice(0, 16)}Z; ${engine}; load average at start ${load()}`;
console.error(header);
for (const name of values.measures!.split(',')) await measures[name]!();
console.log(`${header}, at end ${load()}\n`);
console.log('| measure | setting | result |\n|---|---|---|');
console.log(rows.join('\n'));
