// The server entry point: `npm start`. ROLE=api|worker|all (default all).
import { loadConfig, type Role } from './config/config.ts';
import { createLogger } from './logger.ts';
import { startService } from './runtime.ts';
import { ensureFirstUser } from './services/users.ts';
import { createExtractor } from './extraction/index.ts';

export async function main(roleOverride?: Role): Promise<void> {
  const config = { ...loadConfig(), ...(roleOverride ? { role: roleOverride } : {}) };
  const logger = createLogger(config.logLevel);
  const extractor = createExtractor({ ocrWorkers: config.extraction.ocrWorkers });
  const service = await startService({ config, logger, extract: extractor.extract });

  const firstUser = await ensureFirstUser(service.deps.db, config);
  if (firstUser?.generated) {
    // Printed once, on the console only: the demo account exists from now on.
    process.stdout.write(`\nDemo account created. Sign in with\n  e-mail:   ${firstUser.email}\n  password: ${firstUser.password}\n\n`);
  }
  if (service.app) {
    await service.app.listen({ host: config.host, port: config.port });
  }
  logger.info({ role: config.role, engine: service.deps.db.engine, storage: service.deps.blobs.kind }, 'invoice service started');

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
