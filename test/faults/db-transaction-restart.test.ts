// A transaction holding a connection while PostgreSQL restarts: the connection's 'error' event must
// not go unheard (an unheard 'error' ends the process), the caller gets an outage error it can map
// to 503, and the pool hands out working connections once the server is back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectPostgres } from '../../src/db/postgres.ts';
import { isDatabaseUnavailable } from '../../src/db/errors.ts';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from './helpers/private-postgres.ts';

describe('transaction across a PostgreSQL restart', { skip: privatePostgresUnavailable() }, () => {
  let pg: PrivatePostgres;
  before(async () => {
    pg = await startPrivatePostgres();
  });
  after(() => pg?.destroy());

  it('fails with an outage error, keeps the process alive, and the pool recovers', { timeout: 60_000 }, async () => {
    const uncaught: Error[] = [];
    const onUncaught = (error: Error) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    const db = connectPostgres(pg.url, { max: 2 });
    try {
      let stopped!: () => void;
      const serverStopped = new Promise<void>((resolve) => (stopped = resolve));
      const failed = db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await serverStopped; // the connection is checked out and idle when the server goes away
        await tx.query('SELECT 2');
      }).then(() => undefined, (error: unknown) => error);
      await new Promise((r) => setTimeout(r, 200));
      pg.stop();
      await new Promise((r) => setTimeout(r, 300));
      stopped();
      const error = await failed;
      assert.ok(error instanceof Error, 'the transaction fails');
      assert.ok(isDatabaseUnavailable(error), `an outage error: ${(error as Error).message}`);
      assert.ok(isDatabaseUnavailable(await db.query('SELECT 1').catch((e: unknown) => e)), 'down: queries fail as an outage');

      pg.start();
      const back = Date.now();
      const rows = await db.transaction((tx) => tx.query<{ n: number }>('SELECT 3 AS n'));
      assert.equal(rows.rows[0]!.n, 3);
      assert.ok(Date.now() - back < 1000, 'the first transaction after the restart succeeds at once');
      assert.deepEqual(uncaught.map((e) => e.message), [], 'no uncaught error');
    } finally {
      process.off('uncaughtException', onUncaught);
      await db.close();
    }
  });
});
