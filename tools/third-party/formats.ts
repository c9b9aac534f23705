// Dates and amounts as the invoices print them, and as truth.json records them.
import type { Rng } from '../generate/random.ts';
import { MONTHS, type Lang, type Locale } from './vocabulary.ts';

/** A calendar date, months from 1. */
export interface Ymd { y: number; m: number; d: number }

export type DateStyle = 'dd/mm/yyyy' | 'dd.mm.yyyy' | 'yyyy-mm-dd' | 'dd-mm-yyyy' | 'd month yyyy' | 'd. month yyyy' | 'month d, yyyy' | 'mm/dd/yyyy';

/** How the jspdf template's amounts are written: we format them ourselves, in the supplier's style. */
export interface MoneyStyle { group: string; decimal: string }

const twoDigits = (n: number) => String(n).padStart(2, '0');
const utcMidnight = (a: Ymd) => Date.UTC(a.y, a.m - 1, a.d);

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function addDays(a: Ymd, days: number): Ymd {
  const t = new Date(Date.UTC(a.y, a.m - 1, a.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function daysBetween(from: Ymd, to: Ymd): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / 86400000);
}

/** The PDF's creation date: 09:00 UTC on the invoice date, never the clock, so the bytes repeat. */
export function creationDate(a: Ymd): Date {
  return new Date(Date.UTC(a.y, a.m - 1, a.d, 9));
}

export const isoDate = (a: Ymd) => `${a.y}-${twoDigits(a.m)}-${twoDigits(a.d)}`;

export function pickDateStyle(rng: Rng, locale: Locale): DateStyle {
  switch (locale) {
    case 'fr-FR': return rng.weighted<DateStyle>([['dd/mm/yyyy', 5], ['d month yyyy', 3], ['yyyy-mm-dd', 1], ['dd-mm-yyyy', 1]]);
    case 'de-DE': return rng.weighted<DateStyle>([['dd.mm.yyyy', 6], ['d. month yyyy', 2], ['yyyy-mm-dd', 2]]);
    case 'en-GB': return rng.weighted<DateStyle>([['dd/mm/yyyy', 4], ['d month yyyy', 3], ['yyyy-mm-dd', 1], ['month d, yyyy', 2]]);
    case 'en-US': return rng.weighted<DateStyle>([['month d, yyyy', 5], ['mm/dd/yyyy', 3], ['yyyy-mm-dd', 2]]);
  }
}

export function formatDate(a: Ymd, style: DateStyle, lang: Lang): string {
  const month = MONTHS[lang][a.m - 1]!;
  switch (style) {
    case 'dd/mm/yyyy': return `${twoDigits(a.d)}/${twoDigits(a.m)}/${a.y}`;
    case 'dd.mm.yyyy': return `${twoDigits(a.d)}.${twoDigits(a.m)}.${a.y}`;
    case 'dd-mm-yyyy': return `${twoDigits(a.d)}-${twoDigits(a.m)}-${a.y}`;
    case 'yyyy-mm-dd': return isoDate(a);
    case 'd month yyyy': return `${lang === 'fr' && a.d === 1 ? '1er' : a.d} ${month} ${a.y}`;
    case 'd. month yyyy': return `${a.d}. ${month} ${a.y}`;
    case 'month d, yyyy': return `${month} ${a.d}, ${a.y}`;
    case 'mm/dd/yyyy': return `${twoDigits(a.m)}/${twoDigits(a.d)}/${a.y}`;
  }
}

/** Cents as truth.json writes amounts: "1234.50", "-12.00". */
export function centsToDecimal(cents: number): string {
  return (cents < 0 ? '-' : '') + `${Math.floor(Math.abs(cents) / 100)}.${twoDigits(Math.abs(cents) % 100)}`;
}

export function decimalToCents(text: string | number): number {
  return Math.round(Number(text) * 100);
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
