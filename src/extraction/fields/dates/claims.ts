// Which label a date belongs to when more than one claims it: a due or other date's label, or a key
// with no value, may claim the date an invoice-date label reads as its own, OCR having moved a value
// off its label. Such a date is shown, not booked.
import type { Line } from '../../layout/lines.ts';
import { findDates, type NumericOrder } from '../date-parser.ts';
import type { DateRole } from '../labels.ts';
import { CELL_BREAK, type Candidate } from './candidate.ts';
import { cellBefore, labelStart, type LabelHit } from '../labelled-values.ts';

/**
 * A label's claim on the date printed in `row`. `found`: the candidate an invoice-date label made of
 * it; `opens`: a due or other label's date beside it, or opening its cell under it; not one inside a
 * reference under it ("RE-20201121/508" under "Your order").
 */
export type Claim = { row: Line; iso: string; role: DateRole; found?: Candidate; opens?: boolean };

/**
 * A date that a due or other date's label claims as well (beside it, or under it as a heading): the
 * cells of a row that lost one against its headings were shared out wrongly, and the row's other
 * date may be the invoice's. With no other date in the row, nothing says whose date it is: the
 * invoice label may be the other's own, its second word moved by OCR to a line of its own ("Date"
 * over "d'échéance"), or the other's value moved beside it ("Date   18/06/2023" under "Date de
 * livraison"). It is shown, not booked (evidenceFor).
 * (A date printed twice in the row, "payable on receipt", gives each label a cell of its own.)
 */
export function settleClaims(claims: Claim[], order: NumericOrder): void {
  for (const claim of claims) {
    if (!claim.found || !claims.some((o) => o.row === claim.row && o.role !== 'invoice' && o.iso === claim.iso)) continue;
    const rowDates = findDates(claim.row.text, order).map((d) => d.iso);
    if (rowDates.filter((iso) => iso === claim.iso).length > 1) continue;
    claim.found.contestedBy = rowDates.filter((iso) => !claims.some((o) => o.row === claim.row && o.iso === iso));
    if (claim.found.contestedBy.length === 0 && claims.some((o) => o.row === claim.row && o.iso === claim.iso && o.opens)) claim.found.sharedCell = true;
  }
}

/**
 * A date on the line just above a label with nothing after it (within LINE_ABOVE of its height),
 * starting over the label's cell or after it, where its value would stand beside it.
 */
export function dateJustAbove(lines: Line[], hit: LabelHit<DateRole>, order: NumericOrder): { row: Line; iso: string } | null {
  // A label with a value of its own after it ("Bon de commande n° : CMD-75210") has lost none.
  if (/\d/.test(hit.after)) return null;
  const line = lines[hit.lineIndex]!;
  // From where the label's cell starts ("Date of delivery": the label matched is "delivery").
  return dateAboveCell(lines, hit.lineIndex, labelStart(hit) - cellBefore(line, labelStart(hit)).length, hit.afterIndex, order);
}

/**
 * A date on the line just above the cell of `lines[lineIndex]` from `start` to `end`, where that
 * cell's value would stand beside it, when its own line prints no date.
 */
function dateAboveCell(lines: Line[], lineIndex: number, start: number, end: number, order: NumericOrder): { row: Line; iso: string } | null {
  const line = lines[lineIndex]!;
  const row = lines[lineIndex - 1];
  // Only from a line that prints no date of its own: one that does holds its labels' values.
  if (!row || row.page !== line.page || line.y - row.y > line.h * LINE_ABOVE || findDates(line.text, order).length) return null;
  const from = (line.charX[start] ?? 0) - line.h;
  const to = (line.charX[end - 1] ?? 0) + line.h * VALUE_REACH;
  const date = findDates(row.text, order).find((d) => (row.charX[d.index] ?? -Infinity) >= from && (row.charX[d.index] ?? Infinity) <= to);
  return date ? { row, iso: date.iso } : null;
}

/**
 * Keys the vocabulary does not name, ending their lines with nothing after them ("Zahlungszie1 :",
 * "Zahlungsziel" garbled), with no date on the line under them either: their value may be the date
 * OCR moved up a line, which an invoice-date label above then reads as its own. Each claims it.
 */
export function valuelessKeyClaims(lines: Line[], hits: LabelHit<DateRole>[], order: NumericOrder): Array<{ row: Line; iso: string }> {
  const out: Array<{ row: Line; iso: string }> = [];
  lines.forEach((line, i) => {
    const cellStart = line.text.lastIndexOf(CELL_BREAK) + 1;
    if (!VALUELESS_KEY.test(line.text.slice(cellStart)) || hits.some((h) => h.lineIndex === i && h.role === 'invoice')) return;
    const next = lines[i + 1];
    if (next && next.page === line.page && next.y - line.y <= line.h * LINE_ABOVE && findDates(next.text, order).length) return;
    const above = dateAboveCell(lines, i, cellStart, line.text.length, order);
    if (above) out.push(above);
  });
  return out;
}
/** A cell of words ending in a colon, and nothing after it: a key without its value. */
const VALUELESS_KEY = /^\s*(?=[\p{L}\d-]*\p{L})[\p{L}\d][\p{L}\d.' -]*[:;]\s*$/u;
/** How far above a label, in its line's heights, a value OCR moved up a line may stand. */
export const LINE_ABOVE = 1.5;
/** How far after its key, in line heights, a value may start: keys align their values in a column of their own. */
const VALUE_REACH = 8;
