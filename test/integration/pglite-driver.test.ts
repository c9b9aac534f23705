import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ENGINES, freshDatabase, type TestDatabase } from '../helpers/databases.ts';
import { migrate, migrationFiles } from '../../src/db/migrate.ts';

for (const engine of ENGINES) {
  describe(`database driver on ${engine}`, () => {
    let t: TestDatabase;
    before(async () => { t = await freshDatabase(engine, { migrate: false }); });
    after(async () => { await t.drop(); });

    test('migrations run from empty, once', async () => {
      assert.deepEqual(await migrate(t.db), migrationFiles());
      assert.deepEqual(await migrate(t.db), []);
    });

    test('UPDATE and DELETE report affected rows', async () => {
      await t.db.query("INSERT INTO firms (id, name) VALUES ('f1', 'a'), ('f2', 'b')");
      assert.equal((await t.db.query("UPDATE firms SET name = 'x' WHERE id IN ('f1', 'f2')")).rowCount, 2);
      assert.equal((await t.db.query("UPDATE firms SET name = 'y' WHERE id = 'none'")).rowCount, 0);
      assert.equal((await t.db.query("DELETE FROM firms WHERE id = 'f2'")).rowCount, 1);
    });

    test("a rollback never loses another request's concurrent write", async () => {
      await t.db.query("INSERT INTO firms (id, name) VALUES ('c0', 'start')");
      let release!: () => void;
      const gate = new Promise<void>((r) => { release = r; });
      const failing = t.db.transaction(async (tx) => {
        await tx.query("UPDATE firms SET name = 'doomed' WHERE id = 'c0'");
        await gate;
        throw new Error('rollback');
      });
      const concurrent = t.db.query("INSERT INTO firms (id, name) VALUES ('c1', 'kept')");
      const other = t.db.transaction((tx) => tx.query("INSERT INTO firms (id, name) VALUES ('c2', 'kept')"));
      setTimeout(release, 50);
      await assert.rejects(failing, /rollback/);
      await Promise.all([concurrent, other]);
      const { rows } = await t.db.query<{ id: string; name: string }>("SELECT id, name FROM firms WHERE id LIKE 'c%' ORDER BY id");
      assert.deepEqual(rows, [{ id: 'c0', name: 'start' }, { id: 'c1', name: 'kept' }, { id: 'c2', name: 'kept' }]);
    });
  });
}
