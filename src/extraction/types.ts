// The extraction engine's contract: bytes in, checked fields out. No HTTP, no database.
import type { AcceptedFileType } from '../domain/invoice.ts';
import type { FieldName } from '../domain/invoice-fields.ts';
import type { CheckedInvoice } from '../domain/invoice-checks.ts';
import type { Cents } from '../domain/money.ts';
import type { Verdict } from '../domain/validation.ts';

/** facturx: the XML embedded in a PDF; xml: a standalone UBL or CII file. Both are exact. */
export type ExtractionSource = 'facturx' | 'xml' | 'pdf-text' | 'ocr';

/** Sources whose values are written as data, not read from print: confidence 1, no gate model. */
export const isExactSource = (source: ExtractionSource): boolean => source === 'facturx' || source === 'xml';

/**
 * What a text or OCR reading's amounts rest on: 'equation' when HT + TVA = TTC holds among amounts
 * read as printed, with no close rival; 'weak' when an equation holds only through a repaired reading
 * or beside a rival of nearly the same score; 'none' when nothing adds up (best guesses, or one amount
 * implied by the other two).
 */
export type AmountProof = 'equation' | 'weak' | 'none';

/**
 * What a step read, before any verdict: the fields, how sure the reading is of each, and the
 * evidence the checks and the gate weigh. A CheckedInvoice (the domain rules' input) and more.
 */
export interface ExtractedInvoice extends CheckedInvoice {
  confidence: Partial<Record<FieldName, number>>;
  /** Beside the checks' evidence (VAT breakdown, seller country, VAT number): */
  extra: CheckedInvoice['extra'] & {
    siren?: string | null;
    dueDate?: string | null;
    amountDue?: Cents | null;
    iban?: string | null;
    profile?: string | null;
    /** Text and OCR only: what the invoice date rests on (see fields/invoice-date.ts and fields/dates/). */
    dateEvidence?: { label: 'explicit' | 'generic' | 'none'; rivals: string[]; wordConfidence: number };
    /** Text and OCR only: other totals that add up as well as the chosen ones (see fields/totals/proven-totals.ts). */
    rivalTotals?: Cents[];
    /** Text and OCR only: whether the amounts prove each other as printed (see fields/totals/proven-totals.ts). */
    amountsProof?: AmountProof;
    /** Text and OCR only: every supplier name put forward, with its evidence (see fields/supplier.ts). */
    supplierCandidates?: Array<{ name: string; features: Record<string, number>; probability: number }>;
  };
}

/**
 * The engine's answer: the reading, its verdict (status and reasons), and where it came from. Kept
 * apart from ExtractedInvoice because a step's reading has no verdict yet, and a verdict needs the source.
 */
export interface ExtractionResult extends ExtractedInvoice, Verdict {
  source: ExtractionSource;
  fileType: AcceptedFileType;
  pages: number;
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
