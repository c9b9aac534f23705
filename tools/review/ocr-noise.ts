// OCR-noise review: reads the text layers of known invoices as OCR might have read them, and counts
// the readings the gate validates with a wrong amount or date. Text layers give exact words and
// positions; this adds OCR's usual faults to them, each seeded, so a run can be repeated and two
// versions of the code compared reading for reading:
//   - letters read as others of their shape ("é" as "6" or "&", "l" as "1", "rn" as "m", "o" as "0"),
//     colons and apostrophes lost or doubled, words split or glued;
//   - a word lost now and then;
//   - with --geometry, whole words shifted up or down a third of their height and sideways (a run
//     glued to the one before it, part of the same word, moves with it).
// A reading whose words changed gets an OCR confidence of 0.45-0.95, an unchanged one 0.90-0.98.
//
//   node tools/review/ocr-noise.ts [--corpus-tune] [--seed N] [--variants N] [--geometry] [--show] [--list] DIR...
//
// --show prints a wrong reading's lines; --list names every validated reading, so that two versions'
// runs can be compared reading for reading (diff).
//
// DIR: a generated set (tools/generate, `--kinds pdf`): its primary `gen-pdf` files; or a third-party
// set (tools/third-party): its text-layer PDFs (`text-layer-pdf`, not the Factur-X copies). --corpus-tune
// adds ../shared/corpus's tune-half text layers (text-layer-pdf, digital-pdf, synthetic-fr-pdf).
// To compare with an earlier version, copy this file into a worktree of that commit and run it
// there with the same arguments: the noise depends only on the seed, the variant and the file.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sniffFileType } from '../../src/domain/invoice.ts';
import { loadConfig } from '../../src/config/config.ts';
import { decide } from '../../src/extraction/checks/decision.ts';
import { openDocument } from '../../src/extraction/document.ts';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import { buildLines } from '../../src/extraction/layout/lines.ts';
import { resultLine } from '../../src/cli/extract-command.ts';
import { scoreDocument, type Prediction, type TruthEntry } from '../../src/evaluation/scoring.ts';
import { halfOf, splitCorpus } from '../../src/evaluation/split.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

const { values: args, positionals: dirs } = parseArgs({
  allowPositionals: true,
  options: {
    'corpus-tune': { type: 'boolean', default: false },
    seed: { type: 'string', default: '1000' },
    variants: { type: 'string', default: '10' },
    geometry: { type: 'boolean', default: false },
    show: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
  },
});

/** xorshift32: the noise of a reading depends only on its seed. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
}

/** What OCR reads a letter or a mark as, each taken with the reading's rate. */
const MISREADINGS: Array<[RegExp, string[]]> = [
  [/é/g, ['e', '6', '&', 'è', 'É']], [/è/g, ['e', 'é']], [/à/g, ['a', 'À']], [/ç/g, ['c']], [/ü/g, ['u', 'ii']], [/ä/g, ['a']], [/ö/g, ['o']],
  [/'/g, ['', '’', ' ']], [/:/g, [';', '.', '', ' :']], [/°/g, ['o', '*', '"', '']], [/rn/g, ['m']], [/m/g, ['rn']], [/l/g, ['1', 'I', '|']],
  [/I/g, ['l', '1']], [/O/g, ['0']], [/o/g, ['0']], [/S/g, ['5']], [/B/g, ['8']], [/e/g, ['c', 'o']], [/a/g, ['o', 'u']], [/i/g, ['l', 'í']],
  [/n/g, ['u', 'ri']], [/ /g, ['', '  ']], [/t/g, ['l', 'f']], [/h/g, ['b', 'li']], [/c/g, ['e']], [/u/g, ['n']], [/d/g, ['cl']],
];

/** A word as OCR may read it. Numbers mostly survive: the equation checks amounts, not this review. */
function misread(word: string, next: () => number, rate: number): string {
  if (/\d/.test(word) && next() > 0.15) return word;
  let out = word;
  for (const [re, readings] of MISREADINGS) out = out.replace(re, (m) => (next() < rate ? readings[Math.floor(next() * readings.length)]! : m));
  return out;
}

function noisy(runs: TextRun[], next: () => number, rate: number, geometry: boolean): TextRun[] {
  const out: TextRun[] = [];
  const shift = { x: 0, y: 0 };
  runs.forEach((run, i) => {
    const prev = runs[i - 1];
    const glued = prev !== undefined && prev.page === run.page && Math.abs(prev.y - run.y) < run.h * 0.3
      && run.x - (prev.x + prev.w) < run.h * 0.25 && !/\s$/.test(prev.text) && !/^\s/.test(run.text);
    if (!glued) {
      shift.y = (next() - 0.5) * run.h * 0.6;
      shift.x = (next() - 0.5) * run.h * 1.5;
    }
    if (next() < rate * 0.15) return;
    const text = run.text.split(/(\s+)/).map((w) => (/\S/.test(w) ? misread(w, next, rate) : w)).join('');
    const moved = geometry ? { x: run.x + shift.x, y: run.y + shift.y } : {};
    out.push({ ...run, ...moved, text, conf: text === run.text ? 0.9 + next() * 0.08 : 0.45 + next() * 0.5 });
  });
  return out;
}

const RATES = [0.03, 0.08, 0.15];
const sets: Array<{ dir: string; keep: (e: TruthEntry) => boolean }> = dirs.map((dir) => ({ dir, keep: (e) => e.primary && (e.kind === 'gen-pdf' || e.kind === 'text-layer-pdf') }));
if (args['corpus-tune']) {
  const corpus = path.join(import.meta.dirname, '../../../shared/corpus');
  const halves = splitCorpus(JSON.parse(fs.readFileSync(path.join(corpus, 'truth.json'), 'utf8')));
  const kinds = ['text-layer-pdf', 'digital-pdf', 'synthetic-fr-pdf'];
  sets.unshift({ dir: corpus, keep: (e) => e.primary && kinds.includes(e.kind) && halfOf(e, halves) === 'tune' });
}
const variants = Number(args.variants);
const counts = { pages: 0, clean: 0, cleanWrong: 0, readings: 0, validated: 0, wrong: 0 };
for (const { dir, keep } of sets) {
  const entries: TruthEntry[] = JSON.parse(fs.readFileSync(path.join(dir, 'truth.json'), 'utf8'));
  for (const entry of entries.filter(keep)) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, entry.file)));
    const fileType = sniffFileType(bytes.subarray(0, 16))!;
    const doc = await openDocument(bytes, fileType, loadConfig().extraction).catch(() => null);
    if (!doc?.pdf) continue;
    const runs: TextRun[] = [];
    for (let page = 1; page <= doc.pageCount; page++) runs.push(...await doc.pdf.textRuns(page));
    // Judged as an OCR reading: the gate's OCR bars apply.
    const judge = (read: TextRun[]) => {
      const invoice = readFields(read);
      const line = resultLine(entry.file, { ...invoice, ...decide(invoice, 'ocr'), source: 'ocr', fileType, pages: doc.pageCount, durationMs: 0 });
      return { score: scoreDocument(entry, line as Prediction), line: line as Record<string, unknown> };
    };
    const clean = judge(runs).score;
    counts.pages++;
    if (clean.validated) counts.clean++;
    if (clean.validated && !clean.bookable) counts.cleanWrong++;
    for (let v = 0; v < variants; v++) {
      const rate = RATES[v % RATES.length]!;
      const read = noisy(runs, random(Number(args.seed) + v * 7919 + counts.pages * 31), rate, args.geometry);
      const { score, line } = judge(read);
      counts.readings++;
      if (!score.validated) continue;
      counts.validated++;
      if (args.list) console.log(`validated: ${entry.file} variant ${v}`);
      if (score.bookable) continue;
      counts.wrong++;
      const wrong = Object.entries(score.fields).filter(([, ok]) => !ok).map(([f]) => `${f}=${String(line[f])} (truth ${entry.expected[f as keyof typeof entry.expected]})`);
      console.log(`wrong: ${entry.file} variant ${v} rate ${rate}: ${wrong.join('; ')}`);
      if (args.show) for (const l of buildLines(read)) console.log(`  | ${l.text}`);
    }
  }
}
console.log(`${counts.pages} pages: clean readings validated ${counts.clean} (wrong ${counts.cleanWrong}); `
  + `noisy readings ${counts.readings}, validated ${counts.validated}, wrong ${counts.wrong}`);
