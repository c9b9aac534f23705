// tesseract's page segmentation can leave out a whole row of print: on a receipt photographed small
// in its frame, or on a phone scan, the row "Date: 27-12-18  Time: 14:02" or "Date de facturation"
// is in no block it reads, while the rows above and below are. The words it returns cannot show
// that; the page can: a band of ink, as tall as the page's words, that no word read surely covers.
// Read again alone in a strip, with the words beside it on its row, tesseract reads it. Only pages
// whose reading lacks a date or a total pay for this (second-looks.ts), and only for a few rounds of
// bands: those on a row that holds the missing field's label first, then the widest.
import type { TextRun } from '../layout/text-run.ts';
import type { GreyImage } from './prepare-image.ts';
import { cutRegion } from './unread-ink.ts';
import { MERGED_ROWS, median } from './word-heights.ts';

/** A band is looked for within the words' own extent, this many word heights around it: not on a desk around a receipt. */
const AROUND_WORDS = 1;
/**
 * Except above the first word read: segmentation can drop a page's whole header, a small block set
 * apart at the top ("Facture / Réf. : FA-00225 / Date facturation : 17/06/2025" over the parties'
 * boxes, on a phone scan of a Chromium-printed invoice), and with it the invoice's date. Up to this
 * many word heights above (some 5 cm of 10 pt print), a band is a header's line, not the desk.
 */
const ABOVE_WORDS = 20;
/** A word's box is taken to cover its ink this far around it, in word heights. */
const COVER_SLACK = 0.3;
/** A row of pixels is print when its uncovered ink adds up to this many word heights: two characters or more. */
const MIN_ROW_INK = 1.5;
/** Rows of print this far apart (in word heights) are one band: the gap inside an "e" or between accents. */
const ROW_GAP = 0.25;
/** A band of text is this tall, in word heights: a line of print, not a speck, a rule or a picture. */
const [MIN_BAND, MAX_BAND] = [0.5, 2];
/** And at least this wide, in word heights. */
const MIN_BAND_WIDTH = 3;
/** A column of pixels that is ink in this share of the region's rows is an edge or a rule. */
const EDGE_SHARE = 0.5;
/** A page word read less surely than this is not what its row prints: its ink counts as unread. */
const UNSURE_WORD = 0.5;
/** A page word less tall than this share of the page's words is a speck or a mark, not a word read in the row. */
const SPECK = 0.4;
/** Bands are read again this many at a time, the most wanted first... */
const BANDS_PER_ROUND = 6;
/** ...for at most this many rounds, until the page reads what it lacked. */
const MAX_ROUNDS = 3;
/** A word read in a strip this surely is kept; below, it is the noise that made the page leave the band out. */
const SURE_WORD = 0.6;
/**
 * Down to UNSURE_WORD, a strip word that reads as a whole numeric date is kept: noise does not take
 * that shape, and a blurred row's date is read less surely than its words ("09/04/2023" at 0.56).
 */
const DATE_TOKEN = /^\d{1,2}[./-]\d{1,2}[./-](\d{4}|\d{2})$|^\d{4}-\d{2}-\d{2}$/;
export const keptFromStrip = (w: TextRun) => (w.conf ?? 0) >= SURE_WORD || ((w.conf ?? 0) >= UNSURE_WORD && DATE_TOKEN.test(w.text));

export interface Band { x0: number; x1: number; y0: number; y1: number }

/** What the page's reading asks of the rows read again. */
export interface RowsAsked {
  /** Rows whose page words this asks for are read first: a date's label when the date is missing. */
  wanted?: (rowWords: TextRun[]) => boolean;
  /** The words found so far give the page what it lacked: no further round. */
  settled?: (found: TextRun[]) => boolean;
  /** Rounds at most (MAX_ROUNDS). */
  rounds?: number;
}

/**
 * Bands of ink as tall as a line of the page's words, inside their extent, that no word read surely
 * covers; widest first. `faint`: light grey print counts as ink too (FAINT_CONTRAST).
 */
export function unreadBands(runs: TextRun[], image: GreyImage, faint = false): Band[] {
  const words = textWords(runs);
  if (words.length < 3) return [];
  const h = typicalHeight(runs);
  const { width, height, data } = image;
  const x0 = Math.max(0, Math.floor(Math.min(...words.map((r) => r.x)) - h * AROUND_WORDS));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(...words.map((r) => r.x + r.w)) + h * AROUND_WORDS));
  const y0 = Math.max(0, Math.floor(Math.min(...words.map((r) => r.y)) - h * ABOVE_WORDS));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...words.map((r) => r.y + r.h)) + h * AROUND_WORDS));
  if (x1 <= x0 || y1 <= y0) return [];
  const dark = inkThreshold(data, width, x0, x1, y0, y1, faint);
  const slack = h * COVER_SLACK;
  // Each row's covered spans, from every run read surely (marks and scraps cover their ink too).
  // Words read unsurely do not: "mer" and "D6-Jen-2024", two rows high, over "Invoice number :
  // INV-04932" and "Invoice Date : 26-Jan-2024"; "; voice in Date ai Jan-" over the latter on a scan.
  const covered: Array<Array<[number, number]>> = Array.from({ length: y1 - y0 + 1 }, () => []);
  for (const r of runs.filter((w) => !isUnsure(w))) {
    const span: [number, number] = [Math.max(x0, Math.floor(r.x - slack)), Math.min(x1, Math.ceil(r.x + r.w + slack))];
    if (span[1] < span[0]) continue;
    for (let y = Math.max(y0, Math.floor(r.y - slack)); y <= Math.min(y1, Math.ceil(r.y + r.h + slack)); y++) covered[y - y0]!.push(span);
  }
  // A scan's dark edge, or a rule down the page, is ink in most rows: no print of a line.
  const edges = new Uint8Array(x1 - x0 + 1);
  for (let x = x0; x <= x1; x++) {
    let inked = 0;
    for (let y = y0; y <= y1; y += 2) if (data[y * width + x]! < dark) inked++;
    if (inked * 2 > (y1 - y0 + 1) * EDGE_SHARE) edges[x - x0] = 1;
  }
  const mask = new Uint8Array(x1 - x0 + 1);
  const inkOf = (y: number): { count: number; from: number; to: number } => {
    mask.set(edges);
    for (const [a, b] of covered[y - y0]!) mask.fill(1, a - x0, b - x0 + 1);
    let count = 0;
    let from = Infinity;
    let to = -Infinity;
    for (let x = x0; x <= x1; x++) {
      if (mask[x - x0] || data[y * width + x]! >= dark) continue;
      count++;
      from = Math.min(from, x);
      to = Math.max(to, x);
    }
    return { count, from, to };
  };
  const rows = Array.from({ length: y1 - y0 + 1 }, (_, i) => inkOf(y0 + i));
  const fits = (band: Band) => band.y1 - band.y0 + 1 >= h * MIN_BAND && band.x1 - band.x0 >= h * MIN_BAND_WIDTH;
  const bands: Band[] = [];
  for (const band of segment(rows, y0, y0, y1, h * MIN_ROW_INK, h * ROW_GAP)) {
    if (band.y1 - band.y0 + 1 <= h * MAX_BAND) {
      if (fits(band)) bands.push(band);
      continue;
    }
    // Lines of print close together (an unread block of an address) make one band too tall for a
    // line: it parts where its ink thins out, between the lines.
    const counts = rows.slice(band.y0 - y0, band.y1 - y0 + 1).map((r) => r.count).sort((p, q) => p - q);
    const valley = Math.max(h * MIN_ROW_INK, counts[Math.floor(counts.length * 0.8)]! * VALLEY_SHARE);
    bands.push(...segment(rows, y0, band.y0, band.y1, valley, 1).filter((b) => b.y1 - b.y0 + 1 <= h * MAX_BAND && fits(b)));
  }
  return bands.sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0));
}

/**
 * The words of each unread band's row, read again in a strip around it, that the page did not read:
 * kept where read surely and not over a word the page read surely, unless they read more of it
 * ("11-NOV-18" over "11-N("). The strip takes in the words of the page that adjoin the band on its
 * row, so that a row read in part is read whole. Rows whose words `wanted` asks for are read first
 * (a date's label when the date is missing), then the widest, a round of bands at a time until the
 * words found settle what the page lacked. `readLine` reads a strip as one line of text, in the
 * strip's own pixels.
 */
export async function readUnreadRows(runs: TextRun[], image: GreyImage, page: number, readLine: (strip: GreyImage) => Promise<TextRun[]>, asks: RowsAsked = {}): Promise<TextRun[]> {
  const { wanted = () => false, settled = () => false, rounds = MAX_ROUNDS } = asks;
  const found: TextRun[] = [];
  const h = typicalHeight(runs);
  const rows = unreadBands(runs, image).map((band) => {
    const words = rowWords(band, runs, h);
    return { band, words, asked: words.length > 0 && wanted(words) };
  });
  const chosen = [...rows.filter((r) => r.asked), ...rows.filter((r) => !r.asked)].slice(0, BANDS_PER_ROUND * rounds);
  // A page word much taller than the page's words is two rows read as one ("02/08/2028" over the due
  // date and the invoice date below it): it stands over nothing the strip reads. Nor does a speck
  // (";" 3 px tall, read where the row's first letters are), a mark ("|" over "11-NOV-18"), nor a
  // word read unsurely.
  const blocking = runs.filter((r) => r.h <= h * MERGED_ROWS && r.h >= h * SPECK && !isUnsure(r) && !isMark(r));
  let checked = 0;
  for (const [i, { band, words }] of chosen.entries()) {
    // After each round, if it found anything: a round that found nothing settles nothing more.
    if (i > 0 && i % BANDS_PER_ROUND === 0 && found.length > checked) {
      if (settled(found)) break;
      checked = found.length;
    }
    const pad = (band.y1 - band.y0 + 1) * 0.4;
    const [x0, x1] = [Math.min(band.x0, ...words.map((w) => w.x)), Math.max(band.x1, ...words.map((w) => w.x + w.w))];
    const strip = cutRegion(image, x0 - pad, band.y0 - pad, x1 + pad + 1, band.y1 + pad + 1);
    // A second look, not the reading: if it fails, the page stays as read.
    const read = await readLine(strip.image).catch(() => null);
    for (const w of read ?? []) {
      // tesseract may box a word of a strip to the strip's height: the row is the band's.
      // A word whose middle lies outside the band is the next line's, caught by the strip's margin.
      const middle = w.y + strip.y + w.h / 2;
      if (middle < band.y0 || middle > band.y1 + 1) continue;
      const [top, bottom] = [Math.max(w.y + strip.y, band.y0), Math.min(w.y + strip.y + w.h, band.y1 + 1)];
      const word = { ...w, x: w.x + strip.x, y: top, h: bottom - top, page };
      if (keptFromStrip(w) && !isMark(w) && !blocking.some((r) => overlap(r, word) && !readsMoreOf(word, r))) found.push(word);
    }
  }
  return found;
}

/** A page word this close to a band or to its row's words, in word heights, is on the band's row. */
const ROW_REACH = 3;

/** The page's words on a band's row (their middles inside it) that adjoin it, left and right, in reading order. */
function rowWords(band: Band, runs: TextRun[], h: number): TextRun[] {
  const onRow = runs.filter((r) => r.h >= h * SPECK && r.y + r.h / 2 >= band.y0 && r.y + r.h / 2 <= band.y1 + 1);
  const taken = new Set<TextRun>();
  let [x0, x1] = [band.x0, band.x1];
  for (let grew = true; grew;) {
    grew = false;
    for (const r of onRow) {
      if (taken.has(r) || r.x + r.w < x0 - h * ROW_REACH || r.x > x1 + h * ROW_REACH) continue;
      taken.add(r);
      [x0, x1] = [Math.min(x0, r.x), Math.max(x1, r.x + r.w)];
      grew = true;
    }
  }
  return [...taken].sort((a, b) => a.x - b.x);
}

/**
 * The page's words with the rows read again: a word read unsurely ("mer" for two rows, over "Invoice
 * number" and "Invoice Date"), a part of a word the row read whole ("Jan-" of "26-Jan-2024"), a mark
 * under a word read there ("|" in "11-NOV-18"), or a speck in a row read again (the ";" inside
 * "Invoice") gives way to the words read there, rather than joining their line.
 */
export function withRowsReadAgain(runs: TextRun[], found: TextRun[]): TextRun[] {
  if (!found.length) return runs;
  const heights = new Map<number, number>();
  const heightOf = (page: number) => heights.get(page) ?? heights.set(page, typicalHeight(runs.filter((r) => r.page === page))).get(page)!;
  // Each row read again spans its words, from the first to the last: a speck between them is in it.
  const rows = new Map<string, TextRun[]>();
  for (const w of found) rows.set(`${w.page} ${w.ocrLine}`, [...rows.get(`${w.page} ${w.ocrLine}`) ?? [], w]);
  const spans = [...rows.values()].map((words) => ({
    page: words[0]!.page, x0: Math.min(...words.map((w) => w.x)), x1: Math.max(...words.map((w) => w.x + w.w)),
    y0: Math.min(...words.map((w) => w.y)), y1: Math.max(...words.map((w) => w.y + w.h)),
  }));
  const inRowRead = (r: TextRun) => spans.some((s) => s.page === r.page && r.x + r.w / 2 >= s.x0 && r.x + r.w / 2 <= s.x1 && r.y + r.h / 2 >= s.y0 && r.y + r.h / 2 <= s.y1);
  const replaced = (r: TextRun) => r.h < heightOf(r.page) * SPECK
    ? inRowRead(r)
    : found.some((w) => w.page === r.page && overlap(r, w) && (isUnsure(r) || isMark(r) || readsMoreOf(w, r)));
  return [...runs.filter((r) => !replaced(r)), ...found];
}

/** Of the region's pixels, the paper is at least this bright a share of them, the ink at most this dark a share. */
const [PAPER_SHARE, INK_SHARE] = [0.9, 0.01];
/** Ink is this much darker than the paper at the least: a faint thermal print is 50-130 levels under it. */
const MIN_CONTRAST = 25;
/**
 * Light grey print set beside black ("19.06.2025" in grey 173 under a black "Ausstellungsdatum:", on
 * paper at 252) lies above halfway between the two: ink this much darker than the paper counts as
 * print when faint print is looked for.
 */
const FAINT_CONTRAST = 50;
/** Faint print left unread takes this many rows of it more than the page's ordinary unread rows. */
const FAINT_ROWS = 3;

/**
 * Rows of light grey print that the reading left out: tesseract sets its threshold between a page's
 * black print and its paper, and grey print beside black, made paler by a phone scan, falls on the
 * paper's side (an invoice's values in grey under black labels: its date, its parties, its number).
 */
export function leftFaintPrint(runs: TextRun[], image: GreyImage): boolean {
  const withFaint = unreadBands(runs, image, true).length;
  return withFaint >= FAINT_ROWS && withFaint - unreadBands(runs, image).length >= FAINT_ROWS;
}

/**
 * Halfway between the paper and the darkest print of the region: a faded receipt's ink is grey, far
 * from black, and tesseract reads it all the same (its own threshold follows the page).
 */
function inkThreshold(data: Buffer, width: number, x0: number, x1: number, y0: number, y1: number, faint: boolean): number {
  // A histogram, not a sorted copy: a page's region is two million samples, which took half a second to sort.
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let y = y0; y <= y1; y += 2) for (let x = x0; x <= x1; x += 2, count++) histogram[data[y * width + x]!]!++;
  // The level of the sample that many places up the samples in order (the k-th of them, from 0).
  const quantile = (share: number) => {
    const k = Math.floor(count * share);
    let seen = 0;
    for (let level = 0; level < 255; level++) if ((seen += histogram[level]!) > k) return level;
    return 255;
  };
  const [paper, ink] = [quantile(PAPER_SHARE), quantile(INK_SHARE)];
  return paper - Math.max(MIN_CONTRAST, faint ? Math.min(FAINT_CONTRAST, (paper - ink) / 2) : (paper - ink) / 2);
}

/** Inside a band too tall for a line, rows with less ink than this share of its inkiest rows part two lines. */
const VALLEY_SHARE = 0.3;

type RowInk = { count: number; from: number; to: number };

/** Runs of rows `from`-`to` with at least `least` uncovered ink, gaps up to `gap` rows bridged; rows[0] is row `origin`. */
function segment(rows: RowInk[], origin: number, from: number, to: number, least: number, gap: number): Band[] {
  const bands: Band[] = [];
  let open: Band | null = null;
  let lastInk = -Infinity;
  for (let y = from; y <= to; y++) {
    const ink = rows[y - origin]!;
    if (ink.count < least) {
      if (open && y - lastInk > gap) { bands.push(open); open = null; }
      continue;
    }
    lastInk = y;
    open = open ? { x0: Math.min(open.x0, ink.from), x1: Math.max(open.x1, ink.to), y0: open.y0, y1: y } : { x0: ink.from, x1: ink.to, y0: y, y1: y };
  }
  if (open) bands.push(open);
  return bands;
}

/** Two boxes share more than half of the smaller's width and of the smaller's height. */
function overlap(a: TextRun, b: TextRun): boolean {
  const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return dx > Math.min(a.w, b.w) * 0.5 && dy > Math.min(a.h, b.h) * 0.5;
}

/** An OCR word read less surely than UNSURE_WORD; a text layer's words are sure. */
const isUnsure = (r: TextRun) => (r.conf ?? 1) < UNSURE_WORD;

/** A mark, not a word: no letter or digit ("|", ":", "—"). */
const isMark = (r: TextRun) => !/[\p{L}\d]/u.test(r.text);

/** The letters and digits of a word, lower-cased. */
const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\d]/gu, '');

/**
 * A word read in a strip reads more of a word of the page: all of its letters and digits, and more,
 * over at least a quarter more of the row ("11-NOV-18" over "11-N(", not "145.50" over a "45.50"
 * that the page read whole).
 */
function readsMoreOf(strip: TextRun, page: TextRun): boolean {
  const [whole, part] = [letters(strip.text), letters(page.text)];
  return part.length >= 2 && whole.length > part.length && whole.includes(part) && page.w <= strip.w * PART_OF_WORD;
}

/** A page word this share of a strip word's width or less is a part of it. */
const PART_OF_WORD = 0.75;

/** Words of two letters or digits and more: not marks, specks or rules. */
const textWords = (runs: TextRun[]) => runs.filter((r) => /[\p{L}\d]{2}/u.test(r.text) && r.h > 3);
/** The page's words' median height. */
const typicalHeight = (runs: TextRun[]) => median(textWords(runs).map((r) => r.h));
