#!/usr/bin/env node
// The `invoices` command. Runs on the Node 24 pinned in package.json (npx and npm scripts put it first on PATH).
//
// glibc's malloc, left to its defaults, keeps freed memory from OCR worker threads, libvips and page
// images scattered over many arenas and heaps, and the process keeps growing. Two arenas and a fixed
// mmap threshold (src/config/malloc.ts) bring 250 files from 684 to 499 MB (docs/benchmarks.md).
// glibc reads them only when a process starts, so on Linux the command starts itself once more with them.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { mallocEnvFor } from '../src/config/malloc.ts';

const missing = process.platform === 'linux' ? mallocEnvFor(process.env) : null;
if (missing) {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ...missing },
  });
  // Ctrl-C reaches the whole process group, the child included: nothing to forward. A SIGTERM sent
  // to this process alone (a container stopping) is passed on, so the child shuts down cleanly.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1)));
} else {
  await import('../src/cli/main.ts');
}
