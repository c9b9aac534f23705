// `npm run generate -- --seed N --count M --out DIR [--kinds pdf,render,scan,receipt] [--jobs J] [--start S]`
// (receipts only when asked for: the default is the invoices' three kinds).
// Writes DIR/docs/* and DIR/truth.json. The work is split over J child processes (indices i with
// i % J == k); every document depends only on (seed, index), so the split changes nothing.
//
// Seeds (see tools/generate/README.md): tune on seeds 1-99; seed 9001 is the held-out set, only ever
// scored (aggregate figures), never opened document by document.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { generateSet, INVOICE_KINDS, type OutputKind } from './generate-set.ts';
import type { TruthEntry } from './truth.ts';

export interface CliOptions { seed: number; count: number; start: number; out: string; kinds: OutputKind[]; jobs: number }

export function parseArgs(argv: string[]): CliOptions {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const int = (name: string, fallback: number) => {
    const raw = get(name);
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer, got ${raw}`);
    return value;
  };
  const kinds = (get('kinds') ?? 'pdf,render,scan').split(',').map((k) => k.trim()) as OutputKind[];
  for (const k of kinds) if (!['pdf', 'render', 'scan', 'receipt'].includes(k)) throw new Error(`--kinds: unknown kind ${k}`);
  const out = get('out');
  if (!out) throw new Error('--out DIR is required');
  return { seed: int('seed', 1), count: int('count', 10), start: int('start', 0), out, kinds, jobs: Math.max(1, int('jobs', 2)) };
}

async function runWorker(options: CliOptions, part: number, file: string): Promise<void> {
  const indices = Array.from({ length: options.count }, (_, i) => options.start + i).filter((i) => i % options.jobs === part);
  const entries = await generateSet({ seed: options.seed, out: options.out, indices, kinds: options.kinds }, (n) => {
    if (n % 10 === 0) process.stderr.write(`  worker ${part}: ${n}/${indices.length}\n`);
  });
  fs.writeFileSync(file, JSON.stringify(entries));
}

async function main(argv: string[]): Promise<void> {
  const options = parseArgs(argv);
  const worker = argv.indexOf('--worker');
  if (worker >= 0) return runWorker(options, Number(argv[worker + 1]), argv[worker + 2]!);
  fs.mkdirSync(options.out, { recursive: true });
  const started = performance.now();
  const parts = Array.from({ length: options.jobs }, (_, k) => path.join(options.out, `.part-${k}.json`));
  await Promise.all(parts.map((file, k) => new Promise<void>((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, [...argv, '--worker', String(k), file], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker ${k} exited with ${code}`))));
  })));
  const entries = parts.flatMap((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as TruthEntry[]);
  for (const file of parts) fs.rmSync(file);
  // Sorted by document then kind, so that truth.json does not depend on which worker finished first.
  entries.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  fs.writeFileSync(path.join(options.out, 'truth.json'), `${JSON.stringify(entries, null, 1)}\n`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const invoices = options.kinds.some((k) => INVOICE_KINDS.includes(k));
  const what = [invoices && 'invoices', options.kinds.includes('receipt') && 'receipts'].filter(Boolean).join(' and ');
  process.stderr.write(`${options.count} ${what} (seed ${options.seed}), ${entries.length} files in ${options.out} in ${seconds} s\n`);
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
