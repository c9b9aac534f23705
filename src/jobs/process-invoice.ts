// The queue's adapter for processing an invoice: from the job's payload and attempt to the use case
// (services/process-invoice.ts), and from its outcome to a log line and, for an attempt that failed,
// an error that tells the queue to retry.
import type { Logger } from 'pino';
import { processInvoice, type ProcessDeps } from '../services/process-invoice.ts';
import type { ProcessInvoiceJob } from './queue.ts';

export function processInvoiceTask(deps: ProcessDeps & { logger: Logger }) {
  return async (job: ProcessInvoiceJob): Promise<void> => {
    const { firmId, invoiceId } = job.data;
    const log = deps.logger.child({ invoiceId, jobId: job.id, attempt: job.retryCount + 1 });
    const outcome = await processInvoice(deps, { firmId, invoiceId, lastAttempt: job.retryCount >= job.retryLimit });
    if (outcome.kind === 'skipped') {
      log.info('invoice already processed; nothing to do');
    } else if (outcome.kind === 'recorded') {
      log.info({ status: outcome.status, duplicateOf: outcome.duplicateOf, source: outcome.source, durationMs: outcome.durationMs }, 'invoice processed');
    } else {
      log.warn({ err: outcome.error, final: outcome.final }, 'invoice processing failed');
      if (outcome.queueRetries) throw outcome.error;
    }
  };
}
