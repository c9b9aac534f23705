// A service listening on a free port, and the real `invoices` command run against it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Extractor } from '../../src/extraction/types.ts';
import type { Engine } from './databases.ts';
import { startTestService, type TestService } from './service.ts';

const BIN = path.resolve(import.meta.dirname, '../../bin/invoices.js');

export async function listeningService(engine: Engine, env: Record<string, string> = {}, extract?: Extractor): Promise<{ svc: TestService; url: string }> {
  const svc = await startTestService(engine, env, extract);
  const url = await svc.app!.listen({ host: '127.0.0.1', port: 0 });
  return { svc, url };
}

/** An empty config folder (XDG_CONFIG_HOME), so no test reads or writes the user's own login. */
export function scratchConfigHome(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-cli-config-'));
}

export interface CliRun { code: number | null; stdout: string; stderr: string }

/** Starts `invoices ...args` in its own process group (so a test can kill it as Ctrl-C would, whole). */
export function startCli(args: string[], env: Record<string, string>, input?: string): { child: ChildProcess; done: Promise<CliRun>; stdout: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, INVOICES_URL: '', INVOICES_TOKEN: '', ...env }, stdio: ['pipe', 'pipe', 'pipe'], detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => { stdout += chunk; });
  child.stderr!.on('data', (chunk) => { stderr += chunk; });
  child.stdin!.end(input ?? '');
  const done = new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done, stdout: () => stdout };
}

export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<CliRun> {
  return startCli(args, env, input).done;
}
