// Turns the engine's result (cents, camelCase) into the record kept on the invoice row.
import { centsToDecimal } from '../domain/money.ts';
import type { ExtractionResult } from '../extraction/types.ts';
import type { ExtractedFields, StoredExtraction } from '../domain/extraction-record.ts';

export function toStoredExtraction(result: ExtractionResult): { fields: ExtractedFields; status: 'validated' | 'pending'; extraction: StoredExtraction } {
  const f = result.fields;
  const fields: ExtractedFields = {
    montant_ht: centsToDecimal(f.montant_ht),
    montant_tva: centsToDecimal(f.montant_tva),
    montant_ttc: centsToDecimal(f.montant_ttc),
    fournisseur: f.fournisseur,
    siret: f.siret,
    date_facture: f.date_facture,
    numero: f.numero,
    devise: f.devise,
  };
  return {
    fields,
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
