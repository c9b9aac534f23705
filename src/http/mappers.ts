// Database rows -> API shapes. Decimal strings become JSON numbers here and nowhere else.
import type { DossierRow } from '../repositories/dossiers.ts';
import type { InvoiceListRow, InvoiceRow } from '../repositories/invoices.ts';
import type { InvoiceTotalsRow } from '../repositories/invoice-totals.ts';
import type { CorrectionRow } from '../repositories/corrections.ts';
import type { TokenRow } from '../repositories/tokens.ts';
import type { ExportRow } from '../repositories/exports.ts';
import type { WebhookRow } from '../repositories/webhooks.ts';
import type { DeliveryWithAttempts } from '../services/webhooks.ts';
import type { StoredExtraction } from '../domain/extraction-record.ts';
import { duplicateReviewReason } from '../domain/duplicates.ts';
import { convertAmounts } from '../domain/field-values.ts';
import { AMOUNT_FIELDS, FIELD_NAMES, LISTED_FIELDS, type AmountField } from '../domain/invoice-fields.ts';
import { reasonText } from '../domain/review-reasons.ts';

const amount = (value: string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));
const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);
/** Sums as numbers, one per amount field (a sum is never null). */
const sums = (row: Record<AmountField, string>) => Object.fromEntries(AMOUNT_FIELDS.map((f) => [f, Number(row[f])])) as Record<AmountField, number>;

export function toInvoiceListItem(row: InvoiceListRow) {
  return { id: row.id, ...convertAmounts(row, LISTED_FIELDS, amount), status: row.status };
}

export const toInvoiceTotals = (row: InvoiceTotalsRow) => ({ count: row.count, ...sums(row) });

export function toInvoiceDetail(row: InvoiceRow, corrections?: CorrectionRow[]) {
  const extraction = row.extraction as StoredExtraction | null;
  return {
    ...toInvoiceListItem(row),
    ...convertAmounts(row, FIELD_NAMES, amount),
    dossier_id: row.dossier_id,
    duplicate_of: row.duplicate_of,
    duplicate_rule: row.duplicate_rule,
    duplicate_dismissed_at: iso(row.duplicate_dismissed_at),
    duplicate_dismissed_by: row.duplicate_dismissed_by,
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
      ...reviewReasonsOf(row, extraction),
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

/**
 * The extraction's reasons plus, while the flag is open, the duplicate one. Rows extracted before
 * reasons had codes have only the English sentences: their codes are null, not a partial list.
 */
function reviewReasonsOf(row: InvoiceRow, extraction: StoredExtraction) {
  const duplicate = duplicateReviewReason(row);
  const codes = extraction.review_reason_codes;
  return {
    review_reasons: duplicate ? [...extraction.review_reasons, reasonText(duplicate)] : extraction.review_reasons,
    review_reason_codes: codes ? (duplicate ? [...codes, duplicate] : codes) : null,
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

export const toExport = (row: ExportRow) => ({
  id: row.id,
  dossier_id: row.dossier_id,
  format: row.format,
  status: row.status,
  invoice_count: row.invoice_count,
  invoice_ids: row.invoice_ids,
  totals: sums(row),
  charge_account: row.charge_account,
  created_at: row.created_at.toISOString(),
  created_by: row.created_by,
  cancelled_at: iso(row.cancelled_at),
  cancelled_by: row.cancelled_by,
  file_name: row.file_name,
});

export const toWebhook = (row: WebhookRow) => ({
  id: row.id, url: row.url, events: row.events, description: row.description, created_at: row.created_at.toISOString(),
});

export const toDelivery = (row: DeliveryWithAttempts) => ({
  id: row.id,
  event_id: row.event_id,
  event_type: row.event_type,
  status: row.status,
  attempts: row.attempts,
  last_status_code: row.last_status_code,
  last_error: row.last_error,
  next_attempt_at: iso(row.next_attempt_at),
  delivered_at: iso(row.delivered_at),
  created_at: row.created_at.toISOString(),
  attempt_log: row.attempt_log.map((a) => ({ attempt: a.attempt, at: a.at.toISOString(), status_code: a.status_code, error: a.error, duration_ms: a.duration_ms })),
});
