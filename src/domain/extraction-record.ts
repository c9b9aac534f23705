// An invoice's extraction as stored on its row: the fields as exact decimal strings, and the
// evidence (source, confidence, reasons, secondary identifiers) kept as JSON for review.
import type { ReviewReason } from './review-reasons.ts';

export interface ExtractedFields {
  montant_ht: string | null;
  montant_tva: string | null;
  montant_ttc: string | null;
  fournisseur: string | null;
  siret: string | null;
  date_facture: string | null;
  numero: string | null;
  devise: string | null;
}

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
  vat_breakdown: Array<{ rate: number | null; basis: string | null; tax: string | null }>;
}
