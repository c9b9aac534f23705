// One row of a page read again alone, as one line of text in a strip of its own: tesseract's page
// segmentation reads a row amid its neighbours less well than a strip reads it by itself ("pat are
// 24/08/2026" for "Date 24/08/2026", "Total Amount Payable : 19.50" for 79.50). The second looks
// (second-looks.ts) choose which rows, and keep what the page's words with them read only when it
// gives what the page lacked.
import type { Line } from '../layout/lines.ts';
import type { TextRun } from '../layout/text-run.ts';
import type { GreyImage } from './prepare-image.ts';
import { cutRegion } from './unread-ink.ts';
import { keptFromStrip } from './unread-rows.ts';

/** Around the row, this share of its height: the strip holds the whole of its print, not the next row's. */
const PAD = 0.4;

/**
 * The page's words with one row read again, from the left edge of the page's text to the end
 * of the row: the words the strip reads surely take the place of the row's words they cover. Null
 * when the strip read nothing to keep.
 */
export async function withRowReadAgain(runs: TextRun[], row: Line, image: GreyImage, readLine: (strip: GreyImage) => Promise<TextRun[]>): Promise<TextRun[] | null> {
  const page = runs.filter((r) => r.page === row.page);
  if (!page.length || !row.runs.length) return null;
  const pad = row.h * PAD;
  const x0 = Math.min(...page.map((r) => r.x));
  const x1 = Math.max(...row.runs.map((r) => r.x + r.w));
  const strip = cutRegion(image, x0 - pad, row.y - pad, x1 + pad, row.y + row.h + pad);
  const read = await readLine(strip.image).catch(() => null);
  const found = (read ?? []).filter(keptFromStrip).map((w) => ({ ...w, x: w.x + strip.x, y: w.y + strip.y, page: row.page }));
  if (!found.length) return null;
  // A word of the row gives way only to a strip word over it: one the strip did not read again (a
  // second date, read less surely there) stays, and with it any rival it is.
  const inRow = (r: TextRun) => r.page === row.page && r.y + r.h / 2 >= row.y && r.y + r.h / 2 <= row.y + row.h;
  const under = (r: TextRun) => found.some((w) => w.x < r.x + r.w && r.x < w.x + w.w);
  return [...runs.filter((r) => !(inRow(r) && under(r))), ...found];
}
