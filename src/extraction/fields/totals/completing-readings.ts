// When nothing adds up as read: the readings that complete a sum at a printed rate, a total whose
// leading digits OCR lost, or a net that a total includes with its tax.
import type { Cents } from '../../../domain/money.ts';
import type { Line } from '../../layout/lines.ts';
import { printedVatRates } from '../amount-guesses.ts';
import { paymentProves, roundingLine } from '../cash-payment.ts';
import { fold } from '../text-normalise.ts';
import { isRateOf, rateRows } from '../vat-rate-rows.ts';
import { sure, TAX_INCLUDED, type Candidate } from './candidate.ts';

/** The readings that complete a sum: nets and totals, for a second attempt at the equation. */
export function completingReadings(list: Candidate[], lines: Line[]): Candidate[] {
  return [...totalsWithLeadingDigitsLost(list, lines), ...netsOfTaxIncluded(list, lines)];
}

/**
 * A total whose leading digits OCR lost ("Total toutes taxes comprisek 6.522,51 EUR" for 16 522,51,
 * its "1" read as a letter of the label): its digits end the sum of a net and a VAT that prove each
 * other at a printed rate (the VAT is that rate of the net, to the cent, in a VAT summary's row or
 * beside a label naming the rate), both read as printed. That sum is then the total, and the
 * equation it closes proves it: the rate checks the net and the VAT, the total's digits their sum.
 * A net whose leading digit OCR misread fails the rate; a total with too few digits left could end
 * the sum by chance.
 */
function totalsWithLeadingDigitsLost(list: Candidate[], lines: Line[]): Candidate[] {
  const rows = rateRows(lines);
  // One rate: on a multi-rate invoice one rate's row sums to a part of the total, not to the total.
  const rates = new Set([...rows.map((r) => Number(r.rate)), ...list.flatMap((c) => (c.rate === null ? [] : [Number(c.rate)])), ...printedVatRates(lines)]);
  if (rates.size > 1) return [];
  const nets = list.filter((c) => c.role === 'ht' && sure(c));
  // The net is the invoice's: no larger one read as printed.
  const largest = Math.max(0, ...nets.map((c) => c.cents));
  const rated = (h: Candidate, v: Candidate) => rows.some((r) => r.basis === h.cents && r.tax === v.cents)
    || (v.rate !== null && isRateOf(v.cents, h.cents, Number(v.rate)));
  const sums = new Set<Cents>();
  for (const h of nets.filter((c) => c.cents === largest)) {
    for (const v of list.filter((c) => c.role === 'tva' && sure(c))) if (rated(h, v)) sums.add(h.cents + v.cents);
  }
  const out: Candidate[] = [];
  for (const t of list.filter((c) => c.role === 'ttc' && sure(c) && significantDigits(c.cents) >= MIN_DIGITS_LEFT_OF_TOTAL)) {
    for (const sum of sums) {
      if (sum > t.cents && String(sum).endsWith(String(t.cents))) out.push({ ...t, cents: sum, score: t.score - LEADING_DIGITS_PENALTY });
    }
  }
  return out;
}
/**
 * Five digits at least before its trailing noughts ("234,56" of 1 234,56): fewer would end a sum by
 * chance too often, a round "200,00" any sum ending in 200,00.
 */
const MIN_DIGITS_LEFT_OF_TOTAL = 5;
const significantDigits = (cents: Cents) => String(Math.abs(cents)).replace(/0+$/, '').length;
/** Below the total as read, by less than OUTRANKED_BY: the reading it completes does not outrank it. */
const LEADING_DIGITS_PENALTY = 0.1;

/**
 * A total that includes its tax at a printed rate, with no net read ("SUBTOTAL 28.70", "CASH 100.00",
 * "CHANGE 71.30", "INC 6% GST 1.62"): the net is the total less the tax, when the tax is exactly that
 * rate of it, or that rate's share of the total as a till computes it. Even exact, a small rate's tax
 * is the same for totals a few cents apart (6 % of 395.00 to 395.08 rounds to 23.70): so the total's
 * digits must also be read twice, on a second line or as what the payment proves (tendered less
 * change). A till's "subtotal" is such a total where the page says the tax is included in it. Not on
 * a page with a cash rounding, which would be taken into the net.
 */
function netsOfTaxIncluded(list: Candidate[], lines: Line[]): Candidate[] {
  if (roundingLine(lines) !== null) return [];
  const pageRates = printedVatRates(lines);
  const included = lines.some((l) => TAX_INCLUDED.test(fold(l.text)));
  // Beside its own label, so that the second reading is of another line's print.
  const totals = list.filter((c) => sure(c) && !c.inColumn && (c.role === 'ttc' || (c.role === 'ht' && included)));
  // Its digits read twice: a repair or a cell of the row below reads them as well as a label's line.
  const readTwice = (t: Candidate) => list.some((o) => o.role !== 'tva' && o.cents === t.cents && o.lineIndex !== t.lineIndex) || paymentProves(t.cents, lines, null);
  const out: Candidate[] = [];
  const asTotals = new Set<Candidate>();
  for (const v of list.filter((c) => c.role === 'tva' && sure(c))) {
    const rate = v.rate !== null ? Number(v.rate) : pageRates.length === 1 ? pageRates[0]! : null;
    if (rate === null) continue;
    for (const t of totals.filter((c) => c.cents > v.cents && readTwice(c))) {
      const net = t.cents - v.cents;
      if (Math.round((net * rate) / 100) !== v.cents && Math.round((t.cents * rate) / (100 + rate)) !== v.cents) continue;
      out.push({ role: 'ht', cents: net, lineIndex: v.lineIndex, labelAt: v.labelAt, rate: String(rate), score: Math.min(t.score, v.score) - TAX_INCLUDED_PENALTY });
      if (t.role !== 'ttc' && !asTotals.has(t)) out.push({ ...t, role: 'ttc' });
      asTotals.add(t);
    }
  }
  return out;
}
/** A net no line prints: below any net read as printed. */
const TAX_INCLUDED_PENALTY = 0.1;
