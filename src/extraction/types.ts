// The extraction engine's contract: bytes in, checked fields out. No HTTP, no database.
import type { AcceptedFileType } from '../domain/invoice.ts';
import type { Cents } from '../domain/money.ts';
import type { ReviewReason } from '../domain/review-reasons.ts';

/** facturx: the XML embedded in a PDF; xml: a standalone UBL or CII file. Both are exact. */
export type ExtractionSource = 'facturx' | 'xml' | 'pdf-text' | 'ocr';

/** Sources whose values are written as data, not read from print: confidence 1, no gate model. */
export const isExactSource = (source: ExtractionSource): boolean => source === 'facturx' || source === 'xml';

export const FIELD_NAMES = ['montant_ht', 'montant_tva', 'montant_ttc', 'fournisseur', 'siret', 'date_facture', 'numero', 'devise'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];
export const AMOUNT_FIELDS = ['montant_ht', 'montant_tva', 'montant_ttc'] as const satisfies readonly FieldName[];

export interface InvoiceFields {
  montant_ht: Cents | null;
  montant_tva: Cents | null;
  montant_ttc: Cents | null;
  fournisseur: string | null;
  siret: string | null;
  date_facture: string | null;
  numero: string | null;
  devise: string | null;
}

/**
 * What a text or OCR reading's amounts rest on: 'equation' when HT + TVA = TTC holds among amounts
 * read as printed, with no close rival; 'weak' when an equation holds only through a repaired reading
 * or beside a rival of nearly the same score; 'none' when nothing adds up (best guesses, or one amount
 * implied by the other two).
 */
export type AmountProof = 'equation' | 'weak' | 'none';

export interface VatLine { rate: number | null; basis: Cents | null; tax: Cents | null }

/** What the field reader found, before checks: the fields plus the evidence the checks need. */
export interface ExtractedInvoice {
  fields: InvoiceFields;
  confidence: Partial<Record<FieldName, number>>;
  extra: {
    siren?: string | null;
    vatId?: string | null;
    dueDate?: string | null;
    amountDue?: Cents | null;
    iban?: string | null;
    vatBreakdown?: VatLine[];
    sellerCountry?: string | null;
    profile?: string | null;
    /** Text and OCR only: what the invoice date rests on (see fields/invoice-date.ts). */
    dateEvidence?: { label: 'explicit' | 'generic' | 'none'; rivals: string[] };
    /** Text and OCR only: other totals that add up as well as the chosen ones (see fields/totals.ts). */
    rivalTotals?: Cents[];
    /** Text and OCR only: whether the amounts prove each other as printed (see fields/totals.ts). */
    amountsProof?: AmountProof;
    /** Text and OCR only: every supplier name put forward, with its evidence (see fields/supplier.ts). */
    supplierCandidates?: Array<{ name: string; features: Record<string, number>; probability: number }>;
  };
}

export interface ExtractionResult extends ExtractedInvoice {
  status: 'validated' | 'pending';
  source: ExtractionSource;
  fileType: AcceptedFileType;
  pages: number;
  /** Why a person must look, as codes with parameters; reviewReasons says them in English. */
  reasons: ReviewReason[];
  reviewReasons: string[];
  durationMs: number;
  /** Text and OCR: the validation model's evidence and verdict (extraction/checks/gate-model.ts). */
  gate?: { features: Record<string, number>; probability: number; threshold: number; ruledOut: boolean };
}

export interface ExtractionLimits {
  maxPages: number;
  maxPixels: number;
  timeoutMs: number;
  /** Resident memory one extraction may use (its sandbox process, OCR included); default 640 MB. */
  maxMemoryMb?: number;
  /** Bytes all of a PDF's compressed streams may inflate to together; default 256 MiB. */
  maxDecodedBytes?: number;
}

export type ExtractionErrorCode =
  | 'unsupported_type'
  | 'too_many_pages'
  | 'image_too_large'
  | 'timeout'
  | 'unreadable_document'
  /** The PDF's streams inflate beyond the decoded-size budget (a decompression bomb). */
  | 'document_too_large'
  /** The extraction went over its memory budget, or its sandbox process died. */
  | 'resource_limit'
  /** XML with a DOCTYPE or an entity declaration: refused before parsing (XXE, entity expansion). */
  | 'unsafe_xml';

/** A final failure: retrying the same bytes cannot succeed. */
export class ExtractionError extends Error {
  readonly code: ExtractionErrorCode;
  constructor(code: ExtractionErrorCode, message: string) {
    super(message);
    this.name = 'ExtractionError';
    this.code = code;
  }
}

export type Extractor = (bytes: Uint8Array, limits: ExtractionLimits) => Promise<ExtractionResult>;
