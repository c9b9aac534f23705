// The one mapper from the engine's result (cents, camelCase) to the record kept on the invoice row:
// the field columns (through the registry) and the evidence JSON.
import { toStoredFields } from '../domain/field-values.ts';
import type { ExtractionRecord } from '../domain/extraction-record.ts';
import { centsToDecimal } from '../domain/money.ts';
import type { ExtractionResult } from '../extraction/types.ts';

export function toExtractionRecord(result: ExtractionResult): ExtractionRecord {
  return {
    fields: toStoredFields(result.fields),
    status: result.status,
    extraction: {
      source: result.source,
      pages: result.pages,
      confidence: result.confidence,
      review_reasons: result.reviewReasons,
      review_reason_codes: result.reasons,
      duration_ms: result.durationMs,
      due_date: result.extra.dueDate ?? null,
      amount_due: centsToDecimal(result.extra.amountDue ?? null),
      vat_id: result.extra.vatId ?? null,
      siren: result.extra.siren ?? null,
      iban: result.extra.iban ?? null,
      vat_breakdown: (result.extra.vatBreakdown ?? []).map((l) => ({ rate: l.rate, basis: centsToDecimal(l.basis), tax: centsToDecimal(l.tax) })),
    },
  };
}
