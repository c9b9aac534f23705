// A date found with no label may stand beside a label that OCR misread: "pat are 24/08/2026" for
// "Date 24/08/2026" on a render whose header row tesseract read as part of a block of noise. Read
// again alone, as one line of text in a strip of its own, the row usually reads its label. Only a
// page whose chosen date has no label pays for this, one strip (second-looks.ts).
import type { Line } from '../layout/lines.ts';
import type { TextRun } from '../layout/text-run.ts';
import type { GreyImage } from './prepare-image.ts';
import { cutRegion } from './unread-ink.ts';
import { keptFromStrip } from './unread-rows.ts';

/** Around the row, this share of its height: the strip holds the whole of its print, not the next row's. */
const PAD = 0.4;

/**
 * The page's words with the date's row read again, from the left edge of the page's text to the end
 * of the row: the words the strip reads surely take the place of the row's words they cover. Null
 * when the strip read nothing to keep.
 */
export async function withDateRowReadAgain(runs: TextRun[], row: Line, image: GreyImage, readLine: (strip: GreyImage) => Promise<TextRun[]>): Promise<TextRun[] | null> {
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

/**
 * The row's digits, in order, are the same in the page's words and in `runs` (the page's words with
 * the row read again): the second reading mended only separators and letters ("2202/2024" read
 * "22/02/2024"), not a digit.
 */
export function sameDigitsInRow(row: Line, runs: TextRun[]): boolean {
  const digits = (words: TextRun[]) => words.filter((w) => w.page === row.page && w.y + w.h / 2 >= row.y && w.y + w.h / 2 <= row.y + row.h)
    .sort((a, b) => a.x - b.x).map((w) => w.text.replace(/\D/g, '')).join('');
  return digits(row.runs) === digits(runs);
}
