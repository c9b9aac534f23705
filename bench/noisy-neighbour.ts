// A noisy firm and a quiet one (issue #14): how long the quiet firm's GET /api/v1/invoices takes
// while another firm floods the API, against the same request alone (the baseline), by turns in the
// same run so that a change of load on the machine falls on both alike.
//
//   node bench/noisy-neighbour.ts [--rounds 50] [--flooders 8] [--flood-ms 50]   (embedded PGlite)
//   BENCH_DATABASE_URL=postgres://… node bench/noisy-neighbour.ts                (PostgreSQL, a scratch database)
//
// The service runs in a child process (this file with `serve`; NODE_ENV=production, one log line
// per request into /dev/null), so the clients' work is not on its event loop. Two services, one
// after the other, each with its own baseline:
//   limited    RATE_LIMIT_PER_FIRM just above what the quiet firm sends (per token off); the noisy
//              firm spends its allowance before the rounds, so in the rounds its requests are refused;
//   unlimited  no limits: the noisy firm's requests are all served (what the refusals spare).
// A round: one quiet request alone; then --flooders clients of the noisy firm send requests back
// to back, and after --flood-ms the quiet request is sent and timed; then the flood stops. Both
// firms list a folder of their own with no invoices in it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { percentile } from '../src/evaluation/scoring.ts';
import { listeningPort, machine } from './lib.ts';

const PASSWORD = 'bench-password-1';

if (process.argv[2] === 'serve') {
  // The child: the service, two firms with one user each (e-mails from BENCH_EMAILS), then "listening <port>".
  const { loadConfig } = await import('../src/config/config.ts');
  const { createLogger } = await import('../src/logger.ts');
  const { startService } = await import('../src/runtime.ts');
  const { createUser } = await import('../src/services/users.ts');
  const config = loadConfig();
  const service = await startService({
    config, logger: createLogger(config.logLevel, fs.createWriteStream('/dev/null')),
    extract: async () => { throw new Error('no extraction in this bench'); },
  });
  for (const email of process.env.BENCH_EMAILS!.split(',')) await createUser(service.deps.db, { firm: email, email, password: PASSWORD });
  await service.app!.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`listening ${(service.app!.server.address() as { port: number }).port}\n`);
  process.once('SIGTERM', () => { void service.close().then(() => process.exit(0)); });
} else {
  await main();
}

async function main() {
  const { values } = parseArgs({ options: {
    rounds: { type: 'string', default: '50' }, flooders: { type: 'string', default: '8' }, 'flood-ms': { type: 'string', default: '50' },
  } });
  const rounds = Number(values.rounds);
  const flooders = Number(values.flooders);
  const floodMs = Number(values['flood-ms']);
  const log = (line: string) => process.stderr.write(`[noisy-neighbour] ${line}\n`);
  const warmup = 5;
  // The quiet firm sends: its folder, the warm-up, two a round. The limit leaves it 10 to spare.
  const perFirm = 1 + warmup + 2 * rounds + 10;

  const phases: Array<{ name: string; env: Record<string, string> }> = [
    { name: 'limited', env: { RATE_LIMIT_PER_TOKEN: '0', RATE_LIMIT_PER_FIRM: String(perFirm), RATE_LIMIT_WINDOW_SECONDS: '3600' } },
    { name: 'unlimited', env: { RATE_LIMIT_PER_TOKEN: '0', RATE_LIMIT_PER_FIRM: '0' } },
  ];
  const loadAtStart = os.loadavg()[0]!.toFixed(2);
  const results = [];
  for (const phase of phases) {
    log(`${phase.name}: starting the service`);
    results.push({ name: phase.name, ...(await runPhase(phase.env)) });
  }

  const ms = (n: number | null) => (n === null ? '–' : n.toFixed(1));
  const counts = (statuses: Map<number, number>) => [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${n} × ${s}`).join(', ');
  console.log(`# noisy-neighbour on ${machine()}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}, ${new Date().toISOString().slice(0, 10)}, load average ${loadAtStart} at the start`);
  console.log(`# ${['node bench/noisy-neighbour.ts', ...process.argv.slice(2)].join(' ')} (${rounds} rounds, ${flooders} flooders, ${floodMs} ms into the flood; limited: RATE_LIMIT_PER_FIRM=${perFirm}, per token off)`);
  console.log('| service | quiet firm | n | median ms | p90 ms | max ms | during / alone (median) |\n|---|---|---|---|---|---|---|');
  for (const r of results) {
    const [alone, during] = [percentile(r.alone, 50)!, percentile(r.during, 50)!];
    console.log(`| ${r.name} | alone (baseline) | ${r.alone.length} | ${ms(alone)} | ${ms(percentile(r.alone, 90))} | ${ms(Math.max(...r.alone))} | |`);
    console.log(`| ${r.name} | during the flood | ${r.during.length} | ${ms(during)} | ${ms(percentile(r.during, 90))} | ${ms(Math.max(...r.during))} | ${(during / alone).toFixed(2)} |`);
  }
  console.log('\n| service | noisy firm before the rounds | noisy firm in the rounds | its requests a second, in the rounds |\n|---|---|---|---|');
  for (const r of results) {
    const sent = [...r.noisy.values()].reduce((a, b) => a + b, 0);
    console.log(`| ${r.name} | ${r.spent ? counts(r.spent) : '–'} | ${counts(r.noisy)} | ${(sent / (r.floodingMs / 1000)).toFixed(0)} |`);
  }

  async function runPhase(env: Record<string, string>) {
    const run = randomBytes(4).toString('hex');
    const emails = [`noisy-${run}@bench.test`, `quiet-${run}@bench.test`];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-bench-'));
    const server = await startServer({
      ...env, BENCH_EMAILS: emails.join(','), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'info',
      JWT_SECRET: randomBytes(32).toString('hex'), PORT: '0',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const [noisy, quiet] = await Promise.all(emails.map(async (email) => {
        const res = await fetch(`${base}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
        const auth = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
        const created = await fetch(`${base}/api/v1/dossiers`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'F' }) });
        if (created.status !== 201) throw new Error(`creating a folder answered ${created.status}: ${await created.text()}`);
        return { auth, folder: ((await created.json()) as { id: string }).id };
      }));
      const list = async (who: { auth: Record<string, string>; folder: string }) => {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/v1/invoices?dossier_id=${who.folder}`, { headers: who.auth });
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - t0 };
      };
      const quietList = async () => {
        const r = await list(quiet);
        if (r.status !== 200) throw new Error(`the quiet firm got ${r.status}`);
        return r.ms;
      };
      const tally = (into: Map<number, number>, statuses: number[]) => { for (const s of statuses) into.set(s, (into.get(s) ?? 0) + 1); };

      for (let i = 0; i < warmup; i++) await quietList();
      // Limited: the noisy firm spends its allowance first, so that every round sees refusals only.
      let spent: Map<number, number> | undefined;
      if (Number(env.RATE_LIMIT_PER_FIRM) > 0) {
        spent = new Map();
        for (let status = 0; status !== 429;) tally(spent, [status = (await list(noisy)).status]);
      }

      const alone: number[] = [];
      const during: number[] = [];
      const noisyStatuses = new Map<number, number>();
      let floodingMs = 0;
      for (let round = 0; round < rounds; round++) {
        alone.push(await quietList());
        let flooding = true;
        const flood = async () => {
          const statuses: number[] = [];
          while (flooding) statuses.push((await list(noisy)).status);
          return statuses;
        };
        const started = performance.now();
        const floods = Array.from({ length: flooders }, flood);
        await new Promise((r) => setTimeout(r, floodMs));
        during.push(await quietList());
        flooding = false;
        for (const statuses of await Promise.all(floods)) tally(noisyStatuses, statuses);
        floodingMs += performance.now() - started;
      }
      return { alone, during, noisy: noisyStatuses, spent, floodingMs };
    } finally {
      await stopServer(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [import.meta.filename, 'serve'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return { child, port: await listeningPort(child, 'the service') };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
