// The invoice currency: as labelled ("Währung: EUR"), as printed beside the amounts, as printed
// anywhere on the page ("Montants en EUR", "Amount (EUR)"), and last as implied by where the
// seller is registered (a SIRET, a euro-area VAT number or IBAN, a Malaysian "Sdn Bhd").
import type { Line } from '../layout/lines.ts';
import { fold } from './text-normalise.ts';

export interface CurrencyReading { code: string | null; confidence: number }

const CODES = ['EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'JPY', 'CNY', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'RON', 'MYR', 'SGD', 'INR'];
const LABELLED = /\b(wahrung|waehrung|devise|currency|monnaie)(\s+code)?\s*:?\s*([a-z]{3})\b/;
const CODE_WORD = new RegExp(`\\b(${CODES.join('|')})\\b`, 'g');
// A symbol away from any amount counts as a token of its own ("Prix (€)"); glued to other signs
// ("€%") it is OCR's misreading of a digit. "$" is left to the amounts it marks: alone, it is as
// often a misread "§".
const SYMBOLS: Record<string, string> = { '€': 'EUR', '£': 'GBP', '₹': 'INR' };
const SYMBOL = /(?<![^\s(])[€£₹](?![^\s).:])/g;
/** Ringgit before a figure, in a column of its own on a till ("Visa   RM   88.17"), where the amount's own reading cannot reach it. */
const RINGGIT = /\bRM(?=\s*\d)/g;

/** Countries that pay in euros, by the prefix of their VAT numbers and IBANs. */
const EURO_AREA = new Set(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'EL', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']);
/**
 * A VAT number of the euro area, spaces and dots removed: country prefix, then its digits
 * ("DE123456789", "ATU12345678"). Greece's VAT numbers say EL, its IBANs GR.
 */
const VAT_NUMBER = new RegExp(`(?<![A-Z0-9])(${[...EURO_AREA].filter((c) => c !== 'GR').join('|')})U?[0-9A-Z]?\\d{7,11}(B\\d{2})?(?![0-9])`);
const MALAYSIAN_COMPANY = /\bsdn\.?\s*bhd\b|\b(gst|sst)\s*(reg|id)\b/;

export interface SellerCues { french: boolean; iban: string | null }

function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

export function readCurrency(lines: Line[], amountCurrencies: string[], seller: SellerCues): CurrencyReading {
  const texts = lines.map((l) => fold(l.text));
  for (const text of texts) {
    const code = LABELLED.exec(text)?.[3]?.toUpperCase();
    if (code && CODES.includes(code)) return { code, confidence: 0.95 };
  }
  const besideAmounts = mostCommon(amountCurrencies);
  if (besideAmounts) return { code: besideAmounts, confidence: 0.9 };
  const printed: string[] = [];
  for (const line of lines) {
    for (const m of line.text.matchAll(CODE_WORD)) printed.push(m[1]!);
    for (const m of line.text.matchAll(SYMBOL)) printed.push(SYMBOLS[m[0]]!);
    printed.push(...Array.from(line.text.matchAll(RINGGIT), () => 'MYR'));
  }
  const anywhere = mostCommon(printed);
  if (anywhere) return { code: anywhere, confidence: 0.85 };
  const euroArea = seller.french
    || (seller.iban !== null && EURO_AREA.has(seller.iban.slice(0, 2)))
    || lines.some((l) => VAT_NUMBER.test(l.text.toUpperCase().replace(/[ .]/g, '')));
  if (euroArea) return { code: 'EUR', confidence: 0.7 };
  if (texts.some((t) => MALAYSIAN_COMPANY.test(t))) return { code: 'MYR', confidence: 0.7 };
  return { code: null, confidence: 0 };
}
