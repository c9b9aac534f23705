// Hostile files and big scans against the extraction engine: for each case, the peak resident size
// of the whole process tree (the extracting process and every process it started, sampled every
// 20 ms), the time, the outcome, and what the tree still holds 2.5 s afterwards. Each case runs in
// a fresh process that first extracts one small PDF (its "idle" level, as a service that has
// started), as the job runner calls the engine: createExtractor(), then extract() per file.
// With --baseline REV, the same cases run on the code of that git revision too, in the same run.
//
//   node bench/hostile-files.ts [--baseline REV] [--scans 20] [--baseline-scans 2] [--cases flate,pages,png,jpeg,scan,scans]
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { MALLOC_ENV } from '../src/config/malloc.ts';
import { treeRss } from '../test/helpers/process-tree.ts';
import { machine } from './lib.ts';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string' }, scans: { type: 'string', default: '20' }, 'baseline-scans': { type: 'string', default: '2' },
    cases: { type: 'string', default: 'flate,pages,png,jpeg,scan,scans' }, corpus: { type: 'string', default: '../shared/corpus' },
    runner: { type: 'boolean', default: false }, root: { type: 'string' }, file: { type: 'string' }, count: { type: 'string', default: '1' },
  },
});
const MB = 1e6;
const corpus = path.resolve(values.corpus!);
const warmUpFile = path.join(corpus, 'docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf');

if (values.runner) await runner();
else await main();

/** In the measured process: the engine of `--root`, one warm-up file, then `--count` extractions of `--file`. */
async function runner() {
  const root = path.resolve(values.root!);
  const { createExtractor } = await import(path.join(root, 'src/extraction/index.ts'));
  const { loadConfig } = await import(path.join(root, 'src/config/config.ts'));
  const config = loadConfig();
  const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
  const extractor = createExtractor({ ocrWorkers: 1 });
  await extractor.extract(fs.readFileSync(warmUpFile), config.extraction);
  await new Promise((r) => setTimeout(r, 1000));
  say({ phase: 'idle' });
  await new Promise((r) => setTimeout(r, 200));
  // As the job runner passes them: the Buffer read from storage, not a copy.
  const bytes = fs.readFileSync(values.file!);
  for (let i = 0; i < Number(values.count); i++) {
    const started = performance.now();
    try {
      const result = await extractor.extract(bytes, config.extraction);
      say({ ok: true, source: result.source, ms: performance.now() - started });
    } catch (error) {
      say({ ok: false, code: (error as { code?: string }).code ?? 'error', ms: performance.now() - started });
    }
  }
  say({ phase: 'done' });
  await new Promise((r) => setTimeout(r, 3000));
  // The old engine's close() waits for abandoned OCR: it is not waited for.
  void extractor.close();
  process.exit(0);
}

interface Measure { outcomes: string[]; ms: number[]; idleMb: number; peakMb: number; afterMb: number }

function measure(root: string, file: string, count: number): Promise<Measure> {
  const child = spawn(process.execPath, [import.meta.filename, '--runner', '--root', root, '--file', file, '--count', String(count), '--corpus', corpus], {
    env: { ...process.env, ...MALLOC_ENV }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const m: Measure = { outcomes: [], ms: [], idleMb: 0, peakMb: 0, afterMb: 0 };
  let measuring = false;
  const timer = setInterval(() => { if (measuring) m.peakMb = Math.max(m.peakMb, treeRss(child.pid!) / MB); }, 20);
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    const event = JSON.parse(line);
    if (event.phase === 'idle') { m.idleMb = treeRss(child.pid!) / MB; measuring = true; }
    else if (event.phase === 'done') { measuring = false; setTimeout(() => { m.afterMb = treeRss(child.pid!) / MB; }, 2500); }
    else { m.outcomes.push(event.ok ? `ok (${event.source})` : event.code); m.ms.push(event.ms); }
  });
  return new Promise((resolve) => child.on('exit', () => { clearInterval(timer); resolve(m); }));
}

/** The code of a git revision, beside the current node_modules. */
function checkout(rev: string): string {
  const dir = path.join(os.tmpdir(), `invoices-bench-${rev}`);
  if (!fs.existsSync(path.join(dir, 'src'))) {
    fs.mkdirSync(dir, { recursive: true });
    execSync(`git archive ${rev} | tar -x -C ${dir}`, { cwd: path.join(import.meta.dirname, '..') });
    fs.symlinkSync(path.join(import.meta.dirname, '..', 'node_modules'), path.join(dir, 'node_modules'));
  }
  return dir;
}

/** Generated once per machine into the temp directory (the scan takes minutes to make). */
async function cases(): Promise<Record<string, { label: string; file: string }>> {
  // Imported here only: the measured processes do not load the generators (and sharp with them).
  const { colourScanPdf, flateBombPdf, hugeJpeg, hugePng, manyPagesPdf } = await import('../test/helpers/hostile-files.ts');
  const dir = path.join(os.tmpdir(), 'invoices-hostile-bench');
  fs.mkdirSync(dir, { recursive: true });
  const make = async (name: string, build: () => Promise<Buffer> | Buffer) => {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) fs.writeFileSync(file, await build());
    return file;
  };
  const scan = await make('scan-600dpi-3p.pdf', () => colourScanPdf(fs.readFileSync(path.join(corpus, 'docs/synthetic-fr/syn-003_p1.png'))));
  const scanMb = (fs.statSync(scan).size / MB).toFixed(1);
  return {
    flate: { label: 'PDF, Flate stream of 1 GB of zeros', file: await make('flate-1gb.pdf', () => flateBombPdf(1024 ** 3)) },
    pages: { label: 'PDF of 10,000 pages', file: await make('pages-10000.pdf', () => manyPagesPdf(10_000)) },
    png: { label: 'PNG declaring 50,000 x 50,000', file: await make('huge.png', () => hugePng()) },
    jpeg: { label: 'JPEG whose SOF says 65,535 x 65,535', file: await make('huge.jpg', () => hugeJpeg()) },
    scan: { label: `${scanMb} MB 600-dpi 3-page colour scan (PDF)`, file: scan },
    scans: { label: `the same scan, N in a row`, file: scan },
  };
}

async function main() {
  if (process.platform !== 'linux') throw new Error('This benchmark reads /proc: Linux only');
  const all = await cases();
  const roots: Array<[string, string]> = [['this branch', path.join(import.meta.dirname, '..')]];
  if (values.baseline) roots.unshift([`baseline ${values.baseline}`, checkout(values.baseline)]);
  console.log(`${machine()}; ${new Date().toISOString().slice(0, 16)}Z; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('| code | case | n | outcome | median s | max s | idle MB | peak MB | added at peak MB | 2.5 s after MB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const name of values.cases!.split(',')) {
    for (const [label, root] of roots) {
      const count = name === 'scans' ? Number(label === 'this branch' ? values.scans : values['baseline-scans']) : 1;
      const m = await measure(root, all[name]!.file, count);
      const outcomes = Object.entries(m.outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {})).map(([o, n]) => `${n}x ${o}`).join(', ');
      const sorted = [...m.ms].sort((a, b) => a - b);
      const s = (ms: number | undefined) => (ms === undefined ? '–' : (ms / 1000).toFixed(1));
      const caseLabel = name === 'scans' ? all[name]!.label.replace('N', String(count)) : all[name]!.label;
      console.log(`| ${label} | ${caseLabel} | ${count} | ${outcomes} | ${s(sorted[Math.floor(sorted.length / 2)])} | ${s(sorted.at(-1))} | ${m.idleMb.toFixed(0)} | ${m.peakMb.toFixed(0)} | ${(m.peakMb - m.idleMb).toFixed(0)} | ${m.afterMb.toFixed(0)} |`);
    }
  }
}
