import type { Queryable } from '../db/database.ts';
import type { InvoiceStatus, ProcessingState } from '../domain/invoice.ts';
import type { ExtractionRecord, StoredExtraction } from '../domain/extraction-record.ts';
import type { DuplicateKeys, DuplicateRule } from '../domain/duplicates.ts';
import type { StoredFields } from '../domain/field-values.ts';
import { INVOICE_FIELDS, type ListedField } from '../domain/invoice-fields.ts';

export interface InvoiceRow extends StoredFields, DuplicateKeys {
  id: string;
  firm_id: string;
  dossier_id: string;
  status: InvoiceStatus;
  processing_state: ProcessingState;
  processing_attempts: number;
  processing_started_at: Date | null;
  processing_finished_at: Date | null;
  processing_error: { code: string; message: string } | null;
  extraction: StoredExtraction | null;
  file_name: string;
  file_type: string;
  file_size: number;
  file_sha256: string;
  storage_key: string;
  duplicate_of: string | null;
  duplicate_rule: DuplicateRule | null;
  duplicate_dismissed_at: Date | null;
  duplicate_dismissed_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export type NewInvoice = Pick<InvoiceRow, 'id' | 'dossier_id' | 'file_name' | 'file_type' | 'file_size' | 'file_sha256' | 'storage_key'>;

export interface InvoiceFilter {
  dossierId: string;
  status?: InvoiceStatus;
  dateFrom?: string;
  dateTo?: string;
  /** Only the invoices flagged as likely duplicates and not dismissed. */
  duplicate?: boolean;
  page: number;
  perPage: number;
  sort?: InvoiceSort;
}

/** Sortable columns; a leading "-" means descending. The default is the seed's: newest invoice date first. */
export const INVOICE_SORTS = ['-date_facture', 'date_facture', '-montant_ttc', 'montant_ttc', 'fournisseur', '-fournisseur', 'status', '-status', '-created_at', 'created_at'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

function orderBy(sort: InvoiceSort = '-date_facture', alias = ''): string {
  const descending = sort.startsWith('-');
  const column = sort.replace(/^-/, '');
  // Unextracted invoices (NULL) come first in the default order, so fresh imports are on page 1.
  // Each order has an index in exactly this shape (migration 010), so a page is an index range.
  return `${alias}${column} ${descending ? 'DESC NULLS FIRST' : 'ASC NULLS LAST'}, ${alias}id`;
}

/** A flagged, undismissed duplicate: exactly the predicate of the partial index invoices_duplicates_open (040). */
const OPEN_DUPLICATE = 'duplicate_of IS NOT NULL AND duplicate_dismissed_at IS NULL';

/** The filter's WHERE clause (unqualified invoices columns); $1 is the firm, $2 the folder, further parameters are appended to params. */
export function listWhere(filter: Pick<InvoiceFilter, 'dossierId' | 'status' | 'dateFrom' | 'dateTo' | 'duplicate'>, params: unknown[]): string {
  const where = ['firm_id = $1', 'dossier_id = $2'];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (filter.status) add('status = ?', filter.status);
  if (filter.dateFrom) add('date_facture >= ?', filter.dateFrom);
  if (filter.dateTo) add('date_facture <= ?', filter.dateTo);
  if (filter.duplicate) where.push(OPEN_DUPLICATE);
  return where.join(' AND ');
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
function nextMonth(first: string): string {
  const [year, month] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}
const isLastDayOfMonth = (day: string) => new Date(`${day}T00:00:00Z`).getUTCMonth() !== new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).getUTCMonth();

/**
 * A date range as whole months [wholeFrom, wholeTo) (a bound is undefined when the range is open
 * on that side) and the days at its ends outside them; undefined when no whole month fits inside.
 */
export function splitByMonths(from: string | undefined, to: string | undefined) {
  const wholeFrom = from && (from.endsWith('-01') ? from : nextMonth(firstOfMonth(from)));
  const wholeTo = to && (isLastDayOfMonth(to) ? nextMonth(firstOfMonth(to)) : firstOfMonth(to));
  if (wholeFrom && wholeTo && wholeFrom >= wholeTo) return undefined;
  return {
    wholeFrom, wholeTo,
    before: from && from < wholeFrom! ? { from, below: wholeFrom! } : undefined,
    after: to && wholeTo! <= to ? { from: wholeTo!, to } : undefined,
  };
}

/**
 * The folder's existence and the filter's total in one statement (no row: no such folder in this
 * firm). The total sums the per-status, per-month counters (migration 010); with a date range,
 * the partial months at its ends (or a range within one month) are index-only counts.
 */
function totalSql(filter: InvoiceFilter, params: unknown[]): string {
  // Open duplicates are few, and no counter tracks them: they are counted from their partial index.
  if (filter.duplicate) {
    return `SELECT (SELECT count(*) FROM invoices WHERE ${listWhere(filter, params)})::int AS total FROM dossiers WHERE firm_id = $1 AND id = $2`;
  }
  const param = (value: unknown) => `$${params.push(value)}`;
  const status = filter.status ? ` AND status = ${param(filter.status)}` : '';
  const scope = `firm_id = $1 AND dossier_id = $2${status}`;
  const parts: string[] = [];
  if (!filter.dateFrom && !filter.dateTo) {
    parts.push(`SELECT coalesce(sum(n), 0) FROM invoice_counts WHERE ${scope}`);
  } else {
    const split = splitByMonths(filter.dateFrom, filter.dateTo);
    const counted = (from: string | undefined, cmpTo: string, to: string) =>
      `SELECT count(*) FROM invoices WHERE ${scope}${from ? ` AND date_facture >= ${param(from)}` : ''} AND date_facture ${cmpTo} ${param(to)}`;
    if (!split) {
      parts.push(counted(filter.dateFrom, '<=', filter.dateTo!));
    } else {
      parts.push(`SELECT coalesce(sum(n), 0) FROM invoice_counts WHERE ${scope} AND month <> 'infinity'${
        split.wholeFrom ? ` AND month >= ${param(split.wholeFrom)}` : ''}${split.wholeTo ? ` AND month < ${param(split.wholeTo)}` : ''}`);
      if (split.before) parts.push(counted(split.before.from, '<', split.before.below));
      if (split.after) parts.push(counted(split.after.from, '<=', split.after.to));
    }
  }
  return `SELECT (${parts.map((p) => `(${p})`).join(' + ')})::int AS total FROM dossiers WHERE firm_id = $1 AND id = $2`;
}

/** What a list item shows: the list reads only these, never the extraction JSON or file metadata. */
export type InvoiceListRow = Pick<InvoiceRow, 'id' | ListedField | 'status'>;
const LIST_COLUMNS = ['id', ...INVOICE_FIELDS.filter((f) => f.listed).map((f) => f.column), 'status'];

/** `column = $n, …` for every field, numbered from `first`: a statement passes the field values last. */
const fieldAssignments = (first: number) => INVOICE_FIELDS.map(({ column }, i) => `${column} = $${first + i}`).join(', ');

export const invoicesRepo = {
  async insert(db: Queryable, firmId: string, invoice: NewInvoice): Promise<InvoiceRow> {
    const { rows } = await db.query<InvoiceRow>(
      `INSERT INTO invoices (id, firm_id, dossier_id, file_name, file_type, file_size, file_sha256, storage_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [invoice.id, firmId, invoice.dossier_id, invoice.file_name, invoice.file_type, invoice.file_size, invoice.file_sha256, invoice.storage_key],
    );
    return rows[0]!;
  },

  async find(db: Queryable, firmId: string, id: string): Promise<InvoiceRow | undefined> {
    const { rows } = await db.query<InvoiceRow>('SELECT * FROM invoices WHERE firm_id = $1 AND id = $2', [firmId, id]);
    return rows[0];
  },

  /** Reads the row and holds it until the transaction ends, so two reviewers' edits never interleave. */
  async findForUpdate(tx: Queryable, firmId: string, id: string): Promise<InvoiceRow | undefined> {
    const { rows } = await tx.query<InvoiceRow>('SELECT * FROM invoices WHERE firm_id = $1 AND id = $2 FOR UPDATE', [firmId, id]);
    return rows[0];
  },

  /** A reviewer's change: the given fields (and the duplicate keys derived from them) and the status, nothing else. */
  async updateReviewed(
    tx: Queryable, firmId: string, id: string, fields: Partial<StoredFields & DuplicateKeys>, status: InvoiceStatus,
  ): Promise<InvoiceRow> {
    const names = Object.keys(fields) as Array<keyof (StoredFields & DuplicateKeys)>;
    const sets = names.map((name, i) => `${name} = $${i + 4}`);
    const { rows } = await tx.query<InvoiceRow>(
      `UPDATE invoices SET ${[...sets, 'status = $3', 'updated_at = now()'].join(', ')}
       WHERE firm_id = $1 AND id = $2 RETURNING *`,
      [firmId, id, status, ...names.map((n) => fields[n])],
    );
    return rows[0]!;
  },

  async findBySha256(db: Queryable, firmId: string, dossierId: string, sha256: string): Promise<InvoiceRow | undefined> {
    const { rows } = await db.query<InvoiceRow>(
      'SELECT * FROM invoices WHERE firm_id = $1 AND dossier_id = $2 AND file_sha256 = $3',
      [firmId, dossierId, sha256],
    );
    return rows[0];
  },

  /**
   * A page of a folder's invoices and the filter's exact total; undefined when the folder is not
   * the firm's. The page's ids come from the order's index first (a deep page skips index entries,
   * not rows), then only those rows are read.
   */
  async list(db: Queryable, firmId: string, filter: InvoiceFilter): Promise<{ rows: InvoiceListRow[]; total: number } | undefined> {
    const countParams: unknown[] = [firmId, filter.dossierId];
    const counted = await db.query<{ total: number }>(totalSql(filter, countParams), countParams);
    if (counted.rows.length === 0) return undefined;
    const total = counted.rows[0]!.total;
    const offset = (filter.page - 1) * filter.perPage;
    if (offset >= total) return { rows: [], total };
    const params: unknown[] = [firmId, filter.dossierId];
    const where = listWhere(filter, params);
    const page = await db.query<InvoiceListRow>(
      `SELECT ${LIST_COLUMNS.map((c) => `i.${c}`).join(', ')} FROM (
         SELECT id FROM invoices WHERE ${where} ORDER BY ${orderBy(filter.sort)}
         LIMIT $${params.push(filter.perPage)} OFFSET $${params.push(offset)}
       ) AS page JOIN invoices i ON i.firm_id = $1 AND i.id = page.id
       ORDER BY ${orderBy(filter.sort, 'i.')}`,
      params,
    );
    return { rows: page.rows, total };
  },

  /** Claims the invoice for processing; returns undefined when it is already done (a repeated job). */
  async markRunning(db: Queryable, firmId: string, id: string): Promise<InvoiceRow | undefined> {
    const { rows } = await db.query<InvoiceRow>(
      `UPDATE invoices SET processing_state = 'running', processing_attempts = processing_attempts + 1,
         processing_started_at = now(), processing_error = NULL, updated_at = now()
       WHERE firm_id = $1 AND id = $2 AND processing_state <> 'done' RETURNING *`,
      [firmId, id],
    );
    return rows[0];
  },

  /**
   * Writes the extraction result once: a second writer for the same invoice changes nothing. The
   * duplicate keys and flag are written with it, so a recorded invoice is always findable by them.
   */
  async saveExtraction(
    db: Queryable,
    firmId: string,
    id: string,
    result: Omit<ExtractionRecord, 'status'> & { status: InvoiceStatus; keys?: DuplicateKeys; duplicate?: { of: string; rule: DuplicateRule } | null },
  ): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE invoices SET status = $3, extraction = $4,
         seller_key = $5, numero_key = $6, supplier_key = $7, duplicate_of = $8, duplicate_rule = $9, ${fieldAssignments(10)},
         processing_state = 'done', processing_finished_at = now(), processing_error = NULL, updated_at = now()
       WHERE firm_id = $1 AND id = $2 AND processing_state <> 'done'`,
      [firmId, id, result.status, JSON.stringify(result.extraction), result.keys?.seller_key ?? null, result.keys?.numero_key ?? null,
        result.keys?.supplier_key ?? null, result.duplicate?.of ?? null, result.duplicate?.rule ?? null,
        ...INVOICE_FIELDS.map(({ name }) => result.fields[name])],
    );
    return rowCount === 1;
  },

  /** False when nothing changed: the invoice is done, or already failed (so a failure is announced once). */
  async markFailed(db: Queryable, firmId: string, id: string, state: 'queued' | 'failed', error: { code: string; message: string }): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE invoices SET processing_state = $3, processing_error = $4, updated_at = now(),
         processing_finished_at = CASE WHEN $3 = 'failed' THEN now() ELSE processing_finished_at END
       WHERE firm_id = $1 AND id = $2 AND processing_state <> 'done' AND NOT (processing_state = 'failed' AND $3 = 'failed')`,
      [firmId, id, state, JSON.stringify(error)],
    );
    return rowCount === 1;
  },
};
