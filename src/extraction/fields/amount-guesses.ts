// When no reading adds up: the likelier amounts put before the reviewer, never validated.
// - Two amounts that agree through the VAT rate the page prints outvote the third: OCR garbles one
//   amount far more often than two in a way that still fits the rate (a total whose first digit ran
//   into its label, "comprisesl2 430,37" for 12 430,37; a credit note's total that lost its bracket).
// - A total whose leading digits OCR lost, or whose first digit it misread, is the net + VAT whose
//   digits it ends.
import type { Cents } from '../../domain/money.ts';
import { vatShareIsPlausible } from '../../domain/invoice-checks.ts';
import type { Line } from '../layout/lines.ts';
import { fold } from './text-normalise.ts';

export interface AmountGuess { ht: Cents | null; tva: Cents | null; ttc: Cents | null }

/** "TVA 20 %", "T.V.A. 5,5%", "MwSt. 19%", "VAT @ 5.5%": a rate above zero printed beside a tax word. */
const PRINTED_RATE = /\b(t\.?\s?v\.?\s?a|vat|mws?st|ust|gst|sst|btw|tax|umsatzs?steuer)(?:\b|(?=\d))[^0-9%\n]{0,25}?(\d{1,2}(?:[.,]\d{1,2})?)\s*%/g;

/** Every distinct VAT rate above zero the page prints, in percent. */
export function printedVatRates(lines: Line[]): number[] {
  const rates = new Set<number>();
  for (const line of lines) {
    for (const m of fold(line.text).matchAll(PRINTED_RATE)) {
      const rate = Number(m[2]!.replace(',', '.'));
      if (rate > 0 && rate < 30) rates.add(rate);
    }
  }
  return [...rates];
}

/** The tax on a net at a rate, to the cent, as invoices round it. */
const taxAt = (net: Cents, rate: number) => Math.round((net * rate) / 100);
/** Rounding on either side: a cent. */
const fits = (a: Cents, b: Cents) => Math.abs(a - b) <= 1;

/**
 * The amounts, with the one that disagrees replaced by what the other two imply at a printed rate.
 * Only one rate may be printed: on a multi-rate invoice no single rate relates the totals.
 */
export function guessFromRate(amounts: AmountGuess, rates: number[]): AmountGuess {
  const { ht, tva, ttc } = amounts;
  if (rates.length !== 1) return amounts;
  const rate = rates[0]!;
  if (ht !== null && tva !== null && tva !== 0 && ttc !== null && fits(ht + tva, ttc)) return amounts;
  if (ht !== null && tva !== null && tva !== 0 && fits(taxAt(ht, rate), tva)) return { ht, tva, ttc: ht + tva };
  if (ttc !== null && tva !== null && tva !== 0 && fits(taxAt(ttc - tva, rate), tva)) return { ht: ttc - tva, tva, ttc };
  if (ht !== null && ttc !== null && ht !== 0 && fits(ht + taxAt(ht, rate), ttc)) return { ht, tva: ttc - ht, ttc };
  // The VAT and the total both garbled by a currency sign ("€328.00" read "628.00", "€1,968.00"
  // read "@,968.00"): the tax at the rate, when net + tax ends as the total read does.
  const tax = ht !== null && ht > 0 ? taxAt(ht, rate) : null;
  if (ht !== null && tax !== null && ttc !== null && endsLike(ht + tax, ttc)) return { ht, tva: tax, ttc: ht + tax };
  return amounts;
}

/**
 * A total whose leading digits OCR lost or took for a sign ("A 986,45 €", "£ 986,45 €" for 8 986,45),
 * or whose first digit it misread ("1 199,90" for 6 199,90): its digits end the sum of a net and a
 * VAT that is a plausible share of it. The sum is the total.
 */
export function totalWithLostDigits(amounts: AmountGuess): AmountGuess {
  const { ht, tva, ttc } = amounts;
  if (ht === null || tva === null || ttc === null || tva === 0 || !vatShareIsPlausible(ht, tva)) return amounts;
  return endsLike(ht + tva, ttc) ? { ht, tva, ttc: ht + tva } : amounts;
}

/**
 * A positive sum whose digits end with those of an amount read: all of them (the leading ones were
 * lost), or all but its first (misread), when enough digits are left to say whose they are.
 */
function endsLike(sum: Cents, read: Cents): boolean {
  if (read <= 0 || sum <= 0 || sum === read) return false;
  const [s, r] = [String(sum), String(read)];
  if (sum > read && read >= MIN_DIGITS_KEPT && s.endsWith(r)) return true;
  return r.length <= s.length && read % 10 ** (r.length - 1) >= MIN_DIGITS_LEFT && s.endsWith(r.slice(1));
}

/** At least three digits (a euro and its cents) must survive for the rest to say whose they are. */
const MIN_DIGITS_KEPT = 100;
/** With the first digit misread, four must agree: three would match one total in a thousand by chance. */
const MIN_DIGITS_LEFT = 1000;
