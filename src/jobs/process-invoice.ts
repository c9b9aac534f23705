// The worker's one task: extract an imported invoice and record the outcome. Safe to run twice:
// a finished invoice is skipped, and the result is written with a guard on the processing state.
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { ExtractionError, type Extractor } from '../extraction/types.ts';
import { invoicesRepo } from '../repositories/invoices.ts';
import { recordExtraction } from '../services/duplicates.ts';
import { invoiceEvents } from '../services/events.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { toStoredExtraction } from './to-stored-extraction.ts';
import type { ProcessInvoiceJob } from './queue.ts';

export interface ProcessDeps { db: Database; blobs: BlobStore; config: Config; logger: Logger; extract: Extractor }

export function processInvoiceTask(deps: ProcessDeps) {
  return async (job: ProcessInvoiceJob): Promise<void> => {
    const { firmId, invoiceId } = job.data;
    const log = deps.logger.child({ invoiceId, jobId: job.id, attempt: job.retryCount + 1 });
    const invoice = await invoicesRepo.markRunning(deps.db, firmId, invoiceId);
    if (!invoice) {
      log.info('invoice already processed; nothing to do');
      return;
    }
    try {
      // A Buffer is a Uint8Array: passed as it is, not copied (a 25 MB scan was held twice here).
      const bytes = await deps.blobs.read(invoice.storage_key);
      const result = await deps.extract(bytes, deps.config.extraction);
      const stored = toStoredExtraction(result);
      // Duplicate detection needs the firm's other invoices, so it runs here, after the engine decided;
      // the events go out in the transaction that records the outcome (an outbox).
      const recorded = await recordExtraction(deps.db, firmId, invoice, stored, (tx, status) => invoiceEvents.processed(tx, firmId, invoice, status));
      log.info({ status: recorded.status, duplicateOf: recorded.duplicateOf, source: result.source, durationMs: result.durationMs }, 'invoice processed');
    } catch (error) {
      const final = error instanceof ExtractionError || job.retryCount >= job.retryLimit;
      const code = error instanceof ExtractionError ? error.code : 'processing_error';
      const message = error instanceof Error ? error.message : String(error);
      await deps.db.transaction(async (tx) => {
        const failed = await invoicesRepo.markFailed(tx, firmId, invoiceId, final ? 'failed' : 'queued', { code, message });
        if (failed && final) await invoiceEvents.failed(tx, firmId, invoice, { code, message });
      });
      log.warn({ err: error, final }, 'invoice processing failed');
      // A final extraction error completes the job: retrying the same bytes cannot help.
      if (!(error instanceof ExtractionError)) throw error;
    }
  };
}
