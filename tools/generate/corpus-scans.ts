// `node tools/generate/corpus-scans.ts --corpus ../shared/corpus --out DIR [--seed N] [--half tune]`
//
// Phone scans of the corpus's own PDFs, from the tune half only: the first page of each primary PDF
// (Factur-X, other text-layer and digital PDFs) rendered at 200 dpi and degraded as the generator
// degrades its invoices (degrade.ts: 150-200 dpi grey, a turn, blur, noise, uneven light, JPEG),
// with the corpus's ground truth. The corpus renders each of these PDFs twice, at fixed settings; a
// seed gives other readings of the same real layouts, to hunt wrong auto-validations on data whose
// failures may be read. The half's real receipts (scans already) are photographed again the same
// way, shrunk less, since their print is small: other readings of real till layouts. Never run it
// on the check half for anything but scoring.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { TruthEntry } from '../../src/evaluation/scoring.ts';
import { halfOf, splitCorpus, type Half } from '../../src/evaluation/split.ts';
import { openPdf } from '../../src/extraction/pdf/pdf-document.ts';
import { describeScan, phoneScan, pickScanParameters, RENDER_DPI } from './degrade.ts';
import { createRng } from './random.ts';

const PDF_KINDS = new Set(['facturx-pdf', 'text-layer-pdf', 'digital-pdf']);
const RECEIPT_KIND = 'scanned-image';
/**
 * A receipt's scan is taken as 200 dpi and shrunk to 170-200 (not 150): SROIE's receipts are
 * 670-1080 px wide, and three quarters of that leaves print under tesseract's reach, which would
 * measure the shrinking, not the reading.
 */
const RECEIPT_MIN_DPI = 170;
/** The corpus's own renders of a PDF's first page, whose visibility flags say what page 1 prints. */
const RENDER_KINDS = new Set(['rendered-from-facturx', 'rendered-from-digital-pdf']);

const { values } = parseArgs({ options: { corpus: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string', default: '1' }, half: { type: 'string', default: 'tune' } } });
if (!values.corpus || !values.out) throw new Error('usage: --corpus DIR --out DIR [--seed N] [--half tune|check]');
const corpus = values.corpus;
const out = values.out;
const wanted = values.half as Half;
const entries: TruthEntry[] = JSON.parse(fs.readFileSync(path.join(corpus, 'truth.json'), 'utf8'));
const halves = splitCorpus(entries);
fs.mkdirSync(path.join(out, 'docs'), { recursive: true });

const stem = (file: string) => path.basename(file).replace(/\.pdf$/i, '');
const page1Visibility = new Map(entries.filter((e) => RENDER_KINDS.has(e.kind) && e.visible_on_page1).map((e) => [path.basename(e.file).replace(/_p1_.*$/, ''), e.visible_on_page1!]));
const seen = new Set<string>();
const truth: TruthEntry[] = [];
for (const entry of entries) {
  // The corpus holds some PDFs twice (with their XML, and as text-layer-only copies): one scan each.
  if (!entry.primary || !PDF_KINDS.has(entry.kind) || halfOf(entry, halves) !== wanted || seen.has(stem(entry.file))) continue;
  seen.add(stem(entry.file));
  const pdf = await openPdf(new Uint8Array(fs.readFileSync(path.join(corpus, entry.file))), { maxImagePixels: 60_000_000 });
  try {
    const png = await pdf.renderPage(1, RENDER_DPI, (p) => sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } }).png().toBuffer());
    const rng = createRng(`${values.seed}:${entry.file}`);
    const parameters = pickScanParameters(rng);
    const file = `docs/${stem(entry.file)}_s${values.seed}_scan.jpg`;
    fs.writeFileSync(path.join(out, file), await phoneScan(png, RENDER_DPI, parameters, rng));
    truth.push({
      file, kind: 'corpus-scan', primary: true, dup_group: entry.dup_group, source: `${entry.file}, page 1: ${describeScan(parameters)}`,
      expected: entry.expected, visible_on_page1: page1Visibility.get(stem(entry.file)) ?? (pdf.pageCount === 1 ? entry.visible_in_text_layer : undefined),
    });
    process.stderr.write(`${truth.length} `);
  } finally {
    await pdf.close();
  }
}
for (const entry of entries) {
  if (!entry.primary || entry.kind !== RECEIPT_KIND || halfOf(entry, halves) !== wanted) continue;
  const rng = createRng(`${values.seed}:${entry.file}`);
  const parameters = { ...pickScanParameters(rng), dpi: rng.int(RECEIPT_MIN_DPI, RENDER_DPI) };
  const file = `docs/${path.basename(entry.file, path.extname(entry.file))}_s${values.seed}_rescan.jpg`;
  fs.writeFileSync(path.join(out, file), await phoneScan(fs.readFileSync(path.join(corpus, entry.file)), RENDER_DPI, parameters, rng));
  truth.push({ file, kind: 'corpus-receipt-rescan', primary: true, dup_group: entry.dup_group, source: `${entry.file}: ${describeScan(parameters)}`, expected: entry.expected });
  process.stderr.write(`${truth.length} `);
}
fs.writeFileSync(path.join(out, 'truth.json'), JSON.stringify(truth, null, 2));
process.stderr.write(`\n${truth.length} scans of the ${wanted} half's PDFs and receipts in ${out}\n`);
