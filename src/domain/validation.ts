// Whether an invoice may be validated: validated only when no reason stands against it, pending with
// its reasons otherwise. The reasons every invoice answers to are here: a required field missing, a
// consistency check failing. The engine adds what a reading of text or OCR must also prove
// (extraction/checks/decision.ts); a reviewer's corrected fields answer to these rules alone.
import type { InvoiceFields } from './field-values.ts';
import { CHECKS, type CheckedInvoice } from './invoice-checks.ts';
import { REQUIRED_FIELDS } from './invoice-fields.ts';
import { reason, reasonText, type ReviewReason } from './review-reasons.ts';

export interface Verdict {
  status: 'validated' | 'pending';
  /** Why a person must look, as codes with parameters (review-reasons.ts). */
  reasons: ReviewReason[];
  /** The same reasons as English sentences, the API's `review_reasons`. */
  reviewReasons: string[];
}

export function verdict(reasons: ReviewReason[]): Verdict {
  return { status: reasons.length ? 'pending' : 'validated', reasons, reviewReasons: reasons.map(reasonText) };
}

/**
 * The required fields that are null, in REQUIRED_FIELDS' order: 'field_not_found' when the engine
 * found none in the document, 'field_missing' when a reviewer's invoice lacks it.
 */
export function missingFields(fields: InvoiceFields, code: 'field_not_found' | 'field_missing'): ReviewReason[] {
  return REQUIRED_FIELDS.filter((field) => fields[field] === null).map((field) => reason(code, { field }));
}

/** The consistency checks that fail, in CHECKS' order. */
export function failedChecks(invoice: CheckedInvoice): ReviewReason[] {
  return CHECKS.map((check) => check(invoice)).filter((failed) => failed !== null);
}

/** Why a person's values cannot be validated as they stand: nothing about how they were read, only what they say. */
export function fieldReasons(fields: InvoiceFields): ReviewReason[] {
  return [...missingFields(fields, 'field_missing'), ...failedChecks({ fields, extra: {} })];
}
