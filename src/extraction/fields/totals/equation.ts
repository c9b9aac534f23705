// The equation HT + TVA = TTC over every reading the page offers, through a cash rounding when one
// is printed, and what the verdicts on its solutions share (TotalsContext).
import type { Cents } from '../../../domain/money.ts';
import { vatShareIsPlausible } from '../../../domain/invoice-checks.ts';
import type { Line } from '../../layout/lines.ts';
import { MAX_ROUNDING, onCashStep, roundedTotal, roundedTotalBelow, roundingAdjustment, roundingLine, roundingsAbove, type Rounding } from '../cash-payment.ts';
import { ZERO_VAT_EVIDENCE, type AmountRole } from '../labels.ts';
import { fold } from '../text-normalise.ts';
import { best, NO_VAT_PRINTED, RIVAL_MARGIN, sameCell, type Candidate, type VatReading } from './candidate.ts';
import { chargesVat } from './printed-rates.ts';
import { vatSums } from './vat-sums.ts';

/** A page's readings of the totals, and what it prints around them. */
export interface TotalsContext {
  lines: Line[];
  /** Every candidate read beside or under a label, or derived from those (labelled-amounts.ts). */
  list: Candidate[];
  /** The nets and the totals the equation tries; completing-readings.ts may add to them. */
  ht: Candidate[];
  /** Totals, then amounts due as weaker totals. */
  ttc: Candidate[];
  tva: VatReading[];
  rounding: Rounding | null;
  due: Cents | null;
  /** A VAT amount is printed (or a phrase says none is due): otherwise the VAT is read as an unprinted zero. */
  printedVat: boolean;
  /** A phrase says no VAT is due ("TVA non applicable, art. 293 B du CGI"). */
  zeroVat: boolean;
  /** No VAT amount is printed, but a rate above nought is (printed-rates.ts). */
  ratePrinted: boolean;
}

/** `rounding`: the cash rounding read between net plus tax and this total, if any (roundingsAbove). */
export type Solution = { ht: Candidate; tva: VatReading; ttc: Candidate; score: number; rounding: Cents };

/** An amount due is a total, less sure: after a deposit it is a part of it. */
const DUE_AS_TOTAL_PENALTY = 0.15;

export function totalsContext(lines: Line[], list: Candidate[]): TotalsContext {
  // A VAT line that prints a rate of nought charges none, whatever amount stands on it ("Débours (TVA
  // 0 %) 4,50", "0 % MwSt. 3,30"): that amount is a line outside the VAT, no part of it.
  const tva = vatSums(ofRole(list, 'tva').filter((c) => !(c.rate !== null && Number(c.rate) === 0 && c.cents !== 0)));
  const zeroVat = lines.some((l) => ZERO_VAT_EVIDENCE.test(fold(l.text)));
  if (zeroVat) tva.push({ cents: 0, score: 0.9 });
  // No VAT amount printed at all: a net equal to the total implies none, a weak reading for review.
  const printedVat = tva.length > 0;
  if (!printedVat) tva.push({ cents: 0, score: NO_VAT_PRINTED, repaired: true, unprinted: true });
  return {
    lines, list, tva, zeroVat, printedVat,
    ht: ofRole(list, 'ht'),
    ttc: [...ofRole(list, 'ttc'), ...ofRole(list, 'due').map((c) => ({ ...c, score: c.score - DUE_AS_TOTAL_PENALTY }))],
    rounding: roundingAdjustment(lines),
    due: best(ofRole(list, 'due'))?.cents ?? null,
    // Read once per page set, and only where it matters: no VAT amount printed.
    ratePrinted: !printedVat && chargesVat(lines),
  };
}

/** The candidates read for one role. */
export const ofRole = (list: Candidate[], role: AmountRole) => list.filter((c) => c.role === role);

/** Every net, VAT and total that add up (within the cent a VAT's rounding may take), best first. */
export function solveEquation(ctx: TotalsContext): Solution[] {
  const { lines, tva, ttc, rounding } = ctx;
  const solutions: Solution[] = [];
  // A total read as printed above the rounding line, near the totals below it: the sum is that one's.
  const totalReadAbove = (t: { cents: Cents }) => rounding !== null && ttc.some((c) => !c.repaired && c.lineIndex < rounding.lineIndex && c.cents !== t.cents && Math.abs(c.cents - t.cents) <= MAX_ROUNDING);
  for (const t of ttc) {
    const offsets = [0, ...roundingsAbove(t, rounding, totalReadAbove)];
    for (const h of ctx.ht) {
      for (const v of tva) {
        const gap = t.cents - h.cents - v.cents;
        const offset = offsets.reduce((b, o) => (Math.abs(gap - o) < Math.abs(gap - b) ? o : b));
        // Through a rounding, the sum must be exact: the cent a VAT's rounding may take is no part of it.
        if (Math.abs(gap - offset) > (offset === 0 ? 1 : 0) || t.cents === 0) continue;
        // A till's "net total" taken as the total is the amount paid, after any cash rounding: it
        // proves a net and a tax only as their exact sum (1217.73 + 73.06 under "Nett Total 1290.80").
        if (t.netTotal && gap !== offset) continue;
        // Two guesses make no reading: a net equal to a total taken from any cell proves nothing.
        if (v.score <= NO_VAT_PRINTED && (h.repaired || t.repaired)) continue;
        // With no VAT, a net read down a column equals the total whenever the column runs on into
        // the total's own line ("Total HT" over the items, then "Montant total TTC 1,22 €" under
        // them, its 1,72 misread): one printed amount read twice proves nothing. A row of values
        // under a row of headings ("Total HT | TVA | Total TTC") is read once per cell.
        // Nor is one cell that both headings' columns reach, the row of values shifted under them.
        if (v.cents === 0 && h.inColumn && (!(t.inColumn && t.lineIndex === h.lineIndex) || sameCell(h, t, lines))) continue;
        // A reading whose VAT is no plausible share of its net (columns swapped) ranks last.
        const penalty = vatShareIsPlausible(h.cents, v.cents) ? 0 : 1;
        // Proven zero, the VAT is as sure as the two readings that prove it.
        const vat = v.unprinted && netEqualsTotal(h, t, ttc, ctx.ratePrinted) ? { ...v, score: Math.min(h.score, t.score), repaired: false } : v;
        solutions.push({ ht: h, tva: vat, ttc: t, score: t.score + h.score + vat.score - penalty, rounding: offset });
      }
    }
  }
  return solutions.sort((a, b) => b.score - a.score);
}

/**
 * No VAT amount printed, and a net and a total, each read as printed under its own label on its own
 * line, are equal: the two readings prove that no VAT is due, as an equation does. Not when the
 * total is only the amount due (a deposit may have been paid), when a stronger total says otherwise
 * (a "Total" before VAT under a "Total TTC" whose VAT line went unread), or when a rate is printed.
 */
function netEqualsTotal(h: Candidate, t: Candidate, ttc: Candidate[], ratePrinted: boolean): boolean {
  // A net read down a column ("Montant HT" over the items) may be the total itself, printed in the
  // column under lines whose labels OCR garbled: only a net beside its own label says it is the net.
  if (h.repaired || t.repaired || h.inColumn || t.role !== 'ttc' || h.lineIndex === t.lineIndex || h.cents !== t.cents) return false;
  if (ttc.some((c) => c.cents !== t.cents && c.score > t.score - RIVAL_MARGIN)) return false;
  return !ratePrinted;
}

/**
 * The total after cash rounding: the rounded total printed below the rounding (or below the total,
 * when no rounding read at all), or else the cash step under a rounded total OCR misread
 * (`stepped`: no line proves it).
 */
export function roundOff(ctx: TotalsContext, t: Candidate): { rounded: Cents | null; stepped: boolean } {
  const { lines, rounding } = ctx;
  const totalsBelow = (lineIndex: number) => ofRole(ctx.list, 'ttc').filter((c) => c.lineIndex > lineIndex && !c.repaired).map((c) => c.cents);
  const belowRounding = roundedTotal(t, lines, rounding);
  const printed = belowRounding !== t.cents ? belowRounding : roundedTotalBelow(t, lines, totalsBelow) ?? t.cents;
  const stepped = printed === t.cents ? onCashStep(t, lines, rounding, totalsBelow) : null;
  return { rounded: stepped ?? printed, stepped: stepped !== null };
}

/**
 * Two totals on either side of a rounding line, the one below the one above plus that rounding (either
 * sign when OCR left it unsure): one total, before and after its rounding.
 */
export function roundedPair(a: Candidate, b: Candidate, rounding: Rounding | null): boolean {
  if (!rounding || rounding.cents === 0) return false;
  const [above, below] = a.lineIndex < b.lineIndex ? [a, b] : [b, a];
  if (above.lineIndex >= rounding.lineIndex || below.lineIndex <= rounding.lineIndex) return false;
  const step = below.cents - above.cents;
  return step === rounding.cents || (rounding.signUnsure && step === -rounding.cents);
}

/**
 * A cash rounding labelled below the total, with no rounded total found after it (its amount
 * unread, or the total it makes not printed): the total read is the one before rounding.
 */
export function beforeRounding(total: { cents: Cents; lineIndex: number }, rounded: Cents | null, lines: Line[], rounding: Rounding | null): boolean {
  const at = roundingLine(lines);
  return at !== null && at > total.lineIndex && rounded === total.cents && rounding?.cents !== 0;
}
