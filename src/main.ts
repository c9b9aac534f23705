// The server entry point: `npm start`. ROLE=api|worker|all (default all).
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config, type Role } from './config/config.ts';
import { createLogger } from './logger.ts';
import { startService } from './runtime.ts';
import { ensureFirstUser } from './services/users.ts';
import { createExtractor } from './extraction/index.ts';
import type { Extractor } from './extraction/types.ts';

export interface MainOptions {
  role?: Role;
  /** Replaces the extraction engine; only the worker-crash test uses it, to hold a job mid-flight. */
  extractor?: { extract: Extractor; close(): Promise<void> };
}

export async function main(options: MainOptions = {}): Promise<void> {
  const config = { ...loadConfig(), ...(options.role ? { role: options.role } : {}) };
  const logger = createLogger(config.logLevel);
  const extractor = options.extractor ?? createExtractor({
    ocrWorkers: config.extraction.ocrWorkers, ocrIdleMs: config.extraction.ocrIdleMs,
    // Diagnostics of the libraries, harmless on their own (the extraction's result says what failed).
    onLibraryLine: (line, dropped) => logger.warn({ library_output: line, ...(dropped ? { lines_dropped_before: dropped } : {}) }, 'extraction library message'),
  });
  const service = await startService({ config, logger, extract: extractor.extract });

  const firstUser = await ensureFirstUser(service.deps.db, config);
  if (firstUser?.generated) {
    // Printed once, on the console only: the demo account exists from now on.
    process.stdout.write(`\nDemo account created. Sign in with\n  e-mail:   ${firstUser.email}\n  password: ${firstUser.password}\n\n`);
  }
  const address = service.app ? await listenOrExit(service.app, config, async () => {
    await service.close();
    await extractor.close();
  }) : undefined;
  logger.info({ role: config.role, engine: service.deps.db.engine, storage: service.deps.blobs.kind, address }, 'invoice service started');

  // Drains once, whatever number of signals arrive: a signal to the process group reaches this
  // process twice (once directly, once relayed by src/relay.ts), and Node's default action for
  // the second would kill the running jobs.
  let draining = false;
  const shutdown = async (signal: string) => {
    if (draining) {
      logger.info({ signal }, 'already draining; signal ignored');
      return;
    }
    draining = true;
    logger.info({ signal }, 'shutting down: no new requests or jobs; finishing those in flight');
    const started = Date.now();
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 45 s; exiting with work unfinished');
      process.exit(1);
    }, 45_000).unref();
    await service.close();
    await extractor.close();
    clearTimeout(force);
    logger.info({ durationMs: Date.now() - started }, 'drained; exiting');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Started by the relay (src/relay.ts) with an IPC channel: its closing means the relay is gone.
  process.once('disconnect', () => void shutdown('relay exited'));
}

/**
 * Listens, or ends the process: a port already taken (EADDRINUSE) or refused (EACCES) leaves nothing
 * to serve, so the process says why and exits non-zero instead of idling without a listener.
 */
async function listenOrExit(app: FastifyInstance, config: Config, release: () => Promise<void>): Promise<string> {
  try {
    return await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why = code === 'EADDRINUSE' ? 'the address is already in use' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    process.stderr.write(`Cannot listen on ${config.host}:${config.port}: ${why}. Set HOST/PORT to a free address.\n`);
    setTimeout(() => process.exit(1), 10_000).unref();
    await release().catch(() => {});
    process.exit(1);
  }
}

if (import.meta.main) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
