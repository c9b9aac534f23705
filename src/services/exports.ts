// Export to accounting: validated invoices become `exported` in a batch (FEC or CSV) that records
// who booked what and when; a batch can be cancelled, which returns its invoices to validated.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { renderCsv } from '../domain/csv.ts';
import { isValidIsoDate } from '../domain/dates.ts';
import { DomainError, notFound, validationFailed } from '../domain/errors.ts';
import {
  bookingDay, compareExported, exportFileName, exportTotals, fecGap, type ExportedInvoice, type ExportFormat,
} from '../domain/exports.ts';
import { renderFec } from '../domain/fec.ts';
import { newId } from '../domain/ids.ts';
import { dossiersRepo } from '../repositories/dossiers.ts';
import { exportsRepo, type ExportRow, type ExportSelection } from '../repositories/exports.ts';
import { isUniqueViolation } from './db-errors.ts';
import { exportEvents } from './events.ts';
import type { Deps, Principal } from './deps.ts';

export interface ExportRequest {
  dossierId: string;
  format: ExportFormat;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  invoiceIds?: string[] | undefined;
  chargeAccount?: string | undefined;
  idempotencyKey?: string | undefined;
}

export type ExportOutcome = { kind: 'created' | 'replayed'; batch: ExportRow };

/** Everything that defines an export request; the same Idempotency-Key must come with the same one. */
function requestFingerprint(input: ExportRequest): string {
  const ids = input.invoiceIds ? [...input.invoiceIds].sort() : null;
  const parts = [input.dossierId, input.format, input.dateFrom ?? null, input.dateTo ?? null, ids, input.chargeAccount ?? null];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function replay(seen: ExportRow, fingerprint: string): ExportOutcome {
  if (seen.request_fingerprint !== fingerprint) {
    throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was already used for a different export request');
  }
  return { kind: 'replayed', batch: seen };
}

function checkRequest(input: ExportRequest): ExportSelection {
  for (const [name, value] of [['date_from', input.dateFrom], ['date_to', input.dateTo]] as const) {
    if (value && !isValidIsoDate(value)) throw validationFailed(`${name}: ${value} is not a calendar date`);
  }
  if (input.dateFrom && input.dateTo && input.dateFrom > input.dateTo) {
    throw validationFailed('date_from must not be after date_to', { date_from: input.dateFrom, date_to: input.dateTo });
  }
  if (input.invoiceIds && (input.dateFrom || input.dateTo)) {
    throw validationFailed('Give either invoice_ids or a date range (date_from, date_to), not both');
  }
  const invoiceIds = input.invoiceIds && [...new Set(input.invoiceIds)];
  return { dossierId: input.dossierId, dateFrom: input.dateFrom, dateTo: input.dateTo, invoiceIds };
}

/** Listed ids that are not validated invoices of the folder: a 409 naming them, nothing booked. */
async function checkListed(tx: Queryable, firmId: string, selection: ExportSelection): Promise<void> {
  if (!selection.invoiceIds) return;
  const locked = new Map((await exportsRepo.lockListed(tx, firmId, selection.invoiceIds)).map((row) => [row.id, row]));
  const refused = selection.invoiceIds.filter((id) => {
    const row = locked.get(id);
    return !row || row.dossier_id !== selection.dossierId || row.status !== 'validated';
  });
  if (refused.length) {
    throw new DomainError('invoices_not_exportable', `${refused.length} listed invoice(s) are not validated invoices of this folder: ${refused.slice(0, 20).join(', ')}`, { invoice_ids: refused });
  }
}

const toSnapshot = (row: Omit<ExportedInvoice, 'imported_at'> & { imported_at: Date }): ExportedInvoice =>
  ({ ...row, imported_at: row.imported_at.toISOString() });

/** The batch's file, as text; the same batch always gives the same bytes. */
function renderFile(batch: Pick<ExportRow, 'id' | 'format' | 'charge_account' | 'created_at'>, rows: ExportedInvoice[]): string {
  return batch.format === 'fec'
    ? renderFec(rows, { chargeAccount: batch.charge_account, validDate: bookingDay(batch.created_at) })
    : renderCsv(rows, batch.id);
}

/**
 * Books the selected validated invoices in one transaction: the batch row first (it holds the
 * Idempotency-Key, so a concurrent retry waits for this one and then replays it), then the
 * invoices, locked and re-checked, then the batch's snapshot and totals.
 */
export async function createExport(deps: Deps, principal: Principal, input: ExportRequest): Promise<ExportOutcome> {
  const { firmId } = principal;
  const selection = checkRequest(input);
  const fingerprint = requestFingerprint(input);
  const key = input.idempotencyKey;
  try {
    return await deps.db.transaction(async (tx): Promise<ExportOutcome> => {
      const seen = key ? await exportsRepo.findByKey(tx, firmId, key) : undefined;
      if (seen) return replay(seen, fingerprint);
      if (!(await dossiersRepo.exists(tx, firmId, input.dossierId))) throw notFound('Folder');
      const id = newId('exp');
      const createdAt = new Date();
      const batch = { id, format: input.format, charge_account: input.chargeAccount ?? deps.config.fec.chargeAccount, created_at: createdAt };
      await exportsRepo.insert(tx, firmId, {
        ...batch, dossier_id: input.dossierId, file_name: exportFileName(input.format, id, createdAt),
        idempotency_key: key ?? null, request_fingerprint: fingerprint, created_by: principal.userId,
      });
      await checkListed(tx, firmId, selection);
      const rows = (await exportsRepo.bookInvoices(tx, firmId, id, selection)).map(toSnapshot).sort(compareExported);
      if (!rows.length) throw new DomainError('nothing_to_export', 'No validated invoice matches: nothing was exported');
      const gaps = input.format === 'fec' ? rows.flatMap((r) => (fecGap(r) ? [{ id: r.id, reason: fecGap(r)! }] : [])) : [];
      if (gaps.length) {
        throw new DomainError('invoices_incomplete', `${gaps.length} invoice(s) cannot be written as FEC entries (a date and a TTC are needed); correct them first`, { invoices: gaps });
      }
      renderFile(batch, rows); // an entry that does not balance aborts the transaction here
      const created = await exportsRepo.complete(tx, firmId, id, rows, exportTotals(rows));
      await exportEvents.created(tx, firmId, created);
      return { kind: 'created', batch: created };
    });
  } catch (error) {
    // A concurrent request with the same key committed first: this one is its replay, or a 422.
    const winner = key && isUniqueViolation(error) ? await exportsRepo.findByKey(deps.db, firmId, key) : undefined;
    if (winner) return replay(winner, fingerprint);
    throw error;
  }
}

export async function getExport(deps: Deps, principal: Principal, id: string): Promise<ExportRow> {
  const batch = await exportsRepo.find(deps.db, principal.firmId, id);
  if (!batch) throw notFound('Export');
  return batch;
}

export async function listExports(deps: Deps, principal: Principal, query: { dossierId?: string | undefined; page: number; perPage: number }) {
  if (query.dossierId && !(await dossiersRepo.exists(deps.db, principal.firmId, query.dossierId))) throw notFound('Folder');
  return exportsRepo.list(deps.db, principal.firmId, query);
}

/** The batch's file, regenerated from its snapshot: later edits to the invoices never change it. */
export async function exportFile(deps: Deps, principal: Principal, id: string): Promise<{ batch: ExportRow; content: string }> {
  const batch = await getExport(deps, principal, id);
  return { batch, content: renderFile(batch, await exportsRepo.snapshot(deps.db, principal.firmId, id)) };
}

/**
 * Cancels an active batch: the invoices it still holds return to validated, and who cancelled it
 * and when is recorded. Any active batch may be cancelled: no batch depends on another (each
 * numbers its own entries, and an invoice is in at most one active batch).
 */
export async function cancelExport(deps: Deps, principal: Principal, id: string): Promise<ExportRow> {
  return deps.db.transaction(async (tx) => {
    const batch = await exportsRepo.findForUpdate(tx, principal.firmId, id);
    if (!batch) throw notFound('Export');
    if (batch.status === 'cancelled') throw new DomainError('export_cancelled', 'This export is already cancelled');
    return (await exportsRepo.cancel(tx, principal.firmId, id, principal.userId)).batch;
  });
}
