// Where a big scan's memory goes: the extraction's work, run phase by phase in a child process set up
// as a sandbox is (malloc settings, sharp's cache off, one OCR worker), with the child's resident size
// sampled from here every 20 ms and each sample charged to the phases running at that moment. Then
// the same file through the engine itself (createExtractor), with the peak of the calling process and
// of its sandbox apart. The phases overlap where the pipeline runs them side by side (pages render
// one at a time, but each page is prepared while the next renders).
//
//   node bench/scan-memory.ts [--file F] [--mode phases,engine] [--count N (engine: the file N times in a row)]
import { spawn } from 'node:child_process';
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
    file: { type: 'string', default: path.join(os.tmpdir(), 'invoices-hostile-bench/scan-600dpi-3p.pdf') },
    mode: { type: 'string', default: 'phases,engine' }, runner: { type: 'string' }, count: { type: 'string', default: '1' },
    corpus: { type: 'string', default: '../shared/corpus' },
  },
});
const MB = 1e6;
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
const rssOf = (pid: number) => {
  try { return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024; } catch { return 0; }
};

if (values.runner === 'phases') await phasesRunner();
else if (values.runner === 'engine') await engineRunner();
else await main();

/** This process's JS heap and the buffers it owns outside it, MB. */
function heapFigures(): string {
  const m = process.memoryUsage();
  return `heap ${(m.heapTotal / MB).toFixed(0)}, buffers ${(m.arrayBuffers / MB).toFixed(0)}`;
}

/** The sandbox's work, step by step, announcing each phase as it starts and ends. */
async function phasesRunner() {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  const { createOcrEngine } = await import('../src/extraction/ocr/ocr-engine.ts');
  const { openDocument } = await import('../src/extraction/document.ts');
  const { readByOcr } = await import('../src/extraction/steps/ocr-step.ts');
  const { loadConfig } = await import('../src/config/config.ts');
  const limits = loadConfig().extraction;
  const engine = createOcrEngine(1);
  const phase = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
    say({ enter: name });
    try { return await work(); } finally { say({ leave: name }); }
  };
  const timed: typeof engine = {
    recognise: (image, page, layout = 'auto') => phase(`tesseract p${page} ${layout}`, () => engine.recognise(image, page, layout)),
    warm: () => engine.warm(),
    close: () => engine.close(),
  };
  say({ mark: 'modules loaded', mem: heapFigures() });
  // Load the OCR models first, as a warm sandbox has them.
  await phase('tesseract start', () => engine.recognise(Buffer.from('P5\n8 8\n255\n'.concat('\xff'.repeat(64)), 'latin1'), 1));
  say({ mark: 'warm', mem: heapFigures() });
  for (let i = 1; i <= Number(values.count); i++) {
    // As the sandbox does: the bytes are its own, handed over to pdf.js.
    const bytes = fs.readFileSync(values.file!);
    const run = values.count === '1' ? '' : ` (#${i})`;
    const doc = await phase(`open (budget, shrink, pdf.js)${run}`, () => openDocument(bytes, 'application/pdf', limits, true));
    let n = 0;
    const reading = await readByOcr(doc, timed, (stage, work) => phase(stage === 'render' || stage === 'prepare' ? `${stage} #${++n}${run}` : `${stage}${run}`, work));
    await doc.close();
    globalThis.gc?.(); // as the sandbox does after each extraction
    say({ mark: `done${run}`, mem: heapFigures() });
    console.error(JSON.stringify(reading.invoice?.fields));
  }
  await new Promise((r) => setTimeout(r, 2500));
  say({ mark: 'done + 2.5 s', mem: heapFigures() });
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  say({ mark: 'gc + 0.5 s', mem: heapFigures() });
  await engine.close();
  await new Promise((r) => setTimeout(r, 1000));
  say({ mark: 'worker terminated + 1 s', mem: heapFigures() });
  process.exit(0);
}

/** The engine as the job runner calls it, after one small PDF (a started service). */
async function engineRunner() {
  const { createExtractor } = await import('../src/extraction/index.ts');
  const { loadConfig } = await import('../src/config/config.ts');
  const limits = loadConfig().extraction;
  const extractor = createExtractor({ ocrWorkers: 1 });
  await extractor.extract(fs.readFileSync(path.join(path.resolve(values.corpus!), 'docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf')), limits);
  await new Promise((r) => setTimeout(r, 1000));
  say({ mark: 'warm', mem: heapFigures() });
  for (let i = 1; i <= Number(values.count); i++) {
    const result = await extractor.extract(fs.readFileSync(values.file!), limits);
    say({ mark: `done #${i}`, source: result.source, ms: result.durationMs, mem: heapFigures() });
  }
  await new Promise((r) => setTimeout(r, 2500));
  say({ mark: 'done + 2.5 s', mem: heapFigures() });
  await new Promise((r) => setTimeout(r, 500)); // the parent samples the tree when it reads the line
  await extractor.close();
  process.exit(0);
}

function run(mode: string): Promise<void> {
  const child = spawn(process.execPath, ['--expose-gc', import.meta.filename, '--runner', mode, '--file', values.file!, '--corpus', values.corpus!, '--count', values.count!], {
    env: { ...process.env, ...MALLOC_ENV }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid!;
  const active = new Set<string>();
  const peaks = new Map<string, number>();
  const marks: string[] = [];
  let base = 0;
  let peakSelf = 0;
  let peakOthers = 0;
  let peakTree = 0;
  let warmSelf = 0;
  let warmOthers = 0;
  /** Since the previous moment: the tree's, the measured process's and its children's peaks. */
  let since = { tree: 0, self: 0, others: 0 };
  const sample = () => {
    const tree = treeRss(pid);
    const self = rssOf(pid);
    since = { tree: Math.max(since.tree, tree), self: Math.max(since.self, self), others: Math.max(since.others, tree - self) };
    peakSelf = Math.max(peakSelf, self);
    peakOthers = Math.max(peakOthers, tree - self);
    peakTree = Math.max(peakTree, tree);
    for (const name of active) peaks.set(name, Math.max(peaks.get(name) ?? 0, tree));
    return tree;
  };
  const timer = setInterval(sample, 20);
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    const event = JSON.parse(line);
    const tree = sample();
    if (event.enter) { active.add(event.enter); peaks.set(event.enter, Math.max(peaks.get(event.enter) ?? 0, tree)); }
    if (event.leave) active.delete(event.leave);
    if (event.mark) {
      if (event.mark === 'warm') { base = tree; peakSelf = warmSelf = rssOf(pid); peakTree = tree; peakOthers = warmOthers = tree - warmSelf; }
      const others = tree - rssOf(pid);
      const mb = (n: number) => (n / MB).toFixed(0);
      marks.push(`| ${event.mark} | ${mb(tree)} | ${mb(tree - base)} | ${mb(others)} | ${mb(since.tree - base)} / ${mb(since.self)} / ${mb(since.others)} | ${event.mem ?? ''} ${event.ms ? `${(event.ms / 1000).toFixed(1)} s` : ''} |`);
      since = { tree: 0, self: 0, others: 0 };
    }
  });
  return new Promise((resolve) => child.on('exit', () => {
    clearInterval(timer);
    console.log(`\n${mode}: ${path.basename(values.file!)}; warm (models loaded) ${(base / MB).toFixed(0)} MB\n`);
    console.log('| phase | tree peak MB while it ran | above warm |\n|---|---|---|');
    for (const [name, peak] of peaks) console.log(`| ${name} | ${(peak / MB).toFixed(0)} | ${((peak - base) / MB).toFixed(0)} |`);
    console.log(`\n| moment | tree MB | above warm | children MB | peak since the moment before: tree above warm / measured process / children MB | JS heap, buffers MB |\n|---|---|---|---|---|---|\n${marks.join('\n')}`);
    console.log(`\ntree peak after warm ${(peakTree / MB).toFixed(0)} MB, **${((peakTree - base) / MB).toFixed(0)} MB above warm**`);
    console.log(`peak of the measured process ${(peakSelf / MB).toFixed(0)} MB (warm ${(warmSelf / MB).toFixed(0)}), of its children together ${(peakOthers / MB).toFixed(0)} MB (warm ${(warmOthers / MB).toFixed(0)})`);
    resolve();
  }));
}

async function main() {
  console.log(`${machine()}; ${new Date().toISOString().slice(0, 16)}Z; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const mode of values.mode!.split(',')) await run(mode);
}
