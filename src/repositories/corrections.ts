import type { Queryable } from '../db/database.ts';
import { newId } from '../domain/ids.ts';

export interface CorrectionRow {
  id: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
  user_id: string;
  user_email: string;
  created_at: Date;
}

export interface NewCorrection { field: string; old_value: string | null; new_value: string | null }

export const correctionsRepo = {
  async insertMany(db: Queryable, firmId: string, invoiceId: string, userId: string, changes: NewCorrection[]): Promise<void> {
    for (const c of changes) {
      await db.query(
        `INSERT INTO invoice_corrections (id, firm_id, invoice_id, user_id, field, old_value, new_value)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [newId('cor'), firmId, invoiceId, userId, c.field, c.old_value, c.new_value],
      );
    }
  },
  async listForInvoice(db: Queryable, firmId: string, invoiceId: string): Promise<CorrectionRow[]> {
    const { rows } = await db.query<CorrectionRow>(
      `SELECT c.id, c.field, c.old_value, c.new_value, c.user_id, u.email AS user_email, c.created_at
       FROM invoice_corrections c JOIN users u ON u.id = c.user_id
       WHERE c.firm_id = $1 AND c.invoice_id = $2 ORDER BY c.seq`,
      [firmId, invoiceId],
    );
    return rows;
  },
};
