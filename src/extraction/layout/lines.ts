// Groups positioned runs into reading lines: same page, overlapping vertically, left to right.
import type { TextRun } from './text-run.ts';

export interface Line {
  page: number;
  y: number;
  h: number;
  runs: TextRun[];
  text: string;
  /** The estimated x of each character of text (runs are measured, characters within a run interpolated). */
  charX: number[];
  /** Mean OCR confidence of the line (1 for a PDF text layer). */
  conf: number;
}

/** A run less high than this share of the page's typical run is a mark (a dash, a dot, a bar), not text. */
const TINY_SHARE = 0.4;

export function buildLines(runs: TextRun[]): Line[] {
  const sorted = [...runs].sort((a, b) => a.page - b.page || a.y + a.h / 2 - (b.y + b.h / 2));
  // A dash, a dot or a bar is a few pixels high and may sit anywhere in its line's height: placed
  // first, it would start a line of its own and draw the next words there, splitting one row in two
  // ("Date d'échéance" above "- 15/04/2026"). Runs of text place the lines; such marks then join them.
  const heights = sorted.map((r) => r.h).sort((a, b) => a - b);
  const tinyUnder = (heights[heights.length >> 1] ?? 0) * TINY_SHARE;
  const lines: Line[] = [];
  const mid = (o: { y: number; h: number }) => o.y + o.h / 2;
  for (const run of sorted) {
    if (run.h < tinyUnder) continue;
    const line = lines.findLast((l) => l.page === run.page && Math.abs(mid(l) - mid(run)) < Math.min(l.h, run.h) * 0.5);
    if (line) line.runs.push(run);
    else lines.push(lineOf(run));
  }
  settleRows(lines);
  for (const run of sorted) {
    if (run.h >= tinyUnder) continue;
    const gap = (l: Line) => Math.abs(mid(l) - mid(run));
    const near = lines.filter((l) => l.page === run.page && gap(l) < Math.max(l.h, run.h) * 0.5);
    const line = near.reduce<Line | null>((best, l) => (!best || gap(l) < gap(best) ? l : best), null);
    if (line) line.runs.push(run);
    else lines.push(lineOf(run));
  }
  for (const line of lines) {
    line.runs.sort((a, b) => a.x - b.x);
    ({ text: line.text, charX: line.charX } = joinRuns(line.runs));
    const confs = line.runs.map((r) => r.conf ?? 1);
    line.conf = confs.reduce((s, c) => s + c, 0) / confs.length;
  }
  return lines.sort((a, b) => a.page - b.page || a.y - b.y);
}

/**
 * The first-come grouping places a run on the first line it overlaps enough. Two corrections, both
 * measured on each line's typical top and bottom (the median of its runs', not its first run's: a
 * row of colons set low must not draw a word down to it):
 * - two lines that share that span are one row that the grouping split (a tall heading of two lines
 *   drew half a row of headings to it), joined if their words do not overlap;
 * - each run but a line's first (which placed the line) moves to a line whose span it shares clearly
 *   more of, if that line has room for it there: a total's amount set a few points above its bold
 *   "Total" label had landed on the payment line above.
 */
function settleRows(lines: Line[]): void {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const spans = new Map(lines.map((l) => [l, { top: median(l.runs.map((r) => r.y)), bottom: median(l.runs.map((r) => r.y + r.h)) }]));
  const shared = (run: TextRun, l: Line) => {
    const span = spans.get(l)!;
    return Math.max(0, Math.min(run.y + run.h, span.bottom) - Math.max(run.y, span.top));
  };
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i]!;
    for (let j = i + 1; j < lines.length; j++) {
      const b = lines[j]!;
      if (b.page !== a.page || !a.runs.length || !b.runs.length) continue;
      const [sa, sb] = [spans.get(a)!, spans.get(b)!];
      const common = Math.min(sa.bottom, sb.bottom) - Math.max(sa.top, sb.top);
      const shorter = Math.min(sa.bottom - sa.top, sb.bottom - sb.top);
      if (common < shorter * (shareAnOcrLine(a, b) ? SAME_OCR_ROW : SAME_ROW)) continue;
      if (b.runs.some((r) => a.runs.some((o) => clash(o, r)))) continue;
      a.runs.push(...b.runs);
      b.runs = [];
    }
  }
  for (let i = lines.length - 1; i >= 0; i--) if (!lines[i]!.runs.length) lines.splice(i, 1);
  for (const line of lines) {
    for (const run of line.runs.slice(1)) {
      const own = shared(run, line);
      const better = lines.find((l) => l !== line && l.page === run.page && shared(run, l) > own + run.h * CLEARLY_MORE
        && !l.runs.some((r) => overlapHorizontally(r, run)));
      if (!better) continue;
      line.runs.splice(line.runs.indexOf(run), 1);
      better.runs.push(run);
    }
  }
}

/** A line started by a run, its text joined once every run is placed. */
const lineOf = (run: TextRun): Line => ({ page: run.page, y: run.y, h: run.h, runs: [run], text: '', charX: [], conf: 1 });

/** Two runs that share some of their width cannot sit on one line. */
const overlapHorizontally = (a: TextRun, b: TextRun) => a.x < b.x + b.w && b.x < a.x + a.w;
/**
 * Unless tesseract read them on one line: its boxes of neighbouring words may overlap by a few
 * pixels (a "€" set close after "249,21"), and its own line says they are one row.
 */
const clash = (a: TextRun, b: TextRun) => overlapHorizontally(a, b) && (a.ocrLine === undefined || a.ocrLine !== b.ocrLine);

/** Two lines whose typical spans share this much of the shorter are one row. */
const SAME_ROW = 0.8;
/**
 * Two lines with words that tesseract read on one line of its own, sharing this much: one row whose
 * right end a phone scan's perspective let drift down ("TVA (20" at one height, "%) 249,21" 16 px
 * lower, the amount on a line of its own away from its label).
 */
const SAME_OCR_ROW = 0.5;

const shareAnOcrLine = (a: Line, b: Line) => a.runs.some((r) => r.ocrLine !== undefined && b.runs.some((o) => o.ocrLine === r.ocrLine));
/** The share of a run's height by which another line must hold it better than its own. */
const CLEARLY_MORE = 0.25;

/**
 * The OCR confidence of the words that print characters start..end of a line's text: a date or
 * amount is as sure as its own words, whatever the rest of the line reads like.
 */
export function spanConf(line: Line, start: number, end: number): number {
  const runs = spanRuns(line, start, end);
  return runs.length ? runs.reduce((s, r) => s + (r.conf ?? 1), 0) / runs.length : line.conf;
}

/** The runs that print characters start..end of a line's text, left to right. */
export function spanRuns(line: Line, start: number, end: number): TextRun[] {
  const x0 = line.charX[start];
  const x1 = line.charX[Math.max(start, end - 1)];
  if (x0 === undefined || x1 === undefined) return [];
  return line.runs.filter((r) => r.x <= x1 && r.x + r.w >= x0);
}

/**
 * A text layer may set one word in pieces, each placed where the last ended ("RE-20" | "201121" |
 * "/50" | "8" for RE-20201121/508, a gap of a hundredth of the font size): they are one word. A
 * space between words is a quarter of the font size; OCR's words are never pieces.
 */
const glyphsTouch = (prev: TextRun, run: TextRun, gap: number) =>
  prev.conf === undefined && run.conf === undefined && Math.abs(gap) <= prev.h * TOUCHING && !/\s$/.test(prev.text) && !/^\s/.test(run.text)
  // In one font size, on one baseline: a footnote's or an exponent's digit set against a word is no piece of it.
  && Math.abs(prev.h - run.h) <= prev.h * SAME_SIZE && Math.abs(prev.y + prev.h - (run.y + run.h)) <= prev.h * SAME_SIZE;
const SAME_SIZE = 0.1;
/** Pieces of one word lie this close, in font sizes. */
const TOUCHING = 0.03;

/** Joins runs with one space, or with a wide-gap marker where columns are far apart. */
function joinRuns(runs: TextRun[]): { text: string; charX: number[] } {
  const chars: string[] = [];
  const xs: number[] = [];
  const push = (text: string, x0: number, x1: number) => {
    for (let i = 0; i < text.length; i++) {
      chars.push(text[i]!);
      xs.push(x0 + ((x1 - x0) * (i + 0.5)) / text.length);
    }
  };
  let prev: TextRun | undefined;
  for (const run of runs) {
    if (prev) {
      const gap = run.x - (prev.x + prev.w);
      // OCR splits "2371,07" into "2371" and ",07", or "100." and "00": a decimal tail joins the
      // digits before it. The second form only on OCR lines: a text layer's "1." before "20" is a list.
      const decimalTail = gap < prev.h && ((/\d$/.test(prev.text) && /^[.,]\d{2}(?!\d)/.test(run.text)) ||
        ((run.conf ?? 1) < 1 && /^\d+[.,]$/.test(prev.text) && /^\d{2}$/.test(run.text)));
      const sep = decimalTail || glyphsTouch(prev, run, gap) ? '' : isColumnGap(prev, run, gap) ? COLUMN_GAP : gap > prev.h * 0.15 || !/\s$/.test(chars.at(-1) ?? '') ? ' ' : '';
      push(sep, prev.x + prev.w, run.x);
    }
    push(run.text, run.x, run.x + run.w);
    prev = run;
  }
  // Collapse blanks and trim, keeping each kept character's x.
  let text = '';
  const charX: number[] = [];
  chars.forEach((c, i) => {
    const blank = c === ' ' || c === '\t';
    if (blank && (text === '' || text.endsWith(' '))) return;
    text += blank ? ' ' : c;
    charX.push(xs[i]!);
  });
  if (text.endsWith(' ')) {
    text = text.slice(0, -1);
    charX.pop();
  }
  return { text, charX };
}

/** A gap wider than this many times the taller run's height parts two cells. */
const COLUMN_GAP_HEIGHTS = 1.5;
/**
 * On an OCR line, a gap must also be wider than this many characters of its two words. A receipt
 * printer's monospace face spaces its words a whole character apart, the ink of a narrow glyph
 * ("l", "(") sits inside its cell, and tesseract's box may leave a bracket out: "Total Sales
 * (Excluding GST)" then shows gaps of 1.5 times its words' height and 2.7 of their characters,
 * which the height alone takes for columns, and the label falls apart into cells. In a
 * proportional face a character is half a word's height, so the height decides there.
 */
const COLUMN_GAP_CHARACTERS = 3;

function isColumnGap(prev: TextRun, run: TextRun, gap: number): boolean {
  if (gap <= Math.max(prev.h, run.h) * COLUMN_GAP_HEIGHTS) return false;
  // A text layer's runs (no confidence) and two numbers keep the height rule: a proportional face's
  // digits are wide, and "12" and "250,00" a column apart must not read as one amount, 12 250,00.
  if (run.conf === undefined || prev.conf === undefined || !/\p{L}/u.test(prev.text + run.text)) return true;
  const pitch = (prev.w + run.w) / Math.max(1, prev.text.length + run.text.length);
  return gap > pitch * COLUMN_GAP_CHARACTERS;
}

/** Marks a wide horizontal gap between two runs: a label and its value, or two columns. */
export const COLUMN_GAP = ' \u2003 ';

export interface Cell {
  text: string;
  /** Where it starts in the line's text. */
  start: number;
  /** Where it starts and ends on the page. */
  x: number; x1: number;
}

/** A line's cells, the parts its column gaps separate, left to right. */
export function lineCells(line: Line): Cell[] {
  let start = 0;
  return line.text.split(COLUMN_GAP).map((text) => {
    const cell = { text, start, x: line.charX[start] ?? 0, x1: line.charX[start + Math.max(0, text.length - 1)] ?? 0 };
    start += text.length + COLUMN_GAP.length;
    return cell;
  });
}

/** Whether a line lies on page 1, in the given share of the height its text spans from the top (its header, its title). */
export function upperPart(lines: Line[], share: number): (line: Line) => boolean {
  const ys = lines.filter((l) => l.page === 1).map((l) => l.y);
  const top = Math.min(...ys);
  const bottom = Math.max(...ys);
  return (line) => line.page === 1 && line.y <= top + (bottom - top) * share;
}
