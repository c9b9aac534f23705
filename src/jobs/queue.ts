// The durable job queue: pg-boss, in the service's own database (PostgreSQL or the embedded one).
// Glossary:
//   lease     - a running job heartbeats every lease/2 s; a job silent for a whole lease (its worker
//               died) is failed by the supervisor and retried, with backoff, up to retryLimit times.
//   supervise - the maintenance loop that expires silent jobs; it runs in worker processes only.
//   dead letter - a job that pg-boss fails for good (its last attempt's worker died, or it timed
//               out) is copied to PROCESS_INVOICE_FAILED, whose worker marks the invoice failed.
//   delivery  - a DELIVER_WEBHOOK job makes one attempt of one webhook delivery. A failed attempt
//               completes its job and enqueues the next attempt's job, due after the backoff, in the
//               transaction that logs the attempt; pg-boss's own retries only cover a worker that died.
import { PgBoss, type Db, type JobWithMetadata } from 'pg-boss';
import type { Config } from '../config/config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { asBossDatabase, bossConnection } from './boss-database.ts';

export const PROCESS_INVOICE = 'process-invoice';
export const PROCESS_INVOICE_FAILED = 'process-invoice-failed';

export const DELIVER_WEBHOOK = 'deliver-webhook';

export interface ProcessInvoicePayload { firmId: string; invoiceId: string }

/** attempt: the attempt this job makes (1 for the first); a job whose attempt was already made does nothing. */
export interface DeliverWebhookPayload { firmId: string; deliveryId: string; attempt: number }

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
  /** Enqueues a delivery attempt through the caller's transaction, due now or at startAfter. */
  enqueueDelivery(tx: Queryable, payload: DeliverWebhookPayload, startAfter?: Date): Promise<void>;
  workDeliveries(handler: (job: { id: string; data: DeliverWebhookPayload }) => Promise<void>): Promise<void>;
  /** Jobs pg-boss failed for good, whatever the reason: the handler records it on the invoice. */
  workDeadLetters(handler: (job: ProcessInvoiceJob) => Promise<void>): Promise<void>;
  /** Fetches no more jobs; resolves when the running ones have finished. */
  stopWorkers(): Promise<void>;
  stop(): Promise<void>;
}

/** Creates the queues, or brings existing ones to the current settings, so a config change applies on restart. */
async function createQueues(boss: PgBoss, config: Config, listenNotify: boolean): Promise<void> {
  const jobs = config.jobs;
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
      await boss.updateQueue(name, options);
    });
  await ensureQueue(PROCESS_INVOICE_FAILED, { retryLimit: jobs.retryLimit, retryDelay: jobs.retryDelaySeconds, notify: listenNotify });
  await ensureQueue(PROCESS_INVOICE, { ...queueOptions, deadLetter: PROCESS_INVOICE_FAILED });
  // No NOTIFY: publishEvent may write a delivery job with the statement of another running queue
  // than its database's own (see runningQueue), so the statement must suit both engines; workers poll.
  await ensureQueue(DELIVER_WEBHOOK, {
    retryLimit: jobs.retryLimit, retryDelay: jobs.retryDelaySeconds, retryBackoff: true, heartbeatSeconds: jobs.leaseSeconds,
    expireInSeconds: Math.ceil(config.webhooks.timeoutMs / 1000) + 60, notify: false,
  });
  // pg-boss reads a queue's settings through its own connection the first time a job is sent to it,
  // and updateQueue above forgets them. On the embedded database, whose one connection the sending
  // transaction holds, that read would wait for the transaction forever. Read now, before any
  // transaction: a fetch whose statement goes to a database that answers nothing.
  const answersNothing: Db = { executeSql: async () => ({ rows: [] }) };
  for (const name of [PROCESS_INVOICE, DELIVER_WEBHOOK]) await boss.fetch(name, { db: answersNothing });
}

export async function startQueue(db: Database, config: Config, options: { supervise: boolean; onError: (error: Error) => void }): Promise<JobQueue> {
  const jobs = config.jobs;
  const connection = bossConnection(db, config);
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
  await createQueues(boss, config, listenNotify);
  const localWorkerIds: string[] = [];
  // A NOTIFY only announces new jobs. Jobs already queued, retries coming due and jobs taken back
  // from a dead worker are found by polling, so a worker polls at the same pace with NOTIFY as
  // without (pg-boss's default would wait 30 s between fetches: 8 queued jobs took 106 s).
  const fetching = { pollingIntervalSeconds: jobs.pollSeconds, notifyPollingIntervalSeconds: jobs.pollSeconds, includeMetadata: true, batchSize: 1 };
  /**
   * `count` workers of one queue, each of which fetches its next job as soon as one ends and waits out
   * the poll only when a fetch finds nothing. pg-boss otherwise fetches once per poll (2 workers drained
   * 4 jobs a second after a database restart, whose NOTIFY wake-ups were lost), and its own burst mode
   * reads a backlog count that its monitor refreshes only every supervise interval (15 s).
   */
  async function workEach<T extends object>(name: string, count: number, handler: (job: JobWithMetadata<T>) => Promise<void>): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      let id = '';
      id = await boss.work<T>(name, fetching, async ([job]) => {
        try {
          await handler(job as unknown as JobWithMetadata<T>);
        } finally {
          boss.notifyWorker(id);
        }
      });
      ids.push(id);
    }
    return ids;
  }
  const asJob = (job: unknown): ProcessInvoiceJob => {
    const meta = job as JobWithMetadata<ProcessInvoicePayload>;
    return { id: meta.id, data: meta.data, retryCount: meta.retryCount, retryLimit: meta.retryLimit };
  };

  const queue: JobQueue = {
    async enqueueProcessing(tx, payload) {
      // singletonKey: a second enqueue for the same invoice while one is pending is a no-op.
      await boss.send(PROCESS_INVOICE, payload, { db: asBossDatabase(tx), singletonKey: payload.invoiceId });
    },
    wakeLocalWorker() {
      for (const id of localWorkerIds) boss.notifyWorker(id);
    },
    async work(handler) {
      localWorkerIds.push(...await workEach<ProcessInvoicePayload>(PROCESS_INVOICE, jobs.concurrency, (job) => handler(asJob(job))));
    },
    async enqueueDelivery(tx, payload, startAfter) {
      await boss.send(DELIVER_WEBHOOK, payload, { db: asBossDatabase(tx), ...(startAfter ? { startAfter } : {}) });
    },
    async workDeliveries(handler) {
      // Deliveries wait on the network, not the CPU: a few run side by side in each worker.
      await workEach<DeliverWebhookPayload>(DELIVER_WEBHOOK, 4, (job) => handler(job));
    },
    async workDeadLetters(handler) {
      await boss.work<ProcessInvoicePayload>(PROCESS_INVOICE_FAILED, fetching, ([job]) => handler(asJob(job)));
    },
    async stopWorkers() {
      await Promise.all([PROCESS_INVOICE, PROCESS_INVOICE_FAILED, DELIVER_WEBHOOK].map((name) => boss.offWork(name, { wait: true })));
    },
    async stop() {
      runningQueues.delete(queue);
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
  runningQueues.add(queue);
  return queue;
}

// publishEvent (src/services/events.ts) runs inside any use case's transaction and is handed only
// that transaction. The job row goes through the transaction, so it lands in the caller's database
// whichever running queue writes the statement (their queues are created alike); this is where
// publishEvent finds one.
const runningQueues = new Set<JobQueue>();

export function runningQueue(): JobQueue {
  const [queue] = runningQueues;
  if (!queue) throw new Error('No job queue is running in this process: start the service before publishing events');
  return queue;
}
