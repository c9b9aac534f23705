// Import-to-done latency: POST a Factur-X PDF over real HTTP, poll the invoice until processing is
// done. The baseline, measured in the same run on the same files, is the extraction engine alone,
// so the difference is what the API, the database and the job queue add.
//
//   node bench/import-latency.ts [--files 20] [--rounds 2]      (embedded PGlite, default config)
//   BENCH_DATABASE_URL=postgres://… node bench/import-latency.ts (PostgreSQL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.ts';
import { createExtractor } from '../src/extraction/index.ts';
import { createLogger } from '../src/logger.ts';
import { startService } from '../src/runtime.ts';
import { createUser } from '../src/services/users.ts';
import { corpusEntries, summarise, machine } from './lib.ts';

const { values } = parseArgs({ options: { files: { type: 'string', default: '20' }, rounds: { type: 'string', default: '2' }, corpus: { type: 'string', default: '../shared/corpus' } } });
const corpus = path.resolve(values.corpus!);
const files = corpusEntries(corpus).filter((e) => e.kind === 'facturx-pdf' && e.primary).slice(0, Number(values.files)).map((e) => path.join(corpus, e.file));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) });
const extractor = createExtractor({ ocrWorkers: 1 });
const service = await startService({ config, logger: createLogger('silent'), extract: extractor.extract });
const base = await service.app!.listen({ host: '127.0.0.1', port: 0 });

// Baseline: the engine alone, warm.
const engineMs: number[] = [];
for (const file of files) await extractor.extract(fs.readFileSync(file), config.extraction);
for (const file of files) {
  const t0 = performance.now();
  await extractor.extract(fs.readFileSync(file), config.extraction);
  engineMs.push(performance.now() - t0);
}

const email = `bench-${Date.now()}@example.test`;
await createUser(service.deps.db, { firm: `Bench ${Date.now()}`, email, password: 'bench-password-1' });
const { access_token } = await (await fetch(`${base}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password-1' }) })).json() as { access_token: string };
const auth = { authorization: `Bearer ${access_token}` };

const latencyMs: number[] = [];
for (let round = 0; round < Number(values.rounds); round++) {
  // A new folder each round: the same bytes in the same folder would be a duplicate, not an import.
  const dossier = await (await fetch(`${base}/api/v1/dossiers`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: `round ${round}` }) })).json() as { id: string };
  for (const file of files) {
    const form = new FormData();
    form.set('dossier_id', dossier.id);
    form.set('file', new Blob([fs.readFileSync(file)]), path.basename(file));
    const t0 = performance.now();
    const created = await fetch(`${base}/api/v1/invoices`, { method: 'POST', headers: auth, body: form });
    if (created.status !== 202) throw new Error(`import answered ${created.status}: ${await created.text()}`);
    const { id } = await created.json() as { id: string };
    for (const deadline = t0 + 60_000; ;) {
      const inv = await (await fetch(`${base}/api/v1/invoices/${id}`, { headers: auth })).json() as { processing: { state: string } };
      if (inv.processing.state === 'done' || inv.processing.state === 'failed') break;
      if (performance.now() > deadline) throw new Error(`${id} still ${JSON.stringify(inv.processing)} after 60 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
    latencyMs.push(performance.now() - t0);
    if (process.env.BENCH_VERBOSE) console.error(path.basename(file), (performance.now() - t0).toFixed(0));
  }
}

await service.close();
await extractor.close();
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`# import-latency on ${machine()}, ${service.deps.db.engine}, ${files.length} Factur-X files x ${values.rounds} rounds, polling every 10 ms`);
console.log('| measure | n | median ms | p95 ms | max ms |\n|---|---|---|---|---|');
console.log(summarise('engine alone (baseline)', engineMs));
console.log(summarise('HTTP import to processing done', latencyMs));
