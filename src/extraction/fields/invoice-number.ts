// The invoice number: the token beside (or under) the strongest invoice-number label, even when it
// looks like a date; a weaker label's date-like token is a date, not a number.
import { COLUMN_GAP, type Line } from '../layout/lines.ts';
import { findAmounts } from './amount-parser.ts';
import { findLabels, labelsValueCell } from './labelled-values.ts';
import { BARE_NUMBER_CELL, DATE_LABELS, NAMES_THE_INVOICE_DATE, NUMBER_HEADING, NUMBER_LABELS, STREET_ADDRESS } from './labels.ts';
import { deductsAnother } from './dates/other-dates.ts';
import { fold } from './text-normalise.ts';

const TOKEN = /^[\s:.#°]*([A-Z0-9][A-Z0-9\-/_.]*[A-Z0-9]|[A-Z0-9])/i;
const DATE_LIKE = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/;
/** A labelled number that sits under its label (a row of headings) is slightly less sure. */
const BELOW = 0.9;

export function readInvoiceNumber(lines: Line[]): { numero: string | null; confidence: number } {
  let best: { numero: string; score: number } | null = null;
  for (const hit of findLabels(lines, NUMBER_LABELS)) {
    // "No. 130, Lorong Perdana 3": a street's number, as Malaysian addresses print it (OCR may part
    // it in cells); not a label in the cell after an address ("67 impasse des Érables | Facture N° :
    // 2022/10/2729").
    if (STREET_ADDRESS.test(fromLabelCell(fold(lines[hit.lineIndex]!.text), hit.afterIndex - hit.label.length))) continue;
    // "Acompte facture N° FA-14 du 12/01/2026   - 900,00 €": the deposit invoice a row deducts.
    if (deductsAnother(lines[hit.lineIndex]!, hit.afterIndex - hit.label.length)) continue;
    // The value beside the label: in its own cell ("N° F-12") or the next one ("Numéro | F-12").
    // A cell of words there ("N° client", or the next heading of a row: "Facture n° | Date") means
    // the value, if any, is under the label.
    const cells = hit.after.split(COLUMN_GAP).filter((c) => /\w/.test(c));
    const cell = cells[0] ?? '';
    const besideToken = speckBefore(TOKEN.exec(cell)?.[1], cells[1]) ?? TOKEN.exec(cell)?.[1];
    const beside = besideToken !== undefined && /\d/.test(besideToken);
    // Under a bare "No." is a table's column of line numbers: only a full label looks below, or a
    // bare "Numéro" spelled out in the row that heads the invoice's date ("Numéro | Facture du |
    // Échéance"), over a row that prints no money.
    const underBareHeading = !beside && hit.weight === BARE_NUMBER_CELL && SPELLED_OUT.test(hit.label) && headsTheInvoiceDate(lines[hit.lineIndex]!);
    if (!beside && hit.weight < NUMBER_HEADING && !underBareHeading) continue;
    const token = beside ? besideToken : TOKEN.exec(hit.below()[0] ?? '')?.[1];
    if (!token || !/\d/.test(token) || token.length > 40) continue;
    const rowUnder = beside ? undefined : lines.slice(hit.lineIndex + 1).find((l) => l.text.includes(token));
    if (underBareHeading && (token.length < MIN_HEADED_NUMBER || pricesRow(rowUnder))) continue;
    // "Date d'émission : 25.09.2023" under a label whose own value OCR set on another line: the row's
    // date label owns the date.
    if (rowUnder && datedByItsLabel(rowUnder, token)) continue;
    // "N° client CL-12": words after the label say whose number it is; what is under it is not ours.
    if (!beside && /\p{L}{3,}/u.test(cell) && !cellIsHeading(hit.after)) continue;
    if (hit.weight < 1 && DATE_LIKE.test(token)) continue;
    const score = hit.weight * (beside ? 1 : BELOW);
    if (!best || score > best.score) best = { numero: token, score };
  }
  return best ? { numero: best.numero, confidence: Math.min(0.95, best.score * 0.9) } : { numero: null, confidence: 0 };
}

/**
 * A label's colon or a speck OCR read as a character or two ("Facture n° 0.   F2025-8805", "Pièce n°
 * 5s   FA2401-709"), before a reference in the next cell: the reference is the number.
 */
function speckBefore(token: string | undefined, nextCell: string | undefined): string | undefined {
  if (token === undefined || !SPECK.test(token) || nextCell === undefined) return undefined;
  const next = TOKEN.exec(nextCell)?.[1];
  return next && /\d/.test(next) && next.length >= MIN_HEADED_NUMBER && !DATE_LIKE.test(next) && !findAmounts(nextCell).length ? next : undefined;
}

/**
 * What OCR makes of a colon or a speck: a nought, a lone letter ("i", "l", "o"), or a digit and a
 * letter glued together ("5s"). Not a number of one or two digits, which a small seller's invoice
 * may well have ("Facture N° 12").
 */
const SPECK = /^(0|[a-z]|\d[a-z]|[a-z]\d)$/i;

/**
 * Under a bare number heading, a token this long at least: a table with a date column ("N° | Date |
 * Désignation") numbers its rows 1, 2, 3.
 */
const MIN_HEADED_NUMBER = 4;

/** "Numéro", "Nummer", "Number": not "N°", "No.", "Nr.", which head a table's column of line or article numbers too. */
const SPELLED_OUT = /^\W*(numero|nummer|number)\b/;

/**
 * A row of values with money in it is a table's line ("1908-S | Desk chair | 02/17/26 | 191.00"),
 * under "Number | Description | Date": a row of the invoice's references prints none.
 */
const pricesRow = (line: Line | undefined) => line !== undefined && findAmounts(line.text).length > 0;

/** The token is the date a date label of its own row names ("Date d'émission   25.09.2023"). */
function datedByItsLabel(line: Line, token: string): boolean {
  return DATE_LIKE.test(token) && findLabels([line], DATE_LABELS).some((d) => labelsValueCell(d.after).trim() === token);
}

/** The line holds a label that names the invoice's date, as a row of headings over the invoice's references does. */
function headsTheInvoiceDate(line: Line): boolean {
  return findLabels([line], DATE_LABELS).some((d) => d.role === 'invoice' && d.weight >= NAMES_THE_INVOICE_DATE);
}

/** A line's text from the start of the cell (between column gaps) in which the label starting at `at` stands. */
function fromLabelCell(text: string, at: number): string {
  const start = text.lastIndexOf(COLUMN_GAP, at);
  return text.slice(start === -1 ? 0 : start + COLUMN_GAP.length).replaceAll(COLUMN_GAP, ' ');
}

/** After a label in a row of headings, the next cell is another heading: the value is under the label. */
function cellIsHeading(after: string): boolean {
  return /^\s*\u2003/.test(after.replace(/^[ \t]*[:.]?/, ''));
}
