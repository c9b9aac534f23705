// validated only when every required field is found, confident, and every check passes.
import { AMOUNT_FIELDS, type ExtractedInvoice, type ExtractionSource, type FieldName } from '../types.ts';
import { CHECKS, totalsAddUp, vatLinesConsistent, vatShareOfNetPlausible } from './checks.ts';
import { gateFeatures, gateModel, gateProbability, type GateFeatures } from './gate-model.ts';

export const REQUIRED_FIELDS: readonly FieldName[] = ['montant_ht', 'montant_tva', 'montant_ttc', 'date_facture', 'fournisseur'];

/** Below this a field read from text or OCR is a guess, and a guess is never booked silently. */
export const MIN_CONFIDENCE = 0.8;

export interface Decision {
  status: 'validated' | 'pending';
  reviewReasons: string[];
  /** Text and OCR: the fitted model's evidence and probability (see gate-model.ts). */
  gate?: { features: GateFeatures; probability: number; threshold: number; ruledOut: boolean };
}

/**
 * Validated only when every required field is found and confident, every check passes, nothing
 * else on the page competes (evidenceGaps), and, for text and OCR, the fitted model finds the
 * reading sure enough.
 */
export function decide(invoice: ExtractedInvoice, source: ExtractionSource): Decision {
  const reasons: string[] = [];
  for (const field of REQUIRED_FIELDS) {
    if (invoice.fields[field] === null) reasons.push(`${field} not found`);
    else if (source !== 'facturx' && (invoice.confidence[field] ?? 0) < MIN_CONFIDENCE) reasons.push(`${field} is uncertain`);
  }
  for (const check of CHECKS) {
    const reason = check(invoice);
    if (reason) reasons.push(reason);
  }
  if (source === 'facturx') return { status: reasons.length ? 'pending' : 'validated', reviewReasons: reasons };
  reasons.push(...evidenceGaps(invoice));
  const model = gateModel();
  const features = gateFeatures(invoice, source);
  const probability = gateProbability(features, model);
  const gate = { features, probability, threshold: model.threshold, ruledOut: reasons.length > 0 };
  if (!reasons.length && probability < model.threshold) {
    reasons.push(`The reading is not sure enough to book unattended (${probability.toFixed(3)} against ${model.threshold.toFixed(3)}): check the amounts and the date`);
  }
  return { status: reasons.length ? 'pending' : 'validated', reviewReasons: reasons, gate };
}

/**
 * Beyond the checks, what a reading of text or OCR must show to be booked unattended. The amounts
 * prove each other, but only if no other set of amounts on the page proves itself as well; a date
 * proves nothing by itself, so it must be named the invoice date by its label, with no other date
 * that could be it. The XML of a Factur-X invoice says which field is which and needs neither.
 */
export function evidenceGaps({ fields, extra }: ExtractedInvoice): string[] {
  const gaps: string[] = [];
  const money = (c: number) => (c / 100).toFixed(2);
  if (extra.rivalTotals?.length) {
    gaps.push(`Other amounts on the page also add up (total ${extra.rivalTotals.map(money).join(', ')}): check which are the invoice's totals`);
  }
  const date = extra.dateEvidence;
  if (fields.date_facture !== null && date) {
    if (date.label === 'none') gaps.push(`date_facture ${fields.date_facture} has no label naming it the invoice date: check it`);
    else if (date.rivals.length) gaps.push(`date_facture ${fields.date_facture} competes with ${date.rivals.join(', ')}: check which is the invoice date`);
  }
  return gaps;
}

export { AMOUNT_FIELDS };

/** The three amounts are read with confidence and prove each other (HT + TVA = TTC, a plausible VAT). */
export function amountsProven(invoice: ExtractedInvoice): boolean {
  return AMOUNT_FIELDS.every((f) => invoice.fields[f] !== null && (invoice.confidence[f] ?? 0) >= MIN_CONFIDENCE)
    && [totalsAddUp, vatLinesConsistent, vatShareOfNetPlausible].every((check) => check(invoice) === null);
}
