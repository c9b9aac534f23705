// A set of documents: for each index, the PDF, a 200 dpi PNG of every page (rendered the way the
// project renders PDFs, pdfjs-dist + @napi-rs/canvas) and a phone scan of every page; and, when
// asked for, a scanned shop receipt (receipt.ts).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { openPdf } from '../../src/extraction/pdf/pdf-document.ts';
import { describeScan, phoneScan, pickScanParameters, RENDER_DPI } from './degrade.ts';
import { generateDocument } from './document.ts';
import { createRng } from './random.ts';
import { makeReceipt } from './receipt.ts';
import { drawReceipt, receiptImage } from './receipt-page.ts';
import { receiptTruth, truthEntries, type TruthEntry } from './truth.ts';

export type OutputKind = 'pdf' | 'render' | 'scan' | 'receipt';
export const INVOICE_KINDS: readonly OutputKind[] = ['pdf', 'render', 'scan'];

export interface SetOptions { seed: number; out: string; indices: number[]; kinds: OutputKind[] }

export async function generateOne(seed: number, index: number, out: string, kinds: OutputKind[]): Promise<TruthEntry[]> {
  const doc = await generateDocument(seed, index);
  const dir = path.join(out, 'docs');
  fs.mkdirSync(dir, { recursive: true });
  const pdfFile = `docs/${doc.id}.pdf`;
  fs.writeFileSync(path.join(out, pdfFile), doc.pdf);
  const renders: string[] = [];
  const scans: string[] = [];
  const scanNotes: string[] = [];
  if (kinds.includes('render') || kinds.includes('scan')) {
    const pdf = await openPdf(new Uint8Array(doc.pdf), { maxImagePixels: 60_000_000 });
    try {
      for (let page = 1; page <= pdf.pageCount; page++) {
        const png = await pdf.renderPage(page, RENDER_DPI, (p) => sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } }).png().toBuffer());
        if (kinds.includes('render')) {
          renders.push(`docs/${doc.id}_p${page}.png`);
          fs.writeFileSync(path.join(out, renders.at(-1)!), png);
        }
        if (kinds.includes('scan')) {
          const rng = createRng(`${seed}:${index}:scan:${page}`);
          const parameters = pickScanParameters(rng);
          scans.push(`docs/${doc.id}_p${page}_scan.jpg`);
          scanNotes.push(describeScan(parameters));
          fs.writeFileSync(path.join(out, scans.at(-1)!), await phoneScan(png, RENDER_DPI, parameters, rng));
        }
      }
    } finally {
      await pdf.close();
    }
  }
  const entries = truthEntries(doc.model, { pdf: pdfFile, renders, scans }, doc.printedPerPage, doc.notes, { scan: scanNotes });
  return entries.filter((e) => (e.kind === 'gen-pdf' ? kinds.includes('pdf') : true));
}

export function receiptId(seed: number, index: number): string {
  return `gen-s${seed}-r${String(index).padStart(4, '0')}`;
}

export async function generateReceipt(seed: number, index: number, out: string): Promise<TruthEntry> {
  const id = receiptId(seed, index);
  const model = makeReceipt(createRng(`${seed}:${index}:receipt`), id);
  const drawn = await drawReceipt(model, createRng(`${seed}:${index}:receipt-page`));
  const image = await receiptImage(drawn.pdf, createRng(`${seed}:${index}:receipt-scan`));
  const file = `docs/${id}.jpg`;
  fs.mkdirSync(path.join(out, 'docs'), { recursive: true });
  fs.writeFileSync(path.join(out, file), image.jpeg);
  return receiptTruth(model, file, `${model.notes}; ${drawn.notes}; ${image.notes}`);
}

export async function generateSet(options: SetOptions, progress?: (done: number) => void): Promise<TruthEntry[]> {
  const all: TruthEntry[] = [];
  let done = 0;
  const invoices = options.kinds.some((k) => INVOICE_KINDS.includes(k));
  for (const index of options.indices) {
    if (invoices) all.push(...(await generateOne(options.seed, index, options.out, options.kinds)));
    if (options.kinds.includes('receipt')) all.push(await generateReceipt(options.seed, index, options.out));
    progress?.(++done);
  }
  return all;
}
