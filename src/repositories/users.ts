import type { Queryable } from '../db/database.ts';

export interface UserRow { id: string; firm_id: string; email: string; password_hash: string; created_at: Date }

export const usersRepo = {
  async insert(db: Queryable, user: Omit<UserRow, 'created_at'>): Promise<UserRow> {
    const { rows } = await db.query<UserRow>(
      'INSERT INTO users (id, firm_id, email, password_hash) VALUES ($1, $2, $3, $4) RETURNING *',
      [user.id, user.firm_id, user.email, user.password_hash],
    );
    return rows[0]!;
  },
  /** Sign-in is the one lookup made before the firm is known: e-mails are unique across firms. */
  async findByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
    return rows[0];
  },
  async find(db: Queryable, firmId: string, id: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE firm_id = $1 AND id = $2', [firmId, id]);
    return rows[0];
  },
  async count(db: Queryable): Promise<number> {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    return rows[0]!.n;
  },
};
