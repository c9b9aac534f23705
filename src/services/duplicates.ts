// Likely duplicates within a firm: flagged when an extraction is recorded, dismissed by a reviewer.
// A flagged invoice is never validated unattended, whatever its checks say.
import type { Database, Queryable } from '../db/database.ts';
import { duplicateKeys, duplicateReviewReason } from '../domain/duplicates.ts';
import { reasonText, type ReviewReason } from '../domain/review-reasons.ts';
import { DomainError } from '../domain/errors.ts';
import type { ExtractionRecord } from '../domain/extraction-record.ts';
import { correctionsRepo } from '../repositories/corrections.ts';
import { duplicatesRepo } from '../repositories/duplicates.ts';
import { invoicesRepo, type InvoiceRow } from '../repositories/invoices.ts';
import type { Deps, Principal } from './deps.ts';
import { lockEditable } from './review.ts';

/**
 * Records an invoice's extraction with its duplicate keys, after looking for an invoice of the same
 * firm it likely duplicates. The firm's duplicate lock is held meanwhile, so two renderings of one
 * invoice finishing at once still see each other. `onSaved` runs in the same transaction once the
 * result is written (the webhook outbox), with the final status. Returns whether this call wrote the
 * result and, when flagged, the original's id.
 */
export async function recordExtraction(
  db: Database, firmId: string, invoice: Pick<InvoiceRow, 'id' | 'file_sha256'>, result: ExtractionRecord,
  onSaved?: (tx: Queryable, status: 'validated' | 'pending') => Promise<void>,
): Promise<{ saved: boolean; status: 'validated' | 'pending'; duplicateOf: string | null }> {
  return db.transaction(async (tx) => {
    await duplicatesRepo.lockFirm(tx, firmId);
    const keys = duplicateKeys(result.fields, result.extraction);
    const original = await duplicatesRepo.findOriginal(tx, firmId, {
      id: invoice.id, file_sha256: invoice.file_sha256, ...keys,
      date_facture: result.fields.date_facture, montant_ttc: result.fields.montant_ttc,
    });
    const status = original ? 'pending' : result.status;
    const saved = await invoicesRepo.saveExtraction(tx, firmId, invoice.id, {
      ...result, status, keys, duplicate: original ? { of: original.id, rule: original.rule } : null,
    });
    if (saved && onSaved) await onSaved(tx, status);
    return { saved, status, duplicateOf: original?.id ?? null };
  });
}

/** The reviewer says the flagged invoice is not a duplicate: recorded with who and when; validation then proceeds as usual. */
export async function dismissDuplicate(deps: Deps, principal: Principal, id: string): Promise<InvoiceRow> {
  return deps.db.transaction(async (tx) => {
    const invoice = await lockEditable(tx, principal.firmId, id);
    if (!invoice.duplicate_of) throw new DomainError('conflict', 'This invoice is not flagged as a likely duplicate; there is nothing to dismiss');
    // Dismissing twice changes nothing: the first dismissal stays the recorded one.
    if (invoice.duplicate_dismissed_at) return invoice;
    await correctionsRepo.insertMany(tx, principal.firmId, id, principal.userId, [
      { field: 'duplicate_dismissed', old_value: textOf(duplicateReviewReason(invoice)), new_value: `not a duplicate of ${invoice.duplicate_of}` },
    ]);
    return duplicatesRepo.dismiss(tx, principal.firmId, id, principal.userId);
  });
}

const textOf = (reason: ReviewReason | null) => (reason ? reasonText(reason) : null);
