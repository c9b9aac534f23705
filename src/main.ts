// The server entry point: `npm start`. ROLE=api|worker|all (default all).
import { loadConfig, type Role } from './config/config.ts';
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
  const extractor = options.extractor ?? createExtractor({ ocrWorkers: config.extraction.ocrWorkers });
  const service = await startService({ config, logger, extract: extractor.extract });

  const firstUser = await ensureFirstUser(service.deps.db, config);
  if (firstUser?.generated) {
    // Printed once, on the console only: the demo account exists from now on.
    process.stdout.write(`\nDemo account created. Sign in with\n  e-mail:   ${firstUser.email}\n  password: ${firstUser.password}\n\n`);
  }
  const address = service.app ? await service.app.listen({ host: config.host, port: config.port }) : undefined;
  logger.info({ role: config.role, engine: service.deps.db.engine, storage: service.deps.blobs.kind, address }, 'invoice service started');

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 45_000).unref();
    await service.close();
    await extractor.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

if (import.meta.main) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
