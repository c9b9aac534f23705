// The sums behind the review table's totals row: every invoice the list's filter selects, on all pages.
import type { Queryable } from '../db/database.ts';
import { INVOICE_FIELDS, type AmountField } from '../domain/invoice-fields.ts';
import { listWhere, type InvoiceFilter } from './invoices.ts';

export type TotalsFilter = Pick<InvoiceFilter, 'dossierId' | 'status' | 'dateFrom' | 'dateTo' | 'duplicate'>;

/** Decimal sums of each amount field as the database returns them (strings, exact); an invoice without an amount adds nothing. */
export type InvoiceTotalsRow = { count: number } & Record<AmountField, string>;

const AMOUNT_COLUMNS = INVOICE_FIELDS.filter((f) => f.kind === 'amount').map((f) => f.column);

export const invoiceTotalsRepo = {
  /**
   * The filter's count and sums; undefined when the folder is not the firm's. The folder row drives
   * the query, so an empty folder still answers zeros and a foreign one answers no row.
   */
  async sum(db: Queryable, firmId: string, filter: TotalsFilter): Promise<InvoiceTotalsRow | undefined> {
    const params: unknown[] = [firmId, filter.dossierId];
    const where = listWhere(filter, params);
    const { rows } = await db.query<InvoiceTotalsRow>(
      `SELECT t.*
       FROM dossiers d CROSS JOIN LATERAL (
         SELECT count(*)::int AS count, ${AMOUNT_COLUMNS.map((c) => `coalesce(sum(${c}), 0)::text AS ${c}`).join(', ')}
         FROM invoices WHERE ${where}
       ) AS t
       WHERE d.firm_id = $1 AND d.id = $2`,
      params,
    );
    return rows[0];
  },
};
