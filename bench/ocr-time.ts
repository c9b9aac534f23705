// Where OCR time goes, per page: each stage of the OCR step (render, prepare = decode + deskew +
// upscale, even lighting, each tesseract pass, field reading) in wall time and CPU time, how often the
// second (as-scanned) and third (faint-print) readings run, and how often they change the result.
// The machine is shared, so CPU time (process.cpuUsage: every thread of the process, OCR workers and
// libvips included) is reported beside wall time, and variants are alternated file by file in one
// run rather than run one after the other. Only the tune half of the corpus is read.
//
//   node bench/ocr-time.ts [--per-kind 6] [--kind scanned-image …] [--variant current --variant …] [--cold] [--corpus ../shared/corpus] [--json FILE]
//
// --cold: each file is read by a new engine, its models loaded on the way, as by a sandbox whose OCR
// worker was ended after a second without work (src/extraction/sandbox/child.ts) or by a one-file
// `invoices extract`.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { sniffFileType } from '../src/domain/invoice.ts';
import { loadConfig } from '../src/config/config.ts';
import { decide } from '../src/extraction/checks/decision.ts';
import { openDocument } from '../src/extraction/document.ts';
import { estimateSkew } from '../src/extraction/ocr/deskew.ts';
import type { OcrEngine } from '../src/extraction/ocr/ocr-engine.ts';
import type { OcrStage } from '../src/extraction/ocr/pages-read.ts';
import { resultLine } from '../src/cli/extract-command.ts';
import { percentile, scoreDocument, type Prediction, type TruthEntry } from '../src/evaluation/scoring.ts';
import { halfOf, splitCorpus } from '../src/evaluation/split.ts';
import { machine } from './lib.ts';
import { VARIANTS } from './ocr-variants.ts';

const ALL_OCR_KINDS = ['rendered-from-facturx', 'rendered-from-digital-pdf', 'scanned-image', 'synthetic-fr-render', 'synthetic-fr-scan'];

const { values } = parseArgs({
  options: {
    'per-kind': { type: 'string', default: '6' }, variant: { type: 'string', multiple: true, default: ['current'] },
    kind: { type: 'string', multiple: true },
    corpus: { type: 'string', default: '../shared/corpus' }, json: { type: 'string' }, cold: { type: 'boolean', default: false },
  },
});
/** The OCR kinds to read: all of them, or those named with --kind. */
const OCR_KINDS = values.kind?.length ? values.kind : ALL_OCR_KINDS;
for (const k of OCR_KINDS) if (!ALL_OCR_KINDS.includes(k)) throw new Error(`Unknown kind ${k}; known: ${ALL_OCR_KINDS.join(', ')}`);
const corpus = path.resolve(values.corpus!);
const variantNames = values.variant!;
for (const v of variantNames) if (!VARIANTS[v]) throw new Error(`Unknown variant ${v}; known: ${Object.keys(VARIANTS).join(', ')}`);

/** Tune half, primary entries, evenly spaced within each OCR kind (by file name), so a run is repeatable. */
function sample(): TruthEntry[] {
  const truth = JSON.parse(fs.readFileSync(path.join(corpus, 'truth.json'), 'utf8')) as Array<TruthEntry & { primary: boolean; dup_group?: string; source?: string }>;
  const halves = splitCorpus(truth);
  const perKind = Number(values['per-kind']);
  return OCR_KINDS.flatMap((kind) => {
    const all = truth.filter((e) => e.kind === kind && e.primary && halfOf(e, halves) === 'tune').sort((a, b) => a.file.localeCompare(b.file));
    const step = Math.max(1, all.length / perKind);
    return Array.from({ length: Math.min(perKind, all.length) }, (_, i) => all[Math.floor(i * step)]!);
  });
}

interface Cost { wallMs: number; cpuMs: number }
interface PageRun {
  file: string; kind: string; variant: string; total: Cost;
  stages: Partial<Record<string, Cost>>; passes: Array<{ layout: string; cost: Cost }>;
  witness: string; witnessChanged: boolean; correct: number; known: number;
}

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
async function measure<T>(work: () => T | Promise<T>): Promise<{ value: T; cost: Cost }> {
  const wall = performance.now();
  const cpu = cpuMs();
  const value = await work();
  return { value, cost: { wallMs: performance.now() - wall, cpuMs: cpuMs() - cpu } };
}

/** An engine that times each tesseract pass (one file at a time, so the process's CPU is this pass's). */
function timedEngine(engine: OcrEngine, passes: PageRun['passes']): OcrEngine {
  return {
    async recognise(image, page, layout = 'auto') {
      const { value, cost } = await measure(() => engine.recognise(image, page, layout));
      passes.push({ layout, cost });
      return value;
    },
    warm: () => engine.warm(),
    close: () => engine.close(),
  };
}

async function runOne(entry: TruthEntry, variant: string, engine: OcrEngine, limits: ReturnType<typeof loadConfig>['extraction']): Promise<PageRun> {
  const bytes = new Uint8Array(fs.readFileSync(path.join(corpus, entry.file)));
  const fileType = sniffFileType(bytes.subarray(0, 16))!;
  const stages: PageRun['stages'] = {};
  const passes: PageRun['passes'] = [];
  const time = async <T>(stage: OcrStage, work: () => T | Promise<T>) => {
    const { value, cost } = await measure(work);
    const s = (stages[stage] ??= { wallMs: 0, cpuMs: 0 });
    s.wallMs += cost.wallMs;
    s.cpuMs += cost.cpuMs;
    return value;
  };
  const doc = await openDocument(bytes, fileType, limits);
  try {
    const { value: reading, cost: total } = await measure(() => VARIANTS[variant]!.read(doc, timedEngine(engine, passes), time));
    const invoice = reading.invoice;
    const prediction = invoice
      ? resultLine(entry.file, { ...invoice, ...decide(invoice, 'ocr'), source: 'ocr', fileType, pages: doc.pageCount, durationMs: 0 })
      : { file: entry.file, error: { code: 'unreadable_document', message: 'no text' } };
    const score = scoreDocument(entry, prediction as Prediction);
    const printed = Object.values(score.printed);
    return {
      file: entry.file, kind: entry.kind, variant, total, stages, passes,
      witness: reading.witness, witnessChanged: reading.witnessChanged,
      correct: printed.filter(Boolean).length, known: printed.length,
    };
  } finally {
    await doc.close();
  }
}

/** Decode and skew estimate alone, outside the step: how much of `prepare` deskewing is. */
async function deskewShare(entry: TruthEntry): Promise<{ decode: Cost; skew: Cost; degrees: number } | null> {
  const bytes = fs.readFileSync(path.join(corpus, entry.file));
  if (sniffFileType(bytes.subarray(0, 16)) === 'application/pdf') return null;
  const decoded = await measure(() => sharp(bytes).rotate().grayscale().raw().toBuffer({ resolveWithObject: true }));
  const { data, info } = decoded.value;
  const skew = await measure(() => estimateSkew({ data, width: info.width, height: info.height }));
  return { decode: decoded.cost, skew: skew.cost, degrees: skew.value };
}

const f1 = (n: number | null) => (n === null ? '–' : (n / 1000).toFixed(2));
function row(label: string, costs: Cost[], n: number): string {
  const walls = costs.map((c) => c.wallMs);
  const cpus = costs.map((c) => c.cpuMs);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return `| ${label} | ${costs.length}/${n} | ${f1(percentile(walls, 50))} | ${f1(percentile(walls, 95))} | ${f1(sum(walls) / n)} | ${f1(sum(cpus) / n)} |`;
}

function report(runs: PageRun[], variant: string): string {
  const mine = runs.filter((r) => r.variant === variant);
  const n = mine.length;
  const lines = [
    `### Variant \`${variant}\`: ${VARIANTS[variant]!.description}`, '',
    `Fields right (printed on the page, all sampled files): **${mine.reduce((a, r) => a + r.correct, 0)}/${mine.reduce((a, r) => a + r.known, 0)}**.`,
    `Second reading (page as scanned) ran on ${mine.filter((r) => r.witness === 'as-scanned').length}/${n} pages and changed a field on ${mine.filter((r) => r.witness === 'as-scanned' && r.witnessChanged).length}; ` +
      `faint print on ${mine.filter((r) => r.witness === 'faint-print').length}/${n}, changing a field on ${mine.filter((r) => r.witness === 'faint-print' && r.witnessChanged).length}; ` +
      `without ruled lines on ${mine.filter((r) => r.witness === 'without-rules').length}/${n}, changing a field on ${mine.filter((r) => r.witness === 'without-rules' && r.witnessChanged).length}.`,
    '',
    '| stage | pages with it | median wall s | p95 wall s | mean wall s/page | mean CPU s/page |', '|---|---|---|---|---|---|',
    row('**whole OCR step**', mine.map((r) => r.total), n),
  ];
  const stageNames = [...new Set(mine.flatMap((r) => Object.keys(r.stages)))];
  for (const s of stageNames) lines.push(row(s, mine.flatMap((r) => (r.stages[s] ? [r.stages[s]] : [])), n));
  const maxPasses = Math.max(...mine.map((r) => r.passes.length));
  for (let i = 0; i < maxPasses; i++) lines.push(row(`tesseract pass ${i + 1}`, mine.flatMap((r) => (r.passes[i] ? [r.passes[i]!.cost] : [])), n));
  lines.push(row('tesseract, all passes', mine.map((r) => r.passes.reduce((a, p) => ({ wallMs: a.wallMs + p.cost.wallMs, cpuMs: a.cpuMs + p.cost.cpuMs }), { wallMs: 0, cpuMs: 0 })), n));
  for (const kind of OCR_KINDS) {
    const k = mine.filter((r) => r.kind === kind);
    if (k.length) lines.push(row(`whole step, ${kind}`, k.map((r) => r.total), k.length));
  }
  return lines.join('\n');
}

const entries = sample();
const limits = loadConfig().extraction;
const engines = Object.fromEntries(variantNames.map((v) => [v, VARIANTS[v]!.engine()]));
const runs: PageRun[] = [];
// Each run is appended as it ends, so that a long run can be read before it finishes.
if (values.json) fs.writeFileSync(values.json, '');
const startedAt = new Date().toISOString();
try {
  // Start every engine (models loaded, WASM compiled) outside the figures, on a small blank page.
  const blank = await sharp({ create: { width: 200, height: 60, channels: 3, background: '#ffffff' } }).png().toBuffer();
  if (!values.cold) for (const v of variantNames) await engines[v]!.recognise(blank, 1);
  for (const [i, entry] of entries.entries()) {
    // Alternate the order file by file, so that load from other processes falls on every variant alike.
    const order = i % 2 === 0 ? variantNames : [...variantNames].reverse();
    for (const v of order) {
      const run = await runOne(entry, v, engines[v]!, limits);
      if (values.cold) await engines[v]!.close(); // the next recognise starts a new worker
      runs.push(run);
      if (values.json) fs.appendFileSync(values.json, JSON.stringify(run) + '\n');
    }
    process.stderr.write(`\r${i + 1}/${entries.length} files`);
  }
  process.stderr.write('\n');
} finally {
  for (const e of Object.values(engines)) await e.close();
}

const shares = [];
for (const entry of entries) {
  const share = await deskewShare(entry);
  if (share) shares.push(share);
}
const out = [
  `## OCR time per page, ${startedAt.slice(0, 16).replace('T', ' ')} UTC`, '',
  `\`node bench/ocr-time.ts ${process.argv.slice(2).join(' ')}\` on ${machine()}; load average at the end ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}.`,
  `${entries.length} tune-half files (${OCR_KINDS.map((k) => `${entries.filter((e) => e.kind === k).length} ${k}`).join(', ')}), one page each, one file at a time, one OCR worker per variant.`, '',
  ...variantNames.flatMap((v) => [report(runs, v), '']),
  `Of \`prepare\`: decoding alone ${f1(percentile(shares.map((s) => s.decode.wallMs), 50))} s median wall (${f1(shares.reduce((a, s) => a + s.decode.cpuMs, 0) / shares.length)} s CPU mean), ` +
    `skew estimate alone ${f1(percentile(shares.map((s) => s.skew.wallMs), 50))} s (${f1(shares.reduce((a, s) => a + s.skew.cpuMs, 0) / shares.length)} s CPU mean); ` +
    `estimated skew under 0.2° on ${shares.filter((s) => Math.abs(s.degrees) < 0.2).length}/${shares.length} files.`,
].join('\n');
process.stdout.write(out + '\n');
