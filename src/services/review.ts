// A person's review of an extracted invoice: corrections on an allow-list, validation, the original
// file. Every change is recorded with who made it and the old and new values.
import type { Readable } from 'node:stream';
import type { Queryable } from '../db/database.ts';
import { duplicateKeys, duplicateReviewReason } from '../domain/duplicates.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import { columnValue, type FieldInput } from '../domain/field-input.ts';
import { fromStoredFields, type StoredFields } from '../domain/field-values.ts';
import type { FieldName } from '../domain/invoice-fields.ts';
import { reasonText, type ReviewReason } from '../domain/review-reasons.ts';
import { fieldReasons } from '../domain/validation.ts';
import { correctionsRepo, type CorrectionRow, type NewCorrection } from '../repositories/corrections.ts';
import { invoicesRepo, type InvoiceRow } from '../repositories/invoices.ts';
import { invoiceEvents } from './events.ts';
import type { Deps, Principal } from './deps.ts';

/** The fields a reviewer may change, as the API receives them (amounts as JSON numbers). */
export type FieldPatch = Partial<Record<FieldName, FieldInput>>;

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
    const fields: Partial<StoredFields> = {};
    const changes: NewCorrection[] = [];
    for (const [name, value] of Object.entries(patch) as Array<[FieldName, FieldInput]>) {
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

/** The reasons an invoice's current fields cannot be validated: the domain's rules, and an open duplicate flag. */
export function reviewReasons(invoice: InvoiceRow): ReviewReason[] {
  const duplicate = duplicateReviewReason(invoice);
  return [...fieldReasons(fromStoredFields(invoice)), ...(duplicate ? [duplicate] : [])];
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
