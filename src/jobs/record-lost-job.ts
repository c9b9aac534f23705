// The dead-letter task: pg-boss failed an invoice's job for good without our handler recording it
// (the worker died or hung on the last attempt, and the lease or the time limit ran out). The invoice
// would otherwise stay `running` forever; it becomes `failed`, with a reason a reviewer can read.
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { invoicesRepo } from '../repositories/invoices.ts';
import { invoiceEvents } from '../services/events.ts';
import type { ProcessInvoiceJob } from './queue.ts';

export function recordLostJobTask(deps: { db: Database; logger: Logger }) {
  return async (job: ProcessInvoiceJob): Promise<void> => {
    const { firmId, invoiceId } = job.data;
    const invoice = await invoicesRepo.find(deps.db, firmId, invoiceId);
    // done or failed: the handler recorded the outcome itself; a deleted invoice needs nothing.
    if (!invoice || (invoice.processing_state !== 'running' && invoice.processing_state !== 'queued')) return;
    const error = { code: 'processing_lost', message: 'Processing stopped without a result on its last attempt (the worker died or ran out of time)' };
    await deps.db.transaction(async (tx) => {
      if (await invoicesRepo.markFailed(tx, firmId, invoiceId, 'failed', error)) await invoiceEvents.failed(tx, firmId, invoice, error);
    });
    deps.logger.warn({ invoiceId, attempts: invoice.processing_attempts }, 'invoice processing lost on its last attempt; marked failed');
  };
}
