import type { Queryable } from '../db/database.ts';

export interface IdempotencyKeyRow { firm_id: string; key: string; file_sha256: string; invoice_id: string }

export const idempotencyKeysRepo = {
  async find(db: Queryable, firmId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
    const { rows } = await db.query<IdempotencyKeyRow>('SELECT * FROM idempotency_keys WHERE firm_id = $1 AND key = $2', [firmId, key]);
    return rows[0];
  },
  async insert(db: Queryable, firmId: string, row: Omit<IdempotencyKeyRow, 'firm_id'>): Promise<void> {
    await db.query(
      'INSERT INTO idempotency_keys (firm_id, key, file_sha256, invoice_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [firmId, row.key, row.file_sha256, row.invoice_id],
    );
  },
};
