import type { Queryable } from '../db/database.ts';

export interface FirmRow { id: string; name: string; created_at: Date }

export const firmsRepo = {
  async insert(db: Queryable, firm: { id: string; name: string }): Promise<FirmRow> {
    const { rows } = await db.query<FirmRow>('INSERT INTO firms (id, name) VALUES ($1, $2) RETURNING *', [firm.id, firm.name]);
    return rows[0]!;
  },
  async findByName(db: Queryable, name: string): Promise<FirmRow | undefined> {
    const { rows } = await db.query<FirmRow>('SELECT * FROM firms WHERE name = $1 ORDER BY created_at LIMIT 1', [name]);
    return rows[0];
  },
};
