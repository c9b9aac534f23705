import type { Queryable } from '../db/database.ts';

export interface IdempotencyKeyRow {
  firm_id: string;
  key: string;
  file_sha256: string;
  invoice_id: string;
  /** sha256 of the request that used the key first; null on keys stored before it was recorded. */
  request_fingerprint: string | null;
}

export const idempotencyKeysRepo = {
  async find(db: Queryable, firmId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
    const { rows } = await db.query<IdempotencyKeyRow>('SELECT * FROM idempotency_keys WHERE firm_id = $1 AND key = $2', [firmId, key]);
    return rows[0];
  },
  /**
   * Records the key for this request. False when another request holds it: a concurrent one that
   * committed first (the insert waits for it). The caller must then roll back what it wrote.
   */
  async claim(db: Queryable, firmId: string, row: Omit<IdempotencyKeyRow, 'firm_id'>): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO idempotency_keys (firm_id, key, file_sha256, invoice_id, request_fingerprint) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [firmId, row.key, row.file_sha256, row.invoice_id, row.request_fingerprint],
    );
    return rowCount === 1;
  },
};
