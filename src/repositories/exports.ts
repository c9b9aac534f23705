// Export batches and the invoices they book. Every method takes the firm first.
import type { Queryable } from '../db/database.ts';
import type { ExportedInvoice, ExportFormat, ExportStatus, ExportTotals } from '../domain/exports.ts';
import { AMOUNT_FIELDS, INVOICE_FIELDS } from '../domain/invoice-fields.ts';

/** A batch; its totals are one column per amount field, named after it. */
export interface ExportRow extends ExportTotals {
  id: string;
  firm_id: string;
  dossier_id: string;
  format: ExportFormat;
  status: ExportStatus;
  charge_account: string;
  invoice_count: number;
  invoice_ids: string[];
  file_name: string;
  idempotency_key: string | null;
  request_fingerprint: string | null;
  created_by: string;
  created_at: Date;
  cancelled_by: string | null;
  cancelled_at: Date | null;
}

export type NewExport = Pick<ExportRow, 'id' | 'dossier_id' | 'format' | 'charge_account' | 'file_name' | 'idempotency_key' | 'request_fingerprint' | 'created_by' | 'created_at'>;

/** Which validated invoices of a folder to book: a date range on date_facture, or listed ids. */
export interface ExportSelection { dossierId: string; dateFrom?: string; dateTo?: string; invoiceIds?: string[] }

// Everything but the snapshot, which only the file needs; the ids come from it, in the file's order.
const COLUMNS = `id, firm_id, dossier_id, format, status, charge_account, invoice_count, ${AMOUNT_FIELDS.join(', ')}, file_name,
  idempotency_key, request_fingerprint, created_by, created_at, cancelled_by, cancelled_at, jsonb_path_query_array(snapshot, '$[*].id') AS invoice_ids`;

// The snapshot's fields, read from the invoice row as the export books it.
const SNAPSHOT_COLUMNS = `i.id, i.dossier_id, ${INVOICE_FIELDS.map((f) => `i.${f.column}`).join(', ')},
  i.extraction->>'vat_id' AS vat_id, i.extraction->>'source' AS source, i.file_name, i.file_sha256,
  i.created_at AS imported_at, coalesce(i.extraction->'vat_breakdown', '[]'::jsonb) AS vat_breakdown`;

type SnapshotRow = Omit<ExportedInvoice, 'imported_at'> & { imported_at: Date };

export const exportsRepo = {
  /** Records the batch first, empty: a concurrent request with the same key waits on its unique index. */
  async insert(tx: Queryable, firmId: string, row: NewExport): Promise<void> {
    await tx.query(
      `INSERT INTO exports (id, firm_id, dossier_id, format, charge_account, file_name, idempotency_key, request_fingerprint, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [row.id, firmId, row.dossier_id, row.format, row.charge_account, row.file_name, row.idempotency_key, row.request_fingerprint, row.created_by, row.created_at],
    );
  },

  async find(db: Queryable, firmId: string, id: string): Promise<ExportRow | undefined> {
    const { rows } = await db.query<ExportRow>(`SELECT ${COLUMNS} FROM exports WHERE firm_id = $1 AND id = $2`, [firmId, id]);
    return rows[0];
  },

  async findForUpdate(tx: Queryable, firmId: string, id: string): Promise<ExportRow | undefined> {
    const { rows } = await tx.query<ExportRow>(`SELECT ${COLUMNS} FROM exports WHERE firm_id = $1 AND id = $2 FOR UPDATE`, [firmId, id]);
    return rows[0];
  },

  async findByKey(db: Queryable, firmId: string, key: string): Promise<ExportRow | undefined> {
    const { rows } = await db.query<ExportRow>(`SELECT ${COLUMNS} FROM exports WHERE firm_id = $1 AND idempotency_key = $2`, [firmId, key]);
    return rows[0];
  },

  async snapshot(db: Queryable, firmId: string, id: string): Promise<ExportedInvoice[]> {
    const { rows } = await db.query<{ snapshot: ExportedInvoice[] }>('SELECT snapshot FROM exports WHERE firm_id = $1 AND id = $2', [firmId, id]);
    return rows[0]?.snapshot ?? [];
  },

  /**
   * The listed invoices of the firm, locked in id order (so two exports never wait on each other
   * in opposite orders), with what decides whether they can be exported.
   */
  async lockListed(tx: Queryable, firmId: string, ids: string[]): Promise<Array<{ id: string; dossier_id: string; status: string }>> {
    const { rows } = await tx.query<{ id: string; dossier_id: string; status: string }>(
      'SELECT id, dossier_id, status FROM invoices WHERE firm_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR UPDATE',
      [firmId, ids],
    );
    return rows;
  },

  /**
   * Marks the selected validated invoices exported by this batch and returns their fields. The rows
   * are locked in id order and re-checked once locked, so an invoice that a concurrent export
   * booked first is skipped here: no invoice is ever booked by two batches. Two statements, not
   * an UPDATE … WHERE id IN (SELECT … FOR UPDATE): on fresh statistics the planner re-ran that
   * subquery per row (10,000 invoices took 127 s; this takes a few).
   */
  async bookInvoices(tx: Queryable, firmId: string, exportId: string, selection: ExportSelection): Promise<SnapshotRow[]> {
    const params: unknown[] = [firmId, selection.dossierId];
    const where = ['firm_id = $1', 'dossier_id = $2', `status = 'validated'`];
    if (selection.dateFrom) where.push(`date_facture >= $${params.push(selection.dateFrom)}`);
    if (selection.dateTo) where.push(`date_facture <= $${params.push(selection.dateTo)}`);
    if (selection.invoiceIds) where.push(`id = ANY($${params.push(selection.invoiceIds)}::text[])`);
    const locked = await tx.query<{ id: string }>(`SELECT id FROM invoices WHERE ${where.join(' AND ')} ORDER BY id FOR UPDATE`, params);
    if (!locked.rows.length) return [];
    const { rows } = await tx.query<SnapshotRow>(
      `UPDATE invoices i SET status = 'exported', export_id = $3, updated_at = now()
       WHERE i.firm_id = $1 AND i.id = ANY($2::text[]) AND i.status = 'validated'
       RETURNING ${SNAPSHOT_COLUMNS}`,
      [firmId, locked.rows.map((r) => r.id), exportId],
    );
    return rows;
  },

  async complete(tx: Queryable, firmId: string, id: string, snapshot: ExportedInvoice[], totals: ExportTotals): Promise<ExportRow> {
    await tx.query(
      `UPDATE exports SET snapshot = $3, invoice_count = $4, ${AMOUNT_FIELDS.map((f, i) => `${f} = $${i + 5}`).join(', ')}
       WHERE firm_id = $1 AND id = $2`,
      [firmId, id, JSON.stringify(snapshot), snapshot.length, ...AMOUNT_FIELDS.map((f) => totals[f])],
    );
    return (await exportsRepo.find(tx, firmId, id))!;
  },

  /** A page of batches, newest first, for the firm or one of its folders, and their total. */
  async list(db: Queryable, firmId: string, filter: { dossierId?: string; page: number; perPage: number }): Promise<{ rows: ExportRow[]; total: number }> {
    const params: unknown[] = [firmId];
    const where = filter.dossierId ? `firm_id = $1 AND dossier_id = $${params.push(filter.dossierId)}` : 'firm_id = $1';
    const counted = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM exports WHERE ${where}`, params);
    const { rows } = await db.query<ExportRow>(
      `SELECT ${COLUMNS} FROM exports WHERE ${where} ORDER BY created_at DESC, id DESC
       LIMIT $${params.push(filter.perPage)} OFFSET $${params.push((filter.page - 1) * filter.perPage)}`,
      params,
    );
    return { rows, total: counted.rows[0]!.total };
  },

  /** Returns the batch's invoices that it still holds to validated, and records who cancelled it. */
  async cancel(tx: Queryable, firmId: string, id: string, userId: string): Promise<{ restored: number; batch: ExportRow }> {
    const { rowCount } = await tx.query(
      `UPDATE invoices SET status = 'validated', export_id = NULL, updated_at = now()
       WHERE firm_id = $1 AND export_id = $2 AND status = 'exported'`,
      [firmId, id],
    );
    await tx.query(
      `UPDATE exports SET status = 'cancelled', cancelled_by = $3, cancelled_at = now() WHERE firm_id = $1 AND id = $2 AND status = 'active'`,
      [firmId, id, userId],
    );
    return { restored: rowCount, batch: (await exportsRepo.find(tx, firmId, id))! };
  },
};
