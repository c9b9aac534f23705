// A person's review of an extracted invoice: corrections on an allow-list, validation, the original
// file. Every change is recorded with who made it and the old and new values.
import type { Readable } from 'node:stream';
import type { Queryable } from '../db/database.ts';
import { isValidIsoDate } from '../domain/dates.ts';
import { duplicateKeys, duplicateReviewReason } from '../domain/duplicates.ts';
import { DomainError, notFound, validationFailed } from '../domain/errors.ts';
import type { ExtractedFields } from '../domain/extraction-record.ts';
import { decimalToCents } from '../domain/money.ts';
import { reason, reasonText, type ReviewReason } from '../domain/review-reasons.ts';
import { CHECKS } from '../extraction/checks/checks.ts';
import { REQUIRED_FIELDS } from '../extraction/checks/decision.ts';
import type { ExtractedInvoice } from '../extraction/types.ts';
import { correctionsRepo, type CorrectionRow, type NewCorrection } from '../repositories/corrections.ts';
import { invoicesRepo, type InvoiceRow } from '../repositories/invoices.ts';
import { invoiceEvents } from './events.ts';
import type { Deps, Principal } from './deps.ts';

/** The fields a reviewer may change, as the API receives them (amounts as JSON numbers). */
export type FieldPatch = Partial<Record<keyof ExtractedFields, string | number | null>>;

const AMOUNT_FIELDS = new Set(['montant_ht', 'montant_tva', 'montant_ttc']);

/** API value -> column value (amounts as exact decimal strings), or a 400 naming the field. */
function columnValue(field: keyof ExtractedFields, value: string | number | null): string | null {
  if (value === null) return null;
  if (AMOUNT_FIELDS.has(field)) {
    const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
    if (!/^-?\d{1,13}(\.\d{1,2})?$/.test(text) || (typeof value === 'number' && Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)) {
      throw validationFailed(`${field}: ${value} is not an amount with at most two decimals`);
    }
    return Number(text).toFixed(2);
  }
  const text = String(value).trim();
  if (field === 'date_facture' && !isValidIsoDate(text)) throw validationFailed(`date_facture: ${text} is not a calendar date (YYYY-MM-DD)`);
  if (field === 'siret' && !/^\d{14}$/.test(text.replace(/\s/g, ''))) throw validationFailed('siret: must be 14 digits');
  if (field === 'devise' && !/^[A-Z]{3}$/.test(text.toUpperCase())) throw validationFailed('devise: must be an ISO 4217 code such as EUR');
  if (field === 'siret') return text.replace(/\s/g, '');
  if (field === 'devise') return text.toUpperCase();
  return text === '' ? null : text;
}

/** The invoice, locked for this transaction, when a person may change it (404, or 409 while exported or processing). */
export async function lockEditable(tx: Queryable, firmId: string, id: string): Promise<InvoiceRow> {
  const invoice = await invoicesRepo.findForUpdate(tx, firmId, id);
  if (!invoice) throw notFound('Invoice');
  if (invoice.status === 'exported') throw new DomainError('invoice_read_only', 'An exported invoice cannot be changed');
  if (invoice.processing_state === 'queued' || invoice.processing_state === 'running') {
    throw new DomainError('processing_in_progress', 'Extraction has not finished yet; try again when processing is done');
  }
  return invoice;
}

/** Applies corrections. A validated invoice that is corrected goes back to pending: it must be validated again. */
export async function correctInvoice(deps: Deps, principal: Principal, id: string, patch: FieldPatch): Promise<InvoiceRow> {
  return deps.db.transaction(async (tx) => {
    const invoice = await lockEditable(tx, principal.firmId, id);
    const fields: Partial<ExtractedFields> = {};
    const changes: NewCorrection[] = [];
    for (const [name, value] of Object.entries(patch) as Array<[keyof ExtractedFields, string | number | null]>) {
      const next = columnValue(name, value);
      const current = invoice[name];
      if (next === current) continue;
      fields[name] = next;
      changes.push({ field: name, old_value: current, new_value: next });
    }
    if (!changes.length) return invoice;
    const status = invoice.status === 'validated' ? 'pending' : invoice.status;
    if (status !== invoice.status) changes.push({ field: 'status', old_value: invoice.status, new_value: status });
    await correctionsRepo.insertMany(tx, principal.firmId, id, principal.userId, changes);
    // Later imports are compared with the corrected values, not with the misread ones.
    const keys = duplicateKeys({ ...invoice, ...fields }, { siren: invoice.extraction?.siren ?? null, vat_id: invoice.extraction?.vat_id ?? null });
    return invoicesRepo.updateReviewed(tx, principal.firmId, id, { ...fields, ...keys }, status);
  });
}

/** The reasons an invoice's current fields cannot be validated: the extraction's own rules. */
export function reviewReasons(invoice: InvoiceRow): ReviewReason[] {
  const asExtracted: ExtractedInvoice = {
    fields: {
      montant_ht: decimalToCents(invoice.montant_ht), montant_tva: decimalToCents(invoice.montant_tva), montant_ttc: decimalToCents(invoice.montant_ttc),
      fournisseur: invoice.fournisseur, siret: invoice.siret, date_facture: invoice.date_facture, numero: invoice.numero, devise: invoice.devise,
    },
    confidence: {},
    extra: {},
  };
  const missing = REQUIRED_FIELDS.filter((f) => asExtracted.fields[f] === null).map((field) => reason('field_missing', { field }));
  const duplicate = duplicateReviewReason(invoice);
  return [...missing, ...CHECKS.map((check) => check(asExtracted)).filter((r) => r !== null), ...(duplicate ? [duplicate] : [])];
}

/** pending -> validated when the checks pass, or when the reviewer explicitly confirms despite them. */
export async function validateInvoice(deps: Deps, principal: Principal, id: string, options: { confirm: boolean }): Promise<InvoiceRow> {
  return deps.db.transaction(async (tx) => {
    const invoice = await lockEditable(tx, principal.firmId, id);
    if (invoice.status === 'validated') return invoice;
    const codes = reviewReasons(invoice);
    if (codes.length && !options.confirm) {
      const reasons = codes.map(reasonText);
      throw new DomainError('checks_failed', `The invoice does not pass its checks: ${reasons.join('; ')}. Correct it, or validate with confirm: true.`, { reasons, reason_codes: codes });
    }
    await correctionsRepo.insertMany(tx, principal.firmId, id, principal.userId, [{ field: 'status', old_value: invoice.status, new_value: 'validated' }]);
    await invoiceEvents.validatedByReviewer(tx, principal.firmId, invoice, principal.userId);
    return invoicesRepo.updateReviewed(tx, principal.firmId, id, {}, 'validated');
  });
}

export async function invoiceHistory(deps: Deps, principal: Principal, id: string): Promise<CorrectionRow[]> {
  return correctionsRepo.listForInvoice(deps.db, principal.firmId, id);
}

export async function openInvoiceFile(deps: Deps, principal: Principal, id: string): Promise<{ invoice: InvoiceRow; stream: Readable }> {
  const invoice = await invoicesRepo.find(deps.db, principal.firmId, id);
  if (!invoice) throw notFound('Invoice');
  return { invoice, stream: await deps.blobs.get(invoice.storage_key) };
}
