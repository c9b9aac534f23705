// The invoice date, told apart from due, delivery, order and period dates by its label.
//   dates/labelled-dates.ts     the dates date labels name, beside them or down their columns
//   dates/other-dates.ts        invoice-date labels whose date is another's
//   dates/claims.ts             a date two labels claim, OCR having moved a value off its label
//   dates/unlabelled-dates.ts   dates page 1 prints without a label
import { upperPart, type Line } from '../layout/lines.ts';
import { findAmounts } from './amount-parser.ts';
import { numericDateOrderShown } from './date-parser.ts';
import { findLabels, type LabelHit } from './labelled-values.ts';
import { DATE_LABELS, EXPLICIT_DATE, NAMES_THE_INVOICE_DATE, OUTSIDE_THE_US, type DateRole } from './labels.ts';
import { fold } from './text-normalise.ts';
import type { Candidate } from './dates/candidate.ts';
import { settleClaims, valuelessKeyClaims } from './dates/claims.ts';
import { readLabelledDates } from './dates/labelled-dates.ts';
import { unlabelledDates } from './dates/unlabelled-dates.ts';

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
  const headerArea = upperPart(lines, HEADER_AREA);
  const { order, shown } = numericDateOrderShown(lines.map((l) => l.text));
  const hits = findLabels(lines, DATE_LABELS);
  const { scored, qualified, accounted, labelled, claims, unreadLabels, dueDate } = readLabelledDates(lines, hits, order, headerArea);
  for (const claim of valuelessKeyClaims(lines, hits, order)) claims.push({ ...claim, role: 'decoy', opens: true });
  settleClaims(claims, order);
  // A label a word makes another invoice's ("Original Invoice Date") names that invoice's date when
  // the page labels its own; alone, it may be a stamp beside the page's only label ("ORIGINAL Invoice
  // Date:"), and its date is a candidate, as a bare "Date" would be, shown but not booked (evidenceFor).
  // (An item table's dates are no such label: the title then stays the candidate it is.)
  if (scored.some((c) => !c.itemRow)) for (const q of qualified) accounted.add(q.iso);
  else scored.push(...qualified);
  scored.push(...unlabelledDates(lines, labelled, accounted, order, headerArea));
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

/** A year-first ISO date: "2020-11-10". */
const ISO_DATE = /(?<!\d)(19|20)\d{2}-\d{2}-\d{2}(?!\d)/;

/** The share of page 1's text, from its top, where its header's dates stand. */
const HEADER_AREA = 0.5;

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

/** The word confidence of a date beside a label as strong whose own date is unreadable: under decision.ts's UNSURE_DATE. */
const UNREAD_RIVAL = 0.5;
/** The word confidence of a date after its due date: under decision.ts's UNSURE_DATE. */
const DUE_BEFORE = 0.5;
