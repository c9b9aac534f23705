// Database rows -> API shapes. Decimal strings become JSON numbers here and nowhere else.
import type { DossierRow } from '../repositories/dossiers.ts';
import type { InvoiceListRow, InvoiceRow } from '../repositories/invoices.ts';
import type { CorrectionRow } from '../repositories/corrections.ts';
import type { TokenRow } from '../repositories/tokens.ts';
import type { StoredExtraction } from '../domain/extraction-record.ts';

const amount = (value: string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));
const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export function toInvoiceListItem(row: InvoiceListRow) {
  return {
    id: row.id,
    montant_ht: amount(row.montant_ht),
    montant_tva: amount(row.montant_tva),
    montant_ttc: amount(row.montant_ttc),
    fournisseur: row.fournisseur,
    siret: row.siret,
    date_facture: row.date_facture,
    status: row.status,
  };
}


export function toInvoiceDetail(row: InvoiceRow, corrections?: CorrectionRow[]) {
  const extraction = row.extraction as StoredExtraction | null;
  return {
    ...toInvoiceListItem(row),
    numero: row.numero,
    devise: row.devise,
    dossier_id: row.dossier_id,
    file: { name: row.file_name, type: row.file_type, size: row.file_size, sha256: row.file_sha256 },
    processing: {
      state: row.processing_state,
      attempts: row.processing_attempts,
      started_at: iso(row.processing_started_at),
      finished_at: iso(row.processing_finished_at),
      error: row.processing_error,
    },
    extraction: extraction && {
      ...extraction,
      amount_due: amount(extraction.amount_due),
      vat_breakdown: extraction.vat_breakdown.map((l) => ({ rate: l.rate, basis: amount(l.basis), tax: amount(l.tax) })),
    },
    ...(corrections ? {
      corrections: corrections.map((c) => ({
        field: c.field, old_value: c.old_value, new_value: c.new_value, user_id: c.user_id, user_email: c.user_email, at: c.created_at.toISOString(),
      })),
    } : {}),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const toDossier = (row: DossierRow) => ({
  id: row.id, name: row.name, invoice_count: row.invoice_count, created_at: row.created_at.toISOString(),
});

export const toApiToken = (row: TokenRow) => ({
  id: row.id,
  name: row.name ?? '',
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
  last_used_at: iso(row.last_used_at),
  revoked_at: iso(row.revoked_at),
});
