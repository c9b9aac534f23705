// Nothing adds up: the best guesses, uncertain, for a person to review. What the amounts found
// imply for one that is missing is a guess a person confirms (never validated: confidences stay
// under the threshold).
import type { Cents } from '../../../domain/money.ts';
import { vatShareIsPlausible } from '../../../domain/invoice-checks.ts';
import { guessFromRate, printedVatRates, totalWithLostDigits } from '../amount-guesses.ts';
import { amountsPaid, paidTotal, paymentProves, printedOn } from '../cash-payment.ts';
import { fold } from '../text-normalise.ts';
import type { Totals } from '../totals.ts';
import { best, LOOSE_GUESS, TAX_INCLUDED, type Candidate, type VatReading } from './candidate.ts';
import { beforeRounding, roundOff, type TotalsContext } from './equation.ts';

/**
 * How sure a guess is when nothing adds up: never enough to validate, but a person, and a second
 * reading of the page (ocr/combine-readings.ts combines two), should prefer an amount read beside its own label
 * to one taken down a column, repaired, or implied by the others: a first reading that lost a
 * receipt's figures took "You Saved: 4.09" from under a "Total Amount" left without its amount.
 */
const GUESS = { ht: 0.4, tva: 0.4, ttc: 0.5 };
const looseness = (c: { repaired?: boolean; inColumn?: boolean; cutCents?: boolean } | null | undefined) => (c && !c.repaired && !c.inColumn && !c.cutCents ? 0 : LOOSE_GUESS);
/** A guessed total under this share of its net is no total of it. */
const BELOW_NET = 0.5;

export function guessedTotals(ctx: TotalsContext, currencies: string[]): Totals {
  const { lines, rounding, due } = ctx;
  const { h, v, t } = bestGuesses(ctx);
  // What the amounts found imply for the one that is missing. A receipt's net and tax with no
  // labelled total give the total, or the net alone when the tax is "included" or not due; a
  // total and its tax with no labelled net (a "Tax" column, "Charges") give the net.
  const taxIncluded = lines.some((l) => TAX_INCLUDED.test(fold(l.text)));
  // A VAT of zero implies a total only where the page says why no VAT is due (a misread "0.00" does not).
  const vatKnown = v && (v.cents !== 0 || ctx.zeroVat);
  const totalOf = (net: Cents, vat: Cents) => net + (taxIncluded ? 0 : vat) + (rounding?.cents ?? 0);
  // A VAT that is no plausible share of its net or total is a misread (the net of a tax summary's
  // row taken for its tax): it implies nothing.
  const impliedTtc = !t && h && vatKnown && vatShareIsPlausible(h.cents, v.cents) ? totalOf(h.cents, v.cents) : null;
  const impliedHt = !h && t && v && !taxIncluded && vatShareIsPlausible(t.cents - v.cents, v.cents) ? t.cents - v.cents : null;
  // A net and a total with no VAT read between them: the difference, when it is a VAT's share.
  const impliedTva = !v && h && t && t.cents !== h.cents && vatShareIsPlausible(h.cents, t.cents - h.cents) ? t.cents - h.cents : null;
  const rounded = t ? roundOff(ctx, t).rounded : null;
  // A total implied by the net and the VAT comes before any rounding the page could not read.
  const unrounded = t ? beforeRounding(t, rounded, lines, rounding) : impliedTtc !== null && rounding === null && beforeRounding({ cents: impliedTtc, lineIndex: h!.lineIndex }, impliedTtc, lines, null);
  // A total read beside its label that a VAT and a net printed on the page add up to has a witness
  // of its own: a payment one digit away from it does not replace it ("TOTAL INCL. GST RM 84.80"
  // over a GST summary's "80.00 4.80", with "CASH 25.00" for 85.00 and "CHANGE 0.20").
  const netPrinted = (net: Cents) => (h ? h.cents === net : printedOn(lines, net));
  const summed = t !== null && rounded === t.cents && v !== null && v.cents > 0 && netPrinted(t.cents - v.cents);
  const read = { ht: h?.cents ?? impliedHt, tva: v?.cents ?? impliedTva, ttc: summed ? rounded : paidTotal(rounded ?? impliedTtc, lines, rounding, unrounded) };
  // A cash rounding moves the total off net + tax: the rate then relates nothing the page prints.
  // Nor does it move a total the payment proves (cash − change: "NET TOTAL 1.75" after a service
  // charge that no rate relates, a net of 1.75 read from the same line).
  const provenByPayment = read.ttc !== null && paymentProves(read.ttc, lines, rounding);
  // Nor where the page says its prices include the tax: its net read plus its tax is no total of it
  // ("Nett Total $8.20" over "(Price inclusive of GST)", its GST 0.48 already in the 8.20).
  const guessed = rounding || provenByPayment || (t && rounded !== t.cents) || taxIncluded ? read : totalWithLostDigits(guessFromRate(read, printedVatRates(lines)));
  // A total still under half the net it includes, the net read as printed beside its own label: a
  // total whose digits OCR lost in leader dots ("Net à payer TTC ....../3 4 €" for 5 049,32 €), or
  // the amount left to pay after a deposit. The net and a VAT known to be right imply it, as when no
  // total was read. Not a total a little under the net: a receipt's discount may come after its
  // subtotal.
  const belowNet = h && !h.inColumn && !h.repaired && vatKnown && vatShareIsPlausible(h.cents, guessed.tva ?? 0) && guessed.ht === h.cents && guessed.ttc !== null && guessed.ttc > 0 && guessed.ttc < h.cents * BELOW_NET;
  return {
    ...(belowNet ? { ...guessed, ttc: totalOf(h.cents, guessed.tva ?? 0) } : guessed), due,
    // A total read above a cash rounding that could not be applied is less sure than a reading that
    // found the rounded total: of two readings of a receipt, that one's amounts are kept (ocr/combine-readings.ts).
    confidence: { ht: GUESS.ht - looseness(h), tva: GUESS.tva - looseness(v), ttc: GUESS.ttc - looseness(t) - (unrounded && read.ttc === rounded ? LOOSE_GUESS : 0) }, currencies, rivalTotals: [], proof: 'none', cashRounding: null,
  };
}

/** The best net, VAT and total read, each on its own. */
function bestGuesses({ lines, ht, ttc, tva, printedVat }: TotalsContext): { h: Candidate | null; v: VatReading | null; t: Candidate | null } {
  // A total of nothing is a misread (a payment line, an empty cell read "0.00"), never a guess worth showing.
  // A total whose point OCR lost ("Grand Total RM 455"), paid exactly ("CASH RM 4.55"): the payment
  // says which of its readings is the total.
  const paid = amountsPaid(lines);
  const repairedAsPaid = ttc.filter((c) => c.repaired && c.cents !== 0 && paid.includes(c.cents));
  const t = best(repairedAsPaid.length ? repairedAsPaid : ttc.filter((c) => c.cents !== 0));
  const readVat = printedVat ? tva.reduce<VatReading | null>((b, c) => (!b || c.score > b.score ? c : b), null) : null;
  // A net read down a column of line items (a "Montant HT" heading over them) is often the last item,
  // not the net: it gives way to the total less a VAT, both read as printed, when that VAT is a
  // plausible share of what remains (the net's own heading, in a shaded box, unread).
  const netGuess = best(ht);
  const byDifference = netGuess?.inColumn && t && !t.repaired && readVat && !readVat.repaired && readVat.cents !== 0
    && vatShareIsPlausible(t.cents - readVat.cents, readVat.cents);
  const h = byDifference ? null : netGuess;
  // A VAT taken from any cell of a neighbouring row (its label unread) guesses worse than the
  // difference of a net and a total, each read as printed beside its own label.
  const vatBetween = h && t && !h.repaired && !t.repaired && t.cents !== h.cents && vatShareIsPlausible(h.cents, t.cents - h.cents);
  const v = readVat?.repaired && vatBetween ? null : readVat;
  return { h, v, t };
}
