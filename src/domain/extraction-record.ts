// An invoice's extraction as stored on its row: the fields as exact decimal strings (in their
// columns), and the evidence (source, confidence, reasons, secondary identifiers) kept as JSON for review.
import type { StoredFields } from './field-values.ts';
import type { VatLine } from './invoice-checks.ts';
import type { ReviewReason } from './review-reasons.ts';

export interface StoredExtraction {
  source: string;
  pages: number;
  confidence: Record<string, number>;
  review_reasons: string[];
  /** The same reasons as codes; absent on rows extracted before reasons had codes. */
  review_reason_codes?: ReviewReason[];
  duration_ms: number;
  due_date: string | null;
  amount_due: string | null;
  vat_id: string | null;
  siren: string | null;
  iban: string | null;
  vat_breakdown: Array<VatLine<string>>;
}

/** What recording an extraction writes: the field columns, the engine's status, the evidence. */
export interface ExtractionRecord {
  fields: StoredFields;
  status: 'validated' | 'pending';
  extraction: StoredExtraction;
}
