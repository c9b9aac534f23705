// Whether the page asks another amount than the total its equation proves: a charge added after
// the VAT sum, a discount or a deposit below it, a payment of another amount, a larger total or
// amount due elsewhere. Any of them makes the proof weak: the amounts are shown, not booked.
import type { Cents } from '../../../domain/money.ts';
import type { Line } from '../../layout/lines.ts';
import { findAmounts } from '../amount-parser.ts';
import { amountsPaid, cashDrawn, cashTendered, MAX_ROUNDING, oneDigitApart, paidOtherwise } from '../cash-payment.ts';
import { DEPOSIT_ASKED, DEPOSIT_PAID, DISCOUNT } from '../labels.ts';
import { fold } from '../text-normalise.ts';
import { sumsTo, type Candidate } from './candidate.ts';
import { ofRole, roundedPair, type Solution, type TotalsContext } from './equation.ts';

/** `rounded`: the proven total after its cash rounding (equation.ts's roundOff). */
export function asksAnotherAmount(ctx: TotalsContext, solved: Solution, rounded: Cents | null): boolean {
  const { lines, rounding } = ctx;
  return chargeAdded(ctx, solved, rounded) || columnAgainstLabel(ctx, solved) || zeroVatAgainstLabel(ctx, solved) || depositAsked(lines, solved.ttc, ctx.ttc)
    || discountedAfter(ctx, solved) || paidOtherwise(solved.ttc, lines, rounding) || askedAbove(ctx, solved, rounded);
}

/**
 * A larger total or amount due below the proven one, which an amount printed between them takes
 * it to: a charge added after the VAT sum ("Total TTC 1 200,00", "Débours 35,00", "Total facture
 * 1 235,00"), outside the equation, which then proves only a part of what the invoice asks. Not
 * the cash a till was handed ("Change 4.55", "Total Payment 50.00"): that is a payment. A card
 * charged the larger amount is charged a tip or a fee, unless cash was drawn with it ("Cashback").
 */
function chargeAdded({ lines, ttc, rounding }: TotalsContext, solved: Solution, rounded: Cents | null): boolean {
  return ttc.some((c) => !c.repaired && !c.doubtful && !c.inColumn && c.lineIndex > solved.ttc.lineIndex
    && Math.sign(c.cents) === Math.sign(solved.ttc.cents) && Math.abs(c.cents) > Math.max(Math.abs(solved.ttc.cents), Math.abs(rounded ?? solved.ttc.cents))
    && !roundedPair(c, solved.ttc, rounding) && deductedBetween(lines, solved.ttc, c) && cashTendered(lines) !== c.cents && !cashDrawn(lines));
}

/**
 * A smaller total below the proven one, a discount printed between them taking it there ("Total
 * (Incl GST) 53.00", "Discount 5.30", "NETT TOTAL 47.70"): the till asks the smaller. Not an amount
 * due after a voucher or gift card: that pays a part of the total.
 */
function discountedAfter({ lines, ttc }: TotalsContext, solved: Solution): boolean {
  return ttc.some((c) => !c.repaired && !c.doubtful && c.lineIndex > solved.ttc.lineIndex
    && Math.sign(c.cents) === Math.sign(solved.ttc.cents) && Math.abs(c.cents) < Math.abs(solved.ttc.cents)
    && printedBetween(lines, solved.ttc, c, solved.ttc.cents - c.cents, DISCOUNT) && !printedBetween(lines, solved.ttc, c, solved.ttc.cents - c.cents, DEPOSIT_ASKED));
}

/**
 * A total read down a column (an item's row under "Montant HT | TVA | Montant TTC") above a total
 * printed under its own label, as many digits long, that says another amount: the labelled one
 * may be the page's total misread by a digit, which then no longer outranks one item's row.
 */
function columnAgainstLabel({ ttc, rounding }: TotalsContext, solved: Solution): boolean {
  const digits = (cents: Cents) => String(Math.abs(cents)).length;
  return Boolean(solved.ttc.inColumn) && ttc.some((c) => c.role === 'ttc' && !c.inColumn && !c.repaired
    && c.lineIndex > solved.ttc.lineIndex && c.cents !== solved.ttc.cents && digits(c.cents) === digits(solved.ttc.cents) && !roundedPair(c, solved.ttc, rounding));
}

/**
 * A zero VAT proves only that a net and a total read alike, and two amounts misread alike do
 * ("Total (Excluding GST): 54.00", "Total (Inclusive of GST): 54.00" on a phone scan of a receipt
 * that prints 59.00 in both, and "TOTAL : 59.00" below them). A total under its own label elsewhere
 * on the page that is one digit away from the proven one may be the page's total: the proof is
 * doubted. Not a total that an amount printed between them takes the proven one to (a deposit, a
 * discount), nor the same total before or after its cash rounding.
 */
function zeroVatAgainstLabel({ lines, ttc, rounding }: TotalsContext, solved: Solution): boolean {
  return solved.tva.cents === 0 && ttc.some((c) => c.role === 'ttc' && !c.inColumn && !c.repaired && c.lineIndex !== solved.ttc.lineIndex
    && Math.sign(c.cents) === Math.sign(solved.ttc.cents) && oneDigitApart(c.cents, solved.ttc.cents) && !roundedPair(c, solved.ttc, rounding)
    && !deductedBetween(lines, solved.ttc, c) && !deductedBetween(lines, c, solved.ttc));
}

/**
 * A larger amount asked than the proven total, the rest printed as a charge of its own anywhere on
 * the page: the invoice asks more than the equation proves. An order's, a contract's or a previous
 * bill's total, or the total in another currency, prints no such difference.
 * (Not the proven total's own line: an order twice its amount, shipped in halves, prints no rest.)
 */
function askedAbove(ctx: TotalsContext, solved: Solution, rounded: Cents | null): boolean {
  const { lines, rounding } = ctx;
  const restPrinted = (c: Candidate) => lines.some((l, i) => i !== solved.ttc.lineIndex && i !== solved.ht.lineIndex
    && findAmounts(l.text).some((a) => Math.abs(Math.abs(a.cents) - Math.abs(c.cents - solved.ttc.cents)) <= 1));
  const asksMore = (c: Candidate) => !c.repaired && !c.doubtful && Math.sign(c.cents) === Math.sign(solved.ttc.cents)
    && Math.abs(c.cents) > Math.max(Math.abs(solved.ttc.cents), Math.abs(rounded ?? solved.ttc.cents)) + MAX_ROUNDING && !roundedPair(c, solved.ttc, rounding) && restPrinted(c);
  // An amount due, wherever the page prints it ("Montant à régler : 1 237,45 €" over a total of
  // 1 200,00 and "Débours … 37,45 €"; "Zu zahlen inkl. Pfand"). A deposit or a payment only makes it smaller.
  const dueAbove = ofRole(ctx.list, 'due').some((c) => asksMore(c) && cashTendered(lines) !== c.cents);
  // A total above the proven one, or on an earlier page, under a total's own label: a bill's summary
  // ("Montant total de votre facture 44,89 €", "Rechnungsbetrag", "Total this bill") over one
  // section's net, VAT and total, the rest billed outside it (a third party's service, an instalment).
  const largerAbove = ctx.ttc.some((c) => c.role === 'ttc' && !c.inColumn && c.lineIndex < solved.ttc.lineIndex && asksMore(c));
  return dueAbove || largerAbove;
}

/**
 * An amount printed on a line between a total and a later one that is their difference: a deposit,
 * a payment or a discount, which makes the later one what remains of the first (or a charge, which
 * the later one adds to it).
 */
export function deductedBetween(lines: Line[], total: Candidate, later: Candidate): boolean {
  if (later.lineIndex <= total.lineIndex) return false;
  const gap = Math.abs(total.cents - later.cents);
  if (printedBetween(lines, total, later, gap)) return true;
  // Several, one a line ("Débours : frais de greffe 35,00", "Débours : timbres 20,00"; a deposit and
  // a discount): the difference is the sum of each line's last amount, within a cent a line.
  // The cash a till was handed and its change are no part of it.
  const paid = amountsPaid(lines);
  const lastOfEach = lines.slice(total.lineIndex + 1, later.lineIndex).flatMap((l) => findAmounts(l.text).slice(-1).map((a) => Math.abs(a.cents)))
    .filter((c) => !paid.includes(c));
  return lastOfEach.length > 1 && sumsTo(lastOfEach, gap);
}

/**
 * A deposit asked on the order's total, below it: a deposit's line printing a part of the total
 * ("Total TTC 12 000,00", "Acompte 30 % à la commande 3 600,00"), then an amount due of that part,
 * or nothing that the total less the deposits makes. The invoice bills that part, not the total the
 * equation proves. Not a deposit paid, deducted or to come ("Acompte versé", "abzüglich geleisteter
 * Abschlagszahlungen:" over the lines it heads, "Prochain acompte"), nor a schedule that prints
 * what remains ("Solde à la livraison 8 400,00", "Restbetrag", "Reste à payer").
 */
function depositAsked(lines: Line[], total: Candidate, totals: Candidate[]): boolean {
  if (total.cents <= 0) return false;
  const below = lines.slice(total.lineIndex + 1);
  const settled = (k: number) => below.slice(Math.max(0, k - HEADED_LINES), k + 1).some((l) => DEPOSIT_PAID.test(fold(l.text)));
  const parts = below.flatMap((line, k) => {
    const part = findAmounts(line.text).at(-1);
    return DEPOSIT_ASKED.test(fold(line.text)) && !settled(k) && part && part.cents > 0 && part.cents < total.cents ? [{ cents: part.cents, at: total.lineIndex + 1 + k }] : [];
  });
  if (!parts.length) return false;
  // The deposit itself asked as the amount due: a deposit invoice, whatever else the page prints.
  if (totals.some((c) => c.lineIndex > parts[0]!.at && parts.some((p) => Math.abs(c.cents - p.cents) <= 1))) return true;
  const remainders = [...parts.map((p) => total.cents - p.cents), total.cents - parts.reduce((sum, p) => sum + p.cents, 0)];
  return !below.some((l) => findAmounts(l.text).some((a) => remainders.some((r) => Math.abs(Math.abs(a.cents) - r) <= 1)));
}

/** A line saying deposits were paid heads the lines under it this far ("abzüglich geleisteter Abschlagszahlungen:"). */
const HEADED_LINES = 2;

/** A line between a total and a later one (whose words match `words`, if given) prints this amount, whatever its sign (within a cent). */
function printedBetween(lines: Line[], total: Candidate, later: Candidate, cents: Cents, words?: RegExp): boolean {
  return lines.slice(total.lineIndex + 1, later.lineIndex).some((l) => (!words || words.test(fold(l.text)))
    && findAmounts(l.text).some((a) => Math.abs(Math.abs(a.cents) - Math.abs(cents)) <= 1));
}
