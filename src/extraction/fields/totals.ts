// Finds HT, TVA and TTC: labelled candidates first, then the combination that adds up wins.
//   totals/labelled-amounts.ts     the amounts beside or under each label (candidate.ts: what one is)
//   totals/derived-readings.ts     the readings they imply: rate rows, service charges, lost signs…
//   totals/vat-sums.ts             the VAT lines, alone and summed over several rates
//   totals/equation.ts             HT + TVA = TTC over every reading, through a cash rounding
//   totals/completing-readings.ts  nothing adds up: readings that complete a sum at a printed rate
//   totals/proven-totals.ts        the best solution, and whatever on the page speaks against it
//   totals/asked-amount.ts         …such as another amount the page asks (a charge, a deposit)
//   totals/guessed-totals.ts       still nothing adds up: the best guesses, for review
import type { Cents } from '../../domain/money.ts';
import type { AmountProof } from '../types.ts';
import type { Line } from '../layout/lines.ts';
import { completingReadings } from './totals/completing-readings.ts';
import { solveEquation, totalsContext } from './totals/equation.ts';
import { guessedTotals } from './totals/guessed-totals.ts';
import { labelledAmounts } from './totals/labelled-amounts.ts';
import { provenTotals } from './totals/proven-totals.ts';

export { WEAK_PROOF_CONFIDENCE } from './totals/proven-totals.ts';

export interface Totals {
  ht: Cents | null;
  tva: Cents | null;
  ttc: Cents | null;
  due: Cents | null;
  confidence: { ht: number; tva: number; ttc: number };
  currencies: string[];
  /**
   * Totals of other readings that add up as soundly as the chosen one (every amount read as printed,
   * a plausible VAT): two sets that both prove themselves leave the page ambiguous.
   */
  rivalTotals: Cents[];
  proof: AmountProof;
  /** The cash rounding printed between the sum that adds up and the total reported (see CheckedInvoice). */
  cashRounding: Cents | null;
}

export function readTotals(lines: Line[]): Totals {
  const { list, currencies } = labelledAmounts(lines);
  const ctx = totalsContext(lines, list);
  let solutions = solveEquation(ctx);
  // Nothing adds up as read: the readings that complete a sum at a printed rate get their turn (a
  // total whose leading digits OCR lost, a net that a total includes with its tax).
  if (!solutions.length) {
    const completed = completingReadings(list, lines);
    ctx.ht.push(...completed.filter((c) => c.role === 'ht'));
    ctx.ttc.push(...completed.filter((c) => c.role === 'ttc'));
    solutions = solveEquation(ctx);
  }
  return solutions.length ? provenTotals(ctx, solutions, currencies) : guessedTotals(ctx, currencies);
}
