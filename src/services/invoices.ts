// Invoice use cases: import, list, get. Every call is scoped to the caller's firm.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import { dossiersRepo } from '../repositories/dossiers.ts';
import { idempotencyKeysRepo, type IdempotencyKeyRow } from '../repositories/idempotency-keys.ts';
import { invoicesRepo, type InvoiceFilter, type InvoiceRow } from '../repositories/invoices.ts';
import { isUniqueViolation } from './db-errors.ts';
import type { Deps, Principal } from './deps.ts';
import type { StagedFile } from './upload-staging.ts';

export type ImportOutcome =
  | { kind: 'created'; invoice: InvoiceRow }
  | { kind: 'duplicate'; invoice: InvoiceRow }
  | { kind: 'replayed'; invoice: InvoiceRow };

/** Thrown inside the import transaction to roll it back: a concurrent request took the same key. */
class IdempotencyKeyTaken extends Error {}

/** Everything that defines an import request; the same Idempotency-Key must come with the same one. */
function requestFingerprint(dossierId: string, staged: StagedFile): string {
  return createHash('sha256').update(JSON.stringify([dossierId, staged.sha256, staged.fileName])).digest('hex');
}

/** The answer to a key seen before: the first request's invoice when it is the same request, else 422. */
async function replay(db: Queryable, firmId: string, seen: IdempotencyKeyRow, request: { dossierId: string; staged: StagedFile; fingerprint: string }): Promise<ImportOutcome> {
  const invoice = (await invoicesRepo.find(db, firmId, seen.invoice_id))!;
  const same = seen.request_fingerprint
    ? seen.request_fingerprint === request.fingerprint
    : seen.file_sha256 === request.staged.sha256 && invoice.dossier_id === request.dossierId;
  if (!same) {
    throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was already used for a different request (another file or folder)');
  }
  return { kind: 'replayed', invoice };
}

/**
 * Records a staged upload as a new invoice and enqueues its processing, in one transaction.
 * The same bytes in the same folder, or a repeated Idempotency-Key, return the existing invoice.
 */
export async function completeImport(
  deps: Deps, principal: Principal, staged: StagedFile, input: { dossierId: string; idempotencyKey?: string },
): Promise<ImportOutcome> {
  const { firmId } = principal;
  const key = input.idempotencyKey;
  const request = { dossierId: input.dossierId, staged, fingerprint: requestFingerprint(input.dossierId, staged) };
  let outcome: ImportOutcome;
  try {
    outcome = await deps.db.transaction(async (tx): Promise<ImportOutcome> => {
      const seen = key ? await idempotencyKeysRepo.find(tx, firmId, key) : undefined;
      if (seen) return replay(tx, firmId, seen, request);
      if (!(await dossiersRepo.find(tx, firmId, input.dossierId))) throw notFound('Folder');
      const existing = await invoicesRepo.findBySha256(tx, firmId, input.dossierId, staged.sha256);
      if (existing) return { kind: 'duplicate', invoice: existing };
      const invoice = await invoicesRepo.insert(tx, firmId, {
        id: staged.invoiceId, dossier_id: input.dossierId, file_name: staged.fileName, file_type: staged.fileType,
        file_size: staged.size, file_sha256: staged.sha256, storage_key: staged.storageKey,
      });
      if (key) {
        const claimed = await idempotencyKeysRepo.claim(tx, firmId, {
          key, file_sha256: staged.sha256, invoice_id: invoice.id, request_fingerprint: request.fingerprint,
        });
        if (!claimed) throw new IdempotencyKeyTaken();
      }
      await deps.queue.enqueueProcessing(tx, { firmId, invoiceId: invoice.id });
      return { kind: 'created', invoice };
    });
  } catch (error) {
    await deps.blobs.delete(staged.storageKey).catch(() => {});
    // A concurrent request with the same key committed first: this one is its replay, or a 422.
    const winnerKey = key && (error instanceof IdempotencyKeyTaken || isUniqueViolation(error))
      ? await idempotencyKeysRepo.find(deps.db, firmId, key) : undefined;
    if (winnerKey) return replay(deps.db, firmId, winnerKey, request);
    // Two identical uploads racing: the loser answers with the winner's invoice.
    if (isUniqueViolation(error)) {
      const winner = await invoicesRepo.findBySha256(deps.db, firmId, input.dossierId, staged.sha256);
      if (winner) return { kind: 'duplicate', invoice: winner };
    }
    throw error;
  }
  if (outcome.kind === 'created') deps.queue.wakeLocalWorker();
  else await deps.blobs.delete(staged.storageKey).catch(() => {});
  return outcome;
}

export type ListQuery = InvoiceFilter;

/** An empty range is a mistake, not an empty answer: the list and its totals refuse it alike. */
export function checkDateRange(query: { dateFrom?: string; dateTo?: string }): void {
  if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) {
    throw new DomainError('validation_failed', 'date_from must not be after date_to', { date_from: query.dateFrom, date_to: query.dateTo });
  }
}

export async function listInvoices(deps: Deps, principal: Principal, query: ListQuery) {
  checkDateRange(query);
  // The folder's existence comes with the total, in one cheap statement (never a count of its rows).
  const listed = await invoicesRepo.list(deps.db, principal.firmId, query);
  if (!listed) throw notFound('Folder');
  return listed;
}

export async function getInvoice(deps: Deps, principal: Principal, id: string): Promise<InvoiceRow> {
  const invoice = await invoicesRepo.find(deps.db, principal.firmId, id);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}
