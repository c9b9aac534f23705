// The words an invoice prints, per language. Each list holds alternatives; a document picks one of
// each. Templates use {placeholders}. Only characters of the PDF standard fonts' WinAnsi encoding.
import { french } from './vocabulary-fr.ts';
import { german } from './vocabulary-de.ts';
import { english } from './vocabulary-en.ts';

export type Language = 'fr' | 'de' | 'en';

export interface Vocabulary {
  language: Language;
  months: string[];
  monthsShort: string[];
  title: { invoice: string[]; credit: string[] };
  numero: { invoice: string[]; credit: string[] };
  /** The invoice date's own labels (the field to extract). */
  issueDate: string[];
  /** "Paris, le {date}" style dates written as a letter's heading. */
  letterDate: string[];
  /** Decoy dates. */
  dueDate: string[];
  dueSentence: string[];
  delivery: string[];
  order: string[];
  period: string[];
  originalInvoice: string[];
  buyerHeading: string[];
  sellerHeading: string[];
  customerNo: string[];
  orderNo: string[];
  ht: string[];
  tvaTotal: string[];
  /** "TVA {rate} %" */
  tvaRate: string[];
  ttc: string[];
  /** Labels of the amount still due (a total only when nothing was deducted). */
  netToPay: string[];
  deposit: string[];
  retention: string[];
  carried: string[];
  brought: string[];
  subtotal: string[];
  columns: { ref: string[]; desc: string[]; qty: string[]; unit: string[]; unitPrice: string[]; vatRate: string[]; amount: string[] };
  vatTable: { rate: string[]; basis: string[]; tax: string[] };
  vatFranchise: string[];
  recoveryFee: string[];
  discount: string[];
  noDiscount: string[];
  penalties: string[];
  reservation: string[];
  paymentTerms: string[];
  thanks: string[];
  page: string[];
  siretLabel: string[];
  sirenLabel: string[];
  vatIdLabel: string[];
  capital: string[];
  phone: string[];
  units: string[];
  items: Array<[string, number, number]>; // description, min and max unit price in euros
}

export const VOCABULARIES: Record<Language, Vocabulary> = { fr: french, de: german, en: english };

/** Fills {name} placeholders. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}
