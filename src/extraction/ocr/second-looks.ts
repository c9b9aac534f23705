// Second looks at parts of a page a first OCR reading lost: rows of ink no word covers, the row of a
// date label whose date did not read, the row of a date read without its label. Each is read again
// alone, and the page's fields read again from its words and theirs.
import { buildLines } from '../layout/lines.ts';
import type { TextRun } from '../layout/text-run.ts';
import { findDates, numericDateOrder } from '../fields/date-parser.ts';
import { findLabels, type LabelHit } from '../fields/labelled-values.ts';
import { AMOUNT_FIELDS } from '../../domain/invoice-fields.ts';
import { AMOUNT_LABELS, DATE_LABELS, type DateRole } from '../fields/labels.ts';
import { amountsProven, MIN_CONFIDENCE } from '../checks/decision.ts';
import { readFields } from '../fields/read-fields.ts';
import type { PagesRead, TimeStage } from './pages-read.ts';
import type { ExtractedInvoice } from '../types.ts';
import { combineReadings } from './combine-readings.ts';
import { sameDigitsInRow } from './date-row.ts';
import { withRowReadAgain } from './row-again.ts';
import type { OcrEngine } from './ocr-engine.ts';
import { toPgm, type GreyImage } from './prepare-image.ts';
import { readUnreadRows, withRowsReadAgain, type RowsAsked } from './unread-rows.ts';

/**
 * A reading that found no date or no total, or amounts that prove nothing, may have lost the row that
 * prints it (ocr/unread-rows.ts): the VAT row between two ruled lines of a boxed totals table ("Total
 * TVA" read "Jo VAT co", its amount not at all), whose VAT the total less the net only guesses. The
 * rows of ink that no word covers are read again, and the page's fields read from its words and
 * theirs, combined with the reading as any two readings are.
 */
export async function withUnreadRows(invoice: ExtractedInvoice | null, auto: PagesRead, ocr: OcrEngine, time: TimeStage, rounds?: number): Promise<{ invoice: ExtractedInvoice | null; runs: TextRun[] }> {
  const unchanged = { invoice, runs: auto.runs };
  // A till receipt rarely proves its amounts (most print no VAT): only a missing date or total sends it here.
  const unproven = !auto.narrow && invoice !== null && !amountsProven(invoice);
  if (!invoice || (invoice.fields.date_facture !== null && invoice.fields.montant_ttc !== null && !unproven)) return unchanged;
  const found: TextRun[] = [];
  const asked = askedOfRows(invoice, auto.runs, unproven);
  for (const img of auto.images) {
    // A page before this one read what the document lacked: the rest need not be read again.
    if (found.length && asked.settled(found)) break;
    const words = auto.runs.filter((r) => r.page === img.page);
    const onPage = { wanted: asked.wanted, settled: (more: TextRun[]) => asked.settled([...found, ...more]), rounds };
    found.push(...await time('unread-rows', () => readUnreadRows(words, img.grey, img.page, lineReader(ocr, img.page), onPage)));
  }
  if (!found.length) return unchanged;
  const runs = withRowsReadAgain(auto.runs, found);
  const rows = await time('fields', () => readFields(runs));
  const combined = combineReadings(invoice, rows);
  // A rival the rows revealed (a second dated row, a second total that adds up) stays a rival,
  // whichever reading the date or the amounts came from.
  const { dateEvidence, rivalTotals } = combined.extra;
  const others = rows.extra.dateEvidence?.rivals.filter((d) => d !== combined.fields.date_facture) ?? [];
  const invoiceWithRows = {
    ...combined,
    extra: {
      ...combined.extra,
      ...(dateEvidence ? { dateEvidence: { ...dateEvidence, rivals: [...new Set([...dateEvidence.rivals, ...others])] } } : {}),
      rivalTotals: [...new Set([...(rivalTotals ?? []), ...(rows.extra.rivalTotals ?? [])])].filter((t) => t !== combined.fields.montant_ttc),
    },
  };
  return { invoice: invoiceWithRows, runs };
}

/**
 * A reading that found no date, though a row of page 1 names the invoice date beside digits, or over
 * a cell of digits: OCR garbled the date there ("Date de facturation : 2202/2024" for 22/02/2024, a
 * slash lost in a phone scan's noise). That row is read again alone, as one line in a strip of its own, and the
 * page's words with it read again; a date the strip's row gives its label, with its rivals among
 * all those words, is the reading's date. Pages that read a date, or print no such label, pay nothing.
 */
export async function withLabelledDateRowReadAgain(invoice: ExtractedInvoice | null, runs: TextRun[], auto: PagesRead, ocr: OcrEngine, time: TimeStage): Promise<ExtractedInvoice | null> {
  const image = auto.images.find((img) => img.page === 1);
  if (!invoice || invoice.fields.date_facture !== null || !image) return invoice;
  const lines = buildLines(runs);
  // Its digits beside the label, or in the cell under it when nothing is beside it ("Date:" over
  // "024-06-24", a grey "2" lost on a phone scan).
  const valueRow = (h: LabelHit<DateRole>): number | null => {
    if (lines[h.lineIndex]!.page !== 1) return null;
    if (/\d/.test(h.after)) return h.lineIndex;
    const under = h.belowCells()[0];
    return !/\p{L}|\d/u.test(h.after) && under?.lineIndex === h.lineIndex + 1 && /\d/.test(under.text) ? under.lineIndex : null;
  };
  const at = findLabels(lines, DATE_LABELS).filter((h) => h.role === 'invoice').map(valueRow).find((i) => i !== null);
  if (at == null) return invoice;
  const row = lines[at]!;
  const again = await time('date-row', () => withRowReadAgain(runs, row, image.grey, lineReader(ocr, 1)));
  if (!again) return invoice;
  const read = await time('fields', () => readFields(again));
  const evidence = read.extra.dateEvidence;
  if (read.fields.date_facture === null || !evidence || evidence.label === 'none') return invoice;
  // A strip that read other digits than the page may be right or not, and no equation can tell:
  // its date is shown, not booked. One that mended separators and letters only is booked as read.
  return withDateOf(invoice, read, sameDigitsInRow(row, again) ? evidence : { ...evidence, wordConfidence: Math.min(evidence.wordConfidence ?? 0, OTHER_DIGITS) });
}
/** The word confidence of a date its row's second reading read with other digits: under decision.ts's UNSURE_DATE. */
const OTHER_DIGITS = 0.5;

/**
 * A date chosen with no label (ocr/date-row.ts): its row on page 1 is read again alone. When the
 * page's words with that row read the same date under a label, the date takes that label's evidence
 * (and its rivals); a label that names another date, or none, leaves the reading as it was.
 */
export async function withDateLabelReadAgain(invoice: ExtractedInvoice | null, auto: PagesRead, ocr: OcrEngine, time: TimeStage): Promise<ExtractedInvoice | null> {
  const iso = invoice?.fields.date_facture;
  const image = auto.images.find((img) => img.page === 1);
  if (!invoice || !iso || invoice.extra.dateEvidence?.label !== 'none' || !image) return invoice;
  const lines = buildLines(auto.runs);
  const order = numericDateOrder(lines.map((l) => l.text));
  const row = lines.find((l) => l.page === 1 && findDates(l.text, order).some((d) => d.iso === iso));
  if (!row) return invoice;
  const runs = await time('date-row', () => withRowReadAgain(auto.runs, row, image.grey, lineReader(ocr, 1)));
  if (!runs) return invoice;
  const again = await time('fields', () => readFields(runs));
  const evidence = again.extra.dateEvidence;
  if (again.fields.date_facture !== iso || !evidence || evidence.label === 'none') return invoice;
  return withDateOf(invoice, again, evidence);
}

/** The reading with the date of a second reading of its date's row, its confidence and `evidence`, and a due date it lacked. */
function withDateOf(invoice: ExtractedInvoice, again: ExtractedInvoice, evidence: NonNullable<ExtractedInvoice['extra']['dateEvidence']>): ExtractedInvoice {
  return {
    ...invoice,
    fields: { ...invoice.fields, date_facture: again.fields.date_facture },
    confidence: { ...invoice.confidence, date_facture: again.confidence.date_facture },
    extra: { ...invoice.extra, dateEvidence: evidence, dueDate: invoice.extra.dueDate ?? again.extra.dueDate },
  };
}

/**
 * What the rows read again are for: the rows whose words hold a label of a field the reading lacks
 * come first, labels found as on any line (cells, and the heavier of two overlapping labels: "Due
 * date" is no invoice date's); the rounds end once the document's words with those found read the
 * fields it lacked. `unproven`: its amounts prove nothing, so the rows of those missing or unsure are
 * asked for too, and the rounds end only once the amounts prove each other.
 */
function askedOfRows(invoice: ExtractedInvoice, runs: TextRun[], unproven: boolean): Required<Pick<RowsAsked, 'wanted' | 'settled'>> {
  const { date_facture: date, montant_ttc: total } = invoice.fields;
  // The roles ("ht", "tva", "ttc") of the amounts missing or read unsurely.
  const unsure = new Set<string>(unproven ? AMOUNT_FIELDS.filter((f) => invoice.fields[f] === null || (invoice.confidence[f] ?? 0) < MIN_CONFIDENCE).map((f) => f.replace('montant_', '')) : []);
  return {
    wanted: (rowWords) => {
      const lines = buildLines(rowWords);
      return (date === null && findLabels(lines, DATE_LABELS).some((h) => h.role === 'invoice'))
        || findLabels(lines, AMOUNT_LABELS).some((h) => (h.role === 'ttc' && total === null) || unsure.has(h.role));
    },
    settled: (found) => {
      const read = readFields(withRowsReadAgain(runs, found));
      return (date !== null || read.fields.date_facture !== null) && (total !== null || read.fields.montant_ttc !== null) && (!unproven || amountsProven(read));
    },
  };
}

/** Reads a strip cut from a page as one line of text, in the strip's own pixels: a second look at part of it. */
export const lineReader = (ocr: OcrEngine, page: number) => (strip: GreyImage) => ocr.recognise(toPgm(strip), page, 'line');
