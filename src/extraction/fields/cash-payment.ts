// What a receipt's payment lines say about its total: the rounding to the nearest 5 or 10 cents, and
// the payment (amount tendered − change, or the amount charged to a card), a second witness to a
// total that OCR may have misread.
import type { Cents } from '../../domain/money.ts';
import type { Line } from '../layout/lines.ts';
import { centsCut, findAmounts } from './amount-parser.ts';
import { fold } from './text-normalise.ts';
import { isOneNarrowColumn } from '../layout/narrow-column.ts';

export interface Rounding {
  cents: Cents;
  lineIndex: number;
  /** OCR read no sign where one may have been ("~0.02", "Rounding Ad) 0.02"): either may be meant. */
  signUnsure: boolean;
}

/** The amount is printed on one of the lines. */
export const printedOn = (lines: Line[], cents: Cents) => lines.some((l) => findAmounts(l.text).some((a) => a.cents === cents));

/**
 * "Rounding", "Round Adj" (OCR: "Round Ady"), "Arrondi", Malay "Pembundaran" and "Penggenapan", Dutch
 * "Afronding", German "Rundung"; not "Rounded total", a total.
 */
const ROUNDING_LABEL = /\b(rounding|round|arrondi|pembundaran|penggenapan|afronding|rundung)\b/;

/** The first line a cash rounding is labelled on, whether or not its amount could be read. */
export function roundingLine(lines: Line[]): number | null {
  const i = lines.findIndex((l) => ROUNDING_LABEL.test(fold(l.text)));
  return i < 0 ? null : i;
}

/** The most a cash rounding moves a total, in cents (to the nearest 5 or 10 cents). */
export const MAX_ROUNDING = 10;

/**
 * A cash rounding line ("Rounding Adj. -0.01", "Arrondi 0,02"): a few cents that turn the total
 * into the amount actually paid. Signs are printed before or after ("0.02-"), the leading zero
 * often not at all ("-.01"); OCR reads a minus as "~" or drops it.
 */
export function roundingAdjustment(lines: Line[]): Rounding | null {
  for (const [lineIndex, line] of lines.entries()) {
    const text = fold(line.text);
    const label = ROUNDING_LABEL.exec(text);
    if (!label) continue;
    // A currency may stand between the sign and the figure ("-RM0.02"), and OCR reads its 0 as "O".
    const after = text.slice(label.index + label[0].length).replace(/\b(rm|myr|eur)\s?|[$€]\s?/g, '');
    // Its point lost, a rounding is three digits from a nought ("Rounding Adj 001"): no whole amount.
    // (The empty group stands for the whole part, so that both forms read the same groups.)
    const last = [...after.matchAll(/(-)?\s?([\do]*)[.,](\d{2})(\s?-)?(?!\d)/g)].at(-1) ?? /(-)?\s?\b()0(\d{2})(\s?-)?\s*$/.exec(after);
    if (!last) continue;
    const cents = Number(last[2]?.replace(/o/g, '0') || 0) * 100 + Number(last[3]);
    // Cash is rounded to 5 or 10 cents: anything larger on a "rounding" line is a rounded total.
    if (cents > MAX_ROUNDING) continue;
    const minus = Boolean(last[1] || last[4]);
    // A plus printed, or a text layer, says the sign; OCR's silence does not.
    const plus = /\+\s?\d*[.,]\d{2}/.test(text.slice(label.index));
    return { cents: minus ? -cents : cents, lineIndex, signUnsure: !minus && !plus && line.conf < 1 };
  }
  return null;
}

/**
 * The total after cash rounding, when the page prints it below the rounding line ("Rounding
 * Adj. -0.01" then "Total RM 10.45"). Rounding that only settles the change leaves the total as is.
 * A rounding whose sign OCR lost is tried both ways: only the one printed below counts.
 */
export function roundedTotal(total: { cents: Cents; lineIndex: number } | null, lines: Line[], rounding: Rounding | null): Cents | null {
  if (!total) return null;
  if (!rounding) return roundedBelowUnread(total, lines) ?? total.cents;
  if (rounding.cents === 0 || total.lineIndex > rounding.lineIndex) return total.cents;
  const below = lines.slice(rounding.lineIndex + 1);
  return roundings(total.cents, rounding).find((rounded) => printedOn(below, rounded)) ?? total.cents;
}

/** The totals a rounding may make: both ways when OCR left its sign unsure. */
const roundings = (total: Cents, rounding: Rounding) => (rounding.signUnsure ? [total + rounding.cents, total - rounding.cents] : [total + rounding.cents]);

/**
 * What a rounding read on its own line may add to net plus tax, for a total printed below it on the
 * cash step ("Rounding Adj 0.02" over "Grand Total 321.15", the total before it misread "821:13"):
 * nothing for a total on or above the rounding's line, off the step, or when the total before the
 * rounding did read (`totalReadAbove`): the sum is then that total's, and a sum that misses it by a
 * rounding of either sign is a misread net or tax, not the rounding.
 */
export function roundingsAbove(total: { cents: Cents; lineIndex: number }, rounding: Rounding | null, totalReadAbove: (total: { cents: Cents; lineIndex: number }) => boolean): Cents[] {
  if (!rounding || rounding.cents === 0 || total.lineIndex <= rounding.lineIndex || total.cents % CASH_STEP !== 0 || totalReadAbove(total)) return [];
  return roundings(0, rounding);
}

/**
 * A rounding labelled below the total whose amount did not read ("Rounding Ad) 6.02" for 0.02): the
 * first amount printed after it is the rounded total when it is a few cents off the total and a
 * multiple of 5 cents, as cash is rounded.
 */
function roundedBelowUnread(total: { cents: Cents; lineIndex: number }, lines: Line[]): Cents | null {
  const at = roundingLine(lines);
  if (at === null || at <= total.lineIndex) return null;
  const next = lines.slice(at + 1).map((l) => findAmounts(l.text)).find((amounts) => amounts.length)?.[0];
  if (!next) return null;
  const off = Math.abs(next.cents - total.cents);
  return off > 0 && off <= MAX_ROUNDING && next.cents % CASH_STEP === 0 ? next.cents : null;
}
/**
 * With no rounding on the page read at all (its row unread), a total labelled below (`totalsBelow`),
 * a few cents off the total and a multiple of 5 cents, is the total after a cash rounding: "Total
 * Sales (Inclusive GST) 1290.79", the rounding's row unread, "Nett Total 1290.80".
 */
export function roundedTotalBelow(total: { cents: Cents; lineIndex: number }, lines: Line[], totalsBelow: (lineIndex: number) => Cents[]): Cents | null {
  if (total.cents % CASH_STEP === 0 || roundingLine(lines) !== null) return null;
  return totalsBelow(total.lineIndex).find((t) => t !== total.cents && Math.abs(t - total.cents) <= MAX_ROUNDING && t % CASH_STEP === 0) ?? null;
}

/** Cash is rounded to 5 cents (Malaysia, Switzerland) or to 10. */
const CASH_STEP = 5;

/**
 * A rounding printed just below the total, whose rounded total did not read as such ("Grand Total
 * 271.32", "Round Adj 0.02", then "TOTAL 27.30", a digit lost): of the ways its sign allows, the
 * one that lands on the nearest cash step when the total does not is the amount paid, if a total
 * labelled below the rounding (`totalsBelow`) reads as a misread of it (a digit changed or lost)
 * and none reads as the total itself (a rounding of nothing, or not applied), or when no total is
 * labelled below at all (its line unread: "Total Incl. GST 18.79", "Round Adj 0.01", then only
 * "CHANGE 1.20"). Not a rounding after a
 * payment line, which only settles the change. The caller trusts it less: no line proves it.
 */
export function onCashStep(total: { cents: Cents; lineIndex: number } | null, lines: Line[], rounding: Rounding | null, totalsBelow: (lineIndex: number) => Cents[]): Cents | null {
  if (!total || !rounding || rounding.cents === 0 || rounding.lineIndex <= total.lineIndex || total.cents % CASH_STEP === 0) return null;
  if (lines.slice(total.lineIndex + 1, rounding.lineIndex).some((l) => findAmounts(l.text).length)) return null;
  const below = totalsBelow(rounding.lineIndex);
  if (below.includes(total.cents)) return null;
  // The nearest step only: a rounding moves a total by at most half a step.
  const landed = roundings(total.cents, rounding).filter((cents) => cents % CASH_STEP === 0 && Math.abs(cents - total.cents) * 2 < CASH_STEP);
  const stepped = landed.length === 1 ? landed[0]! : null;
  // No total labelled below at all: the rounded total's line went unread, and the step alone says it.
  return stepped !== null && (!below.length || below.some((read) => oneDigitApart(read, stepped) || oneDigitLost(read, stepped))) ? stepped : null;
}

/**
 * What a receipt's payment proves: amount tendered − change (− cash rounding), or the amount
 * charged to a card, = the total. OCR misreads a digit of a total it prints once ("19.00" for
 * 49.00); the payment lines are a second witness. The total they prove replaces the one read only when the page corroborates it: printed
 * elsewhere, or one digit away from the total read.
 */
export function paidTotal(total: Cents | null, lines: Line[], rounding: Rounding | null, beforeRounding = false): Cents | null {
  const payment = paymentLines(lines);
  const [tendered, change] = [payment.tendered?.cents ?? null, payment.change?.cents ?? null];
  // A total known to come before a cash rounding (beforeRounding), paid in cash with no change read:
  // cash within a rounding of it is the exact rounded total ("NET TOTAL 62.58", the rounding
  // unread, "Cash 62.60", "CHANGE" and its amount illegible).
  const exactCash = beforeRounding && total !== null && tendered !== null && change === null && Math.abs(tendered - total) <= MAX_ROUNDING ? [tendered] : [];
  const byPayment = provenByPayment(payment, rounding);
  const proven = byPayment.length ? byPayment : exactCash;
  if (!proven.length) return total;
  if (total !== null && proven.includes(total)) return total;
  // Printed elsewhere: the payment lines themselves corroborate nothing ("CASH $820", its point
  // lost, with "Change $0.00", under a total of $8.20 printed twice). With no total read at all (its
  // label misread, "TOTAL (GST IMCL) 27.64"), a payment printed elsewhere is the total too.
  const elsewhere = lines.filter((l) => !Object.values(payment).some((read) => read?.line === l));
  // A total printed twice apart from the payment ("Total Amount $8.20", "Nett Total $8.20") is read
  // right against a payment that is one reading ("CASH $3.20" with "Change $0.00"): that one is
  // misread. Not against cash less a change that is not nothing, an arithmetic of its own: a
  // till's "7" read "1" in both its totals ("Total Sales 12.00", "Total Amount Payable 12.00",
  // "Cash Received 100.00", "Change 28.00").
  const oneReading = !payment.change || payment.change.cents === 0;
  const readTwice = oneReading && total !== null && elsewhere.filter((l) => printedOn([l], total)).length >= 2;
  return proven.find((p) => p > 0 && (printedOn(elsewhere, p) || (total !== null && !readTwice && oneDigitApart(p, total)))) ?? total;
}

/** The totals a receipt's payment proves: tendered − change, before or after its cash rounding; or the amount charged to a card. */
function provenByPayment({ tendered, change, card }: ReturnType<typeof paymentLines>, rounding: Rounding | null): Cents[] {
  if (tendered && change) return [tendered.cents - change.cents, tendered.cents - change.cents - (rounding?.cents ?? 0)];
  return card ? [card.cents] : [];
}

/** Whether the receipt's payment lines prove this total. */
export function paymentProves(total: Cents, lines: Line[], rounding: Rounding | null): boolean {
  return provenByPayment(paymentLines(lines), rounding).includes(total);
}

/** A receipt's payment lines: the amount tendered, the change, the amount charged to a card. */
function paymentLines(lines: Line[]) {
  return { tendered: amountAfter(lines, /^\W*(cash|tendered|amount received|paid)\b/), change: amountAfter(lines, /^\W*(change|balance returned)\b/),
    // A card is charged the total exactly: no change, no rounding.
    card: amountAfter(lines, /^\W*(visa|master\s?card|amex|american express|(credit|debit)?\s?card)\b/) };
}

/** The cash a receipt says it was handed, if it says so. */
export const cashTendered = (lines: Line[]): Cents | null => paymentLines(lines).tendered?.cents ?? null;

/**
 * The payment says the customer paid other than the total, and no rounding read says why: cash less
 * change a cash step away from it ("Rouding Adj -0.02" misread, 20.00 - 6.60 = 13.40 under a total of
 * 13.42), or, on a till, more charged to a card below the total (a tip: "Tip $8.00", "VISA $51.20"),
 * unless cash was drawn with it ("Cashback 20.00"). A change misread by more than a rounding, a card
 * paying part (a voucher the rest), or a card's balance says nothing.
 */
export function paidOtherwise(total: { cents: Cents; lineIndex: number }, lines: Line[], rounding: Rounding | null): boolean {
  if (rounding !== null || roundingLine(lines) !== null || total.cents <= 0) return false;
  const { tendered, change, card } = paymentLines(lines);
  const cash = tendered && change ? tendered.cents - change.cents : null;
  const roundedAway = cash !== null && cash !== total.cents && Math.abs(cash - total.cents) <= MAX_ROUNDING && cash % 5 === 0 && total.cents % 5 !== 0;
  // The page's layout is measured last, and only for a card that says more than the total.
  const charged = card !== null && !tendered && card.cents > total.cents && lines.indexOf(card.line) > total.lineIndex
    && !/\bbalance\b/.test(fold(card.line.text)) && !cashDrawn(lines) && isOneNarrowColumn(lines.flatMap((l) => l.runs));
  return roundedAway || charged;
}

/** "Cashback", "Cash back", "Cash out": cash a card payment drew beside the purchase. */
export const cashDrawn = (lines: Line[]): boolean => lines.some((l) => /\bcash\s?(back|out)\b/.test(fold(l.text)));

/** The amounts a receipt says were paid: tendered, or charged to a card. */
export function amountsPaid(lines: Line[]): Cents[] {
  const { tendered, card } = paymentLines(lines);
  return [tendered, card].flatMap((p) => (p ? [p.cents] : []));
}

/**
 * The last amount on the first line that starts with one of these words ("Cash RM 50.00"), or its
 * cents alone when OCR lost a zero before the point ("Change RM ,40"; not "f.20", a misread digit).
 */
function amountAfter(lines: Line[], word: RegExp): { cents: Cents; line: Line } | null {
  for (const line of lines) {
    if (!word.test(fold(line.text))) continue;
    const last = findAmounts(line.text).at(-1);
    // "Credit Card $36." for 36.10: the payment's cents are unread, and it proves nothing.
    if (last) return centsCut(line.text, last) ? null : { cents: last.cents, line };
    const cents = /(?<=\s)[.,](\d{2})\s*$/.exec(line.text);
    if (cents) return { cents: Number(cents[1]), line };
  }
  return null;
}

/** Two amounts as many digits long that differ in one digit: one may be the other misread. */
export function oneDigitApart(a: Cents, b: Cents): boolean {
  const [x, y] = [String(Math.abs(a)), String(Math.abs(b))];
  return x.length === y.length && [...x].filter((c, i) => c !== y[i]).length === 1;
}

/** `read` is `meant` with one of its digits lost ("27.30" for 271.30). */
function oneDigitLost(read: Cents, meant: Cents): boolean {
  const [x, y] = [String(Math.abs(read)), String(Math.abs(meant))];
  return x.length === y.length - 1 && [...y].some((_, i) => y.slice(0, i) + y.slice(i + 1) === x);
}
