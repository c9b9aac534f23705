// OCR of images and of PDF pages without a text layer.
import { readFields } from '../fields/read-fields.ts';
import type { Step } from '../pipeline.ts';
import type { PageLayout } from '../ocr/ocr-engine.ts';
import { clearDarkBorders } from '../ocr/dark-borders.ts';
import { prepareImage, toPgm } from '../ocr/prepare-image.ts';

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
    let images = doc.pdf
      ? await Promise.all(pagesToRead(doc.pageCount).map(async (p) => ({ page: p, grey: await prepareImage((await doc.pdf!.renderPage(p, RENDER_DPI)).png) })))
      : [{ page: 1, grey: await prepareImage(doc.bytes) }];
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
    if (!runs.length) return { kind: 'skipped', reason: 'OCR found no text' };
    return { kind: 'found', invoice: readFields(runs) };
  },
};
