// OCR of images and of PDF pages without a text layer.
import { amountsProven } from '../checks/decision.ts';
import { readFields } from '../fields/read-fields.ts';
import type { Step } from '../pipeline.ts';
import type { ExtractedInvoice } from '../types.ts';
import type { OcrEngine, PageLayout } from '../ocr/ocr-engine.ts';
import { clearDarkBorders } from '../ocr/dark-borders.ts';
import { evenLighting } from '../ocr/even-lighting.ts';
import { prepareImage, toPgm, type GreyImage } from '../ocr/prepare-image.ts';
import type { LoadedDocument } from '../document.ts';

const RENDER_DPI = 300;
/** Long scanned PDFs: the first pages carry the header, the last ones the totals. */
const OCR_PAGES_HEAD = 2;
const OCR_PAGES_TAIL = 3;
function pagesToRead(count: number): number[] {
  const all = Array.from({ length: count }, (_, i) => i + 1);
  if (count <= OCR_PAGES_HEAD + OCR_PAGES_TAIL) return all;
  return [...all.slice(0, OCR_PAGES_HEAD), ...all.slice(-OCR_PAGES_TAIL)];
}

/** Automatic segmentation that finds (almost) nothing has taken the page for a picture. */
const MIN_WORDS = 5;

type PageImage = { page: number; grey: GreyImage };

export const ocrStep: Step = {
  source: 'ocr',
  applies: () => true,
  async run({ doc, ocr }) {
    const pages = await pageImages(doc);
    const lit = await Promise.all(pages.map((p) => evenLighting(p.grey)));
    const evened = lit.some(Boolean) ? pages.map((p, i) => ({ ...p, grey: lit[i] ?? p.grey })) : null;
    let invoice = await readPages(evened ?? pages, ocr);
    // Evening the light reads most unevenly lit pages better, not all of them (OCR errors move
    // around). When the amounts do not prove each other, the page as scanned is a second witness;
    // pages whose amounts read consistently pay for one pass.
    if (evened && !(invoice && amountsProven(invoice))) {
      const asScanned = await readPages(pages, ocr);
      if (asScanned && (!invoice || strength(asScanned) > strength(invoice))) invoice = asScanned;
    }
    if (!invoice) return { kind: 'skipped', reason: 'OCR found no text' };
    return { kind: 'found', invoice };
  },
};

/** Amounts that prove each other outweigh everything; then how much was read, and how surely. */
function strength(invoice: ExtractedInvoice): number {
  const found = Object.entries(invoice.fields).filter(([, value]) => value !== null);
  return (amountsProven(invoice) ? 100 : 0) + found.reduce((sum, [field]) => sum + (invoice.confidence[field as keyof typeof invoice.confidence] ?? 0), 0);
}

async function pageImages(doc: LoadedDocument): Promise<PageImage[]> {
  if (!doc.pdf) return [{ page: 1, grey: await prepareImage(doc.bytes) }];
  return Promise.all(pagesToRead(doc.pageCount).map(async (page) => ({ page, grey: await prepareImage((await doc.pdf!.renderPage(page, RENDER_DPI)).png) })));
}

async function readPages(images: PageImage[], ocr: OcrEngine): Promise<ExtractedInvoice | null> {
  const recognise = async (layout: PageLayout) => (await Promise.all(images.map((img) => ocr.recognise(toPgm(img.grey), img.page, layout)))).flat();
  // Automatic segmentation suits invoices (columns, boxes, tables). When it finds next to nothing,
  // it has taken the page for a picture: first because of dark surround, then because the page is
  // one narrow column (a receipt), which reading it as one block of text recovers.
  let runs = await recognise('auto');
  if (runs.length < MIN_WORDS) {
    images = images.map((img) => ({ ...img, grey: clearDarkBorders(img.grey) }));
    runs = await recognise('auto');
  }
  if (runs.length < MIN_WORDS) runs = await recognise('block');
  return runs.length ? readFields(runs) : null;
}
