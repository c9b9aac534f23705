// Finds the value that belongs to a label: to its right on the same line, else just below it.
import { COLUMN_GAP, type Line } from '../layout/lines.ts';
import { findAmounts } from './amount-parser.ts';
import type { Label } from './labels.ts';
import { fold } from './text-normalise.ts';

/** Where a label starts in its line's text. */
export const labelStart = <R extends string>(hit: LabelHit<R>) => hit.afterIndex - hit.label.length;

/** The folded text of a line's cell before `at`. */
export function cellBefore(line: Line, at: number): string {
  const before = fold(line.text).slice(0, at);
  return before.slice(before.lastIndexOf(COLUMN_GAP) + 1);
}

export interface LabelHit<R extends string> {
  role: R;
  weight: number;
  /** The label's weight for a value beside it on its line (see Label). */
  besideWeight: number;
  lineIndex: number;
  /** The label as matched, folded. */
  label: string;
  /** Text after the label on its line, up to the next label of any kind. */
  after: string;
  /** Where `after` starts in the line's text. */
  afterIndex: number;
  /** Lines below the label that sit in the same column, nearest first. */
  below: () => string[];
  /** The same cells, each with the line it was read on and where it ends on the page. */
  belowCells: () => ColumnCell[];
}

/** A cell of a label's column: its text, its line's index, the x its last character ends at. */
export interface ColumnCell { text: string; lineIndex: number; end: number }

type LabelMatch<R extends string> = { label: Label<R>; start: number; end: number };

/** The labels on one line, left to right; where two overlap the strongest is kept ("total ttc" over "total"). */
function labelsOn<R extends string>(text: string, labels: Label<R>[]): LabelMatch<R>[] {
  const found: LabelMatch<R>[] = [];
  const keep = (label: Label<R>, start: number, end: number) => {
    // A match may begin with the spaces before the word (a bare "Total" after a column gap): the label
    // starts at its first letter, or its cell is taken for the one before it.
    start += Math.max(0, text.slice(start, end).search(/\S/));
    const clash = found.findIndex((f) => start < f.end && f.start < end);
    if (clash === -1) found.push({ label, start, end });
    else if (found[clash]!.label.weight < label.weight) found[clash] = { label, start, end };
  };
  for (const label of labels) {
    const re = new RegExp(label.re.source, label.re.flags.includes('g') ? label.re.flags : `${label.re.flags}g`);
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (!m[0]) { re.lastIndex++; continue; }
      // A label is a phrase inside one cell: "Date | Échéance", two headings, is no "date d'échéance",
      // and "Tax | Total" no "tax total". Such a match is tried again within its first cell.
      const gap = m[0].trimEnd().indexOf(COLUMN_GAP, 1);
      if (gap === -1) { keep(label, m.index, m.index + m[0].length); continue; }
      const inCell = new RegExp(re.source, re.flags.replace('g', 'y'));
      inCell.lastIndex = m.index;
      const first = inCell.exec(text.slice(0, m.index + gap));
      if (first?.[0].trim()) keep(label, m.index, m.index + first[0].length);
      re.lastIndex = m.index + 1;
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export function findLabels<R extends string>(lines: Line[], labels: Label<R>[]): LabelHit<R>[] {
  const hits: LabelHit<R>[] = [];
  const texts = lines.map((line) => fold(line.text));
  const labelled = texts.map((text) => labelsOn(text, labels));
  // Where each line's labels start: a column of values ends at a line with a label of its own.
  const labelXs = lines.map((line, i) => labelled[i]!.map((f) => line.charX[f.start] ?? 0));
  lines.forEach((line, lineIndex) => {
    const text = texts[lineIndex]!;
    const found = labelled[lineIndex]!;
    const xAt = (i: number) => line.charX[Math.min(Math.max(0, i), line.charX.length - 1)] ?? 0;
    found.forEach((f, i) => {
      const next = found[i + 1]?.start ?? text.length;
      // The label's column: halfway to its neighbours in a row of labels, else a margin around it.
      const x0 = xAt(f.start);
      const x1 = xAt(f.end - 1);
      const prev = found[i - 1];
      let left = prev ? (xAt(prev.end - 1) + x0) / 2 : x0 - line.h * 3;
      let right = found[i + 1] ? (x1 + xAt(found[i + 1]!.start)) / 2 : x1 + line.h * 8;
      // Headings that are no labels ("Skonto", "Fracht") own their columns too: the label's column
      // ends halfway to the neighbouring cell, whatever that cell says.
      const gapBefore = line.text.lastIndexOf(COLUMN_GAP, f.start);
      if (gapBefore > 0) left = Math.max(left, (xAt(gapBefore - 1) + x0) / 2);
      const gapAfter = line.text.indexOf(COLUMN_GAP, f.end);
      if (gapAfter >= 0) right = Math.min(right, (x1 + xAt(gapAfter + COLUMN_GAP.length)) / 2);
      const cell = { index: line.text.slice(0, f.start).split(COLUMN_GAP).length - 1, count: line.text.split(COLUMN_GAP).length };
      const until = gapAfter >= 0 ? xAt(gapAfter + COLUMN_GAP.length) : Infinity;
      // Where the heading's cell begins: halfway from the previous cell's end to its own start (a label
      // may end its cell, "Zwischensumme netto"), or the line's start for the first cell (a heading
      // centred over values set left in a wide column).
      const cellStart = gapBefore >= 0 ? (xAt(gapBefore - 1) + xAt(gapBefore + COLUMN_GAP.length)) / 2 : -Infinity;
      let column: ColumnCell[] | undefined;
      const cellsBelow = () => (column ??= columnBelow(lines, lineIndex, { left, right, start: x0, until, cellStart }, cell, labelXs));
      hits.push({
        role: f.label.role, weight: f.label.weight, besideWeight: f.label.besideWeight ?? f.label.weight, lineIndex, label: text.slice(f.start, f.end),
        after: line.text.slice(f.end, next), afterIndex: f.end,
        below: () => cellsBelow().map((c) => c.text),
        belowCells: () => cellsBelow(),
      });
    });
  });
  return hits;
}

/**
 * The cell a label's value stands in, in the text after the label: the label's own ("Livraison :
 * 16/03/2026"), or the first after it that holds more than punctuation ("Livraison | : | 16/03/2026");
 * not the cells after that one, which are another column's.
 */
export function valueCell(after: string): { start: number; end: number } {
  let start = 0;
  for (const cell of after.split(COLUMN_GAP)) {
    if (/[\p{L}\d]/u.test(cell)) return { start, end: start + cell.length };
    start += cell.length + COLUMN_GAP.length;
  }
  return { start: after.length, end: after.length };
}

/** The text of that cell (see valueCell). */
export function labelsValueCell(after: string): string {
  const { start, end } = valueCell(after);
  return after.slice(start, end);
}

/**
 * A line cut into pieces, each with where its last character ends: every amount whole ("1 200,00",
 * "240,00 EUR"), every other word alone. Cells are no unit here: a text layer may join two amounts
 * of neighbouring boxes with a single space.
 */
function pieces(line: Line): Array<{ text: string; index: number; end: number }> {
  const out: Array<{ text: string; index: number; end: number }> = [];
  const add = (index: number, raw: string) => {
    const text = raw.trimEnd();
    out.push({ text, index, end: line.charX[index + text.length - 1] ?? 0 });
  };
  const amounts = findAmounts(line.text);
  for (const a of amounts) add(a.index, line.text.slice(a.index, a.end));
  for (const m of line.text.matchAll(/\S+/g)) {
    if (!amounts.some((a) => m.index < a.end && a.index < m.index + m[0].length)) add(m.index, m[0]);
  }
  return out.sort((a, b) => a.index - b.index);
}

/** Where a line's cell (its text split at COLUMN_GAP) starts and ends on the page. */
function cellSpan(line: Line, cells: string[], index: number): { x0: number; x1: number } {
  const at = cells.slice(0, index).reduce((n, c) => n + c.length + COLUMN_GAP.length, 0);
  const text = cells[index]!;
  const first = at + (text.length - text.trimStart().length);
  const last = at + text.trimEnd().length - 1;
  return { x0: line.charX[first] ?? 0, x1: line.charX[Math.max(first, last)] ?? 0 };
}

const overlaps = ({ x0, x1 }: { x0: number; x1: number }, left: number, right: number) => x1 >= left && x0 < right;

/** How far, in line heights, a value may end before its heading starts (the boxes OCR draws are not exact). */
const START_SLACK = 0.25;
/** The largest gaps, in line heights, under a row of headings and between rows of values. */
const HEADING_GAP = 6;
const ROW_GAP = 4;

/**
 * The words of the next few lines that fall inside the label's column, nearest line first. The
 * column runs from `left` to `right`; `start` is where the label itself starts, `until` where the
 * next cell of its row starts.
 */
function columnBelow(lines: Line[], lineIndex: number, column: { left: number; right: number; start: number; until: number; cellStart: number }, cell: { index: number; count: number }, labelXs: number[][]): ColumnCell[] {
  const { left, right, start, until, cellStart } = column;
  const line = lines[lineIndex]!;
  const out: ColumnCell[] = [];
  let lastY = line.y;
  for (let i = lineIndex + 1; i < lines.length && out.length < 4; i++) {
    const below = lines[i]!;
    // A table's rows follow each other closely; a wider gap ends the column. A row of headings is
    // often set apart from its first row of values by padding or a rule, so that gap may be wider.
    const maxGap = line.h * (i === lineIndex + 1 ? HEADING_GAP : ROW_GAP);
    if (below.page !== line.page || below.y - lastY > maxGap) break;
    // Any line of the table keeps it going, whether or not it has a word in this column.
    lastY = below.y;
    // A label of its own in the column starts another labelled line, not a row of values.
    if (labelXs[i]!.some((x) => x >= left && x <= right)) break;
    // A row with as many cells as the row of headings: the cell in the label's place, whatever the
    // alignment (headings left-aligned over right-aligned amounts drift apart geometrically).
    // Unless that cell stands wholly beside the heading's cell (from halfway after the previous cell
    // to the next cell's start): the row lost one cell to another line and gained one its headings
    // lack, and counting cells would give the heading its neighbour's value. Either way the row gives
    // the heading a cell, empty if nothing of it stands there, as a row of the table does (a row of
    // other headings under it ends a column of amounts as a word would).
    const cells = below.text.split(COLUMN_GAP);
    const counted = cells.length === cell.count;
    const span = counted ? cellSpan(below, cells, cell.index) : null;
    if (cell.count > 1 && span && overlaps(span, cellStart, until)) {
      out.push({ text: cells[cell.index]!.trim(), lineIndex: i, end: span.x1 });
      continue;
    }
    // A row that lost or gained a cell against its headings (a heading in a shaded box unread): each
    // value is the heading's under which it ends. However a table aligns them (headings left
    // in their boxes over amounts right, or both centred), a value ends after its own heading starts
    // and before the next one does; its middle can lie past halfway to the next heading.
    if (cell.count > 1) {
      const slack = line.h * START_SLACK;
      const own = pieces(below).filter((c) => c.end >= start - slack && c.end < until - slack);
      if (own.length || counted) out.push({ text: own.map((c) => c.text).join(' '), lineIndex: i, end: own.at(-1)?.end ?? start });
      continue;
    }
    // Otherwise whole words whose middle lies in the column, so a neighbour's "EUR" or a split number stays out.
    const words: string[] = [];
    let end = -Infinity;
    for (const m of below.text.matchAll(/\S+/g)) {
      const mid = (below.charX[m.index]! + below.charX[m.index + m[0].length - 1]!) / 2;
      if (mid >= left && mid <= right) {
        words.push(m[0]);
        end = Math.max(end, below.charX[m.index + m[0].length - 1]!);
      }
    }
    if (words.length) out.push({ text: words.join(' '), lineIndex: i, end });
  }
  return out;
}
