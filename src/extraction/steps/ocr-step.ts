// OCR of images and of PDF pages without a text layer.
import { readFields } from '../fields/read-fields.ts';
import type { Step } from '../pipeline.ts';
import type { PageLayout } from '../ocr/ocr-engine.ts';
import { prepareImage } from '../ocr/prepare-image.ts';

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

export const ocrStep: Step = {
  source: 'ocr',
  applies: () => true,
  async run({ doc, ocr }) {
    const images = doc.pdf
      ? await Promise.all(pagesToRead(doc.pageCount).map(async (p) => ({ page: p, png: await prepareImage((await doc.pdf!.renderPage(p, RENDER_DPI)).png) })))
      : [{ page: 1, png: await prepareImage(doc.bytes) }];
    const recognise = async (layout: PageLayout) => (await Promise.all(images.map((img) => ocr.recognise(img.png, img.page, layout)))).flat();
    // Automatic segmentation suits invoices (columns, boxes, tables); when it finds next to nothing,
    // reading each page as one block of text recovers receipts it took for a picture.
    let runs = await recognise('auto');
    if (runs.length < MIN_WORDS) runs = await recognise('block');
    if (!runs.length) return { kind: 'skipped', reason: 'OCR found no text' };
    return { kind: 'found', invoice: readFields(runs) };
  },
};
