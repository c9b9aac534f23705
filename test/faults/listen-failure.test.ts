// A port already taken: `invoices serve` says so and exits non-zero, instead of idling unlistened.
// (The embedded database starts first; on a loaded machine that alone can take a minute.)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { ROOT, serviceEnv } from './helpers/child.ts';

it('exits non-zero with a clear message when the port is taken', { timeout: 240_000 }, async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as net.AddressInfo).port;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-listen-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/invoices.js'), 'serve'], {
    env: serviceEnv({ DATA_DIR: dataDir, PORT: String(port) }), stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.resume();
  try {
    const exit = await Promise.race([
      new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
      new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 180_000)),
    ]);
    assert.notEqual(exit, 'running', 'the process ended');
    assert.notEqual(exit, 0, 'with a non-zero code');
    assert.match(stderr, new RegExp(`Cannot listen on 127\\.0\\.0\\.1:${port}: the address is already in use`));
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL'); // the relay and the service
    blocker.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
