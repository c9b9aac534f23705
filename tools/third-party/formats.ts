// Dates, rates and amounts as the invoices print them.
import { isoOf, type CalendarDate } from '../generate/formats.ts';
import type { Rng } from '../generate/random.ts';
import { MONTHS, type Lang, type Locale } from './vocabulary.ts';

export type DateStyle = 'dd/mm/yyyy' | 'dd.mm.yyyy' | 'yyyy-mm-dd' | 'dd-mm-yyyy' | 'd month yyyy' | 'd. month yyyy' | 'month d, yyyy' | 'mm/dd/yyyy';

/** How the jspdf template's amounts are written: we format them ourselves, in the supplier's style. */
export interface MoneyStyle { group: string; decimal: string }

const twoDigits = (n: number) => String(n).padStart(2, '0');
const utcMidnight = (a: CalendarDate) => Date.UTC(a.year, a.month - 1, a.day);

export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / 86400000);
}

/** The PDF's creation date: 09:00 UTC on the invoice date, never the clock, so the bytes repeat. */
export function creationDate(a: CalendarDate): Date {
  return new Date(Date.UTC(a.year, a.month - 1, a.day, 9));
}

export function pickDateStyle(rng: Rng, locale: Locale): DateStyle {
  switch (locale) {
    case 'fr-FR': return rng.weighted<DateStyle>([['dd/mm/yyyy', 5], ['d month yyyy', 3], ['yyyy-mm-dd', 1], ['dd-mm-yyyy', 1]]);
    case 'de-DE': return rng.weighted<DateStyle>([['dd.mm.yyyy', 6], ['d. month yyyy', 2], ['yyyy-mm-dd', 2]]);
    case 'en-GB': return rng.weighted<DateStyle>([['dd/mm/yyyy', 4], ['d month yyyy', 3], ['yyyy-mm-dd', 1], ['month d, yyyy', 2]]);
    case 'en-US': return rng.weighted<DateStyle>([['month d, yyyy', 5], ['mm/dd/yyyy', 3], ['yyyy-mm-dd', 2]]);
  }
}

export function formatDate(a: CalendarDate, style: DateStyle, lang: Lang): string {
  const month = MONTHS[lang][a.month - 1]!;
  switch (style) {
    case 'dd/mm/yyyy': return `${twoDigits(a.day)}/${twoDigits(a.month)}/${a.year}`;
    case 'dd.mm.yyyy': return `${twoDigits(a.day)}.${twoDigits(a.month)}.${a.year}`;
    case 'dd-mm-yyyy': return `${twoDigits(a.day)}-${twoDigits(a.month)}-${a.year}`;
    case 'yyyy-mm-dd': return isoOf(a);
    case 'd month yyyy': return `${lang === 'fr' && a.day === 1 ? '1er' : a.day} ${month} ${a.year}`;
    case 'd. month yyyy': return `${a.day}. ${month} ${a.year}`;
    case 'month d, yyyy': return `${month} ${a.day}, ${a.year}`;
    case 'mm/dd/yyyy': return `${twoDigits(a.month)}/${twoDigits(a.day)}/${a.year}`;
  }
}

/** A non-negative amount with the style's thousands group and decimal mark, no currency. */
export function formatPlainAmount(cents: number, style: MoneyStyle): string {
  const units = String(Math.floor(cents / 100));
  const grouped = style.group ? units.replace(/\B(?=(\d{3})+(?!\d))/g, style.group) : units;
  return `${grouped}${style.decimal}${twoDigits(cents % 100)}`;
}

/** A VAT rate as the language writes it: 5.5 in English, 5,5 elsewhere. */
export function formatRate(rate: number, lang: Lang): string {
  const text = String(rate);
  return lang === 'en' ? text : text.replace('.', ',');
}
