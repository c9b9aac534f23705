// Consistency checks on an invoice's fields. Each returns a review reason, or null when it passes.
// Pure rules: the engine runs them on what it read, the review on what a person corrected.
import { addDaysIso, todayIso } from './dates.ts';
import type { InvoiceFields } from './field-values.ts';
import { isValidSiret } from './identifiers.ts';
import type { Cents } from './money.ts';
import { reason, unitsOf, type ReviewReason } from './review-reasons.ts';

/** One line of an invoice's VAT breakdown: cents in the rules, exact decimal strings once stored. */
export interface VatLine<Amount = Cents> { rate: number | null; basis: Amount | null; tax: Amount | null }

/**
 * What the checks read: the fields, and what else the document said about its seller and its VAT.
 * The engine's reading (extraction/types.ts) carries all of it; a reviewer's correction has only fields.
 */
export interface CheckedInvoice {
  fields: InvoiceFields;
  extra: {
    vatBreakdown?: VatLine[]; sellerCountry?: string | null; vatId?: string | null;
    /**
     * A cash rounding the document prints between net plus VAT and the total paid ("Total Incl. GST
     * 105.53", "Rounding Adj 0.02", "Total Payable 105.55"): the total is their sum plus it.
     */
    cashRounding?: Cents | null;
  };
}

export const TOLERANCE_CENTS = 1;

/** Rates in force in France (mainland, Corsica and overseas departments). */
export const FRENCH_VAT_RATES = [20, 10, 8.5, 5.5, 2.1, 1.75, 1.05, 0.9, 0];

/** The highest standard VAT rate in Europe (Hungary). */
const MAX_VAT_RATE = 27;

export type Check = (invoice: CheckedInvoice) => ReviewReason | null;

export const totalsAddUp: Check = ({ fields: f, extra }) => {
  if (f.montant_ht === null || f.montant_tva === null || f.montant_ttc === null) return null;
  const gap = f.montant_ht + f.montant_tva + (extra.cashRounding ?? 0) - f.montant_ttc;
  return Math.abs(gap) <= TOLERANCE_CENTS ? null : reason('totals_mismatch', { difference: unitsOf(gap) });
};

/** EN 16931 BR-CO-17: each VAT line's tax is its basis times its rate, rounded to the cent. */
export const vatLinesConsistent: Check = ({ extra }) => {
  for (const line of extra.vatBreakdown ?? []) {
    if (line.rate === null || line.basis === null || line.tax === null) continue;
    const expected = Math.round((line.basis * line.rate) / 100);
    if (Math.abs(expected - line.tax) > TOLERANCE_CENTS) {
      return reason('vat_line_mismatch', { rate: line.rate, basis: unitsOf(line.basis), expected: unitsOf(expected), tax: unitsOf(line.tax) });
    }
  }
  return null;
};

/** The VAT lines add up to the VAT total, when both are known. */
export const vatLinesSumToTotal: Check = ({ fields, extra }) => {
  const lines = (extra.vatBreakdown ?? []).filter((l): l is VatLine & { tax: number } => l.tax !== null);
  if (!lines.length || fields.montant_tva === null) return null;
  const sum = lines.reduce((s, l) => s + l.tax, 0);
  return Math.abs(sum - fields.montant_tva) <= TOLERANCE_CENTS * lines.length ? null
    : reason('vat_lines_sum_mismatch', { sum: unitsOf(sum), total: unitsOf(fields.montant_tva) });
};

const isFrench = (invoice: CheckedInvoice) =>
  invoice.extra.sellerCountry === 'FR' || invoice.fields.siret !== null || (invoice.extra.vatId ?? '').startsWith('FR');

export const ratesPlausible: Check = (invoice) => {
  for (const line of invoice.extra.vatBreakdown ?? []) {
    if (line.rate === null) continue;
    if (isFrench(invoice) ? !FRENCH_VAT_RATES.includes(line.rate) : line.rate < 0 || line.rate > MAX_VAT_RATE) {
      return reason(isFrench(invoice) ? 'vat_rate_not_in_force_france' : 'vat_rate_not_in_force', { rate: line.rate });
    }
  }
  return null;
};

/**
 * The VAT total against the net: however many rates an invoice mixes, their blend lies between the
 * lowest and highest rate, and VAT has the sign of the net. A VAT without a net, or a "VAT" of half
 * the net, is a misread (a base column taken for the tax, HT and TVA swapped).
 */
export function vatShareIsPlausible(ht: number, tva: number, maxRate = MAX_VAT_RATE): boolean {
  if (tva === 0) return true;
  const share = ht === 0 ? Infinity : (100 * tva) / ht;
  return share > 0 && share <= maxRate + 0.5;
}

export const vatShareOfNetPlausible: Check = (invoice) => {
  const { montant_ht: ht, montant_tva: tva } = invoice.fields;
  if (ht === null || tva === null) return null;
  const maxRate = isFrench(invoice) ? Math.max(...FRENCH_VAT_RATES) : MAX_VAT_RATE;
  return vatShareIsPlausible(ht, tva, maxRate) ? null
    : reason('vat_implausible', { vat: unitsOf(tva), net: unitsOf(ht) });
};

export const siretValid: Check = ({ fields }) =>
  fields.siret === null || isValidSiret(fields.siret) ? null : reason('siret_checksum', { siret: fields.siret });

export const datePlausible: Check = ({ fields }) => {
  const date = fields.date_facture;
  if (date === null) return null;
  if (date < '1990-01-01') return reason('date_too_old', { date });
  if (date > addDaysIso(todayIso(), 60)) return reason('date_in_future', { date });
  return null;
};

export const CHECKS: readonly Check[] = [totalsAddUp, vatLinesConsistent, vatLinesSumToTotal, ratesPlausible, vatShareOfNetPlausible, siretValid, datePlausible];
