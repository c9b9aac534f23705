import type { Queryable } from '../db/database.ts';

export type TokenKind = 'session' | 'named';

export interface TokenRow {
  id: string;
  firm_id: string;
  user_id: string;
  kind: TokenKind;
  name: string | null;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

// last_used_at is written at most once a minute per token, so reads stay reads. The SQL guard
// holds across processes; the in-process memo below spares the statement itself (a round trip and
// a row lookup on every request) when this process already touched the token within the minute.
const TOUCH_INTERVAL = "interval '1 minute'";
const TOUCH_INTERVAL_MS = 60_000;
const MAX_REMEMBERED = 10_000;
const touchedAt = new Map<string, number>();

function touchedRecently(id: string, now: number): boolean {
  const last = touchedAt.get(id);
  if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return true;
  // Bounded: forgetting only costs one more guarded UPDATE.
  if (touchedAt.size >= MAX_REMEMBERED) touchedAt.clear();
  touchedAt.set(id, now);
  return false;
}

export const tokensRepo = {
  async insert(db: Queryable, token: Pick<TokenRow, 'id' | 'firm_id' | 'user_id' | 'kind' | 'name' | 'expires_at'>): Promise<TokenRow> {
    const { rows } = await db.query<TokenRow>(
      `INSERT INTO api_tokens (id, firm_id, user_id, kind, name, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [token.id, token.firm_id, token.user_id, token.kind, token.name, token.expires_at],
    );
    return rows[0]!;
  },
  async find(db: Queryable, firmId: string, id: string): Promise<TokenRow | undefined> {
    const { rows } = await db.query<TokenRow>('SELECT * FROM api_tokens WHERE firm_id = $1 AND id = $2', [firmId, id]);
    return rows[0];
  },
  async listNamed(db: Queryable, firmId: string): Promise<TokenRow[]> {
    const { rows } = await db.query<TokenRow>(
      "SELECT * FROM api_tokens WHERE firm_id = $1 AND kind = 'named' ORDER BY created_at DESC, id",
      [firmId],
    );
    return rows;
  },
  /** Returns false when the token was unknown, foreign or already revoked. */
  async revoke(db: Queryable, firmId: string, id: string): Promise<boolean> {
    const { rowCount } = await db.query(
      'UPDATE api_tokens SET revoked_at = now() WHERE firm_id = $1 AND id = $2 AND revoked_at IS NULL',
      [firmId, id],
    );
    return rowCount === 1;
  },
  async touch(db: Queryable, firmId: string, id: string): Promise<void> {
    if (touchedRecently(id, Date.now())) return;
    await db.query(
      `UPDATE api_tokens SET last_used_at = now()
       WHERE firm_id = $1 AND id = $2 AND (last_used_at IS NULL OR last_used_at < now() - ${TOUCH_INTERVAL})`,
      [firmId, id],
    );
  },
};
