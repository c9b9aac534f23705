// Money in the formats invoices print: 1 234,56 | 1.234,56 | 1,234.56 | 1234.56 | -12,00 € | EUR 5,00.
import type { Cents } from '../../domain/money.ts';

export interface AmountMatch {
  cents: Cents; index: number; end: number; raw: string; currency: string | null;
  /** Printed with its cents ("12,00 €", "RM8.20"), not as a whole number ("40 €", "£4"). */
  hasCents: boolean;
  /** Opens with a separator touching three digits ("€,632.65"): its leading digits were lost, and it proves nothing. */
  headless?: boolean;
}

const CURRENCY = '(?:€|EUR|USD|\\$|£|GBP|CHF|RM|MYR)';
// A minus sign is also a dash, or an "=" as OCR reads a minus, when it is glued to the digits; it
// may also stand glued before the currency ("-EUR 12.00", "(£12.00)"), or after the cents, as ERP
// credit memos and tills print it ("297,50-", "13.40-").
// A thousands group separator: space (incl. narrow and no-break), dot, comma or apostrophe.
const AMOUNT = new RegExp(
  `(?<lead>[-\u2212(](?=${CURRENCY}))?(?<pre>${CURRENCY}\\s?)?(?<sign>[-\u2212(]|(?<!\\S)[=\u2013\u2014](?=\\d))?\\s?(?<num>\\d{1,3}(?:[ \u00a0\u202f.,']\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?)(?![\\d.,]*\\d)(?<trail>[-\u2212](?![\\dA-Za-z/]|[€$£]\\/))?\\s?(?<post>${CURRENCY})?(?<close>\\))?`,
  'gi',
);

/** "1.234,56" -> 123456; null when the digits cannot be read as money. */
export function parseAmount(raw: string): Cents | null {
  const s = raw.replace(/[\s\u00a0\u202f']/g, '');
  const m = /^(\d+(?:[.,]\d{3})*)(?:([.,])(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const [, whole, , fraction = ''] = m;
  const lastSep = /[.,]/.exec(s.slice(-3))?.[0];
  // "1.234" or "1,234" with no decimals: a thousands group, unless the group is only 1-2 digits.
  if (!fraction && lastSep && /[.,]\d{3}$/.test(s)) return Number(s.replace(/[.,]/g, '')) * 100;
  const intPart = Number(whole!.replace(/[.,]/g, ''));
  if (!Number.isSafeInteger(intPart)) return null;
  return intPart * 100 + Number(fraction.padEnd(2, '0'));
}

function currencyCode(symbol: string | undefined): string | null {
  if (!symbol) return null;
  const s = symbol.trim().toUpperCase();
  return ({ '€': 'EUR', EUR: 'EUR', $: 'USD', USD: 'USD', '£': 'GBP', GBP: 'GBP', CHF: 'CHF', RM: 'MYR', MYR: 'MYR' } as Record<string, string>)[s] ?? null;
}

const LEADING_NOUGHT = /^0\d+$/;
/** Text before an amount's digits that ends in a separator touching them, with no digit before it ("€,", " ,"). */
const LOST_LEADING_DIGITS = /(?:^|[^\d.,])[.,]$/;
/**
 * Cents that OCR set apart after the decimal point of an amount marked by its currency ("$258. 78"):
 * moved back against it, the space after them, so that the text keeps its length.
 */
const CENTS_APART = new RegExp(`(?<=(?<!\\p{L})${CURRENCY}\\s?\\d{1,3}(?:[ .,']\\d{3})*[.,]) (\\d{2})(?![\\d.,])`, 'gu');
/** A nought after a currency that OCR read as the letter ("RMO.90"). */
const NOUGHT_READ_AS_O = new RegExp(`(?<=(?<!\\p{L})${CURRENCY}\\s?)[Oo](?=[.,]\\d{2}(?!\\d))`, 'gu');

/**
 * A decimal point doubled, as OCR reads a total run into its leader dots ("Total TTC .... 57..49...."):
 * one point, the space after the cents.
 */
const DOUBLED_POINT = /(?<=\d)\.\.(\d{2})(?![\d,]|\.\d)/g;

/** Every amount in a text, left to right. Amounts need two decimals unless a currency marks them. */
export function findAmounts(printed: string): AmountMatch[] {
  const out: AmountMatch[] = [];
  // OCR's misreadings next to a currency put right; the text keeps its length, so positions in it
  // still hold.
  const text = printed.replace(NOUGHT_READ_AS_O, '0').replace(CENTS_APART, '$1 ').replace(DOUBLED_POINT, '.$1 ');
  for (const m of text.matchAll(AMOUNT)) {
    const g = m.groups!;
    const hasCents = /[.,]\d{2}$/.test(g.num!);
    const currency = currencyCode(g.pre) ?? currencyCode(g.post);
    if (!hasCents && !currency) continue;
    // Nobody prints a whole amount with a leading nought: "$048" is "$0.48" whose point OCR lost.
    if (LEADING_NOUGHT.test(g.num!)) continue;
    // Percentages are rates, not money.
    if (/^\s?%/.test(text.slice(m.index! + m[0].length))) continue;
    const cents = parseAmount(g.num!);
    if (cents === null) continue;
    const sign = g.sign ?? g.lead;
    // An accounting negative, "(1 234,50 €)": OCR may lose or garble its closing parenthesis ("(1 234,50 ©"),
    // so a parenthesis glued before the amount with none closing after it in the text is one too;
    // "(1 234,50 € HT)" closes later and is no negative.
    const unclosed = () => !text.includes(')', m.index! + m[0].length);
    const negative = (sign !== undefined && (sign !== '(' || g.close === ')' || unclosed())) || (sign === undefined && g.trail !== undefined);
    // An amount that opens with a separator touching a group of three digits, as a thousands
    // separator stands: "€,632.65" is "€2,632.65" whose first digit OCR merged into the euro sign.
    // What is left is the amount's tail, which only a sum it ends can complete. A leader dot left
    // before "2 352,18" ("comprises   .2 352,18") is no such mark.
    const digitsAt = m.index! + m[0].indexOf(g.num!);
    const headless = LOST_LEADING_DIGITS.test(text.slice(0, digitsAt)) && /^\d{3}(?!\d)/.test(g.num!);
    out.push({ cents: negative ? -cents : cents, index: m.index!, end: m.index! + m[0].length, raw: m[0], currency, hasCents, ...(headless && { headless }) });
  }
  return out;
}

/**
 * An amount whose cents OCR cut short: one decimal digit ("RM79.2" for 79.25), or a separator with
 * none after it ("$36." for 36.10). Prices are printed with two; such a reading is a partial one.
 */
export function centsCut(text: string, a: AmountMatch): boolean {
  return /[.,]\d(?!\d)\D*$/.test(a.raw) || /^[.,](?![\s\u2003]?\d)/.test(text.slice(a.end));
}
