// The durable job queue: pg-boss, in the service's own database (PostgreSQL or the embedded one).
// Glossary:
//   lease     - a running job heartbeats every lease/2 s; a job silent for a whole lease (its worker
//               died) is failed by the supervisor and retried, with backoff, up to retryLimit times.
//   supervise - the maintenance loop that expires silent jobs; it runs in worker processes only.
//   dead letter - a job that pg-boss fails for good (its last attempt's worker died, or it timed
//               out) is copied to PROCESS_INVOICE_FAILED, whose worker marks the invoice failed.
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import type { Config } from '../config/config.ts';
import { asBossDatabase, type Database, type Queryable } from '../db/database.ts';

export const PROCESS_INVOICE = 'process-invoice';
export const PROCESS_INVOICE_FAILED = 'process-invoice-failed';

export interface ProcessInvoicePayload { firmId: string; invoiceId: string }

export interface ProcessInvoiceJob {
  id: string;
  data: ProcessInvoicePayload;
  retryCount: number;
  retryLimit: number;
}

export interface JobQueue {
  /** Enqueues through the caller's transaction, so the job exists if and only if the row does. */
  enqueueProcessing(tx: Queryable, payload: ProcessInvoicePayload): Promise<void>;
  /** After the enqueuing transaction commits: a worker in this process fetches now, not at its next poll. */
  wakeLocalWorker(): void;
  work(handler: (job: ProcessInvoiceJob) => Promise<void>): Promise<void>;
  /** Jobs pg-boss failed for good, whatever the reason: the handler records it on the invoice. */
  workDeadLetters(handler: (job: ProcessInvoiceJob) => Promise<void>): Promise<void>;
  /** Fetches no more jobs; resolves when the running ones have finished. */
  stopWorkers(): Promise<void>;
  stop(): Promise<void>;
}

export async function startQueue(db: Database, config: Config, options: { supervise: boolean; onError: (error: Error) => void }): Promise<JobQueue> {
  const jobs = config.jobs;
  const connection = db.engine === 'pglite'
    ? { db: db.bossAdapter()!, backend: 'pglite' as const }
    : { connectionString: config.databaseUrl!, max: 4 };
  const listenNotify = db.engine === 'postgres';
  const boss = new PgBoss({
    ...connection,
    useListenNotify: listenNotify,
    schema: 'pgboss',
    supervise: options.supervise,
    superviseIntervalSeconds: jobs.superviseSeconds,
    // The monitor pass is what fails jobs whose heartbeat stopped; pg-boss runs it every 60 s unless
    // told otherwise, which would add up to a minute to every crash recovery.
    monitorIntervalSeconds: jobs.superviseSeconds,
    schedule: false,
  });
  // pg-boss reports background errors here; they are logged by the caller, never thrown.
  boss.on('error', options.onError);
  await boss.start();
  const queueOptions = {
    retryLimit: jobs.retryLimit,
    retryDelay: jobs.retryDelaySeconds,
    retryBackoff: true,
    heartbeatSeconds: jobs.leaseSeconds,
    expireInSeconds: Math.ceil(config.extraction.timeoutMs / 1000) + 60,
    // On PostgreSQL a new job wakes idle workers in every process through LISTEN/NOTIFY.
    notify: listenNotify,
  };
  const ensureQueue = (name: string, options: Parameters<PgBoss['createQueue']>[1]) =>
    boss.createQueue(name, options).catch(async (error: Error) => {
      if (!/already exists/i.test(error.message)) throw error;
      // An existing queue takes the current settings, so a config change applies on restart.
      await boss.updateQueue(name, options);
    });
  await ensureQueue(PROCESS_INVOICE_FAILED, { retryLimit: jobs.retryLimit, retryDelay: jobs.retryDelaySeconds, notify: listenNotify });
  await ensureQueue(PROCESS_INVOICE, { ...queueOptions, deadLetter: PROCESS_INVOICE_FAILED });
  let localWorkerId: string | undefined;
  // A NOTIFY only announces new jobs. Jobs already queued, retries coming due and jobs taken back
  // from a dead worker are found by polling, so a worker polls at the same pace with NOTIFY as
  // without (pg-boss's default would wait 30 s between fetches: 8 queued jobs took 106 s).
  const fetching = { pollingIntervalSeconds: jobs.pollSeconds, notifyPollingIntervalSeconds: jobs.pollSeconds, includeMetadata: true, batchSize: 1 };
  const asJob = (job: unknown): ProcessInvoiceJob => {
    const meta = job as JobWithMetadata<ProcessInvoicePayload>;
    return { id: meta.id, data: meta.data, retryCount: meta.retryCount, retryLimit: meta.retryLimit };
  };

  return {
    async enqueueProcessing(tx, payload) {
      // singletonKey: a second enqueue for the same invoice while one is pending is a no-op.
      await boss.send(PROCESS_INVOICE, payload, { db: asBossDatabase(tx), singletonKey: payload.invoiceId });
    },
    wakeLocalWorker() {
      if (localWorkerId) boss.notifyWorker(localWorkerId);
    },
    async work(handler) {
      localWorkerId = await boss.work<ProcessInvoicePayload>(
        PROCESS_INVOICE, { ...fetching, localConcurrency: jobs.concurrency }, ([job]) => handler(asJob(job)));
    },
    async workDeadLetters(handler) {
      await boss.work<ProcessInvoicePayload>(PROCESS_INVOICE_FAILED, fetching, ([job]) => handler(asJob(job)));
    },
    async stopWorkers() {
      await Promise.all([PROCESS_INVOICE, PROCESS_INVOICE_FAILED].map((name) => boss.offWork(name, { wait: true })));
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}
