// OCR of images and of PDF pages without a text layer.
import { AMOUNT_FIELDS } from '../../domain/invoice-fields.ts';
import { amountsProven } from '../checks/decision.ts';
import { readFields } from '../fields/read-fields.ts';
import type { Step } from '../pipeline.ts';
import type { ExtractedInvoice } from '../types.ts';
import type { OcrEngine, PageLayout } from '../ocr/ocr-engine.ts';
import { clearDarkBorders } from '../ocr/dark-borders.ts';
import { lightenDarkPanels } from '../ocr/dark-panels.ts';
import { eraseDotLeaders } from '../ocr/dot-leaders.ts';
import { eraseRulingLines } from '../ocr/ruling-lines.ts';
import { evenLighting } from '../ocr/even-lighting.ts';
import { darkenFaintPrint } from '../ocr/faint-print.ts';
import { prepareImage, toPgm, type GreyImage, type PageSource } from '../ocr/prepare-image.ts';
import type { LoadedDocument } from '../document.ts';
import { releaseMemory } from '../release-memory.ts';
import { isOneNarrowColumn } from '../layout/narrow-column.ts';
import { markUnreadInk, readLostGroups } from '../ocr/unread-ink.ts';
import { leftFaintPrint } from '../ocr/unread-rows.ts';
import { readCutCents } from '../ocr/cut-cents.ts';
import { combineReadings } from '../ocr/combine-readings.ts';
import type { PageImage, PagesRead, TimeStage } from '../ocr/pages-read.ts';
import { withAmountRowsReadAgain } from '../ocr/amount-rows.ts';
import { lineReader, withDateLabelReadAgain, withLabelledDateRowReadAgain, withUnreadRows } from '../ocr/second-looks.ts';
import type { TextRun } from '../layout/text-run.ts';

const RENDER_DPI = 300;
/** Long scanned PDFs: the first pages carry the header, the last ones the totals. */
const OCR_PAGES_HEAD = 2;
const OCR_PAGES_TAIL = 3;
function pagesToRead(count: number): number[] {
  const all = Array.from({ length: count }, (_, i) => i + 1);
  if (count <= OCR_PAGES_HEAD + OCR_PAGES_TAIL) return all;
  return [...all.slice(0, OCR_PAGES_HEAD), ...all.slice(-OCR_PAGES_TAIL)];
}

/**
 * Automatic segmentation that finds (almost) nothing legible has taken the page for a picture. A
 * receipt beside a grey table gave 6 words of noise, where clearing the table gave 119: any invoice
 * or receipt prints more than 20 words, so fewer say the reading failed.
 */
const MIN_WORDS = 20;

/**
 * Words read surely enough to be words: two letters or digits, above this confidence. A receipt
 * photographed on a dark table read as 353 "words" of specks and strokes, 6 of them legible, where
 * clearing the surround read 91: it is counted as a reading that found next to nothing. The first
 * readings of the corpus's tune half have 41 legible words or more, at least 39 % of their words.
 */
const LEGIBLE_CONFIDENCE = 0.6;
const legibleWords = (runs: TextRun[]) => runs.filter((r) => (r.conf ?? 0) > LEGIBLE_CONFIDENCE && /[\p{L}\d]{2}/u.test(r.text)).length;


export const ocrStep: Step = {
  source: 'ocr',
  applies: ({ doc }) => doc.fileType !== 'application/xml',
  async run({ doc, ocr }) {
    const { invoice } = await readByOcr(doc, ocr);
    if (!invoice) return { kind: 'skipped', reason: 'OCR found no text' };
    return { kind: 'found', invoice };
  },
};

const untimed: TimeStage = async (_stage, work) => work();

export interface OcrReading {
  invoice: ExtractedInvoice | null;
  /** Which second reading ran, if any, and whether it changed any field of the first. */
  witness: 'none' | 'as-scanned' | 'faint-print' | 'without-rules';
  witnessChanged: boolean;
}

/** How a page becomes the image tesseract reads; bench/ocr-time.ts passes variants of it. */
export type Prepare = (source: PageSource) => Promise<GreyImage>;

/** What bench/ocr-time.ts turns off to measure it beside the step as it ships. */
export interface OcrStepOptions {
  /** Read a page whose words form one narrow column (a receipt) again, as one block of text (default true). */
  narrowAsBlock?: boolean;
  /** Rounds of unread rows read again at most (ocr/unread-rows.ts; bench/ocr-variants.ts compares one). */
  unreadRowRounds?: number;
}

export async function readByOcr(doc: LoadedDocument, ocr: OcrEngine, time: TimeStage = untimed, prepare: Prepare = prepareImage, options: OcrStepOptions = {}): Promise<OcrReading> {
  // A sandbox that has not read a page for a while has no OCR worker: it loads its models while
  // the pages are rendered and prepared, not after.
  ocr.warm();
  const prepared = await pageImages(doc, time, prepare);
  // White print on dark boxes first: evening the light would take a box for paper in shadow.
  const pages = await time('dark-panels', () => prepared.map((p) => ({ ...p, grey: lightenDarkPanels(p.grey) ?? p.grey })));
  const lit = await time('even-lighting', () => Promise.all(pages.map((p) => evenLighting(p.grey))));
  const evened = lit.some(Boolean) ? pages.map((p, i) => ({ ...p, grey: lit[i] ?? p.grey })) : null;
  // Leader dots ("Total TTC ........ 48,90 €") made tesseract drop the amount at their end.
  const read = await time('dot-leaders', () => (evened ?? pages).map((p) => ({ ...p, grey: eraseDotLeaders(p.grey) ?? p.grey })));
  const auto = await readPages(read, ocr, time);
  // A receipt's figures stand in a column of their own at the right, beside its labels; automatic
  // segmentation makes a block of that column, and drops the digits aligned down its left edge
  // ("TOTAL RM 21." for 21.72) or the whole column when it lies near the paper's edge. Read as one
  // block of text, line by line, the receipt keeps them and loses others: the two readings are
  // combined as any two are, and the witness below reads the receipt as one block too. A receipt
  // whose amounts already prove each other pays for one reading, as any page does.
  const proven = auto.invoice !== null && amountsProven(auto.invoice);
  const layout: PageLayout | undefined = auto.narrow && !proven && options.narrowAsBlock !== false ? 'block' : undefined;
  // Read from the pages as the first reading left them: without the surround it had to clear.
  const block = layout ? (await readPages(auto.images, ocr, time, layout)).invoice : null;
  const pageReading = block && auto.invoice ? combineReadings(auto.invoice, block) : block ?? auto.invoice;
  const { invoice: withRows, runs: rowWords } = await withUnreadRows(pageReading, auto, ocr, time, options.unreadRowRounds);
  // Only a reading made of the page reading's words alone: the date row's second look weighs rival
  // dates among those words, and would miss any that only a block reading or a strip found.
  const labelled = withRows === auto.invoice ? await withDateLabelReadAgain(withRows, auto, ocr, time) : withRows;
  const dated = await withLabelledDateRowReadAgain(labelled, rowWords, auto, ocr, time);
  const first = await withAmountRowsReadAgain(dated, rowWords, auto, ocr, time);
  if (first && amountsProven(first)) return { invoice: first, witness: 'none', witnessChanged: false };
  // A second, different reading when the first does not prove its amounts; pages whose amounts
  // read consistently pay for one pass. Evening the light reads most unevenly lit pages better,
  // not all of them (OCR errors move around): the page as scanned is then the second witness. An
  // evenly lit page on which no amount was found at all often has pale labels ("Sous-total" in
  // light grey beside a bold amount): darkened, they read; only the part of the page where totals
  // sit is read again, which costs about half a pass. One with a total whose amounts do not add up
  // is read again without its ruled lines, which made tesseract drop a label or an amount beside
  // them; not the first time, since on other pages the rules are what keeps two tables apart.
  const noAmounts = !first || AMOUNT_FIELDS.every((f) => first.fields[f] === null);
  const witnessOf = async (): Promise<{ kind: OcrReading['witness']; pages: PageImage[] } | null> => {
    // Grey print left unread beside black reads once the whole page is darkened: a reading of the
    // page as scanned, or of its lower part, would leave it out again. It replaces those two
    // witnesses; a page that had no second reading gets none for it (read on all unproven pages, it
    // cost 0.17 s a page on the tune half's OCR pages and found nothing more).
    const faint = (evened || noAmounts) && await time('faint-print', () => auto.images.some((p) => leftFaintPrint(auto.runs.filter((r) => r.page === p.page), p.grey)));
    if (faint) return { kind: 'faint-print', pages: await time('faint-print', () => auto.images.map((p) => ({ ...p, grey: darkenFaintPrint(p.grey) }))) };
    if (evened) return { kind: 'as-scanned', pages };
    if (noAmounts) return { kind: 'faint-print', pages: await time('faint-print', () => read.map((p) => ({ ...p, grey: darkenFaintPrint(lowerPart(p.grey)) }))) };
    // Only where a total was read: a first page that prints no totals at all would pay for nothing.
    if (first?.fields.montant_ttc == null) return null;
    const erased = await time('ruling-lines', () => read.map((p) => eraseRulingLines(p.grey)));
    return erased.some(Boolean) ? { kind: 'without-rules', pages: read.map((p, i) => ({ ...p, grey: erased[i] ?? p.grey })) } : null;
  };
  const second = await witnessOf();
  if (!second) return { invoice: first, witness: 'none', witnessChanged: false };
  const { invoice: witness } = await readPages(second.pages, ocr, time, layout);
  const invoice = witness ? (first ? combineReadings(first, witness) : witness) : first;
  return { invoice, witness: second.kind, witnessChanged: JSON.stringify(invoice?.fields) !== JSON.stringify(first?.fields) };
}

/** Totals sit in the lower part of an invoice page; the header above them is read once. */
const TOTALS_FROM = 0.4;

function lowerPart(image: GreyImage): GreyImage {
  const top = Math.floor(image.height * TOTALS_FROM);
  return { data: image.data.subarray(top * image.width), width: image.width, height: image.height - top };
}

/**
 * One page at a time, from rendering to grey: a page's canvas (35 MB at 300 dpi) and pdf.js's decoded
 * images are gone before the next page is drawn; only the grey pages (8.7 MB each) are kept.
 */
async function pageImages(doc: LoadedDocument, time: TimeStage, prepare: Prepare): Promise<PageImage[]> {
  if (!doc.pdf) return [{ page: 1, grey: await time('prepare', () => prepare(doc.bytes)) }];
  const images: PageImage[] = [];
  for (const page of pagesToRead(doc.pageCount)) {
    const grey = await time('render', () => doc.pdf!.renderPage(page, RENDER_DPI, (pixels) => time('prepare', () => prepare(pixels))));
    images.push({ page, grey });
    releaseMemory(); // the page's decoded images, by pdf.js
  }
  // OCR is the last step and reads only these images: the PDF (a copy of the file, parsed) is freed
  // before tesseract's heap grows, not after it (the pipeline's own close then does nothing).
  await doc.pdf.close();
  releaseMemory();
  return images;
}

/** `layout`: read the pages so, rather than segmented automatically with the fallbacks below. */
async function readPages(images: PageImage[], ocr: OcrEngine, time: TimeStage, layout?: PageLayout): Promise<PagesRead> {
  // Page after page, each page's PGM made when its turn comes: the sandbox has one OCR worker, and
  // pages queued side by side would each hold a copy of their image until it is free.
  const recognise = async (layout: PageLayout) => {
    const runs = [];
    for (const img of images) {
      const words = await ocr.recognise(toPgm(img.grey), img.page, layout);
      releaseMemory(); // the page's PGM
      markUnreadInk(words, img.grey);
      const readLine = lineReader(ocr, img.page);
      runs.push(...await readCutCents(await readLostGroups(words, img.grey, readLine), img.grey, readLine));
    }
    return runs;
  };
  const result = async (runs: TextRun[], narrow = false): Promise<PagesRead> => ({ invoice: runs.length ? await time('fields', () => readFields(runs)) : null, narrow, images, runs });
  if (layout) return result(await recognise(layout));
  // Automatic segmentation suits invoices (columns, boxes, tables). When it finds next to nothing,
  // it has taken the page for a picture: first because of dark surround, then because the page is
  // one narrow column (a receipt), which reading it as one block of text recovers.
  let runs = await recognise('auto');
  let legible = legibleWords(runs);
  if (legible < MIN_WORDS) {
    images = await time('dark-borders', () => images.map((img) => ({ ...img, grey: clearDarkBorders(img.grey) })));
    const cleared = await recognise('auto');
    const clearedLegible = legibleWords(cleared);
    if (clearedLegible >= MIN_WORDS) return result(cleared, isOneNarrowColumn(cleared));
    if (clearedLegible > legible) [runs, legible] = [cleared, clearedLegible];
  }
  if (legible >= MIN_WORDS) return result(runs, isOneNarrowColumn(runs));
  // The few words segmentation found may be the ones the block reading misreads ("Total Amount
  // 14.95" read "Total 14.98"): the two readings are combined, as any two are.
  const block = await result(await recognise('block'));
  if (!runs.length) return block;
  const sparse = await time('fields', () => readFields(runs));
  return { ...block, invoice: block.invoice ? combineReadings(sparse, block.invoice) : sparse };
}
