import type { Queryable } from '../db/database.ts';

export interface DossierRow { id: string; firm_id: string; name: string; created_at: Date; invoice_count: number }

// invoice_count sums the per-status counters kept by triggers (migration 010): never a count of the folder's rows.
const SELECT = `SELECT d.*, (SELECT coalesce(sum(c.n), 0)::int FROM invoice_counts c WHERE c.firm_id = d.firm_id AND c.dossier_id = d.id) AS invoice_count
  FROM dossiers d`;

export const dossiersRepo = {
  async insert(db: Queryable, firmId: string, dossier: { id: string; name: string }): Promise<DossierRow> {
    await db.query('INSERT INTO dossiers (id, firm_id, name) VALUES ($1, $2, $3)', [dossier.id, firmId, dossier.name]);
    return (await dossiersRepo.find(db, firmId, dossier.id))!;
  },
  async find(db: Queryable, firmId: string, id: string): Promise<DossierRow | undefined> {
    const { rows } = await db.query<DossierRow>(`${SELECT} WHERE d.firm_id = $1 AND d.id = $2`, [firmId, id]);
    return rows[0];
  },
  /** A cheap existence check: one primary-key lookup. */
  async exists(db: Queryable, firmId: string, id: string): Promise<boolean> {
    const { rows } = await db.query('SELECT 1 FROM dossiers WHERE firm_id = $1 AND id = $2', [firmId, id]);
    return rows.length > 0;
  },
  async list(db: Queryable, firmId: string): Promise<DossierRow[]> {
    const { rows } = await db.query<DossierRow>(`${SELECT} WHERE d.firm_id = $1 ORDER BY lower(d.name), d.id`, [firmId]);
    return rows;
  },
};
