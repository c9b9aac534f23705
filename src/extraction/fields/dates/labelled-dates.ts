// The dates the page's date labels name, beside them or down their columns: candidates for the
// invoice date, due dates, and the dates other labels account for or claim.
import { spanConf, type Line } from '../../layout/lines.ts';
import { findAmounts } from '../amount-parser.ts';
import { findDates, type DateMatch, type NumericOrder } from '../date-parser.ts';
import { cellBefore, labelStart, valueCell, type ColumnCell, type LabelHit } from '../labelled-values.ts';
import { BARE_DATE, BARE_DATE_WORD, NAMES_AN_INVOICE, NUMBERED_TITLE, UNNUMBERED_TITLE, type DateRole } from '../labels.ts';
import { candidate, TIME_OF_DAY, type Candidate } from './candidate.ts';
import { dateJustAbove, type Claim } from './claims.ts';
import { confUnder, datedInItsRow, datesDownTheColumn, dateRowUnder, MAX_ROWS_UNDER, ownedInItsRow, UNREAD_DATE } from './column-values.ts';
import { headingSplitFrom, isCreditNote, namesAnotherDate, qualifiedBefore, strayLetterWord } from './other-dates.ts';

export interface LabelledDates {
  /** Candidates for the invoice date. */
  scored: Candidate[];
  /** Candidates under a label that may name another invoice's date: they compete only when no other label dates the page. */
  qualified: Candidate[];
  /**
   * Dates a due, delivery, order or period label accounts for, beside it or under it ("Delivery date"
   * heading a column): printed again without a label, or read again from a table's row, they explain
   * themselves and compete with no invoice date.
   */
  accounted: Set<string>;
  /** The lines of labels that found their date, beside or under them. */
  labelled: Set<number>;
  claims: Claim[];
  /** The weights of invoice-date labels whose value beside them OCR left unreadable ("Date:   Jau 1, 2022"). */
  unreadLabels: number[];
  dueDate: string | null;
}

export function readLabelledDates(lines: Line[], hits: LabelHit<DateRole>[], order: NumericOrder, headerArea: (line: Line) => boolean): LabelledDates {
  const out: LabelledDates = { scored: [], qualified: [], accounted: new Set(), labelled: new Set(), claims: [], unreadLabels: [], dueDate: null };
  // Measured only for a label naming an invoice: most pages have one, few are credit notes, and the
  // question is the same for each.
  let credit: boolean | undefined;
  const creditNote = () => (credit ??= isCreditNote(lines, headerArea));
  for (const hit of hits) {
    const line = lines[hit.lineIndex]!;
    const { beside, unreadBeside, column, datesUnder } = labelValue(lines, hit, hits, order);
    if (unreadBeside && hit.role === 'invoice') out.unreadLabels.push(hit.weight);
    // A due or other date's heading whose first date under it a label of that row names still claims
    // it, if the date opens its cell: OCR may have moved the heading's value beside a label of the
    // next row ("Date   18/06/2023" under "Date de livraison"), and nothing then says whose date it is
    // (settleClaims, claims.ts). A date inside a reference ("RE-20201121/508") is no heading's value.
    if (hit.role !== 'invoice' && column[0] && column[0] !== datesUnder[0] && column[0].date.index === 0) {
      out.claims.push({ row: lines[column[0].cell.lineIndex]!, iso: column[0].date.iso, role: hit.role, opens: true });
    }
    const date = beside ?? datesUnder[0]?.date;
    // A due or other date's label with no value, under a date that stands just above it: OCR may have
    // moved the label's value up a line ("2020-11-10" over "Date of delivery"), under an invoice-date
    // label that then reads it as its own. It claims that date as well (settleClaims).
    const above = !date && hit.role !== 'invoice' ? dateJustAbove(lines, hit, order) : null;
    if (above) out.claims.push({ ...above, role: hit.role, opens: true });
    if (!date || strayLetterWord(hit, line, headerArea)) continue;
    out.labelled.add(hit.lineIndex);
    if (hit.role === 'due') out.dueDate ??= date.iso;
    const another = hit.role === 'invoice' ? (!beside && headingSplitFrom(hit, hits, lines) ? 'other' : namesAnotherDate(hit, line, beside)) : null;
    if (hit.role !== 'invoice' || another === 'other') out.accounted.add(date.iso);
    const under = beside ? undefined : { cell: datesUnder[0]!.cell.text, row: lines[datesUnder[0]!.cell.lineIndex]! };
    // The row its value is printed in: its own line, or the row under it.
    const valueRow = under?.row ?? line;
    if (hit.role !== 'invoice') out.claims.push({ row: valueRow, iso: date.iso, role: hit.role, opens: beside !== undefined || datesUnder[0]!.date.index === 0 });
    if (hit.role !== 'invoice' || another === 'other' || qualifiedBefore(hit, hits, line.text)) continue;
    const { found, fallback } = invoiceDateCandidate(line, hit, { date, beside, under, another }, headerArea, creditNote);
    out.claims.push({ row: valueRow, iso: date.iso, role: hit.role, found });
    (fallback ? out.qualified : out.scored).push(found);
  }
  return out;
}

type ColumnDate = { cell: ColumnCell; date: DateMatch };

/**
 * The date beside the label, as sure as its own words; else the one under it, slightly less sure.
 * Only in the cell the label's value stands in: a date in a later cell of its row (a reference,
 * another column's unlabelled date) is not its value, which may stand under it.
 */
function labelValue(lines: Line[], hit: LabelHit<DateRole>, hits: LabelHit<DateRole>[], order: NumericOrder): { beside?: DateMatch; unreadBeside: boolean; column: ColumnDate[]; datesUnder: ColumnDate[] } {
  // A period's or an order's label that ends in its date's day ("du 30", "au 31") holds the start of
  // its value: the date is read from that day on ("PO 15335 du 30 janv. 2023"). Only its date's
  // value counts for such a label, not where its words stand.
  const after = hit.role === 'invoice' ? hit.after : `${/\d+$/.exec(hit.label)?.[0] ?? ''}${hit.after}`;
  const value = valueCell(after);
  const beside = findDates(after, order, true).find((d) => d.index >= value.start && d.end <= value.end) ?? wrappedDate(hit, after, value, order);
  // Only the rows a value may come from: a column that runs on down the page (an address block's
  // lines keep it going) reaches other sections' dates ("Période facturée : du … au 30-04-2023").
  // A value cell that prints a date OCR left unreadable ("issued at 20 20-11-21") is the label's
  // value, as it is down a column (datesDownTheColumn): a date under it is another line's.
  const unreadBeside = !beside && UNREAD_DATE.some((re) => re.test(after.slice(value.start, value.end)));
  const column = beside || unreadBeside ? [] : datesDownTheColumn(hit.belowCells().filter((c) => c.lineIndex <= hit.lineIndex + MAX_ROWS_UNDER), order);
  const datesUnder = column.filter(({ date }) => {
    const row = dateRowUnder(lines, hit.lineIndex, date.iso, order);
    return !row || (!datedInItsRow(hits, row, order) && (hit.role !== 'invoice' || !ownedInItsRow(lines, hit, row)));
  });
  return { beside, unreadBeside, column, datesUnder };
}

/**
 * A date a narrow column wrapped before its year ("Issue date: November 10," over "2025", "5. Mai"
 * over "2024") or its month ("Date de facture : 26" over "septembre 2024"): the label's value cell,
 * then the cell under it when that cell is the rest of a date, a bare year or a month's name and a
 * year. Only a date that starts in the value and takes its end from the line below counts; its index
 * is the value's, in `after`.
 */
function wrappedDate(hit: LabelHit<DateRole>, after: string, value: { start: number; end: number }, order: NumericOrder): DateMatch | undefined {
  const next = hit.belowCells()[0];
  if (!next || next.lineIndex !== hit.lineIndex + 1 || !REST_OF_A_DATE.test(next.text)) return undefined;
  const head = after.slice(0, value.end);
  return findDates(`${head} ${next.text.trim()}`, order, true).find((d) => d.index >= value.start && d.index < value.end && d.end > head.length);
}

/** "2025", "septembre 2024", "Sept. 2024": what a wrapped date's second line holds, and nothing else. */
const REST_OF_A_DATE = /^\s*(\p{L}{3,}\.?\s+)?(19|20)\d{2}\s*$/u;

/** The word confidence of a date whose month's name was guessed (date-parser.ts): under decision.ts's UNSURE_DATE. */
const GUESSED_MONTH = 0.5;
const BELOW_PENALTY = 0.1;

/**
 * An invoice-date label's date as a candidate. `fallback`: its label may name another invoice's date
 * (a qualifier, a corrected invoice's title, a title without its number), so it dates the page only
 * when no other label does.
 */
function invoiceDateCandidate(
  line: Line, hit: LabelHit<DateRole>,
  { date, beside, under, another }: { date: DateMatch; beside?: DateMatch; under?: { cell: string; row: Line }; another: 'qualified' | 'other' | null },
  headerArea: (line: Line) => boolean, creditNote: () => boolean,
): { found: Candidate; fallback: boolean } {
  const conf = beside ? spanConf(line, hit.afterIndex + beside.index, hit.afterIndex + beside.end) : line.conf;
  // A month's name guessed from a garbled word is no reading to book: shown, not validated (decision.ts).
  const readConf = under ? confUnder(under.row, under.cell, date) ?? conf : conf;
  const wordConf = date.guessedMonth ? Math.min(readConf, GUESSED_MONTH) : readConf;
  // A heading whose first row prints money heads a table of items or services, not the invoice's
  // references: its row's date (a service's, a delivery's) says no more than a bare "Date" would,
  // and competes with no date a label names the invoice's.
  const itemRow = !beside && findAmounts(under?.row?.text ?? '').length > 0;
  const weight = beside ? hit.besideWeight : itemRow ? Math.min(hit.weight, BARE_DATE) : hit.weight;
  // A title without its "N°" ("Facture FA-2026-0098 du …") may be another invoice's reference, in a
  // credit note's or a complement's header: it dates the page only when no other label does.
  // On a credit note, an invoice's numbered title ("AVOIR N° AV-12" over "Facture N° F-31 du …")
  // is the corrected invoice's, as a qualified label's is.
  // (A label is matched in folded text: hit.label is folded already.)
  const namesAnInvoice = NAMES_AN_INVOICE.test(hit.label) && creditNote();
  // A dated title inside a sentence ("Korrektur dor Rechnung RE-12 vom", its "der" garbled) is
  // another invoice's, as one the vocabulary reads as such is; the page's own opens its cell.
  const numberedTitle = NUMBERED_TITLE.test(hit.label);
  const titleInSentence = numberedTitle && (cellBefore(line, labelStart(hit)).match(/\p{L}{3,}/gu)?.length ?? 0) >= 2;
  const correctedTitle = (namesAnInvoice && numberedTitle) || titleInSentence;
  const fallback = another === 'qualified' || correctedTitle || UNNUMBERED_TITLE.test(hit.label);
  const found = candidate(date, fallback ? Math.min(weight, BARE_DATE) : weight, conf, beside ? 0 : BELOW_PENALTY, true, wordConf);
  if (namesAnInvoice) found.namesAnInvoice = true;
  if (itemRow) found.itemRow = true;
  if (!beside && BARE_DATE_WORD.test(hit.label)) found.bareHeading = true;
  if (another === 'qualified' || correctedTitle) found.anotherInvoice = true;
  // Where the label stands: opening its cell in the page's header, or inside a sentence, a footer.
  const opensCell = !/\p{L}/u.test(cellBefore(line, labelStart(hit)));
  if (headerArea(line) && opensCell) found.prominent = true;
  if (beside && headerArea(line) && opensCell && !TIME_OF_DAY.test(line.text)) found.heading = true;
  return { found, fallback };
}
