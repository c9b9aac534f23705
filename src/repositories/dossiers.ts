import type { Queryable } from '../db/database.ts';

export interface DossierRow { id: string; firm_id: string; name: string; created_at: Date; invoice_count: number }

const SELECT = `SELECT d.*, (SELECT count(*)::int FROM invoices i WHERE i.firm_id = d.firm_id AND i.dossier_id = d.id) AS invoice_count
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
  async list(db: Queryable, firmId: string): Promise<DossierRow[]> {
    const { rows } = await db.query<DossierRow>(`${SELECT} WHERE d.firm_id = $1 ORDER BY lower(d.name), d.id`, [firmId]);
    return rows;
  },
};
