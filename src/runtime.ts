// Assembles a running service from a Config: database, storage, queue, HTTP and/or worker.
// One codebase, three roles: api (HTTP only), worker (jobs only), all (both, the laptop default).
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import { resolveJwtSecret } from './config/jwt-secret.ts';
import { openDatabase } from './db/connect.ts';
import type { Database } from './db/database.ts';
import type { Extractor } from './extraction/types.ts';
import { buildApp } from './http/app.ts';
import { deliverWebhookTask } from './jobs/deliver-webhook.ts';
import { processInvoiceTask } from './jobs/process-invoice.ts';
import { startQueue, type JobQueue } from './jobs/queue.ts';
import { recordLostJobTask } from './jobs/record-lost-job.ts';
import type { Deps } from './services/deps.ts';
import { openBlobStore } from './storage/index.ts';

export interface Service {
  deps: Deps;
  app: FastifyInstance | undefined;
  close(): Promise<void>;
}

export interface ServiceOptions {
  config: Config;
  logger: Logger;
  /** The extraction engine; main.ts passes the real one, tests may pass a controlled one. */
  extract: Extractor;
  db?: Database;
}

export async function startService(options: ServiceOptions): Promise<Service> {
  const { config, logger } = options;
  const db = options.db ?? (await openDatabase(config));
  const runsWorker = config.role !== 'api';
  const queue: JobQueue = await startQueue(db, config, {
    supervise: runsWorker,
    onError: (error) => logger.error({ err: error }, 'job queue error'),
  });
  const deps: Deps = { config, db, blobs: openBlobStore(config), queue, jwtSecret: resolveJwtSecret(config), logger };

  if (runsWorker) {
    await queue.work(processInvoiceTask({ db, blobs: deps.blobs, config, logger, extract: options.extract }));
    await queue.workDeadLetters(recordLostJobTask({ db, logger }));
    await queue.workDeliveries(deliverWebhookTask({ db, config, logger, queue }));
  }
  const app = config.role !== 'worker' ? await buildApp(deps) : undefined;

  let closing: Promise<void> | undefined;
  return {
    deps,
    app,
    close() {
      // Stop taking requests and jobs at once (new requests, /readyz included, get 503 from then on),
      // let the requests and jobs in flight finish, then close the queue and the database.
      closing ??= (async () => {
        await Promise.all([app?.close(), queue.stopWorkers()]);
        await queue.stop();
        if (!options.db) await db.close();
      })();
      return closing;
    },
  };
}
