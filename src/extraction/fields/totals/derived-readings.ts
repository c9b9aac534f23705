// Readings the page implies beside its labelled amounts: a VAT summary's rows, a net with its
// service charge, a "net total" as the total, a VAT left without its label, a credit note's lost
// minus. Each is a candidate like the others; only an equation that adds up can pick it.
import type { Line } from '../../layout/lines.ts';
import { findAmounts } from '../amount-parser.ts';
import { SERVICE_CHARGE, type AmountRole } from '../labels.ts';
import { fold } from '../text-normalise.ts';
import { isRateOf, PRINTED_RATE, rateRows } from '../vat-rate-rows.ts';
import { ANY_CELL_PENALTY, MAX_VAT_RATES, type Candidate } from './candidate.ts';

/**
 * A VAT summary's rows that prove themselves (vat-rate-rows.ts): each a basis and its tax, as sure
 * as a label that usually names them, and with two rates or more, the sum of their bases as the net
 * (their taxes are summed with the other VAT lines, vatSums). A row whose tax the page already reads
 * as a VAT, on its line ("TVA 20 % 100,00 20,00") or beside a label of its own ("TVA à 20 % 25,76 €"
 * under the summary), adds only its basis: each rate's VAT is counted once in the sums.
 */
export function rateRowReadings(lines: Line[], list: Candidate[], lastPage: number): Candidate[] {
  const rows = rateRows(lines);
  const out: Candidate[] = [];
  const score = (lineIndex: number) => RATE_ROW_WEIGHT * lines[lineIndex]!.conf + (lines[lineIndex]!.page === lastPage ? 0 : -0.2);
  for (const row of rows) {
    const at = { lineIndex: row.lineIndex, labelAt: 0, rate: row.rate, score: score(row.lineIndex) };
    out.push({ role: 'ht', cents: row.basis, ...at });
    if (!list.some((c) => c.role === 'tva' && (c.lineIndex === row.lineIndex || (c.cents === row.tax && !c.inColumn && !c.repaired)))) out.push({ role: 'tva', cents: row.tax, ...at });
  }
  const rates = new Set(rows.map((r) => r.rate));
  if (rows.length >= 2 && rows.length <= MAX_VAT_RATES && rates.size === rows.length) {
    const last = rows.at(-1)!.lineIndex;
    out.push({ role: 'ht', cents: rows.reduce((sum, r) => sum + r.basis, 0), lineIndex: last, labelAt: 0, rate: null, score: Math.min(...rows.map((r) => score(r.lineIndex))) - 0.05 });
  }
  return out;
}

/** A self-proving rate row's basis and tax weigh as a label that usually names them (labels.ts's USUAL_AMOUNT). */
const RATE_ROW_WEIGHT = 0.9;

/** How far below its net a service charge is printed, in lines. */
const SERVICE_CHARGE_LINES = 2;

/**
 * A service charge printed just below a net ("SUBTOTAL 64.90", "SVC CHG 10% 6.49", then "GST 6%
 * 4.28"): the tax is charged on both, so the net plus the charge is a net too, a little less sure
 * than the net itself. Only a charge that is its printed rate of that net, to the cent.
 */
export function withServiceCharge(lines: Line[], list: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const h of list.filter((c) => c.role === 'ht' && !c.repaired && !c.inColumn)) {
    for (let i = h.lineIndex + 1; i <= h.lineIndex + SERVICE_CHARGE_LINES && i < lines.length; i++) {
      const text = fold(lines[i]!.text);
      const rate = Number(PRINTED_RATE.exec(text)?.[1]?.replace(',', '.'));
      const charge = findAmounts(lines[i]!.text).at(-1);
      if (!SERVICE_CHARGE.test(text) || !rate || !charge?.hasCents || !isRateOf(charge.cents, h.cents, rate)) continue;
      out.push({ role: 'ht', cents: h.cents + charge.cents, score: h.score - 0.05, lineIndex: i, labelAt: 0, rate: null });
    }
  }
  return out;
}

/** Less sure than the net it is read as first: only an equation that adds up can make it the total. */
const NET_TOTAL_AS_TOTAL_PENALTY = 0.1;

/** How many lines above a "net total" the tax it follows may be (a service charge, a discount between). */
const NET_TOTAL_TAX_LINES = 3;

/**
 * "Net total" is an invoice's net, printed above its VAT; a till receipt prints it just below the
 * tax as the amount paid ("Sub-Total 27.17 / Total GST 1.63 / NET TOTAL 28.80"). Printed a few lines
 * below a VAT amount read beside its own label (not a "Tax" column's heading over the items), it is
 * a candidate total too, and the equation decides which it is. On a page that prints no tax and no
 * other total at all (a receipt that charges none: "SUBTOTAL / Discount / NET TOTAL / DEBIT CARD"),
 * it is the amount paid; a guess then, since the net and the total are one reading of one amount.
 */
export function netTotalsAsTotals(list: Candidate[], lines: Line[]): Candidate[] {
  const vatLines = list.filter((c) => c.role === 'tva' && !c.repaired && !c.inColumn).map((c) => c.lineIndex);
  const justBelowTax = (c: Candidate) => vatLines.some((i) => i < c.lineIndex && c.lineIndex - i <= NET_TOTAL_TAX_LINES && lines[i]!.page === lines[c.lineIndex]!.page);
  const alone = !list.some((c) => c.role === 'tva' || c.role === 'ttc' || c.role === 'due');
  return list.filter((c) => c.netTotal && (justBelowTax(c) || alone))
    .map((c) => ({ ...c, role: 'ttc' as const, score: c.score - NET_TOTAL_AS_TOTAL_PENALTY, repaired: c.repaired || !justBelowTax(c) }));
}

/**
 * OCR that drops a VAT line's label ("VAT 20 %") leaves its amount alone on its line, between the net
 * and the total: that amount, read as printed, is the VAT, weaker than a labelled one. It is still a
 * third reading of the page, so the equation (net + it = total) proves the three as well.
 */
export function vatBetweenTotals(lines: Line[], list: Candidate[], labelled: Set<number>): Candidate[] {
  const out: Candidate[] = [];
  const beside = (role: AmountRole) => list.filter((c) => c.role === role && !c.repaired && !c.inColumn);
  const totalLines = new Set(beside('ttc').map((t) => t.lineIndex));
  for (const h of beside('ht')) {
    const i = h.lineIndex + 1;
    const line = lines[i];
    if (!line || labelled.has(i) || !totalLines.has(i + 1)) continue;
    if (line.page !== lines[h.lineIndex]!.page || /\p{L}{2,}/u.test(line.text.replace(/\b(EUR|USD|GBP|CHF)\b/gi, ''))) continue;
    for (const a of findAmounts(line.text)) {
      out.push({ role: 'tva', cents: a.cents, score: h.score - ANY_CELL_PENALTY, lineIndex: i, labelAt: 0, rate: null });
    }
  }
  return out;
}

/**
 * OCR loses a credit note's minus: "-2 976,00" read "~2 976,00", or "(1 441,00 €)" with its bracket
 * glued to the label ("comprisesq1 441,00 €)"). When the totals read as printed disagree in sign, each
 * also has the other sign, as a repair: the equation picks the fewest flips, and never validates them
 * (a flipped VAT is no `lostDecimals` repair).
 */
export function lostSigns(list: Candidate[], lines: Line[]): Candidate[] {
  const read = list.filter((c) => !c.repaired && c.cents !== 0 && c.role !== 'due' && lines[c.lineIndex]!.conf < 1);
  if (!read.some((c) => c.cents < 0) || !read.some((c) => c.cents > 0)) return [];
  return read.map((c) => ({ ...c, cents: -c.cents, score: c.score - SIGN_REPAIR_PENALTY, repaired: true }));
}
/** More than a repair of digits, so that a solution with one flip always outranks one with two. */
const SIGN_REPAIR_PENALTY = 0.3;
