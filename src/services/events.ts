// Publishing events to the firm's webhooks, as an outbox: publishEvent writes one delivery row per
// subscribed webhook and enqueues its first attempt, all in the caller's transaction. The event
// exists if and only if the change it announces committed; a rollback takes both away.
import type { Queryable } from '../db/database.ts';
import { newId } from '../domain/ids.ts';
import type { InvoiceStatus } from '../domain/invoice.ts';
import type { EventEnvelope, WebhookEvent } from '../domain/webhooks.ts';
import { runningQueue } from '../jobs/queue.ts';
import { deliveriesRepo, webhooksRepo } from '../repositories/webhooks.ts';

/** Returns how many webhooks will receive the event (0 when none subscribed). */
export async function publishEvent(tx: Queryable, firmId: string, type: WebhookEvent, data: Record<string, unknown>): Promise<number> {
  return publishTo(tx, firmId, await webhooksRepo.subscribedTo(tx, firmId, type), type, data);
}

/** The same, to webhooks already looked up: one lookup serves every event of a batch. */
async function publishTo(tx: Queryable, firmId: string, hooks: Array<{ id: string }>, type: WebhookEvent, data: Record<string, unknown>): Promise<number> {
  if (!hooks.length) return 0;
  const envelope: EventEnvelope = { id: newId('evt'), type, timestamp: new Date().toISOString(), data };
  // Serialised once: every attempt to every webhook sends, and signs, these same bytes.
  const body = JSON.stringify(envelope);
  const queue = runningQueue();
  for (const hook of hooks) {
    const deliveryId = newId('dlv');
    await deliveriesRepo.insert(tx, firmId, { id: deliveryId, webhook_id: hook.id, event_id: envelope.id, event_type: type, body });
    await queue.enqueueDelivery(tx, { firmId, deliveryId, attempt: 1 });
  }
  return hooks.length;
}

interface InvoiceRef { id: string; dossier_id: string }

const invoiceData = (invoice: InvoiceRef, extra: Record<string, unknown>) => ({ invoice_id: invoice.id, dossier_id: invoice.dossier_id, ...extra });

/** The invoice events, one call per place where the change happens. */
export const invoiceEvents = {
  /** Extraction finished: invoice.processed with the status, and invoice.validated when the checks validated it. */
  async processed(tx: Queryable, firmId: string, invoice: InvoiceRef, status: InvoiceStatus): Promise<void> {
    await publishEvent(tx, firmId, 'invoice.processed', invoiceData(invoice, { status }));
    if (status === 'validated') await publishEvent(tx, firmId, 'invoice.validated', invoiceData(invoice, { status, validated_by: 'checks' }));
  },
  /** Processing failed for good: invoice.failed, and invoice.processed with the status failed. */
  async failed(tx: Queryable, firmId: string, invoice: InvoiceRef, error: { code: string; message: string }): Promise<void> {
    await publishEvent(tx, firmId, 'invoice.processed', invoiceData(invoice, { status: 'failed', error }));
    await publishEvent(tx, firmId, 'invoice.failed', invoiceData(invoice, { status: 'failed', error }));
  },
  /** A reviewer validated the invoice. */
  async validatedByReviewer(tx: Queryable, firmId: string, invoice: InvoiceRef, userId: string): Promise<void> {
    await publishEvent(tx, firmId, 'invoice.validated', invoiceData(invoice, { status: 'validated', validated_by: 'reviewer', user_id: userId }));
  },
};

/** The export events: export.created for the batch, and invoice.exported for each invoice it booked. */
export const exportEvents = {
  async created(tx: Queryable, firmId: string, batch: { id: string; dossier_id: string; format: string; invoice_ids: string[]; invoice_count: number }): Promise<void> {
    await publishEvent(tx, firmId, 'export.created', {
      export_id: batch.id, dossier_id: batch.dossier_id, format: batch.format, invoice_count: batch.invoice_count, invoice_ids: batch.invoice_ids,
    });
    // One lookup for the whole batch, not one per invoice.
    const hooks = await webhooksRepo.subscribedTo(tx, firmId, 'invoice.exported');
    for (const id of hooks.length ? batch.invoice_ids : []) {
      await publishTo(tx, firmId, hooks, 'invoice.exported', invoiceData({ id, dossier_id: batch.dossier_id }, { status: 'exported', export_id: batch.id }));
    }
  },
};
