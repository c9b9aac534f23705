// Likely-duplicate lookups: each rule is one range of its own index (migration 040), always within
// one firm. "Earlier" means recorded before: the caller holds the firm's duplicate lock, so of two
// renderings of one invoice the one whose extraction is recorded second is the one flagged.
import type { Queryable } from '../db/database.ts';
import type { DuplicateKeys, DuplicateRule } from '../domain/duplicates.ts';
import type { InvoiceRow } from './invoices.ts';

export interface DuplicateProbe extends DuplicateKeys {
  id: string;
  file_sha256: string;
  date_facture: string | null;
  montant_ttc: string | null;
}

/** The rules in order of strength; the first that matches names the invoice's original. */
function ruleQueries(probe: DuplicateProbe): Array<{ rule: DuplicateRule; where: string; params: unknown[] } | null> {
  return [
    { rule: 'same_file', where: 'file_sha256 = $3', params: [probe.file_sha256] },
    probe.seller_key && probe.numero_key
      ? { rule: 'same_seller_and_number', where: 'seller_key = $3 AND numero_key = $4', params: [probe.seller_key, probe.numero_key] }
      : null,
    probe.supplier_key && probe.date_facture && probe.montant_ttc
      ? { rule: 'same_supplier_date_amount', where: 'supplier_key = $3 AND date_facture = $4 AND montant_ttc = $5',
          params: [probe.supplier_key, probe.date_facture, probe.montant_ttc] }
      : null,
  ];
}

export const duplicatesRepo = {
  /** Serialises duplicate detection within one firm until the transaction ends (other firms run freely). */
  async lockFirm(tx: Queryable, firmId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('invoice-duplicates:' || $1, 0))`, [firmId]);
  },

  /** The earliest invoice of the firm, recorded before this one, that this one likely duplicates. */
  async findOriginal(db: Queryable, firmId: string, probe: DuplicateProbe): Promise<{ id: string; rule: DuplicateRule } | undefined> {
    for (const query of ruleQueries(probe)) {
      if (!query) continue;
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM invoices WHERE firm_id = $1 AND ${query.where} AND id <> $2 AND processing_state = 'done'
         ORDER BY created_at, id LIMIT 1`,
        [firmId, probe.id, ...query.params],
      );
      if (rows[0]) return { id: rows[0].id, rule: query.rule };
    }
    return undefined;
  },

  /** Records who dismissed the flag and when; the flag itself (duplicate_of) stays for the record. */
  async dismiss(tx: Queryable, firmId: string, id: string, userId: string): Promise<InvoiceRow> {
    const { rows } = await tx.query<InvoiceRow>(
      `UPDATE invoices SET duplicate_dismissed_at = now(), duplicate_dismissed_by = $3, updated_at = now()
       WHERE firm_id = $1 AND id = $2 RETURNING *`,
      [firmId, id, userId],
    );
    return rows[0]!;
  },
};
