// npm run bench:list: GET /api/v1/invoices at 1.1M invoices, the service against a bare baseline.
//
//   npm run bench:list                           PostgreSQL: creates a database, seeds 1,100,000 rows, drops it
//   npm run bench:list -- --keep                 ...and keeps it (printed), to run again with --reuse NAME
//   npm run bench:list -- --engine pglite --rows 110000     the embedded database (service only)
//   options: --duration S (per run, default 8), --rounds N (default 2), --rows N (multiple of 1,100)
//
// PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (a server where this user may CREATE DATABASE). The service and the baseline run in child processes
// (bench/list-server.ts) and are measured alternately (ABBA), each run under autocannon with 10
// connections, so drift on a shared machine falls on both sides alike.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../src/config/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { connectPostgres } from '../src/db/postgres.ts';
import type { Database } from '../src/db/database.ts';
import { tokensRepo } from '../src/repositories/tokens.ts';
import { signAccessToken } from '../src/services/jwt.ts';
import { listeningPort, machine } from './lib.ts';
import { BIG, FIRM_A, SMALL, USER_A, seedListData } from './list-seed.ts';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    rows: { type: 'string' },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const engine = args.engine === 'pglite' ? 'pglite' : 'postgres';
const rows = Number(args.rows ?? (engine === 'pglite' ? 110_000 : 1_100_000));
const duration = Number(args.duration);
const rounds = Number(args.rounds);
const log = (line: string) => process.stderr.write(`[bench:list] ${line}\n`);
const bigSize = (rows * 2) / 11;

const CASES = [
  { name: `${bigSize / 1000}k folder, page 1`, query: `dossier_id=${BIG}` },
  { name: 'the same, status + one-year range', query: `dossier_id=${BIG}&status=validated&date_from=2024-01-01&date_to=2024-12-31` },
  { name: 'page 500', query: `dossier_id=${BIG}&page=500` },
  { name: 'sort=montant_ttc', query: `dossier_id=${BIG}&sort=montant_ttc` },
  { name: `${rows / 1100 >= 1000 ? `${rows / 1_100_000}k` : rows / 1100} folder`, query: `dossier_id=${SMALL}` },
];

const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', JWT_SECRET: randomBytes(32).toString('hex'),
  // The bench measures the list, not the limiter's 429s: limits far above what 10 connections send.
  RATE_LIMIT_PER_TOKEN: '100000000', RATE_LIMIT_PER_FIRM: '100000000' };

async function prepareDatabase(): Promise<{ db: Database; env: Record<string, string>; cleanup(): Promise<void> }> {
  if (engine === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-'));
    const db = await openPglite(path.join(dataDir, 'pgdata'));
    await migrate(db);
    await seedListData(db, rows, log);
    return { db, env: { DATA_DIR: dataDir }, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = args.reuse ?? `invoices_bench_${randomBytes(4).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  if (!args.reuse) await adminClient.query(`CREATE DATABASE ${name}`);
  await adminClient.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = connectPostgres(url.toString());
  await migrate(db);
  const { rows: seeded } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices');
  if (seeded[0]!.n === 0) await seedListData(db, rows, log);
  else log(`reusing ${name}: ${seeded[0]!.n} invoices`);
  return {
    db,
    env: { DATABASE_URL: url.toString() },
    async cleanup() {
      if (args.keep) {
        log(`kept database ${name} (--reuse ${name})`);
        return;
      }
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

interface Server { name: string; child: ChildProcess; port: number }

async function startServer(mode: 'service' | 'baseline', dbEnv: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'list-server.ts'), mode], {
    env: { ...env, ...dbEnv }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { name: mode, child, port: await listeningPort(child, mode) };
}

/** CPU time (user + system) of a process so far, in ms, from /proc (all its threads). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Run { rps: number; p50: number; p99: number; cpuPerRequest: number; requests: number }

async function measure(server: Server, query: string, headers: Record<string, string>, seconds: number): Promise<Run> {
  const cpuBefore = cpuMs(server.child.pid!);
  const result = await autocannon({ url: `http://127.0.0.1:${server.port}/api/v1/invoices?${query}`, connections: 10, duration: seconds, headers });
  const cpu = cpuMs(server.child.pid!) - cpuBefore;
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`${server.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  const requests = result.requests.total;
  return { rps: requests / (result.duration || seconds), p50: result.latency.p50, p99: result.latency.p99, cpuPerRequest: cpu / requests, requests };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const fmt = (n: number, digits = 0) => n.toFixed(digits);

function summary(runs: Run[]) {
  const requests = runs.reduce((s, r) => s + r.requests, 0);
  return {
    rps: runs.reduce((s, r) => s + r.rps, 0) / runs.length,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    p99max: Math.max(...runs.map((r) => r.p99)),
    cpu: runs.reduce((s, r) => s + r.cpuPerRequest * r.requests, 0) / requests,
  };
}

async function main() {
  const started = Date.now();
  log(`${machine()}; ${engine}, ${rows} rows, ${rounds} rounds of ${duration} s per side and case`);
  const database = await prepareDatabase();
  const config = loadConfig(env);
  const tokenId = `tok_bench${randomBytes(8).toString('hex')}`;
  const expiresAt = new Date(Date.now() + 86_400_000);
  await tokensRepo.insert(database.db, { id: tokenId, firm_id: FIRM_A, user_id: USER_A, kind: 'named', name: 'bench', expires_at: expiresAt });
  const token = await signAccessToken(config, new TextEncoder().encode(env.JWT_SECRET), { sub: USER_A, firm: FIRM_A, jti: tokenId }, { issuedAt: Math.floor(Date.now() / 1000), expiresAt });
  const headers = { authorization: `Bearer ${token}` };
  if (engine === 'pglite') await database.db.close(); // one process owns the embedded database: the service's

  const servers = [await startServer('service', database.env)];
  if (engine === 'postgres') servers.push(await startServer('baseline', database.env));
  try {
    // Same answers first: the same status and byte-identical JSON bodies.
    for (const c of CASES) {
      const bodies = await Promise.all(servers.map(async (s) => {
        const res = await fetch(`http://127.0.0.1:${s.port}/api/v1/invoices?${c.query}`, { headers });
        assert.equal(res.status, 200, `${s.name} ${c.name}`);
        return res.text();
      }));
      if (bodies[1] !== undefined) assert.equal(bodies[0], bodies[1], `identical bodies for ${c.name}`);
      const meta = JSON.parse(bodies[0]!).meta;
      log(`${c.name}: total ${meta.total}`);
    }
    const results = new Map<string, Map<string, Run[]>>();
    for (const c of CASES) {
      for (const s of servers) await measure(s, c.query, headers, 2); // warm-up, not recorded
      const perServer = new Map(servers.map((s) => [s.name, [] as Run[]]));
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const s of order) {
          const run = await measure(s, c.query, headers, duration);
          perServer.get(s.name)!.push(run);
          log(`${c.name} ${s.name}: ${fmt(run.rps)} rps, p50 ${run.p50} ms, p99 ${run.p99} ms, ${fmt(run.cpuPerRequest, 2)} ms CPU/request`);
        }
      }
      results.set(c.name, perServer);
    }
    report(results);
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))));
    if (engine === 'postgres') await database.db.close();
    await database.cleanup();
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

function report(results: Map<string, Map<string, Run[]>>) {
  const out: string[] = [`${machine()}, ${new Date().toISOString().slice(0, 10)}, ${engine}, ${rows} rows, ${rounds}x${duration} s per side, 10 connections`, ''];
  if (engine === 'postgres') {
    out.push('| case | service rps | baseline rps | ratio | service p50 / p99 (max) ms | baseline p50 / p99 ms | CPU ms/request service / baseline |');
    out.push('|---|---|---|---|---|---|---|');
  } else {
    out.push('| case | service rps | p50 / p99 (max) ms | CPU ms/request |', '|---|---|---|---|');
  }
  for (const [name, perServer] of results) {
    const s = summary(perServer.get('service')!);
    const b = perServer.get('baseline') ? summary(perServer.get('baseline')!) : undefined;
    out.push(b
      ? `| ${name} | ${fmt(s.rps)} | ${fmt(b.rps)} | **${fmt(s.rps / b.rps, 2)}** | ${s.p50} / ${s.p99} (${s.p99max}) | ${b.p50} / ${b.p99} | ${fmt(s.cpu, 2)} / ${fmt(b.cpu, 2)} |`
      : `| ${name} | ${fmt(s.rps)} | ${s.p50} / ${s.p99} (${s.p99max}) | ${fmt(s.cpu, 2)} |`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
