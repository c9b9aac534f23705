// The worker's use case: extract an imported invoice and record the outcome. Safe to run twice: a
// finished invoice is skipped, and the result is written with a guard on the processing state.
// It says what happened as an explicit outcome; the queue's adapter (jobs/process-invoice.ts) logs
// it and hands an attempt's failure back to the queue.
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { ExtractionError, type ExtractionSource, type Extractor } from '../extraction/types.ts';
import { invoicesRepo } from '../repositories/invoices.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { recordExtraction } from './duplicates.ts';
import { invoiceEvents } from './events.ts';
import { toExtractionRecord } from './extraction-record.ts';

export interface ProcessDeps { db: Database; blobs: BlobStore; config: Pick<Config, 'extraction'>; extract: Extractor }

export interface ProcessRequest {
  firmId: string;
  invoiceId: string;
  /** No retry follows this attempt: a failure now fails the invoice for good. */
  lastAttempt: boolean;
}

export type ProcessOutcome =
  /** Already done (a repeated job): nothing changed. */
  | { kind: 'skipped' }
  | { kind: 'recorded'; status: 'validated' | 'pending'; duplicateOf: string | null; source: ExtractionSource; durationMs: number }
  /**
   * final: the invoice is now failed (else queued again). queueRetries: the attempt failed, not the
   * document, so the queue must record the failure and retry while it may; a document the engine
   * cannot read (an ExtractionError) completes its job, since the same bytes cannot do better.
   */
  | { kind: 'failed'; final: boolean; queueRetries: boolean; error: unknown };

export async function processInvoice(deps: ProcessDeps, request: ProcessRequest): Promise<ProcessOutcome> {
  const { firmId, invoiceId } = request;
  const invoice = await invoicesRepo.markRunning(deps.db, firmId, invoiceId);
  if (!invoice) return { kind: 'skipped' };
  try {
    // A Buffer is a Uint8Array: passed as it is, not copied (a 25 MB scan was held twice here).
    const bytes = await deps.blobs.read(invoice.storage_key);
    const result = await deps.extract(bytes, deps.config.extraction);
    // Duplicate detection needs the firm's other invoices, so it runs here, after the engine decided;
    // the events go out in the transaction that records the outcome (an outbox).
    const recorded = await recordExtraction(deps.db, firmId, invoice, toExtractionRecord(result), (tx, status) => invoiceEvents.processed(tx, firmId, invoice, status));
    return { kind: 'recorded', status: recorded.status, duplicateOf: recorded.duplicateOf, source: result.source, durationMs: result.durationMs };
  } catch (error) {
    const unreadable = error instanceof ExtractionError;
    const final = unreadable || request.lastAttempt;
    const failure = { code: unreadable ? error.code : 'processing_error', message: error instanceof Error ? error.message : String(error) };
    await deps.db.transaction(async (tx) => {
      const failed = await invoicesRepo.markFailed(tx, firmId, invoiceId, final ? 'failed' : 'queued', failure);
      if (failed && final) await invoiceEvents.failed(tx, firmId, invoice, failure);
    });
    return { kind: 'failed', final, queueRetries: !unreadable, error };
  }
}
