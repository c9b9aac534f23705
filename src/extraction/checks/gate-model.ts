// How sure a text or OCR reading is, as one probability that its amounts and date are all right:
// a small logistic model over the reading's evidence, fitted by `npm run fit` (tools/fit/) on the
// tune half of the corpus and on generated invoices, never on the check half. Its weights and the
// threshold that keeps auto-validation precision at the target live in gate-model.json, with the
// data and the command that made them.
import { logisticProbability, modelFile, type LogisticModel } from '../logistic-model.ts';
import { AMOUNT_FIELDS } from '../../domain/invoice-fields.ts';
import type { ExtractedInvoice, ExtractionSource } from '../types.ts';

/** The evidence the model weighs, each in [0, 1]. The names are the keys of gate-model.json's weights. */
export const GATE_FEATURES = [
  'ocr',
  'amount_confidence',
  'date_confidence',
  'date_label_explicit',
  'date_label_generic',
  'due_date_found',
  'vat_breakdown',
] as const;
export type GateFeature = (typeof GATE_FEATURES)[number];
export type GateFeatures = Record<GateFeature, number>;

/** Validated only at or above its threshold. */
export interface GateModel extends LogisticModel<GateFeature> {
  fitted: { date: string; command: string; data: string[]; documents: number; note: string };
}

export function gateFeatures(invoice: ExtractedInvoice, source: ExtractionSource): GateFeatures {
  const conf = (f: keyof ExtractedInvoice['confidence']) => invoice.confidence[f] ?? 0;
  const label = invoice.extra.dateEvidence?.label ?? 'none';
  return {
    ocr: source === 'ocr' ? 1 : 0,
    amount_confidence: Math.min(...AMOUNT_FIELDS.map(conf)),
    date_confidence: conf('date_facture'),
    date_label_explicit: label === 'explicit' ? 1 : 0,
    date_label_generic: label === 'generic' ? 1 : 0,
    due_date_found: invoice.extra.dueDate ? 1 : 0,
    vat_breakdown: invoice.extra.vatBreakdown?.length ? 1 : 0,
  };
}

export const gateProbability = (features: GateFeatures, model: GateModel): number => logisticProbability(GATE_FEATURES, features, model);

export const GATE_MODEL_PATH = new URL('./gate-model.json', import.meta.url);

export const gateModel = modelFile<GateModel>(GATE_MODEL_PATH);
