// Dates page 1 prints without a label: weaker candidates, or a till's date printed with its time.
import { COLUMN_GAP, spanConf, type Line } from '../../layout/lines.ts';
import { isOneNarrowColumn } from '../../layout/narrow-column.ts';
import { findAmounts } from '../amount-parser.ts';
import { findDates, type NumericOrder } from '../date-parser.ts';
import { AMOUNT_DECOYS, DATE_LABELS, UNKNOWN_DATE_KEY } from '../labels.ts';
import { fold } from '../text-normalise.ts';
import { candidate, TIME_OF_DAY, type Candidate } from './candidate.ts';

const UNLABELLED = 0.6;
/** A till receipt's date printed with the time of the sale weighs as a bare "Date" label (labels.ts). */
const TIMESTAMPED = 0.85;

/**
 * An unlabelled date in the upper part of page 1 is a weaker candidate, unless its line is a decoy.
 * One that another label accounts for elsewhere (the deadline repeated in the payment terms, in words
 * the vocabulary misses; a delivery date read again from its table row) is explained: still a
 * candidate, never a rival of a labelled invoice date. `labelled`: the lines of labels that found their
 * date, beside or under them, which are skipped.
 */
export function unlabelledDates(lines: Line[], labelled: Set<number>, accounted: Set<string>, order: NumericOrder, headerArea: (line: Line) => boolean): Candidate[] {
  const out: Candidate[] = [];
  const notInvoiceDates = DATE_LABELS.filter((l) => l.role !== 'invoice');
  // Measured only for a line that prints a time: most pages have none.
  let till: boolean | undefined;
  const isTill = () => (till ??= isOneNarrowColumn(lines.flatMap((l) => l.runs)));
  lines.forEach((line, i) => {
    if (line.page !== 1 || labelled.has(i)) return;
    const text = fold(line.text);
    // Each `re` is reset as it is read (build.ts, label()).
    if (notInvoiceDates.some((l) => l.re.test(text))) return;
    // A deposit's or a discount's row dates that payment ("abzgl. Anzahlung vom 16.12.2024 -406,00 €").
    if (AMOUNT_DECOYS.test(text) && findAmounts(line.text).length) return;
    // A till prints the sale's date with its time ("09:40  613673  02/05/2017"): that says what the date is, as a bare "Date" does.
    const dates = findDates(line.text, order);
    const stamped = dates.length > 0 && TIME_OF_DAY.test(line.text) && isTill();
    const weight = stamped ? TIMESTAMPED : UNLABELLED;
    for (const d of dates) {
      const unknownKey = UNKNOWN_DATE_KEY.test(keyBefore(line.text, d.index));
      out.push({ ...candidate(d, weight, line.conf, 0, stamped, spanConf(line, d.index, d.end)), explained: accounted.has(d.iso), unknownKey, upper: headerArea(line) });
    }
  });
  return out;
}

/** The text of the cell before a date at `at`, or of the cell before that when the date opens its own. */
function keyBefore(text: string, at: number): string {
  const cells = fold(text.slice(0, at)).split(COLUMN_GAP);
  const own = cells.pop()!;
  return /\p{L}/u.test(own) ? own : (cells.pop() ?? '');
}
