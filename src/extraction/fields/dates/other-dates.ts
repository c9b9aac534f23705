// Invoice-date labels whose date is not the page's own: another invoice's (a credit note's original,
// a deducted deposit's), a period's start, a due date's heading split by OCR, a sentence's word.
import { COLUMN_GAP, type Line } from '../../layout/lines.ts';
import { findAmounts } from '../amount-parser.ts';
import { oneLetterOff, type DateMatch } from '../date-parser.ts';
import { cellBefore, labelStart, type LabelHit } from '../labelled-values.ts';
import { AMOUNT_DECOYS, BARE_DATE, BARE_DATE_WORD, CREDIT_NOTE_TITLE, DATE_QUALIFIERS, DATE_QUALIFIERS_BEFORE, LETTER_DATE_WORD, NAMES_THE_INVOICE_DATE, OTHER_DATE_WORDS, WEEKDAY, type DateRole } from '../labels.ts';
import { fold } from '../text-normalise.ts';
import { LINE_ABOVE } from './claims.ts';
import { startsAPeriod } from './column-values.ts';

/**
 * An invoice-date label whose date is another's: the invoice a credit note corrects ("Original
 * Invoice Date", "date de facture d'origine"), the invoice a deposit or discount row deducts
 * ("Acompte facture N° FA-14 du 12/01/2026   - 900,00 €", "abzgl. Anzahlung aus Rechnung Nr. 14 vom"),
 * a label another word makes the next or last invoice's ("Next billing date", "Prochaine date de
 * facturation"), or the first day of a period ("Facture du 01/03/2026 au 31/03/2026"). It accounts
 * for its date, which then competes with no other. `qualified`: a word in its cell says so, which a
 * stamp may say too; `other`: its row says so.
 */
export function namesAnotherDate(hit: LabelHit<DateRole>, line: Line, beside: DateMatch | undefined): 'qualified' | 'other' | null {
  const labelAt = hit.afterIndex - hit.label.length;
  if (DATE_QUALIFIERS.test(fold(hit.after).split(COLUMN_GAP)[0]!) || DATE_QUALIFIERS_BEFORE.test(cellBefore(line, labelAt))) return 'qualified';
  if (unknownQualifier(hit, beside) || misreadWordBefore(hit, line)) return 'qualified';
  // A title with its number, then a negative amount on its row ("Situation n° 2 - facture n° FS-18 du
  // 02/02/2026   -6 000,00 €"): an earlier invoice, deducted. The invoice's own title may print its
  // total beside it ("Facture N° F-12 du 28/07/2025   Montant TTC : 1 200,00 €"), never a deduction.
  const deducted = /\d/.test(hit.label) && findAmounts(line.text.slice(hit.afterIndex + (beside?.end ?? 0))).some((a) => a.cents < 0);
  if (deductsAnother(line, labelAt) || deducted) return 'other';
  return beside !== undefined && startsAPeriod(beside.iso, line.text.slice(hit.afterIndex + beside.end)) ? 'other' : null;
}

/**
 * A word of its own between a label naming the invoice date and its date beside it: nothing an
 * invoice's own date label prints ("Date de facture : 12/03/2026"), but a qualifier OCR garbled out
 * of the vocabulary ("DATE DE FACTURE ASS0CIÉE : 01/01/2022", "date de facture d'orlgine"), which
 * makes it another invoice's date as a known one does.
 */
function unknownQualifier(hit: LabelHit<DateRole>, beside: DateMatch | undefined): boolean {
  // Only beside its date: a heading's next word may be the next heading's, read without the gap between.
  if (hit.weight < NAMES_THE_INVOICE_DATE || !beside) return false;
  const words = fold(hit.after.slice(0, beside.index)).split(/[\s:.;]+/).filter((w) => w && !WEEKDAY.test(w));
  return words.some(qualifyingWord);
}

/**
 * Four characters or more, three of them letters: a word, as OCR may have read it ("ass0ciee");
 * shorter tokens are OCR's specks and stray marks.
 */
const qualifyingWord = (token: string) => token.length >= 4 && (token.match(/\p{L}/gu)?.length ?? 0) >= 3;

/**
 * A bare "Date" after a due, delivery or order word OCR misread one letter off ("Dolivery date",
 * "Ordor date", "Dc1ivery Date", "Duo Date"): that date, not the page's. A digit or a bar read for a
 * letter of its shape is read back first. A word of three letters must keep its first one. (Most
 * words before a bare "Date" are "Invoice" misread, which leave it the page's: "Inv0ice Date".)
 */
function misreadWordBefore(hit: LabelHit<DateRole>, line: Line): boolean {
  if (hit.weight > BARE_DATE) return false;
  const token = /([\p{L}\d|]{3,})\s*$/u.exec(cellBefore(line, labelStart(hit)))?.[1];
  const word = token?.replace(/[0-9|]/g, (c) => LETTER_OF_SHAPE[c] ?? c);
  if (!word || !/^\p{L}+$/u.test(word)) return false;
  return OTHER_DATE_WORDS.some((known) => (word === known || oneLetterOff(word, known)) && (known.length >= 4 || word[0] === known[0]));
}

/** Digits and a bar that OCR reads for letters of their shape. */
const LETTER_OF_SHAPE: Record<string, string> = { '0': 'o', '1': 'l', '|': 'l', '5': 's' };

/**
 * A deposit's or a discount's row: a decoy word before the label (starting at `labelAt`), an amount
 * after it. What the label dates or numbers is the invoice the row deducts ("Acompte facture N° FA-14
 * du 12/01/2026   - 900,00 €", "Acompte versé | Facture N° FA-14 du … | - 900,00 €", "abzgl.
 * Anzahlung aus Rechnung Nr. 14 vom"). Not a header's other field ("Invoice Date: …   Amount Paid:
 * $0.00", "Remise client : 5 %   Date : …   Net à payer : 1 200,00 €").
 */
export function deductsAnother(line: Line, labelAt: number): boolean {
  if (!AMOUNT_DECOYS.test(fold(line.text).slice(0, labelAt))) return false;
  // The amount in the label's own cell, or alone in the next ("Acompte versé | Facture N° … du … |
  // - 90,00 €"); not a header's next field ("Date de facture : … | Net à payer : 1 200,00 €").
  const [own = '', next = ''] = line.text.slice(labelAt).split(COLUMN_GAP);
  return findAmounts(own).length > 0 || (findAmounts(next).length > 0 && !/\p{L}{2}/u.test(next));
}

/**
 * A letter's "le" without its place, inside a line below the page's header: a sentence's word, its
 * cell opened by a word OCR lost before it ("régler cette facture [avant] le 20 mars"), not the date
 * of a letter, which stands in the header, after its place ("Lyon, | le …") or opens its line. It
 * labels nothing: its date is one the page prints without a label.
 */
export function strayLetterWord(hit: LabelHit<DateRole>, line: Line, headerArea: (line: Line) => boolean): boolean {
  if (!LETTER_DATE_WORD.test(hit.label) || headerArea(line)) return false;
  const before = fold(line.text).slice(0, labelStart(hit)).trimEnd();
  return /[\p{L}\d]/u.test(before) && !before.endsWith(',');
}

/**
 * A bare "Date" heading whose other words OCR set a line above or below it, as a due or other date's
 * label ("d'échéance" over "Date", its apostrophe lost: "déchéance"): one heading, "Date d'échéance",
 * and the date under it is that date. Only a heading with its value under it: a key beside its value
 * ("Date  12/03/2026" over "Échéance  12/04/2026") is a line of its own.
 */
export function headingSplitFrom(hit: LabelHit<DateRole>, hits: LabelHit<DateRole>[], lines: Line[]): boolean {
  if (!BARE_DATE_WORD.test(hit.label)) return false;
  const line = lines[hit.lineIndex]!;
  const x0 = line.charX[labelStart(hit)] ?? 0;
  const x1 = line.charX[hit.afterIndex - 1] ?? 0;
  return hits.some((o) => {
    const other = lines[o.lineIndex]!;
    const x = other.charX[labelStart(o)] ?? -Infinity;
    return o.role !== 'invoice' && Math.abs(o.lineIndex - hit.lineIndex) === 1 && other.page === line.page
      && Math.abs(other.y - line.y) <= line.h * LINE_ABOVE && x >= x0 - line.h * 2 && x <= x1 + line.h * 3;
  });
}

/**
 * A date label that another kind of date label qualifies from just before it, in the same cell:
 * "Liefer- und Leistungs datum" as OCR splits it, is a delivery date, not a bare "Datum".
 */
export function qualifiedBefore(hit: LabelHit<DateRole>, hits: LabelHit<DateRole>[], text: string): boolean {
  const start = hit.afterIndex - hit.label.length;
  return hits.some((o) => o.lineIndex === hit.lineIndex && o.role !== 'invoice' && o.afterIndex <= start
    && !text.slice(o.afterIndex, start).includes(COLUMN_GAP) && start - o.afterIndex <= 3);
}

/** A cell in page 1's header titles the page a credit note (CREDIT_NOTE_TITLE), on a line without an amount. */
export function isCreditNote(lines: Line[], headerArea: (line: Line) => boolean): boolean {
  return lines.some((l) => l.page === 1 && headerArea(l) && findAmounts(l.text).length === 0
    && fold(l.text).split(COLUMN_GAP).some((cell) => CREDIT_NOTE_TITLE.test(cell)));
}
