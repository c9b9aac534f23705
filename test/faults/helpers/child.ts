// A service child process for the fault tests: started, addressed over real HTTP, signalled, awaited.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/service.ts');
export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const ADMIN = { email: 'faults@example.test', password: 'faults-test-password' };

export interface Child {
  process: ChildProcess;
  baseUrl: string;
  /** Every line the child wrote to stdout, JSON log lines parsed. */
  lines: Array<Record<string, unknown> | string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

export function serviceEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info',
    ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WORKER_CONCURRENCY: '2',
    JOB_LEASE_SECONDS: '10', JOB_SUPERVISE_SECONDS: '2', JOB_POLL_SECONDS: '0.5', JOB_RETRY_DELAY_SECONDS: '1', ...env,
  };
}

/** Spawns command (default: node on the fixture) and resolves once the service says it listens. */
export async function startChild(env: Record<string, string>, command: string[] = [process.execPath, FIXTURE], options: SpawnOptions = {}): Promise<Child> {
  const child = spawn(command[0]!, command.slice(1), { env: serviceEnv(env), stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT, ...options });
  const lines: Child['lines'] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before listening: ${JSON.stringify(lines.slice(-5))}`)));
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        let entry: Record<string, unknown> | string = line;
        try {
          if (line.startsWith('{')) entry = JSON.parse(line);
        } catch {
          // a raw line: kept as text
        }
        lines.push(entry);
        if (typeof entry === 'object' && entry.msg === 'invoice service started') resolve(entry.address as string);
      });
    }
  });
  return { process: child, baseUrl, lines, exited };
}

export async function api(baseUrl: string, method: string, url: string, init: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {}) {
  const res = await fetch(baseUrl + url, {
    method,
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.json ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.json ? JSON.stringify(init.json) : init.body && new Uint8Array(init.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body };
}

export async function signIn(baseUrl: string): Promise<string> {
  return (await api(baseUrl, 'POST', '/api/auth/token', { json: ADMIN })).body.access_token as string;
}

/** A small file the sniffer accepts as a PDF; unique per call, so no two are duplicates. */
export function uniquePdf(label: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${label} ${process.hrtime.bigint()} ${Math.random()}\n%%EOF\n`);
}
