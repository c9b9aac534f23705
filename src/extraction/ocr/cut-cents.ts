// tesseract can end an amount at its decimal point and drop the cents printed after it: every total
// of a column set in a monospace face read "£62,067.", "£12,413.", "£74,481." for £62,067.62 and the
// rest. The amounts then read as whole pounds, or as hundredths once the point is taken for a
// thousands separator, and still add up (62,067 + 12,413 = 74,480, a penny off). The page shows the
// loss: ink right after the point that no word accounts for. Read again alone, in a strip cut around
// it, tesseract keeps the cents ("£62,067.62", confidence 0.92); a reading that ends the same amount
// with two digits, read surely, takes the word's place; otherwise the amount is flagged, and proves no
// total (fields/totals.ts). Pages with no such amount pay nothing.
import type { TextRun } from '../layout/text-run.ts';
import type { GreyImage } from './prepare-image.ts';
import { cutStrip, INK_CONTRAST, MIN_REREAD_HEIGHT, paperLevel, SURE_GROUP } from './unread-ink.ts';

/** An amount read up to its decimal point: digits, then a point or comma that ends the word. */
const CUT_AFTER_POINT = /\d[.,]$/;
/** How far right of the point the cents may stand, in the amount's heights: two digits and a sign. */
const LOOK_RIGHT = 2;
/** A column of the strip is ink when this share of the amount's height is dark: a digit's stroke, not a speck. */
const MIN_STROKE = 0.3;
/** Two digits print at least this many such columns. */
const MIN_INK_COLUMNS = 3;
/** The page's bottom-most cut amounts read again, at most: the totals, not every row of a table. */
const MAX_REREADS = 6;

/**
 * Each amount cut after its point, with ink right of it that no other word covers, read again in
 * a strip: where the strip reads it with two more digits, surely, the word becomes that reading.
 * `readLine` reads a strip as one line of text, in the strip's own pixels.
 */
export async function readCutCents(runs: TextRun[], image: GreyImage, readLine: (strip: GreyImage) => Promise<TextRun[]>): Promise<TextRun[]> {
  const cut = runs.filter((r) => CUT_AFTER_POINT.test(r.text) && r.h >= MIN_REREAD_HEIGHT && inkAfter(r, runs, image))
    .sort((a, b) => b.y - a.y).slice(0, MAX_REREADS);
  if (!cut.length) return runs;
  const whole = new Map<TextRun, TextRun>();
  for (const amount of cut) {
    const strip = cutStrip(amount, image, 0.5, LOOK_RIGHT + 0.5);
    // A second look, not the reading: if it fails, the amount stays as read.
    const read = await readLine(strip.image).catch(() => null);
    const word = read?.find((w) => w.text.startsWith(amount.text) && /^\d{2}$/.test(w.text.slice(amount.text.length)) && (w.conf ?? 0) >= SURE_GROUP);
    // Its cents still unread, the amount proves nothing: whole pounds can add up as well.
    if (!word) { whole.set(amount, { ...amount, unreadCents: true }); continue; }
    whole.set(amount, { ...amount, text: word.text, w: word.x + strip.x + word.w - amount.x, conf: Math.min(amount.conf ?? 1, word.conf ?? 1) });
  }
  return runs.map((r) => whole.get(r) ?? r);
}

/** Ink in the amount's row, right of it and up to LOOK_RIGHT heights away, where no other word stands. */
function inkAfter(amount: TextRun, runs: TextRun[], image: GreyImage): boolean {
  const { width, height, data } = image;
  const top = Math.max(0, Math.round(amount.y));
  const bottom = Math.min(height - 1, Math.round(amount.y + amount.h) - 1);
  const x0 = Math.round(amount.x + amount.w) + 1;
  const x1 = Math.min(width - 1, Math.round(amount.x + amount.w + amount.h * LOOK_RIGHT));
  if (x1 <= x0 || bottom <= top) return false;
  const others = runs.filter((r) => r !== amount && r.x <= x1 && r.x + r.w >= x0 && r.y <= bottom && r.y + r.h >= top);
  const paper = paperLevel(data, width, x0, x1, top, bottom);
  let columns = 0;
  for (let x = x0; x <= x1; x++) {
    if (others.some((r) => x >= r.x && x <= r.x + r.w)) continue;
    let dark = 0;
    for (let y = top; y <= bottom; y++) if (data[y * width + x]! < paper - INK_CONTRAST) dark++;
    if (dark >= (bottom - top + 1) * MIN_STROKE && ++columns >= MIN_INK_COLUMNS) return true;
  }
  return false;
}
