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
/**
 * Ringgit before a figure, in a column of its own on a till ("Visa   RM   88.17") or before the
 * payment's name ("RM CASH   100.00"), where the amount's own reading cannot reach it, or as a
 * column's unit ("Amount(RM)"), as "(EUR)" is.
 */
const RINGGIT = /\bRM(?=\s*\d|\b\D{0,12}\d+[.,]\d{2}\b)|(?<=\()RM(?=\))/g;
/** Rupees before a figure: "Rs. 319.00", "Rs -40.00". */
const RUPEES = /\bRs\.?(?=\s*-?\d)/g;

/** Countries that pay in euros, by the prefix of their VAT numbers and IBANs. */
const EURO_AREA = new Set(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'EL', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']);
/**
 * A VAT number of the euro area, spaces and dots removed: country prefix, then its digits
 * ("DE123456789", "ATU12345678"). Greece's VAT numbers say EL, its IBANs GR.
 */
const VAT_NUMBER = new RegExp(`(?<![A-Z0-9])(${[...EURO_AREA].filter((c) => c !== 'GR').join('|')})U?[0-9A-Z]?\\d{7,11}(B\\d{2})?(?![0-9])`);
/**
 * A Malaysian company ("Sdn Bhd", its h often read "n" by OCR), or its GST registration: "GST Reg",
 * "GST ID", or "GST : " and the 12 digits of Malaysia's GST numbers.
 */
const MALAYSIAN_COMPANY = /\bsdn\.?\s*b[hn]d\b|\b(gst|sst)\s*(reg|id)\b|\bgst\s*(no\.?)?\s*:?\s*\d{12}\b/;

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
  if (besideAmounts) {
    // One amount OCR read beside a symbol ("£59.53" in a Malaysian till's tax summary) against where
    // the seller is registered: kept, but under another reading that agrees with the registration.
    const once = lines.some((l) => l.conf < 1) && amountCurrencies.filter((c) => c === besideAmounts).length === 1;
    const registered = once ? sellerCurrency(lines, texts, seller) : null;
    return { code: besideAmounts, confidence: registered && registered !== besideAmounts ? STRAY_TOKEN : 0.9 };
  }
  const printed: Array<{ code: string; line: Line }> = [];
  for (const line of lines) {
    for (const m of line.text.matchAll(CODE_WORD)) printed.push({ code: m[1]!, line });
    for (const m of line.text.matchAll(SYMBOL)) printed.push({ code: SYMBOLS[m[0]]!, line });
    for (const _ of line.text.matchAll(RINGGIT)) printed.push({ code: 'MYR', line });
    for (const _ of line.text.matchAll(RUPEES)) printed.push({ code: 'INR', line });
  }
  const anywhere = mostCommon(printed.map((p) => p.code));
  // One token that OCR read once, a code inside a product's name ("GDN MC H/W ENG RON") or a
  // smudge read "£", is weaker than where the seller is registered, and than another reading's.
  const votes = printed.filter((p) => p.code === anywhere);
  const stray = votes.length === 1 && votes[0]!.line.conf < 1;
  if (anywhere && !stray) return { code: anywhere, confidence: 0.85 };
  const registered = sellerCurrency(lines, texts, seller);
  if (anywhere && (!registered || registered === anywhere)) return { code: anywhere, confidence: registered ? 0.85 : STRAY_TOKEN };
  return registered ? { code: registered, confidence: 0.7 } : { code: null, confidence: 0 };
}

/** Below a currency implied by the seller's registration (0.7), which another reading may have found. */
const STRAY_TOKEN = 0.6;

/** The currency of the country where the seller is registered, as far as the page says. */
function sellerCurrency(lines: Line[], texts: string[], seller: SellerCues): string | null {
  // A VAT number's country prefix is printed in capitals; OCR's lower-case noise before a
  // registration number ("es H1101085-T") is none.
  const euroArea = seller.french
    || (seller.iban !== null && EURO_AREA.has(seller.iban.slice(0, 2)))
    || lines.some((l) => VAT_NUMBER.test(l.text.replace(/[ .]/g, '')));
  if (euroArea) return 'EUR';
  if (texts.some((t) => MALAYSIAN_COMPANY.test(t))) return 'MYR';
  return null;
}
