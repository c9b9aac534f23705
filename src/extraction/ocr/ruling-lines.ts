// Invoices frame their tables and totals with ruled lines. tesseract's page segmentation takes a
// line close above or beside a word for part of a picture or of the word, and drops the word: a
// clean render read "€1,159.48" without its "Total net" label inside a ruled box. Erasing the
// rules, as document OCR pipelines do before reading, leaves the words alone on white paper.
import type { GreyImage } from './prepare-image.ts';

/** Darker than this is ink: black rules and the mid-grey ones tables are drawn with. */
const INK = 170;
/**
 * A run of ink at least this long is a rule: longer than any letter, even a title's, at 200-300 dpi
 * (a 54-point capital is 150 pixels tall at 200 dpi and no letter is as wide).
 */
const MIN_RULE = 160;
/** A rule is a few pixels thick; a band of ink thicker than this is a block or a panel, left alone. */
const MAX_THICKNESS = 7;
/**
 * A line this close to the image's edge (a share of its width or height) is the paper's edge or the
 * scanner's, not a rule of the page: a receipt photographed on a table has one down each side, and no
 * word sits beside it. Print margins are wider than this (10 mm is 5 % of an A4 page's width).
 */
const EDGE_MARGIN = 0.04;
const WHITE = 255;
const HORIZONTAL = 1;
const VERTICAL = 2;

/** The page with its thin horizontal and vertical rules erased, or null when it has none. */
export function eraseRulingLines(image: GreyImage): GreyImage | null {
  const { width, height, data } = image;
  const rule = new Uint8Array(width * height);
  const horizontal = markRuns(data, rule, height, width, width, 1, HORIZONTAL);
  const vertical = markRuns(data, rule, width, height, 1, width, VERTICAL);
  if (!horizontal && !vertical) return null;
  const out = Buffer.from(data);
  let erased = 0;
  for (let i = 0; i < out.length; i++) {
    const mark = rule[i]!;
    if (!mark) continue;
    // Thin across its own direction: a rule, not a block that also has long runs.
    const thin = (mark & HORIZONTAL && thickness(rule, i, width, HORIZONTAL) <= MAX_THICKNESS)
      || (mark & VERTICAL && thickness(rule, i, 1, VERTICAL) <= MAX_THICKNESS);
    if (thin) {
      out[i] = WHITE;
      erased++;
    }
  }
  // Less than one rule's length of thin ink (the thin ends of a thick stroke) changes nothing worth a
  // second reading.
  return erased >= MIN_RULE ? { data: out, width, height } : null;
}

/**
 * Marks (with `bit`) every run of ink at least MIN_RULE long along one direction: `lines` lines of
 * `length` pixels, a pixel's neighbour `step` away along a line, the next line `stride` away.
 */
function markRuns(data: Buffer, rule: Uint8Array, lines: number, length: number, stride: number, step: number, bit: number): boolean {
  let found = false;
  const margin = Math.ceil(lines * EDGE_MARGIN);
  for (let line = margin; line < lines - margin; line++) {
    const base = line * stride;
    let start = -1;
    for (let k = 0; k <= length; k++) {
      const ink = k < length && data[base + k * step]! < INK;
      if (ink && start < 0) start = k;
      if (!ink && start >= 0) {
        if (k - start >= MIN_RULE) {
          for (let j = start; j < k; j++) rule[base + j * step]! |= bit;
          found = true;
        }
        start = -1;
      }
    }
  }
  return found;
}

/** How many pixels with the same mark are stacked through pixel i, across the rule's direction. */
function thickness(rule: Uint8Array, i: number, step: number, bit: number): number {
  let n = 1;
  for (let j = i - step; j >= 0 && rule[j]! & bit && n <= MAX_THICKNESS; j -= step) n++;
  for (let j = i + step; j < rule.length && rule[j]! & bit && n <= MAX_THICKNESS; j += step) n++;
  return n;
}
