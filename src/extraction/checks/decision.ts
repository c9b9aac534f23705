// The verdict on an extraction: validated only when every required field is found, every check passes
// and, for text and OCR, the evidence rules and the fitted model agree; pending with its reasons otherwise.
// The required fields, the checks and the verdict itself are domain rules (domain/validation.ts), the
// same a reviewer's corrections answer to. What stays here weighs how a reading was made: the
// confidences of OCR and text readings, the rival totals and dates the page offers, and the model
// fitted on the corpus (gate-model.ts, read from a file), none of which a person's values have.
import { isExactSource, type ExtractedInvoice, type ExtractionSource } from '../types.ts';
import { AMOUNT_FIELDS, BOOKING_FIELDS, type FieldName } from '../../domain/invoice-fields.ts';
import { totalsAddUp, vatLinesConsistent, vatShareOfNetPlausible } from '../../domain/invoice-checks.ts';
import { reason, unitsOf, type ReviewReason } from '../../domain/review-reasons.ts';
import { failedChecks, missingFields, verdict, type Verdict } from '../../domain/validation.ts';
import { gateFeatures, gateModel, gateProbability, type GateFeatures } from './gate-model.ts';
import { supplierModel } from '../fields/supplier-model.ts';

/**
 * Below this a field read from text or OCR is a guess. For the amounts and the date, whose
 * confidences are weighed together by the fitted model (gate-model.ts), it only names, in a review
 * reason, which of them held the reading back. The supplier has a fitted bar of its own (supplier-model.ts).
 */
export const MIN_CONFIDENCE = 0.8;

export interface Decision extends Verdict {
  /** Text and OCR: the fitted model's evidence and probability (see gate-model.ts). */
  gate?: { features: GateFeatures; probability: number; threshold: number; ruledOut: boolean };
}

/**
 * Validated only when every required field is found, every check passes, and, for text and OCR,
 * the amounts prove each other as printed (HT + TVA = TTC with no rival and no repaired reading),
 * nothing else on the page competes (evidenceGaps), the supplier is read surely, and the fitted
 * model finds the amounts and the date sure enough together.
 */
export function decide(invoice: ExtractedInvoice, source: ExtractionSource): Decision {
  const reasons = missingFields(invoice.fields, 'field_not_found');
  if (!isExactSource(source)) reasons.push(...unprovenReadings(invoice));
  reasons.push(...failedChecks(invoice));
  if (isExactSource(source)) return verdict(reasons);
  reasons.push(...evidenceGaps(invoice));
  const model = gateModel();
  const features = gateFeatures(invoice, source);
  const probability = gateProbability(features, model);
  const gate = { features, probability, threshold: model.threshold, ruledOut: reasons.length > 0 };
  if (!reasons.length && probability < model.threshold) reasons.push(...notSureEnough(invoice, probability, model.threshold));
  return { ...verdict(reasons), gate };
}

/** Found fields a text or OCR reading has no grounds to trust, whatever their confidences say. */
function unprovenReadings(invoice: ExtractedInvoice): ReviewReason[] {
  const found = (field: FieldName) => invoice.fields[field] !== null;
  const reasons: ReviewReason[] = [];
  // Amounts that add up only through a repaired or implied reading, or beside a rival, prove nothing.
  if ((invoice.extra.amountsProof ?? 'none') !== 'equation') reasons.push(...AMOUNT_FIELDS.filter(found).map(uncertain));
  if (found('fournisseur') && (invoice.confidence.fournisseur ?? 0) < supplierModel().threshold) reasons.push(uncertain('fournisseur'));
  // A date has no equation to prove it: one whose own words OCR read this unsurely (a blurred row
  // read again, its date kept for the reviewer) is shown, not booked, beside its label or under it.
  if (found('date_facture') && (invoice.extra.dateEvidence?.wordConfidence ?? 0) < UNSURE_DATE) reasons.push(uncertain('date_facture'));
  return reasons;
}

/**
 * A date whose words OCR read less surely than this is not booked unattended: a row read again
 * keeps a date its strip read down to 0.5 (ocr/unread-rows.ts), where other words need 0.6.
 */
const UNSURE_DATE = 0.6;

/** The model's refusal, said as the fields a person should look at first. */
function notSureEnough(invoice: ExtractedInvoice, probability: number, threshold: number): ReviewReason[] {
  const weak = BOOKING_FIELDS.filter((f) => (invoice.confidence[f] ?? 0) < MIN_CONFIDENCE);
  if (weak.length) return weak.map(uncertain);
  // Rounded as the sentence prints them: more digits would only be noise to a reader.
  return [reason('not_sure_enough', { probability: Number(probability.toFixed(3)), threshold: Number(threshold.toFixed(3)) })];
}

const uncertain = (field: FieldName) => reason('field_uncertain', { field });

/**
 * Beyond the checks, what a reading of text or OCR must show to be booked unattended. The amounts
 * prove each other, but only if no other set of amounts on the page proves itself as well; a date
 * proves nothing by itself, so it must be named the invoice date by its label, with no other date
 * that could be it. The XML of a Factur-X invoice says which field is which and needs neither.
 */
export function evidenceGaps({ fields, extra }: ExtractedInvoice): ReviewReason[] {
  const gaps: ReviewReason[] = [];
  if (extra.rivalTotals?.length) {
    gaps.push(reason('rival_totals', { totals: extra.rivalTotals.map((c) => unitsOf(c).toFixed(2)).join(', ') }));
  }
  const date = extra.dateEvidence;
  if (fields.date_facture !== null && date) {
    if (date.label === 'none') gaps.push(reason('date_unlabelled', { date: fields.date_facture }));
    else if (date.rivals.length) gaps.push(reason('date_rivals', { date: fields.date_facture, rivals: date.rivals.join(', ') }));
  }
  return gaps;
}

/** The three amounts are read with confidence and prove each other (HT + TVA = TTC, a plausible VAT). */
export function amountsProven(invoice: ExtractedInvoice): boolean {
  return AMOUNT_FIELDS.every((f) => invoice.fields[f] !== null && (invoice.confidence[f] ?? 0) >= MIN_CONFIDENCE)
    && [totalsAddUp, vatLinesConsistent, vatShareOfNetPlausible].every((check) => check(invoice) === null);
}
