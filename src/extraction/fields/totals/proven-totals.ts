// The verdict on the best solution of the equation: the amounts it proves, and whether anything on
// the page speaks against the proof (a rival reading, a stronger total, a repaired or doubtful
// amount, another amount asked), which makes it weak: shown, not booked.
import { negated, type Cents } from '../../../domain/money.ts';
import { vatShareIsPlausible } from '../../../domain/invoice-checks.ts';
import { paidTotal, type Rounding } from '../cash-payment.ts';
import { rateRows } from '../vat-rate-rows.ts';
import type { Totals } from '../totals.ts';
import { best, RIVAL_MARGIN, sumsTo, type Candidate } from './candidate.ts';
import { asksAnotherAmount, deductedBetween } from './asked-amount.ts';
import { beforeRounding, ofRole, roundedPair, roundOff, type Solution, type TotalsContext } from './equation.ts';

/** The most an amount of a weak proof is trusted: under the bar to validate (checks/decision.ts). */
export const WEAK_PROOF_CONFIDENCE = 0.7;
/** A total whose label outscores the proven total's by this much speaks against the proof. */
const OUTRANKED_BY = 0.3;

/** `solutions`: the equation's, best first (at least one). */
export function provenTotals(ctx: TotalsContext, solutions: Solution[], currencies: string[]): Totals {
  const { lines, rounding, due } = ctx;
  const solved = solutions[0]!;
  const { rivalTotals, ambiguous } = rivalReadings(solutions, rounding, ctx.list);
  const outranking = outrankingTotal(ctx, solved);
  // An amount due of the other sign than the total (a credit note's "- 180,00" left to refund beside
  // a total read "200,00"): OCR lost a minus sign somewhere, and the equation proves nothing.
  const signsClash = due !== null && due !== 0 && solved.ttc.cents !== 0 && Math.sign(due) !== Math.sign(solved.ttc.cents);
  const { rounded, stepped } = roundOff(ctx, solved.ttc);
  // A cash rounding labelled below the total that adds up, with no rounded total found after it
  // (its amount unread, or the total it makes not printed): the amount paid, which a receipt's
  // total is, may be another than the one the equation proves. The payment then says which
  // ("Round Adj -$0.02" read "-50.02", then "DEBIT CARD $315.15" under a total of 315.17).
  const unroundedTotal = beforeRounding(solved.ttc, rounded, lines, rounding);
  // That total is the one reported: it is the page's own word for its total.
  const total = outranking ? outranking.cents : unroundedTotal ? paidTotal(rounded, lines, rounding, true) : rounded;
  // A rounded total found below a rounding whose amount did not read: no line proves that step.
  const roundingUnread = rounding === null && rounded !== solved.ttc.cents;
  const weak = vatDoubted(ctx, solved) || ambiguous || Boolean(outranking) || signsClash || readingUnsure(solved)
    || unroundedTotal || roundingUnread || stepped || asksAnotherAmount(ctx, solved, rounded) || rowUnderRows(ctx.list, solved.ttc);
  // A rounding read on its own line between the sum and the total reported: net + tax + rounding.
  // Either the equation closed on the total below it, or the total below it was found after.
  const cashRounding = total === null || outranking ? null
    : solved.rounding !== 0 && total === solved.ttc.cents ? solved.rounding
      : rounding && !stepped && !unroundedTotal && total === rounded && total !== solved.ttc.cents ? total - solved.ttc.cents : null;
  const cap = weak ? WEAK_PROOF_CONFIDENCE : 0.99;
  const conf = (s: number) => Math.max(0, Math.min(cap, 0.55 + s * 0.45));
  // The amount due's sign is the credit note's: its minus, the one OCR kept, signs the amounts too.
  const signed = (cents: Cents) => (signsClash ? negated(cents) : cents);
  return {
    ht: signed(solved.ht.cents), tva: signed(solved.tva.cents), ttc: total === null ? null : signed(total), due,
    confidence: { ht: conf(solved.ht.score), tva: conf(solved.tva.score), ttc: conf(solved.ttc.score) }, currencies, rivalTotals,
    proof: weak ? 'weak' : 'equation', cashRounding: cashRounding === null ? null : signed(cashRounding),
  };
}

/**
 * Other solutions with other totals. `rivalTotals`: the totals of those read as printed with a
 * plausible VAT, unless they are the parts of the chosen one; `ambiguous`: one of them, or the
 * chosen total split another way, scores close to the chosen one.
 */
function rivalReadings(solutions: Solution[], rounding: Rounding | null, list: Candidate[]): { rivalTotals: Cents[]; ambiguous: boolean } {
  const solved = solutions[0]!;
  const sound = (s: Solution) => !s.ht.repaired && !s.tva.repaired && !s.ttc.repaired && vatShareIsPlausible(s.ht.cents, s.tva.cents);
  // A total a read rounding away from the chosen one adds up within the cent as well ("Total Incl.
  // GST 742.39", "Rounding Adj 0.01", "TOTAL 742.40"): the same total, before or after its rounding.
  const otherTotal = (c: Candidate) => c.cents !== solved.ttc.cents && !roundedPair(c, solved.ttc, rounding);
  const others = [...new Set(solutions.filter((s) => sound(s) && otherTotal(s.ttc)).map((s) => s.ttc.cents))];
  // One row per VAT rate that adds up on its own (base + tax = that rate's total): the rows are the
  // parts of the chosen total, not rivals of it.
  // So are rows of a column of totals that, with others of its rows, sum to the chosen total: one
  // row's base or tax misread left it out of the solutions ("20% | 351,79 | 20,3 | 422,15").
  const parts = (others.length >= 2 && sumsTo(others, solved.ttc.cents)) || (others.length > 0 && rowsOfASummingColumn(list, solved.ttc.cents, others));
  // Two consistent readings with different totals and close scores: the document is ambiguous, so
  // the amounts are reported but not trusted enough to validate. The rows of a per-rate table that
  // sum to the chosen total are its parts, and rival nothing.
  const rival = solutions.some((s) => otherTotal(s.ttc) && solved.score - s.score < RIVAL_MARGIN && !(parts && others.includes(s.ttc.cents)));
  // The same total split another way that adds up as well, about as surely ("TOTAL HT | TOTAL TVA"
  // headings over "100,00 | 4,90 | 104,90" read one column off, with a VAT of nothing read
  // elsewhere): which net and VAT the page prints is not proven.
  const splitRival = solutions.some((s) => s.ttc.cents === solved.ttc.cents && s.ht.cents !== solved.ht.cents && solved.score - s.score < RIVAL_MARGIN);
  return { rivalTotals: parts ? [] : others, ambiguous: rival || splitRival };
}

/**
 * The other totals are rows of one column of totals (under one heading, as printed), some of whose
 * rows, with them, add up to `total`: the rows of a table of one line per VAT rate. Some rows only:
 * a line printed between them ("TVA 20 % sur 351,79   70,36 €") may put its base under the column.
 */
function rowsOfASummingColumn(list: Candidate[], total: Cents, others: Cents[]): boolean {
  return [...columnsOfTotals(list).values()].some((rows) => {
    // The column's rows but one for each of the others, which must all be there.
    const rest = [...rows.values()];
    for (const t of others) {
      const at = rest.indexOf(t);
      if (at < 0) return false;
      rest.splice(at, 1);
    }
    // The others, with any of the column's other rows (a dozen at most: 4 096 choices).
    if (rest.length > MAX_OTHER_ROWS) return false;
    for (let mask = 0; mask < 1 << rest.length; mask++) {
      const chosen = [...others, ...rest.filter((_, i) => mask & (1 << i))];
      if (chosen.length >= 2 && sumsTo(chosen, total)) return true;
    }
    return false;
  });
}
const MAX_OTHER_ROWS = 12;

/** The totals read down each column under a heading, as printed: heading (line and place) -> row's line -> amount. */
function columnsOfTotals(list: Candidate[]): Map<string, Map<number, Cents>> {
  const columns = new Map<string, Map<number, Cents>>();
  for (const c of list) {
    if (c.role !== 'ttc' || !c.inColumn || c.repaired || !c.valueAt) continue;
    const key = headingOf(c);
    columns.set(key, (columns.get(key) ?? new Map()).set(c.valueAt.lineIndex, c.cents));
  }
  return columns;
}
const headingOf = (c: Candidate) => `${c.lineIndex}:${c.labelAt}`;

/**
 * A total read beside a stronger label than the one the equation settled on, which no net and
 * VAT add up to ("Total (Inclusive of GST): 38.00" over a net misread "30.00", the equation
 * then closing on a line's "30.00" under an items table's "Total" heading): the equation
 * proves the wrong line. An amount due is left out: after a deposit it differs by right.
 * Nor is a total that a deposit or payment printed between the two takes to it ("Total £885.53",
 * "Less deposit -£354.00", "Amount payable £531.53"): it is what remains to pay.
 */
function outrankingTotal({ lines, ttc }: TotalsContext, solved: Solution): Candidate | null {
  return best(ttc.filter((c) => c.role === 'ttc' && c.cents !== solved.ttc.cents && !c.repaired && c.score > solved.ttc.score + OUTRANKED_BY
    && !deductedBetween(lines, solved.ttc, c)));
}

/**
 * A total taken down a column, under rows of that column that it does not sum, is one row of a
 * table (a VAT summary's "-5,77" over "-3,02" under "Endbetrag"), not the invoice's total: the
 * column's own sum row went unread, or was read elsewhere ("-8,79" shifted off its column).
 */
function rowUnderRows(list: Candidate[], ttc: Candidate): boolean {
  if (!ttc.inColumn || !ttc.valueAt) return false;
  const row = ttc.valueAt.lineIndex;
  const above = [...(columnsOfTotals(list).get(headingOf(ttc)) ?? [])].filter(([line]) => line < row).map(([, cents]) => cents);
  return above.length > 0 && !sumsTo(above, ttc.cents);
}

/** The proof rests on a reading that is not the page's own as printed. */
function readingUnsure(solved: Solution): boolean {
  // A table of one row per VAT rate ends with the row that sums them: a net and a total read in a
  // row above the last, whose own sum did not read, may be one rate's ("7 % | -2,82 | -0,20 |
  // -3,02" over a sum row read "=7,90 | “1,12 | -6,79"). Other amounts under the total's column
  // alone are no such rows ("Acompte : -10,00", "Net à payer - 90,00"), and a VAT alone taken from
  // a table of VAT per rate is checked by a net and a total read elsewhere.
  // A column whose last row sums the rows above says so outright, whatever the total's column read
  // below ("-4,85 | -2,82 | -7,67" over an Endbetrag column ending in "-B,79").
  // So does a net and a VAT read each in its column with rows below (the total's below lost).
  const rowsBelow = (c: { rowsBelow?: number }) => (c.rowsBelow ?? 0) > 0;
  const rateRow = (rowsBelow(solved.ht) && (rowsBelow(solved.ttc) || rowsBelow(solved.tva))) || Boolean(solved.ht.partOfSum || solved.ttc.partOfSum);
  // A VAT whose decimal comma OCR lost ("172426 €" for 1 724,26 €) is checked by a net and a total
  // read as printed, as a doubtful one is: only its right digits close their equation. Not a VAT
  // taken from any cell of a row (one of several may close it by chance), nor one whose sign was
  // flipped, nor a zero: none of these is the page's VAT as read.
  const vatUnsure = solved.tva.repaired && !(solved.tva.lostDecimals && solved.tva.cents !== 0 && !solved.ht.cutCents && !solved.ttc.cutCents);
  return Boolean(solved.ht.repaired || solved.ttc.repaired || vatUnsure || solved.ht.doubtful || solved.ttc.doubtful || rateRow);
}

/** The proven VAT does not stand for the page's VAT lines. */
function vatDoubted(ctx: TotalsContext, solved: Solution): boolean {
  // VAT lines summed as the total VAT whose rates say they were charged on more than the net, or on
  // all of it beside lines of tax without a rate: one of them is no tax ("7 % 1 379,79 96,59" beside
  // "27,45", a 19 % rate's net whose tax "5,22" OCR read on a line of its own).
  const implied = solved.tva.impliedNet;
  const net = Math.abs(solved.ht.cents);
  const taxedOverNet = implied !== undefined && (implied.cents > net + implied.slack + 1 || (implied.unrated > 0 && implied.cents >= net - implied.slack - 1));
  // VAT lines after their labels at two rates or more ("TVA 20% sur 351,79   70,36 €", "TVA 10% sur
  // 2 792,47   279,25 €"), and the proof's VAT is one of them alone: the equation closed on one
  // rate's row ("20 % | 351,79 | 70,36 | 422,15" under "Base HT | Montant TVA | Total TTC", the
  // page's own net unread), not on the page's totals, whose VAT is their sum.
  const rateLines = ofRole(ctx.list, 'tva').filter((c) => !c.inColumn && !c.repaired && c.rate !== null && Number(c.rate) > 0 && c.cents !== 0);
  const oneRateOfSeveral = new Set(rateLines.map((c) => c.rate)).size >= 2 && rateLines.some((c) => c.cents === solved.tva.cents);
  // A VAT of nought on a page whose VAT summary charges a rate above nought on a row that proves
  // itself ("S 20,00 % 40,00 8,00" over "E 0,00 % 60,00 0,00"): the nought is an exempt row's, not the
  // invoice's VAT.
  const charged = solved.tva.cents === 0 && rateRows(ctx.lines).some((r) => Number(r.rate) > 0 && r.tax !== 0);
  return taxedOverNet || oneRateOfSeveral || charged;
}
