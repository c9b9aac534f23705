#!/usr/bin/env node
// The `invoices` command. Runs on the Node 24 pinned in package.json (npx and npm scripts put it first on PATH).
//
// glibc gives each thread its own malloc arena. With OCR worker threads and libvips' thread pool at
// work side by side, freed memory stays scattered over many arenas and the process keeps growing:
// 537 MB after 30 OCR pages, against 392 MB with two arenas (docs/benchmarks.md). glibc reads the
// limit only when a process starts, so on Linux the command starts itself once more with it set.
import { spawn } from 'node:child_process';
import os from 'node:os';

if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined) {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  });
  // Ctrl-C reaches the whole process group, the child included: nothing to forward. A SIGTERM sent
  // to this process alone (a container stopping) is passed on, so the child shuts down cleanly.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1)));
} else {
  await import('../src/cli/main.ts');
}
