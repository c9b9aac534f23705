// A date label's value read down its column, and the row each such date comes from: whether that
// row gives the date another meaning (a key of its own, a period, a sentence).
import { spanConf, type Line } from '../../layout/lines.ts';
import { findDates, type DateMatch, type NumericOrder } from '../date-parser.ts';
import { labelStart, labelsValueCell, type ColumnCell, type LabelHit } from '../labelled-values.ts';
import type { DateRole } from '../labels.ts';
import { CELL_BREAK } from './candidate.ts';

/**
 * The first date of each cell under a label, nearest first, down to a cell that prints a date OCR
 * left unreadable ("01 rnal 2026"): that cell is the label's value, and the dates below it are other
 * rows' (a due date pushed down a line). So is a first cell that prints digits but no date: another
 * heading's value ("FC-23-0079" under "Date" when "Facture n°" shifted off the row of headings), and
 * a date further down is some other line's ("Période facturée : du 01-04-2023 au 30-04-2023"). So is
 * a cell whose first date follows a year of another's.
 */
export function datesDownTheColumn(cells: ColumnCell[], order: NumericOrder): Array<{ cell: ColumnCell; date: DateMatch }> {
  const out: Array<{ cell: ColumnCell; date: DateMatch }> = [];
  for (const [k, cell] of cells.entries()) {
    const date = findDates(cell.text, order, true)[0];
    // A year before the cell's first date is another date's, its day cut off into another cell
    // ("janvier 2025 16 janvier 2025" under a heading of a row split in two): the heading's value is
    // that one, unread.
    if (date && YEAR_ALONE.test(cell.text.slice(0, date.index))) break;
    if (date) out.push({ cell, date });
    else if (UNREAD_DATE.some((re) => re.test(cell.text)) || (k === 0 && /\d/.test(cell.text))) break;
  }
  return out;
}

/** A year standing alone, not inside a reference ("CMD2023-58752", "PO-2023"). */
const YEAR_ALONE = /(?<![\p{L}\d/.-])(?:19|20)\d{2}(?![\d/.-])/u;

/**
 * A day beside a year, a day and a month with their separators, or a word, a day and a year ("Jau 1,
 * 2022", its month garbled): a date, whatever OCR made of the rest.
 */
export const UNREAD_DATE = [
  /(?<![\d.,])\d{1,2}(?![\d,]).*(?<![\d.,])(?:19|20)\d{2}(?!\d)/, /(?<![\d.,])\d{1,2}\s?[./-]\s?\d{1,2}\s?[./-]/,
  /\p{L}{3,9}\.?\s+\d{1,2},?\s+(?:19|20)\d{2}(?!\d)/u,
];

/** The rows under a label that its column's value may come from (labelled-values.ts reads up to four). */
export const MAX_ROWS_UNDER = 6;

/** The first row under a label (up to MAX_ROWS_UNDER) that prints a date, with that row's dates. */
type DateRow = { lineIndex: number; line: Line; dates: DateMatch[]; date: DateMatch };

/**
 * The row a date under a label comes from, found by its date, not by the cell's text: a column's cell
 * joins words that the row keeps apart in cells of its own. None when the row prints the date twice
 * ("Livraison : 16/03/2026 | 16/03/2026"): that gives our label one of them.
 */
export function dateRowUnder(lines: Line[], labelLine: number, iso: string, order: NumericOrder): DateRow | null {
  for (let lineIndex = labelLine + 1; lineIndex < Math.min(lines.length, labelLine + 1 + MAX_ROWS_UNDER); lineIndex++) {
    const line = lines[lineIndex]!;
    const dates = findDates(line.text, order, true);
    const own = dates.filter((d) => d.iso === iso);
    if (own.length) return own.length === 1 ? { lineIndex, line, dates, date: own[0]! } : null;
  }
  return null;
}

/**
 * A date under a label that a label of its own row names ("Date de début de prestation : 23/01/2026"
 * right-aligned under a "Date de facture :" whose value is missing): that label's date, not ours.
 */
export function datedInItsRow(hits: LabelHit<DateRole>[], { lineIndex, date }: DateRow, order: NumericOrder): boolean {
  return hits.some((o) => o.lineIndex === lineIndex && findDates(labelsValueCell(o.after), order, true).some((d) => d.iso === date.iso));
}

/**
 * A date under a label that its own row gives another meaning, whatever the vocabulary makes of the
 * row's words (OCR may have garbled them, or lost the label's own value): a key of its own before it
 * ("Llefertag :   11. Novembor 2023"); a period it ends or starts ("du 1-Dec-2022 au 31-Dec-2022"); a
 * cell of words before it that stands in the label's column ("Date de Ia prestation   12-Mar-2024"
 * under "Date de facturation"), which makes the date that cell's value, not the label's; words before
 * it in its own cell, a sentence's.
 */
export function ownedInItsRow(lines: Line[], hit: LabelHit<DateRole>, { line: row, dates, date }: DateRow): boolean {
  const before = row.text.slice(0, date.index);
  const cellStart = before.lastIndexOf(CELL_BREAK) + 1;
  if (KEY_BEFORE_VALUE.test(before.slice(cellStart)) || KEY_BEFORE_VALUE.test(before)) return true;
  // Words before it in its own cell: a sentence's date ("Annule et remplace la facture F-12 du …") or a key's.
  if ((before.slice(cellStart).match(/\p{L}{3,}/gu)?.length ?? 0) >= 2) return true;
  const endsAPeriod = dates.some((d) => d.end <= date.index && PERIOD_LINK.test(row.text.slice(d.end, date.index)));
  if (endsAPeriod || startsAPeriod(date.iso, row.text.slice(date.end))) return true;
  // The cell before the date's, if it is words alone, and where it starts.
  const previousStart = cellStart > 0 ? before.lastIndexOf(CELL_BREAK, cellStart - 2) + 1 : -1;
  if (previousStart < 0 || !WORDS_ONLY.test(before.slice(previousStart, cellStart - 1))) return false;
  const x = (at: number) => row.charX[at] ?? 0;
  const labelX = lines[hit.lineIndex]!.charX[labelStart(hit)] ?? 0;
  return Math.abs(x(previousStart) - labelX) < Math.abs(x(date.index) - labelX);
}

/** What joins the two dates of a period: "au", "bis", "to", a dash. */
const PERIOD_LINK = /^\s*(au|bis|to|until|till|through|[-\u2013])\s*$/i;
/** A cell of words alone: a key, a heading, a name; no number, no date. */
const WORDS_ONLY = /^\s*\p{L}[\p{L}'.\s-]*$/u;

/**
 * A word and a colon just before a value, in its cell or as the cell before it: a key of its own. OCR
 * may read a letter of it as a digit ("prestati0u :"): two letters or digits, one of them a letter.
 */
const KEY_BEFORE_VALUE = /(?=[\p{L}\d]*\p{L})[\p{L}\d]{2,}\.?\s*[:;]\s*$/u;

/** What follows a date makes it a period's start: "au", "bis", "to", a dash, then a later date. */
export function startsAPeriod(iso: string, rest: string): boolean {
  const link = /^\s*(au|bis|to|until|till|through|[-\u2013])\s*/i.exec(rest);
  const end = link ? findDates(rest.slice(link[0].length), 'dmy', true)[0] : undefined;
  return end !== undefined && end.index === 0 && end.iso > iso;
}

/**
 * How surely the words of a date read under its label were read, in its row. Found by the date's own
 * words: a column's cell may join words its row keeps in cells of their own.
 */
export function confUnder(line: Line, cell: string, date: { index: number; end: number }): number | null {
  const at = line.text.indexOf(cell.slice(date.index, date.end));
  return at >= 0 ? spanConf(line, at, at + date.end - date.index) : null;
}
