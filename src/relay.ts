// The `invoices` command restarts itself once with glibc's malloc settings (src/config/malloc.ts),
// and this process then only relays: signals go to the service, and the service's exit is its own.
//
// Every stop request reaches the service, however it is sent:
// - SIGTERM or SIGINT to this process alone (a container stopping, `kill PID`) is passed on;
// - to the whole group (systemd, Docker, Ctrl-C) the service gets it twice, and drains once;
// - under npm (`npm start`, `npx invoices`), npm passes SIGTERM to the `sh -c` it runs the command
//   in, which dies without passing it on. When the process that started this one goes away, the
//   service is told to stop, so no orphan keeps serving;
// - and if this process dies without a word (SIGKILL), the service sees its IPC channel close and
//   drains (src/main.ts), instead of serving on as an orphan.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { mallocEnvFor } from './config/malloc.ts';

const PARENT_CHECK_MS = 250;

/** True when this process became the relay (the caller does nothing else); false to run here. */
export function relayWithMallocSettings(): boolean {
  const missing = process.platform === 'linux' ? mallocEnvFor(process.env) : null;
  if (!missing) {
    // The channel to a relay only reports the relay's death; it must not keep a command running.
    process.channel?.unref();
    return false;
  }
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...missing },
  });
  const pass = (signal: NodeJS.Signals) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on('SIGTERM', pass('SIGTERM'));
  process.on('SIGINT', pass('SIGINT'));
  if (process.env.npm_command) {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(watch);
      pass('SIGTERM')();
    }, PARENT_CHECK_MS);
    watch.unref();
  }
  child.on('exit', (code, signal) => process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1)));
  return true;
}
