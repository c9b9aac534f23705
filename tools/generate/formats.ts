// How amounts and dates are printed: a document picks one money style and one date style.
import type { Rng } from './random.ts';
import type { Vocabulary } from './vocabulary.ts';

export type Currency = 'EUR' | 'GBP';

export interface MoneyStyle {
  name: string;
  decimal: ',' | '.';
  group: string;
  currency: 'suffix-symbol' | 'suffix-code' | 'prefix-symbol' | 'prefix-code' | 'none';
  negative: 'minus' | 'parens';
  /** Whether item-table cells print the currency too (totals always follow `currency`). */
  currencyInTable: boolean;
}

const NBSP = '\u00a0';

export function pickMoneyStyle(rng: Rng, language: string, currency: Currency, unicodeFont: boolean): MoneyStyle {
  const negative = rng.chance(0.7) ? 'minus' : 'parens';
  const currencyInTable = rng.chance(0.3);
  const thin = unicodeFont && rng.chance(0.3) ? '\u202f' : rng.chance(0.5) ? NBSP : ' ';
  const styles: Array<[Omit<MoneyStyle, 'negative' | 'currencyInTable'>, number]> = language === 'en'
    ? [
        [{ name: '1,234.56 prefix', decimal: '.', group: ',', currency: 'prefix-symbol' }, 4],
        [{ name: 'CUR 1,234.56', decimal: '.', group: ',', currency: 'prefix-code' }, 2],
        [{ name: '1234.56', decimal: '.', group: '', currency: 'none' }, 1],
      ]
    : [
        [{ name: '1 234,56 €', decimal: ',', group: thin, currency: 'suffix-symbol' }, 5],
        [{ name: '1.234,56 EUR', decimal: ',', group: '.', currency: 'suffix-code' }, 2],
        [{ name: '1.234,56 €', decimal: ',', group: '.', currency: 'suffix-symbol' }, 2],
        [{ name: '1234.56', decimal: '.', group: '', currency: 'none' }, 1],
        [{ name: '€ 1 234,56', decimal: ',', group: thin, currency: 'prefix-symbol' }, 1],
        [{ name: '1234,56', decimal: ',', group: '', currency: 'none' }, 2],
        [{ name: '1 234,56 EUR', decimal: ',', group: ' ', currency: 'suffix-code' }, 1],
      ];
  if (currency !== 'EUR') styles.splice(0, styles.length, [{ name: '£1,234.56', decimal: '.', group: ',', currency: 'prefix-symbol' }, 1]);
  return { ...rng.weighted(styles), negative, currencyInTable };
}

const SYMBOL: Record<Currency, string> = { EUR: '€', GBP: '£' };

/** Prints integer cents: `withCurrency` false leaves the currency out (table cells). */
export function formatMoney(cents: number, style: MoneyStyle, currency: Currency, withCurrency = true): string {
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100));
  const grouped = style.group ? units.replace(/\B(?=(\d{3})+(?!\d))/g, style.group) : units;
  let text = `${grouped}${style.decimal}${String(abs % 100).padStart(2, '0')}`;
  if (withCurrency) {
    const symbol = SYMBOL[currency];
    switch (style.currency) {
      case 'suffix-symbol': text = `${text}${NBSP}${symbol}`; break;
      case 'suffix-code': text = `${text} ${currency}`; break;
      case 'prefix-symbol': text = currency === 'GBP' || style.decimal === '.' ? `${symbol}${text}` : `${symbol} ${text}`; break;
      case 'prefix-code': text = `${currency} ${text}`; break;
      case 'none': break;
    }
  }
  if (cents < 0) text = style.negative === 'minus' ? `-${text}` : `(${text})`;
  return text;
}

/** A VAT rate in basis points, printed the local way: 2000 -> "20", 550 -> "5,5". */
export function formatRate(basisPoints: number, decimal: ',' | '.', fixed = false): string {
  const value = basisPoints / 100;
  const text = fixed ? value.toFixed(2) : String(value);
  return decimal === ',' ? text.replace('.', ',') : text;
}

export interface CalendarDate { year: number; month: number; day: number }

export function isoOf(date: CalendarDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const t = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function endOfMonth(date: CalendarDate): CalendarDate {
  const t = new Date(Date.UTC(date.year, date.month, 0));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export type DateStyle = 'dd/mm/yyyy' | 'd month yyyy' | 'dd.mm.yyyy' | 'yyyy-mm-dd' | 'd-Mon-yyyy' | 'dd month yyyy' | 'month d, yyyy';

export function pickDateStyle(rng: Rng, language: string): DateStyle {
  if (language === 'de') return rng.weighted([['dd.mm.yyyy', 6], ['d month yyyy', 2], ['yyyy-mm-dd', 1]] as const);
  if (language === 'en') return rng.weighted([['dd/mm/yyyy', 3], ['d month yyyy', 2], ['d-Mon-yyyy', 2], ['yyyy-mm-dd', 1], ['month d, yyyy', 1]] as const);
  return rng.weighted([['dd/mm/yyyy', 6], ['d month yyyy', 3], ['dd.mm.yyyy', 1], ['yyyy-mm-dd', 1], ['d-Mon-yyyy', 1], ['dd month yyyy', 1]] as const);
}

const ENGLISH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDate(date: CalendarDate, style: DateStyle, vocabulary: Vocabulary): string {
  const dd = String(date.day).padStart(2, '0');
  const mm = String(date.month).padStart(2, '0');
  const month = vocabulary.months[date.month - 1]!;
  switch (style) {
    case 'dd/mm/yyyy': return `${dd}/${mm}/${date.year}`;
    case 'dd.mm.yyyy': return `${dd}.${mm}.${date.year}`;
    case 'yyyy-mm-dd': return isoOf(date);
    case 'd-Mon-yyyy': return `${date.day}-${ENGLISH_SHORT[date.month - 1]}-${date.year}`;
    case 'month d, yyyy': return `${month} ${date.day}, ${date.year}`;
    case 'dd month yyyy': return `${dd} ${month} ${date.year}`;
    case 'd month yyyy': {
      // French writes the first of the month "1er".
      const day = vocabulary.language === 'fr' && date.day === 1 ? '1er' : vocabulary.language === 'de' ? `${date.day}.` : String(date.day);
      return `${day} ${month} ${date.year}`;
    }
  }
}
