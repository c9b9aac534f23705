// A PostgreSQL server of the test's own, so a test can stop and restart it under a running service.
// initdb into a temporary directory owned by `postgres` (the server refuses to run as root), on a
// free port; every command runs as that user through runuser (or su when runuser is missing).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const PG_USER = 'postgres';

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): void;
  /** Stops the server the way an administrator's restart does: open sessions are terminated. */
  stop(): void;
  destroy(): void;
}

/** Why a private server cannot run here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!fs.existsSync(path.join(BIN, 'initdb'))) return `no PostgreSQL binaries in ${BIN} (set PG_BIN_DIR)`;
  if (process.getuid?.() !== 0 && os.userInfo().username !== PG_USER) return 'needs root (to run the server as postgres) or the postgres user';
  return undefined;
}

function asPostgres(command: string, args: string[]): void {
  const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const result = os.userInfo().username === PG_USER
    ? spawnSync(command, args, { encoding: 'utf8' })
    : spawnSync('runuser', ['-u', PG_USER, '--', 'sh', '-c', quoted], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-pg-'));
  fs.chmodSync(dir, 0o755);
  execFileSync('chown', [PG_USER, dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  asPostgres(path.join(BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = () => asPostgres(path.join(BIN, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: () => asPostgres(path.join(BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
    destroy() {
      try {
        asPostgres(path.join(BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
