// The sums behind the review table's totals row: every invoice the list's filter selects, on all pages.
import type { Queryable } from '../db/database.ts';
import { listWhere, type InvoiceFilter } from './invoices.ts';

export type TotalsFilter = Pick<InvoiceFilter, 'dossierId' | 'status' | 'dateFrom' | 'dateTo' | 'duplicate'>;

/** Decimal sums as the database returns them (strings, exact); an invoice without an amount adds nothing. */
export interface InvoiceTotalsRow { count: number; montant_ht: string; montant_tva: string; montant_ttc: string }

export const invoiceTotalsRepo = {
  /**
   * The filter's count and sums; undefined when the folder is not the firm's. The folder row drives
   * the query, so an empty folder still answers zeros and a foreign one answers no row.
   */
  async sum(db: Queryable, firmId: string, filter: TotalsFilter): Promise<InvoiceTotalsRow | undefined> {
    const params: unknown[] = [firmId, filter.dossierId];
    const where = listWhere(filter, params);
    const { rows } = await db.query<InvoiceTotalsRow>(
      `SELECT t.count, t.montant_ht, t.montant_tva, t.montant_ttc
       FROM dossiers d CROSS JOIN LATERAL (
         SELECT count(*)::int AS count,
           coalesce(sum(montant_ht), 0)::text AS montant_ht,
           coalesce(sum(montant_tva), 0)::text AS montant_tva,
           coalesce(sum(montant_ttc), 0)::text AS montant_ttc
         FROM invoices WHERE ${where}
       ) AS t
       WHERE d.firm_id = $1 AND d.id = $2`,
      params,
    );
    return rows[0];
  },
};
