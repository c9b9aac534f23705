// tesseract's page segmentation can drop a digit group that stands apart from the rest of its amount:
// a "6 691,21 €" in a column of totals was read "691,21 €", its "6" left unread, or read as a scrap
// of noise ("oa", confidence 0.48). Read so on every line that prints it (a net and a total equal
// under a VAT of zero), the loss even proves itself: 691,21 + 0,00 = 691,21. The words tesseract
// returns cannot show it, the page can: ink just before the amount, of a digit's size, that no word
// read surely accounts for. Such an amount is flagged, and its line read again alone in a strip,
// where tesseract keeps the group; a group read surely there joins it, else the flag stays and the
// amount never proves a total (fields/totals.ts).
import type { TextRun } from '../layout/text-run.ts';
import type { GreyImage } from './prepare-image.ts';

/** How far left of an amount a lost group may start, in the amount's heights: a space and a digit or two. */
const LOOK_LEFT = 2;
/** A pixel this much darker than the paper around it is ink (a phone scan's paper is not white). */
export const INK_CONTRAST = 80;
/** A digit's stroke spans at least this share of the amount's height; a speck or a dot does not. */
const MIN_STROKE = 0.5;
/** What a digit is at the least, in columns of such strokes: a "1" at 200 dpi is 2-3 pixels wide. */
const MIN_STROKE_COLUMNS = 2;
/** How far a box may miss its own ink, in heights of the amount. */
const BOX_SLACK = 0.15;
/** How far above and below the amount's line a stroke that goes on is a rule, not a digit (in heights). */
const BEYOND = 0.3;
/**
 * A word read this surely accounts for its ink. Below it, a short word of letters before an amount
 * is what a misread digit becomes ("oa" for a "6").
 */
const SURE_WORD = 0.6;
const MAX_SCRAP_LENGTH = 3;
/** Currencies and signs read beside amounts, surely or not: their ink is no lost digit. */
const BESIDE_AMOUNTS = /^(€|\$|£|¥|rm|eur|usd|gbp|chf|myr|[-+=:*x(]+)$/i;
/** A word that is an amount, or its tail: it starts with a digit. */
const AMOUNT_START = /^[(\-−]?\d/;

/** Sets `unreadInkBefore` on each amount whose left holds digit-sized ink that no word accounts for. */
export function markUnreadInk(runs: TextRun[], image: GreyImage): void {
  const accounting = runs.filter((r) => !isScrap(r));
  for (const run of runs) {
    if (!AMOUNT_START.test(run.text) || run.h < 4) continue;
    if (hasUnreadDigit(run, accounting, image)) run.unreadInkBefore = true;
  }
}

function isScrap(run: TextRun): boolean {
  const text = run.text.trim();
  if (BESIDE_AMOUNTS.test(text)) return false;
  return (run.conf ?? 1) < SURE_WORD && text.length <= MAX_SCRAP_LENGTH && !/\d/.test(text);
}

/**
 * Columns left of the amount, within its height, where ink runs down at least half of it, no word
 * covers it, and it goes on neither above nor below the amount's line (a table's vertical rule does).
 */
function hasUnreadDigit(amount: TextRun, accounting: TextRun[], image: GreyImage): boolean {
  const { width, height, data } = image;
  const top = Math.max(0, Math.round(amount.y));
  const bottom = Math.min(height - 1, Math.round(amount.y + amount.h) - 1);
  // tesseract's boxes fit their ink to within a few pixels, not exactly: the edge of the amount's own
  // first digit, or of the word before it, is no lost group.
  const pad = Math.max(2, Math.round(amount.h * BOX_SLACK));
  const x1 = Math.round(amount.x) - pad;
  const x0 = Math.max(0, Math.round(amount.x - amount.h * LOOK_LEFT));
  if (x1 <= x0 || bottom <= top) return false;
  const margin = Math.max(2, Math.round(amount.h * BEYOND));
  // Other lines' words reach into the bands above and below too: they are covered, like this line's.
  const near = accounting.filter((r) => r !== amount && r.x - pad <= x1 && r.x + r.w + pad >= x0 && r.y - 1 <= bottom + margin && r.y + r.h + 1 >= top - margin);
  const covered = (x: number, y: number) => near.some((r) => x >= r.x - pad && x <= r.x + r.w + pad && y >= r.y - 1 && y <= r.y + r.h + 1);
  const paper = paperLevel(data, width, x0, x1, top, bottom);
  const ink = (x: number, y: number) => data[y * width + x]! < paper - INK_CONTRAST && !covered(x, y);
  let strokes = 0;
  for (let x = x0; x <= x1; x++) {
    let inkRows = 0;
    for (let y = top; y <= bottom; y++) if (ink(x, y)) inkRows++;
    if (inkRows < (bottom - top + 1) * MIN_STROKE) continue;
    const beyond = (from: number, to: number) => {
      for (let y = Math.max(0, from); y <= Math.min(height - 1, to); y++) if (ink(x, y)) return true;
      return false;
    };
    if (beyond(top - margin, top - 1) || beyond(bottom + 1, bottom + margin)) continue;
    if (++strokes >= MIN_STROKE_COLUMNS) return true;
  }
  return false;
}

/** The paper's level around the amount: a bright percentile of the strip, whatever its ink. */
export function paperLevel(data: Buffer, width: number, x0: number, x1: number, top: number, bottom: number): number {
  const levels: number[] = [];
  for (let y = top; y <= bottom; y += 2) for (let x = x0; x <= x1; x += 2) levels.push(data[y * width + x]!);
  levels.sort((a, b) => a - b);
  return levels[Math.floor(levels.length * 0.9)] ?? 255;
}

/** A group read again must be this sure to join its amount; an unsure one leaves the amount flagged. */
export const SURE_GROUP = 0.8;
/** What a lost group is: one to three digits, a thousands separator after it or not. */
const GROUP = /^(\d{1,3})[\s.,'’]?$/;

/**
 * Each flagged amount's line read again, alone, in a strip cut around it: read so, tesseract keeps
 * the group it dropped from the page ("6 691,21"). A group read surely joins the words, beside its
 * amount, where it was printed (a scrap it was read as goes); otherwise the amount stays flagged.
 * `readLine` reads a strip as one line of text, in the strip's own pixels.
 */
export async function readLostGroups(runs: TextRun[], image: GreyImage, readLine: (strip: GreyImage) => Promise<TextRun[]>): Promise<TextRun[]> {
  let words = runs;
  for (const amount of runs.filter((r) => r.unreadInkBefore && r.h >= MIN_REREAD_HEIGHT)) {
    const strip = stripAround(amount, image);
    if (strip.image.width < MIN_REREAD_HEIGHT || strip.image.height < MIN_REREAD_HEIGHT) continue;
    // A second look, not the reading: if it fails, the amount stays flagged and the page as read.
    const lines = await readLine(strip.image).catch(() => null);
    if (!lines) continue;
    const read = lines.map((w) => ({ ...w, x: w.x + strip.x, y: w.y + strip.y, page: amount.page }));
    const group = lostGroup(amount, read);
    // Where the page already read a word surely, the strip's group is that word read again, not a lost one.
    if (!group || runs.some((r) => r !== amount && !isScrap(r) && overlaps(r, group))) continue;
    amount.unreadInkBefore = false;
    words = [...words.filter((w) => !(isScrap(w) && overlaps(w, group))), group];
  }
  return words;
}

/** Below this height (pixels) a mark is small print or a speck, not a total worth a second reading. */
export const MIN_REREAD_HEIGHT = 10;

function stripAround(amount: TextRun, image: GreyImage): { image: GreyImage; x: number; y: number } {
  return cutStrip(amount, image, LOOK_LEFT + 0.5, 0.5);
}

/** A strip of the page around a word: its row and half a height more, `left` and `right` of its heights beside it. */
export function cutStrip(word: TextRun, image: GreyImage, left: number, right: number): { image: GreyImage; x: number; y: number } {
  return cutRegion(image, word.x - word.h * left, word.y - word.h * 0.5, word.x + word.w + word.h * right, word.y + word.h * 1.5);
}

/** The page's pixels from (left, top) up to (right, bottom), clipped to the page, and where they start. */
export function cutRegion(image: GreyImage, left: number, top: number, right: number, bottom: number): { image: GreyImage; x: number; y: number } {
  const [x0, y0] = [Math.max(0, Math.round(left)), Math.max(0, Math.round(top))];
  const [x1, y1] = [Math.min(image.width, Math.round(right)), Math.min(image.height, Math.round(bottom))];
  const width = Math.max(0, x1 - x0);
  const data = Buffer.alloc(width * Math.max(0, y1 - y0));
  for (let y = y0; y < y1; y++) image.data.copy(data, (y - y0) * width, y * image.width + x0, y * image.width + x1);
  return { image: { data, width, height: Math.max(0, y1 - y0) }, x: x0, y: y0 };
}

/**
 * The group the strip's reading puts before the amount: a word of its own ("6", "691,21") or the
 * head of one word ("6691,21"), read surely, left of where the amount starts on the page.
 */
function lostGroup(amount: TextRun, read: TextRun[]): TextRun | null {
  const at = read.findIndex((w) => w.text.endsWith(amount.text));
  if (at < 0) return null;
  const whole = read[at]!;
  const head = whole.text.slice(0, whole.text.length - amount.text.length);
  if (head) {
    const digits = GROUP.exec(head)?.[1];
    if (!digits || (whole.conf ?? 0) < SURE_GROUP) return null;
    const width = whole.w * (head.length / whole.text.length);
    return { text: digits, x: whole.x, y: whole.y, w: width * 0.8, h: whole.h, page: amount.page, conf: whole.conf, ocrLine: amount.ocrLine };
  }
  const before = read[at - 1];
  const digits = before && GROUP.exec(before.text)?.[1];
  if (!before || !digits || (before.conf ?? 0) < SURE_GROUP || before.x + before.w > amount.x + amount.h * 0.3) return null;
  // The group is the amount's own, on the page's line: not the strip's.
  return { ...before, text: digits, ocrLine: amount.ocrLine };
}

const overlaps = (a: TextRun, b: TextRun) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
