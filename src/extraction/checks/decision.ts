// validated only when every required field is found, confident, and every check passes.
import type { ExtractedInvoice, ExtractionSource, FieldName } from '../types.ts';
import { CHECKS, totalsAddUp, vatLinesConsistent, vatShareOfNetPlausible } from './checks.ts';

export const REQUIRED_FIELDS: readonly FieldName[] = ['montant_ht', 'montant_tva', 'montant_ttc', 'date_facture', 'fournisseur'];

/** Below this a field read from text or OCR is a guess, and a guess is never booked silently. */
export const MIN_CONFIDENCE = 0.8;

export function decide(invoice: ExtractedInvoice, source: ExtractionSource): { status: 'validated' | 'pending'; reviewReasons: string[] } {
  const reasons: string[] = [];
  for (const field of REQUIRED_FIELDS) {
    if (invoice.fields[field] === null) reasons.push(`${field} not found`);
    else if (source !== 'facturx' && (invoice.confidence[field] ?? 0) < MIN_CONFIDENCE) reasons.push(`${field} is uncertain`);
  }
  for (const check of CHECKS) {
    const reason = check(invoice);
    if (reason) reasons.push(reason);
  }
  return { status: reasons.length ? 'pending' : 'validated', reviewReasons: reasons };
}

export const AMOUNT_FIELDS = ['montant_ht', 'montant_tva', 'montant_ttc'] as const satisfies readonly FieldName[];

/** The three amounts are read with confidence and prove each other (HT + TVA = TTC, a plausible VAT). */
export function amountsProven(invoice: ExtractedInvoice): boolean {
  return AMOUNT_FIELDS.every((f) => invoice.fields[f] !== null && (invoice.confidence[f] ?? 0) >= MIN_CONFIDENCE)
    && [totalsAddUp, vatLinesConsistent, vatShareOfNetPlausible].every((check) => check(invoice) === null);
}
