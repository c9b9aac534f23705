// The invoice date, told apart from due, delivery, order and period dates by its label.
import { COLUMN_GAP, spanConf, upperPart, type Line } from '../layout/lines.ts';
import { findAmounts } from './amount-parser.ts';
import { findDates, numericDateOrderShown, oneLetterOff, type DateMatch, type NumericOrder } from './date-parser.ts';
import { findLabels, labelsValueCell, valueCell, type ColumnCell, type LabelHit } from './labelled-values.ts';
import { AMOUNT_DECOYS, BARE_DATE, CREDIT_NOTE_TITLE, DATE_LABELS, DATE_QUALIFIERS, DATE_QUALIFIERS_BEFORE, LETTER_DATE_WORD, NAMES_AN_INVOICE, NAMES_THE_INVOICE_DATE, NUMBERED_TITLE, OTHER_DATE_WORDS, OUTSIDE_THE_US, BARE_DATE_WORD, UNKNOWN_DATE_KEY, UNNUMBERED_TITLE, WEEKDAY, EXPLICIT_DATE, type DateRole } from './labels.ts';
import { fold } from './text-normalise.ts';
import { isOneNarrowColumn } from '../layout/narrow-column.ts';

export interface DateReading { invoiceDate: string | null; confidence: number; dueDate: string | null; evidence: DateEvidence }

/**
 * What the chosen date rests on, for the validation gate: a date has no equation to prove it, so it
 * is booked only when its label names it the invoice date and nothing else on the page competes.
 * `explicit`: an invoice-date label ("Date de facture", "Invoice date", "Rechnung vom");
 * `generic`: a bare "Date", a letter's "Nantes, le …"; `none`: no label at all.
 * `rivals`: other dates that could be the invoice date: for an explicit label, other dates under an
 * invoice-date label at least as strong; for a weaker one, any date on the page that no due,
 * delivery, order or period label explains.
 */
export interface DateEvidence {
  label: 'explicit' | 'generic' | 'none';
  rivals: string[];
  /** How surely OCR read the date's own words, beside its label or under it (1 for a text layer). */
  wordConfidence: number;
}


/**
 * Currencies of countries that write numeric dates month-first (the United States): on a page in one
 * of them, a date such as 03/04/2026 may be either, unless another of its dates shows the order, or
 * the page shows it comes from elsewhere (OUTSIDE_THE_US: a "$" is also Australia's, Canada's, Singapore's).
 */
const MONTH_FIRST_CURRENCIES = new Set(['USD']);

/** `currency`: the invoice's currency as read, which says how likely a month-first date is. */
export function readDates(lines: Line[], currency: string | null = null): DateReading {
  const scored: Candidate[] = [];
  let dueDate: string | null = null;
  // Dates a due, delivery, order or period label accounts for, beside it or under it ("Delivery date"
  // heading a column): printed again without a label, or read again from a table's row, they explain
  // themselves and compete with no invoice date.
  const accounted = new Set<string>();
  const labelled = new Set<number>();
  const qualified: Candidate[] = [];
  const headerArea = upperPart(lines, HEADER_AREA);
  // The weights of invoice-date labels whose value beside them OCR left unreadable ("Date:   Jau 1, 2022").
  const unreadLabels: number[] = [];
  // `opens`: a due or other label's date beside it, or opening its cell under it; not one inside a
  // reference under it ("RE-20201121/508" under "Your order").
  const claims: Array<{ row: Line; iso: string; role: DateRole; found?: Candidate; opens?: boolean }> = [];
  const { order, shown } = numericDateOrderShown(lines.map((l) => l.text));
  const hits = findLabels(lines, DATE_LABELS);
  // Measured only for a label naming an invoice: most pages have one, few are credit notes, and the
  // question is the same for each.
  let credit: boolean | undefined;
  const creditNote = () => (credit ??= isCreditNote(lines, headerArea));
  for (const hit of hits) {
    const line = lines[hit.lineIndex]!;
    // The date beside the label, as sure as its own words; else the one under it, slightly less sure.
    // Only in the cell the label's value stands in: a date in a later cell of its row (a reference,
    // another column's unlabelled date) is not its value, which may stand under it.
    // A period's or an order's label that ends in its date's day ("du 30", "au 31") holds the start of
    // its value: the date is read from that day on ("PO 15335 du 30 janv. 2023"). Only its date's
    // value counts for such a label, not where its words stand.
    const after = hit.role === 'invoice' ? hit.after : `${/\d+$/.exec(hit.label)?.[0] ?? ''}${hit.after}`;
    const value = valueCell(after);
    const beside = findDates(after, order, true).find((d) => d.index >= value.start && d.end <= value.end);
    // Only the rows a value may come from: a column that runs on down the page (an address block's
    // lines keep it going) reaches other sections' dates ("Période facturée : du … au 30-04-2023").
    // A value cell that prints a date OCR left unreadable ("issued at 20 20-11-21") is the label's
    // value, as it is down a column (datesDownTheColumn): a date under it is another line's.
    const unreadBeside = !beside && UNREAD_DATE.some((re) => re.test(after.slice(value.start, value.end)));
    if (unreadBeside && hit.role === 'invoice') unreadLabels.push(hit.weight);
    const column = beside || unreadBeside ? [] : datesDownTheColumn(hit.belowCells().filter((c) => c.lineIndex <= hit.lineIndex + MAX_ROWS_UNDER), order);
    const datesUnder = column.filter(({ date }) => {
      const row = dateRowUnder(lines, hit.lineIndex, date.iso, order);
      return !row || (!datedInItsRow(hits, row, order) && (hit.role !== 'invoice' || !ownedInItsRow(lines, hit, row)));
    });
    // A due or other date's heading whose first date under it a label of that row names still claims
    // it, if the date opens its cell: OCR may have moved the heading's value beside a label of the
    // next row ("Date   18/06/2023" under "Date de livraison"), and nothing then says whose date it is
    // (see the claims below). A date inside a reference ("RE-20201121/508") is no heading's value.
    if (hit.role !== 'invoice' && column[0] && column[0] !== datesUnder[0] && column[0].date.index === 0) {
      claims.push({ row: lines[column[0].cell.lineIndex]!, iso: column[0].date.iso, role: hit.role, opens: true });
    }
    const date = beside ?? datesUnder[0]?.date;
    // A due or other date's label with no value, under a date that stands just above it: OCR may have
    // moved the label's value up a line ("2020-11-10" over "Date of delivery"), under an invoice-date
    // label that then reads it as its own. It claims that date as well (see the claims below).
    const above = !date && hit.role !== 'invoice' ? dateJustAbove(lines, hit, order) : null;
    if (above) claims.push({ ...above, role: hit.role, opens: true });
    if (!date || strayLetterWord(hit, line, headerArea)) continue;
    labelled.add(hit.lineIndex);
    if (hit.role === 'due') dueDate ??= date.iso;
    const another = hit.role === 'invoice' ? (!beside && headingSplitFrom(hit, hits, lines) ? 'other' : namesAnotherDate(hit, line, beside)) : null;
    if (hit.role !== 'invoice' || another === 'other') accounted.add(date.iso);
    const under = beside ? undefined : { cell: datesUnder[0]!.cell.text, row: lines[datesUnder[0]!.cell.lineIndex]! };
    // The row its value is printed in: its own line, or the row under it.
    const valueRow = under?.row ?? line;
    if (hit.role !== 'invoice') claims.push({ row: valueRow, iso: date.iso, role: hit.role, opens: beside !== undefined || datesUnder[0]!.date.index === 0 });
    if (hit.role !== 'invoice' || another === 'other' || qualifiedBefore(hit, hits, line.text)) continue;
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
    claims.push({ row: valueRow, iso: date.iso, role: hit.role, found });
    (fallback ? qualified : scored).push(found);
  }
  for (const claim of valuelessKeyClaims(lines, hits, order)) claims.push({ ...claim, role: 'decoy', opens: true });
  // A date that a due or other date's label claims as well (beside it, or under it as a heading): the
  // cells of a row that lost one against its headings were shared out wrongly, and the row's other
  // date may be the invoice's. With no other date in the row, nothing says whose date it is: the
  // invoice label may be the other's own, its second word moved by OCR to a line of its own ("Date"
  // over "d'échéance"), or the other's value moved beside it ("Date   18/06/2023" under "Date de
  // livraison"). It is shown, not booked (evidenceFor).
  // (A date printed twice in the row, "payable on receipt", gives each label a cell of its own.)
  for (const claim of claims) {
    if (!claim.found || !claims.some((o) => o.row === claim.row && o.role !== 'invoice' && o.iso === claim.iso)) continue;
    const rowDates = findDates(claim.row.text, order).map((d) => d.iso);
    if (rowDates.filter((iso) => iso === claim.iso).length > 1) continue;
    claim.found.contestedBy = rowDates.filter((iso) => !claims.some((o) => o.row === claim.row && o.iso === iso));
    if (claim.found.contestedBy.length === 0 && claims.some((o) => o.row === claim.row && o.iso === claim.iso && o.opens)) claim.found.sharedCell = true;
  }
  // A label a word makes another invoice's ("Original Invoice Date") names that invoice's date when
  // the page labels its own; alone, it may be a stamp beside the page's only label ("ORIGINAL Invoice
  // Date:"), and its date is a candidate, as a bare "Date" would be, shown but not booked (evidenceFor).
  // (An item table's dates are no such label: the title then stays the candidate it is.)
  if (scored.some((c) => !c.itemRow)) for (const q of qualified) accounted.add(q.iso);
  else scored.push(...qualified);
  // An unlabelled date in the upper part of page 1 is a weaker candidate, unless its line is a decoy.
  // One that another label accounts for elsewhere (the deadline repeated in the payment terms, in words
  // the vocabulary misses; a delivery date read again from its table row) is explained: still a
  // candidate, never a rival of a labelled invoice date.
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
      scored.push({ ...candidate(d, weight, line.conf, 0, stamped, spanConf(line, d.index, d.end)), explained: accounted.has(d.iso), unknownKey, upper: headerArea(line) });
    }
  });
  const best = scored.reduce<Candidate | null>((b, c) => (!b || c.rank > b.rank ? c : b), null);
  // Day-first is a default, not a reading, where the currency says month-first is as likely and no
  // date on the page settles it: the date read the other way round competes with the one chosen.
  // The other way round, a page in another currency read month-first because one date showed it
  // (a browser's print header "3/16/26, 9:41 AM" on a euro invoice) may be day-first all the same.
  const monthFirstCurrency = currency !== null && MONTH_FIRST_CURRENCIES.has(currency);
  const otherWay = best?.otherWay && (monthFirstCurrency ? !shown && !fromOutsideTheUs(lines) : order === 'mdy' && !labelledMonthFirst(hits)) ? best.otherWay : undefined;
  // A day-first date of three two-digit numbers ("20-11-21") on a page that prints ISO dates
  // ("2020-11-10") may be one of them whose century OCR lost: read year first, it competes.
  const yearFirst = best?.yearFirst && lines.some((l) => ISO_DATE.test(l.text)) ? best.yearFirst : undefined;
  const readOtherwise = [otherWay, yearFirst].filter((iso): iso is string => iso !== undefined);
  const evidence = evidenceFor(best, scored, readOtherwise);
  // A due date before a date only a bare "Date" labels: one of the two is misread ("Jan 1, 2022" read
  // "Jun 1, 2022" above "Due Date: Jan 31, 2022"). The date is shown, not booked. (Under a label that
  // names the invoice date, an earlier deadline is the page's own: a discount's "Bei Zahlung bis zum
  // 20.06.2025" printed on an invoice of 30.06.2025.)
  if (best && evidence.label === 'generic' && dueDate !== null && dueDate < best.iso) evidence.wordConfidence = Math.min(evidence.wordConfidence, DUE_BEFORE);
  // A label as strong as the chosen date's whose own date OCR left unreadable: that date may be the
  // invoice's, and the one chosen another's whose label OCR garbled ("Dnc Date:   Jan 31, 2022").
  if (best && unreadLabels.some((w) => w >= best.weight)) evidence.wordConfidence = Math.min(evidence.wordConfidence, UNREAD_RIVAL);
  return { invoiceDate: best?.iso ?? null, confidence: best ? Math.min(0.98, best.confidence) : 0, dueDate, evidence };
}

/** `readOtherwise`: what the chosen date's digits make read another way the page allows (see readDates). */
function evidenceFor(best: Candidate | null, scored: Candidate[], readOtherwise: string[]): DateEvidence {
  // A date only a label naming another invoice's date dates (a credit note's "Date de facture
  // d'origine" beside its own date under a label the vocabulary lacks, "Date avoir :") is shown, not
  // booked: nothing on the page says it is this invoice's date.
  if (!best || !best.labelled || best.anotherInvoice || best.sharedCell) return { label: 'none', rivals: [], wordConfidence: best?.wordConf ?? 0 };
  const explicit = best.weight >= NAMES_THE_INVOICE_DATE;
  // Under an invoice-date label, other dates under labels as strong compete. Under one inside a
  // sentence or below the header (an invoice-date phrase that may date another document: "selon devis
  // n° 31 établi le …", "notre facture du …"), so does the page's own date in its header, however weak
  // its label ("Date : 12/03/2026", "Nantes, le …"): it must not lose silently. An item table's rows
  // do not compete.
  // On a credit note, a label naming an invoice may date the invoice it corrects ("Rechnungsdatum"
  // beside its own "Datum"): any other labelled date competes with it.
  // A date under a key the vocabulary does not know ("Date de factnre :") competes with a label that
  // names the invoice date by less than its words (a heading's bare "Date", which OCR leaves of
  // "Date d'échéance" when it loses the second word; a title dated; "Fait le"). Under a bare "Date"
  // heading, so does any date in the page's header that nothing explains: OCR may have moved the
  // heading's own value off its column (above it, beside another heading) and left it another's.
  // A date under an unknown key competes even when a due date's label accounts for its value: the key
  // may be the invoice date's, garbled ("Date de faeturation   2022-05-19" on a page payable the same day).
  const competes = (c: Candidate) => c.iso !== best.iso && (!c.explained || Boolean(c.unknownKey))
    && (explicit ? (c.labelled && !c.itemRow && (c.weight >= best.weight || (Boolean(c.heading) && !best.prominent) || Boolean(best.namesAnInvoice)))
      || (Boolean(c.unknownKey) && best.weight < EXPLICIT_DATE) || (Boolean(best.bareHeading) && !c.labelled && Boolean(c.upper)) : true);
  const rivals = [...new Set([...scored.filter(competes).map((c) => c.iso), ...(best.contestedBy ?? []), ...readOtherwise])]
    .filter((iso) => iso !== best.iso);
  return { label: explicit ? 'explicit' : 'generic', rivals, wordConfidence: best.wordConf };
}

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
const UNREAD_DATE = [
  /(?<![\d.,])\d{1,2}(?![\d,]).*(?<![\d.,])(?:19|20)\d{2}(?!\d)/, /(?<![\d.,])\d{1,2}\s?[./-]\s?\d{1,2}\s?[./-]/,
  /\p{L}{3,9}\.?\s+\d{1,2},?\s+(?:19|20)\d{2}(?!\d)/u,
];

/**
 * An invoice-date label whose date is another's: the invoice a credit note corrects ("Original
 * Invoice Date", "date de facture d'origine"), the invoice a deposit or discount row deducts
 * ("Acompte facture N° FA-14 du 12/01/2026   - 900,00 €", "abzgl. Anzahlung aus Rechnung Nr. 14 vom"),
 * a label another word makes the next or last invoice's ("Next billing date", "Prochaine date de
 * facturation"), or the first day of a period ("Facture du 01/03/2026 au 31/03/2026"). It accounts
 * for its date, which then competes with no other. `qualified`: a word in its cell says so, which a
 * stamp may say too; `other`: its row says so.
 */
function namesAnotherDate(hit: LabelHit<DateRole>, line: Line, beside: DateMatch | undefined): 'qualified' | 'other' | null {
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
 * A letter's "le" without its place, inside a line below the page's header: a sentence's word, its
 * cell opened by a word OCR lost before it ("régler cette facture [avant] le 20 mars"), not the date
 * of a letter, which stands in the header, after its place ("Lyon, | le …") or opens its line. It
 * labels nothing: its date is one the page prints without a label.
 */
function strayLetterWord(hit: LabelHit<DateRole>, line: Line, headerArea: (line: Line) => boolean): boolean {
  if (!LETTER_DATE_WORD.test(hit.label) || headerArea(line)) return false;
  const before = fold(line.text).slice(0, labelStart(hit)).trimEnd();
  return /[\p{L}\d]/u.test(before) && !before.endsWith(',');
}

/**
 * A bare "Date" after a due, delivery or order word OCR misread one letter off ("Dolivery date",
 * "Ordor date"): that date, not the page's. (Most words before a bare "Date" are "Invoice" misread,
 * which leave it the page's: "Inv0ice Date".)
 */
function misreadWordBefore(hit: LabelHit<DateRole>, line: Line): boolean {
  if (hit.weight > BARE_DATE) return false;
  const word = /(\p{L}{4,})\s*$/u.exec(cellBefore(line, labelStart(hit)))?.[1];
  return word !== undefined && OTHER_DATE_WORDS.some((known) => oneLetterOff(word, known));
}

/**
 * A bare "Date" heading whose other words OCR set a line above or below it, as a due or other date's
 * label ("d'échéance" over "Date", its apostrophe lost: "déchéance"): one heading, "Date d'échéance",
 * and the date under it is that date. Only a heading with its value under it: a key beside its value
 * ("Date  12/03/2026" over "Échéance  12/04/2026") is a line of its own.
 */
function headingSplitFrom(hit: LabelHit<DateRole>, hits: LabelHit<DateRole>[], lines: Line[]): boolean {
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
 * A date on the line just above a label with nothing after it (within LINE_ABOVE of its height),
 * starting over the label's cell or after it, where its value would stand beside it.
 */
function dateJustAbove(lines: Line[], hit: LabelHit<DateRole>, order: NumericOrder): { row: Line; iso: string } | null {
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
function valuelessKeyClaims(lines: Line[], hits: LabelHit<DateRole>[], order: NumericOrder): Array<{ row: Line; iso: string }> {
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
const LINE_ABOVE = 1.5;
/** How far after its key, in line heights, a value may start: keys align their values in a column of their own. */
const VALUE_REACH = 8;

/** The wide space that parts two cells of a line (COLUMN_GAP), of which a label's own match may have taken a space. */
const CELL_BREAK = '\u2003';

/**
 * Four characters or more, three of them letters: a word, as OCR may have read it ("ass0ciee");
 * shorter tokens are OCR's specks and stray marks.
 */
const qualifyingWord = (token: string) => token.length >= 4 && (token.match(/\p{L}/gu)?.length ?? 0) >= 3;

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

/** A cell in page 1's header titles the page a credit note (CREDIT_NOTE_TITLE), on a line without an amount. */
function isCreditNote(lines: Line[], headerArea: (line: Line) => boolean): boolean {
  return lines.some((l) => l.page === 1 && headerArea(l) && findAmounts(l.text).length === 0
    && fold(l.text).split(COLUMN_GAP).some((cell) => CREDIT_NOTE_TITLE.test(cell)));
}

/** The text of the cell before a date at `at`, or of the cell before that when the date opens its own. */
function keyBefore(text: string, at: number): string {
  const cells = fold(text.slice(0, at)).split(COLUMN_GAP);
  const own = cells.pop()!;
  return /\p{L}/u.test(own) ? own : (cells.pop() ?? '');
}

/** A year-first ISO date: "2020-11-10". */
const ISO_DATE = /(?<!\d)(19|20)\d{2}-\d{2}-\d{2}(?!\d)/;

/** The share of page 1's text, from its top, where its header's dates stand. */
const HEADER_AREA = 0.5;

/** Where a label starts in its line's text. */
const labelStart = (hit: LabelHit<DateRole>) => hit.afterIndex - hit.label.length;

/** The folded text of a line's cell before `at`. */
function cellBefore(line: Line, at: number): string {
  const before = fold(line.text).slice(0, at);
  return before.slice(before.lastIndexOf(COLUMN_GAP) + 1);
}

/**
 * A date beside or under a date label shows the page month-first ("Due Date: 03/20/2026"); a print
 * header's "3/16/26, 9:41 AM" or a batch code "3/14/25" in an item does not.
 */
const labelledMonthFirst = (hits: LabelHit<DateRole>[]): boolean => numericDateOrderShown(hits.flatMap((h) => [h.after, ...h.below()])).order === 'mdy';

/** See OUTSIDE_THE_US. */
const fromOutsideTheUs = (lines: Line[]): boolean => lines.some((l) => {
  const text = fold(l.text);
  return OUTSIDE_THE_US.registration.test(text) || (OUTSIDE_THE_US.tax.test(text) && findAmounts(l.text).length > 0);
});

/** What follows a date makes it a period's start: "au", "bis", "to", a dash, then a later date. */
function startsAPeriod(iso: string, rest: string): boolean {
  const link = /^\s*(au|bis|to|until|till|through|[-\u2013])\s*/i.exec(rest);
  const end = link ? findDates(rest.slice(link[0].length), 'dmy', true)[0] : undefined;
  return end !== undefined && end.index === 0 && end.iso > iso;
}

/** The first row under a label (up to MAX_ROWS_UNDER) that prints a date, with that row's dates. */
type DateRow = { lineIndex: number; line: Line; dates: DateMatch[]; date: DateMatch };

/**
 * The row a date under a label comes from, found by its date, not by the cell's text: a column's cell
 * joins words that the row keeps apart in cells of its own. None when the row prints the date twice
 * ("Livraison : 16/03/2026 | 16/03/2026"): that gives our label one of them.
 */
function dateRowUnder(lines: Line[], labelLine: number, iso: string, order: NumericOrder): DateRow | null {
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
function datedInItsRow(hits: LabelHit<DateRole>[], { lineIndex, date }: DateRow, order: NumericOrder): boolean {
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
function ownedInItsRow(lines: Line[], hit: LabelHit<DateRole>, { line: row, dates, date }: DateRow): boolean {
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

/**
 * How surely the words of a date read under its label were read, in its row. Found by the date's own
 * words: a column's cell may join words its row keeps in cells of their own.
 */
function confUnder(line: Line, cell: string, date: { index: number; end: number }): number | null {
  const at = line.text.indexOf(cell.slice(date.index, date.end));
  return at >= 0 ? spanConf(line, at, at + date.end - date.index) : null;
}

/** The rows under a label that its column's value may come from (labelled-values.ts reads up to four). */
const MAX_ROWS_UNDER = 6;

const UNLABELLED = 0.6;
/** The word confidence of a date beside a label as strong whose own date is unreadable: under decision.ts's UNSURE_DATE. */
const UNREAD_RIVAL = 0.5;
/** The word confidence of a date after its due date: under decision.ts's UNSURE_DATE. */
const DUE_BEFORE = 0.5;
/** The word confidence of a date whose month's name was guessed (date-parser.ts): under decision.ts's UNSURE_DATE. */
const GUESSED_MONTH = 0.5;
/** A till receipt's date printed with the time of the sale weighs as a bare "Date" label (labels.ts). */
const TIMESTAMPED = 0.85;
/** A time of day, "16:18" or "09:40:12": not the digits of a date, an amount or a reference ("T12:30", "POS1:23"). */
const TIME_OF_DAY = /(?<![\p{L}\d:.,/-])([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?(?![\d:.,])/u;
const BELOW_PENALTY = 0.1;

/**
 * The label picks the date (an invoice-date label over a bare date, whatever OCR made of either);
 * how surely OCR read it then says how sure the date is.
 */
type Candidate = {
  iso: string; otherWay?: string; yearFirst?: string; rank: number; confidence: number; weight: number; labelled: boolean; wordConf: number; explained?: boolean;
  /** Read from an item table's row (see readDates). */
  itemRow?: boolean;
  /** Its label names another invoice's date, a word in its cell says ("Original Invoice Date", "date de facture d'origine"). */
  anotherInvoice?: boolean;
  /**
   * Beside a label that opens its cell in the upper half of page 1, on a line with no time of day: the
   * page's own date, however weakly labelled; not "Arrival Date:", a footer's "Date: … 14:02", a
   * signature's "Date :".
   */
  heading?: boolean;
  /** Its label opens its cell in the upper half of page 1: the page's own, not a phrase inside a sentence or a footer. */
  prominent?: boolean;
  /** On a credit note, its label names an invoice ("Date de facture", "Rechnungsdatum"): maybe the corrected one's. */
  namesAnInvoice?: boolean;
  /** Its heading's cell is claimed by a due or other date's heading too: the row's unclaimed dates compete. */
  contestedBy?: string[];
  /** Unlabelled, in the upper half of page 1 (HEADER_AREA). */
  upper?: boolean;
  /** Under a bare "Date" heading ("Date" alone in its cell), not beside it. */
  bareHeading?: boolean;
  /** Unlabelled, after a key of its own the vocabulary does not know (UNKNOWN_DATE_KEY). */
  unknownKey?: boolean;
  /** Its value is claimed by a due or other date's label too, and its row has no other date: that label's, maybe. */
  sharedCell?: boolean;
};
function candidate({ iso, otherWay, yearFirst }: DateMatch, weight: number, conf: number, penalty: number, labelled: boolean, wordConf: number): Candidate {
  return { iso, otherWay, yearFirst, rank: weight * (0.5 + 0.5 * conf) - penalty, confidence: weight * conf - penalty, weight, labelled, wordConf };
}

/**
 * A date label that another kind of date label qualifies from just before it, in the same cell:
 * "Liefer- und Leistungs datum" as OCR splits it, is a delivery date, not a bare "Datum".
 */
function qualifiedBefore(hit: LabelHit<DateRole>, hits: LabelHit<DateRole>[], text: string): boolean {
  const start = hit.afterIndex - hit.label.length;
  return hits.some((o) => o.lineIndex === hit.lineIndex && o.role !== 'invoice' && o.afterIndex <= start
    && !text.slice(o.afterIndex, start).includes(COLUMN_GAP) && start - o.afterIndex <= 3);
}
