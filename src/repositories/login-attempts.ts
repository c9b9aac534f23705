import type { Queryable } from '../db/database.ts';

export const loginAttemptsRepo = {
  /** Seconds until the account may try again, or 0 when it is not locked. */
  async lockedFor(db: Queryable, email: string): Promise<number> {
    const { rows } = await db.query<{ seconds: number }>(
      `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds
       FROM login_attempts WHERE email = lower($1) AND locked_until > now()`,
      [email],
    );
    return rows[0]?.seconds ?? 0;
  },
  /** Counts a failure in a rolling window; locks the account once maxFailures is reached. */
  async recordFailure(db: Queryable, email: string, maxFailures: number, lockSeconds: number): Promise<void> {
    await db.query(
      `INSERT INTO login_attempts AS a (email, failures, window_started_at)
       VALUES (lower($1), 1, now())
       ON CONFLICT (email) DO UPDATE SET
         failures = CASE WHEN a.window_started_at < now() - make_interval(secs => $2::int) THEN 1 ELSE a.failures + 1 END,
         window_started_at = CASE WHEN a.window_started_at < now() - make_interval(secs => $2::int) THEN now() ELSE a.window_started_at END`,
      [email, lockSeconds],
    );
    await db.query(
      `UPDATE login_attempts SET locked_until = now() + make_interval(secs => $3::int), failures = 0, window_started_at = now()
       WHERE email = lower($1) AND failures >= $2::int`,
      [email, maxFailures, lockSeconds],
    );
  },
  async reset(db: Queryable, email: string): Promise<void> {
    await db.query('DELETE FROM login_attempts WHERE email = lower($1)', [email]);
  },
};
