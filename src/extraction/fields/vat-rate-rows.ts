// A VAT summary's rows read from the page: a rate, then the basis and the tax it charges on it
// ("SR = 6%  302.95  18.18", "TVA 20 % | 1 250,00 | 250,00"). Such a row proves itself: the tax is
// the basis times the rate, to the cent, which two amounts read at random almost never are.
import type { Cents } from '../../domain/money.ts';
import type { Line } from '../layout/lines.ts';
import { findAmounts, type AmountMatch } from './amount-parser.ts';
import { AMOUNT_DECOYS, SERVICE_CHARGE, TAX_WORD } from './labels.ts';
import { fold } from './text-normalise.ts';

export interface RateRow {
  lineIndex: number;
  /** The rate as printed, with a point ("5.5"). */
  rate: string;
  basis: Cents;
  tax: Cents;
}

/** A rate as printed ("TVA 5,5 %", "MwSt. 19%"), not the end of another number ("100 %"). */
export const PRINTED_RATE = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s*%/;
/** The highest standard VAT rate in Europe (Hungary): anything higher is no VAT rate. */
const MAX_RATE = 27;
/** The tax's name on the row or this many lines above it, on its page: the summary's heading. */
const HEADING_LINES = 3;
/** A row's own per-rate total may follow its basis and tax ("20 % | 100,00 | 20,00 | 120,00"), no more. */
const MAX_AMOUNTS = 3;

/**
 * The rows whose tax is their basis times their rate (to a cent either way, as EN 16931's BR-CO-17
 * rounds it). Only rows that print no amount before the rate: an item's row ("Conseil | 2 | 500,00 |
 * 20 % | 1 000,00 | 200,00") proves its own line, not the invoice's totals. Both amounts are money
 * with cents, of one sign, the tax above nothing. A service charge, a discount or a tip is its rate of
 * its basis too: the row, or a heading just above it, must name a tax ("GST Summary", "TVA 20 %").
 */
export function rateRows(lines: Line[]): RateRow[] {
  const rows: RateRow[] = [];
  lines.forEach((line, lineIndex) => {
    const m = PRINTED_RATE.exec(line.text);
    if (!m) {
      const row = rowOfUnreadRate(lines, lineIndex);
      if (row) rows.push(row);
      return;
    }
    const rate = Number(m[1]!.replace(',', '.'));
    if (!(rate > 0 && rate <= MAX_RATE) || findAmounts(line.text.slice(0, m.index)).length) return;
    const text = fold(line.text);
    if (SERVICE_CHARGE.test(text) || AMOUNT_DECOYS.test(text) || !namesATax(lines, lineIndex)) return;
    const amounts = findAmounts(line.text.slice(m.index + m[0].length));
    if (amounts.length < 2 || amounts.length > MAX_AMOUNTS) return;
    const [basis, tax] = amounts as [AmountMatch, AmountMatch];
    if (charges(basis, tax, rate)) rows.push({ lineIndex, rate: String(rate), basis: basis.cents, tax: tax.cents });
  });
  return rows;
}

/** A tax is named on the row or in the HEADING_LINES above it; with `withRow` false, above it only. */
function namesATax(lines: Line[], lineIndex: number, withRow = true): boolean {
  const page = lines[lineIndex]!.page;
  return lines.slice(Math.max(0, lineIndex - HEADING_LINES), withRow ? lineIndex + 1 : lineIndex).some((l) => l.page === page && TAX_WORD.test(fold(l.text)));
}

/**
 * VAT and GST rates in use where the corpus's invoices and receipts come from (the European Union's
 * standard and reduced rates, Switzerland's, the United Kingdom's, Malaysia's GST and SST): the rates
 * a summary's row may charge when OCR garbled the one it prints.
 */
const KNOWN_RATES = [2.1, 2.5, 2.6, 3.8, 5, 5.5, 6, 7, 7.7, 8, 8.1, 9, 10, 12, 13, 19, 20, 21, 22, 23, 24, 25];
/** What a summary's row prints before its amounts: its rate's code ("SR", "S", "Z"), the rate OCR garbled. */
const RATE_CODE = /^[^\p{L}\d]*(?:[\p{L}\d][^\p{L}\d]*){0,4}$/u;

/**
 * A summary's row whose rate OCR garbled ("5   bs   13.00   0.78" for "S 6% 13.00 0.78", under
 * "GST - Rate - GST Amt"): only a short code before two amounts with cents, a tax named above it (not
 * on it: "GST 13.00 0.78" is no garbled rate), and a tax that is exactly one known rate of its basis,
 * no other. A rate taken from a list proves less than one printed: such a row only offers its basis
 * and tax, which a total printed under its own label must then prove, as any net and VAT.
 */
function rowOfUnreadRate(lines: Line[], lineIndex: number): RateRow | null {
  const text = lines[lineIndex]!.text;
  const amounts = findAmounts(text).filter((a) => a.hasCents);
  if (amounts.length !== 2 || !RATE_CODE.test(text.slice(0, amounts[0]!.index))) return null;
  if ([text.slice(amounts[0]!.end, amounts[1]!.index), text.slice(amounts[1]!.end)].some((gap) => /[\p{L}\d]/u.test(gap))) return null;
  if (!namesATax(lines, lineIndex, false) || TAX_WORD.test(fold(text))) return null;
  const [basis, tax] = amounts as [AmountMatch, AmountMatch];
  const rates = KNOWN_RATES.filter((rate) => charges(basis, tax, rate));
  return rates.length === 1 ? { lineIndex, rate: String(rates[0]), basis: basis.cents, tax: tax.cents } : null;
}

function charges(basis: AmountMatch, tax: AmountMatch, rate: number): boolean {
  if (!basis.hasCents || !tax.hasCents || tax.cents === 0 || Math.sign(basis.cents) !== Math.sign(tax.cents)) return false;
  return isRateOf(tax.cents, basis.cents, rate);
}

/** `amount` is `rate` % of `basis`, to a cent either way (a tax, a service charge). */
export const isRateOf = (amount: Cents, basis: Cents, rate: number) => Math.abs(Math.round((basis * rate) / 100) - amount) <= 1;
