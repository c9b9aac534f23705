// PostgreSQL restarted under a steady import load: the service survives, answers 503 + Retry-After
// (problem+json) and fails /readyz while the database is down, and imports again within 1 s of its
// return. No acknowledged import is lost or doubled.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { api, signIn, startChild, uniquePdf, type Child } from './helpers/child.ts';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from './helpers/private-postgres.ts';
import { multipart, waitFor } from '../helpers/service.ts';

const skip = privatePostgresUnavailable();

describe('PostgreSQL restart under load', { skip }, () => {
  let pg: PrivatePostgres;
  let child: Child;
  let dataDir: string;
  before(async () => {
    pg = await startPrivatePostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-faults-'));
    // The load loop sends well over a token's 1,200 requests a minute on a quiet machine; rate
    // limits would turn the restart's 503s into 429s and refuse the reads that check the outcome.
    child = await startChild({
      DATABASE_URL: pg.url, DATA_DIR: dataDir, EXTRACT_MODE: 'sleep', EXTRACT_DELAY_MS: '20', RATE_LIMIT_PER_TOKEN: '0', RATE_LIMIT_PER_FIRM: '0',
    }, undefined, { detached: true });
  });
  after(async () => {
    if (child?.process.exitCode === null) process.kill(-child.process.pid!, 'SIGKILL');
    pg?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives, answers 503 while down and recovers within a second', { timeout: 90_000 }, async () => {
    const token = await signIn(child.baseUrl);
    const dossier = (await api(child.baseUrl, 'POST', '/api/v1/dossiers', { token, json: { name: 'Restart' } })).body.id as string;
    const accepted = new Set<string>();
    const statuses = new Map<number, number>();
    let downProblem: Awaited<ReturnType<typeof api>> | undefined;
    let load = true;
    const importOne = async (i: number) => {
      const form = multipart([{ name: 'dossier_id', value: dossier }, { name: 'file', value: uniquePdf(`r${i}`), filename: `r${i}.pdf` }]);
      const res = await api(child.baseUrl, 'POST', '/api/v1/invoices', { token, body: form.payload, headers: form.headers }).catch(() => undefined);
      if (!res) return;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 202) accepted.add(res.body.id);
      if (res.status === 503) downProblem = res;
    };
    let n = 0;
    const loops = [1, 2, 3, 4].map(async () => {
      while (load) await importOne(n++);
    });
    await new Promise((r) => setTimeout(r, 1500));
    pg.stop();
    await new Promise((r) => setTimeout(r, 1500));
    const ready = await api(child.baseUrl, 'GET', '/readyz');
    const whileDown = await (async () => {
      const form = multipart([{ name: 'dossier_id', value: dossier }, { name: 'file', value: uniquePdf('down'), filename: 'down.pdf' }]);
      return api(child.baseUrl, 'POST', '/api/v1/invoices', { token, body: form.payload, headers: form.headers });
    })();
    pg.start();
    const back = Date.now();
    let recoveredMs: number | undefined;
    while (recoveredMs === undefined && Date.now() - back < 10_000) {
      const form = multipart([{ name: 'dossier_id', value: dossier }, { name: 'file', value: uniquePdf('probe'), filename: 'p.pdf' }]);
      const res = await api(child.baseUrl, 'POST', '/api/v1/invoices', { token, body: form.payload, headers: form.headers });
      if (res.status === 202) {
        accepted.add(res.body.id);
        recoveredMs = Date.now() - back;
      } else await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 1000));
    load = false;
    await Promise.all(loops);

    assert.equal(child.process.exitCode, null, `the service is still running; last lines: ${JSON.stringify(child.lines.slice(-3))}`);
    assert.equal(ready.status, 503, '/readyz says not ready while the database is down');
    assert.equal(whileDown.status, 503, `an import while down answers 503, got ${whileDown.status} ${JSON.stringify(whileDown.body)}`);
    assert.match(whileDown.headers.get('content-type') ?? '', /application\/problem\+json/);
    assert.ok(Number(whileDown.headers.get('retry-after')) > 0, 'Retry-After is set');
    assert.equal(whileDown.body.code, 'database_unavailable');
    assert.ok(downProblem, 'the load saw 503s too');
    assert.ok(recoveredMs !== undefined && recoveredMs < 1000, `imports answer again within 1 s of the database's return (took ${recoveredMs} ms)`);
    assert.ok(!statuses.has(500), `no 500 during the restart: ${JSON.stringify([...statuses])}`);

    // Every acknowledged import is there once, and its processing finishes.
    const listed = await (async () => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const res = await api(child.baseUrl, 'GET', `/api/v1/invoices?dossier_id=${dossier}&per_page=100&page=${page}`, { token });
        ids.push(...res.body.data.map((i: { id: string }) => i.id));
        if (res.body.data.length < 100) return ids;
      }
    })();
    const lost = [...accepted].filter((id) => !listed.includes(id));
    const duplicated = listed.length - new Set(listed).size;
    // Every job enqueued with an acknowledged import runs to its end, the restart notwithstanding.
    let lastStates: Record<string, number> = {};
    const done = await waitFor(async () => {
      const states = await Promise.all([...accepted].map(async (id) => (await api(child.baseUrl, 'GET', `/api/v1/invoices/${id}`, { token })).body.processing?.state));
      const finished = states.filter((s) => s === 'done').length;
      const counts: Record<string, number> = {};
      for (const s of states) counts[String(s)] = (counts[String(s)] ?? 0) + 1;
      lastStates = counts;
      return finished === accepted.size ? finished : undefined;
    }, 60_000, 500).catch((e: Error) => {
      throw new Error(`${e.message}: processing states of the ${accepted.size} accepted imports: ${JSON.stringify(lastStates)}; answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    });
    console.log(`db restart: imports accepted ${accepted.size}, done ${done}, lost ${lost.length}, duplicated ${duplicated}; `
      + `recovered ${recoveredMs} ms after the database was back; answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    assert.deepEqual(lost, [], 'no acknowledged import lost');
    assert.equal(duplicated, 0, 'no invoice listed twice');
  });
});
