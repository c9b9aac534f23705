// The delivery task: one signed attempt of one delivery, logged, then delivered, failed for good, or
// rescheduled. The next attempt's job is enqueued in the transaction that logs this one, so a
// restart between attempts loses nothing. Safe to run twice: the attempt number is in the payload,
// and an attempt already logged is not made again.
import { Webhook } from 'standardwebhooks';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { DomainError } from '../domain/errors.ts';
import { deliveriesRepo, type AttemptOutcome, type DeliveryRow, type WebhookRow } from '../repositories/webhooks.ts';
import { postOnce } from '../services/webhook-post.ts';
import { vetTarget, type Resolver } from '../services/webhook-target.ts';
import type { DeliverWebhookPayload, JobQueue } from './queue.ts';

export interface DeliverDeps { db: Database; config: Config; logger: Logger; queue: JobQueue; resolve?: Resolver }

/** Seconds before attempt n + 1: the configured delay, doubled after each failure, at most a day. */
export function retryDelayMs(config: Config, attempt: number): number {
  return Math.min(86_400_000, config.webhooks.retryDelaySeconds * 1000 * 2 ** (attempt - 1));
}

/** Standard Webhooks headers: the event id (the same on every attempt), the attempt's time, its signature. */
export function signedHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, body),
  };
}

/** One attempt; refused: the target is not allowed, so no later attempt is made either. */
async function attempt(deps: DeliverDeps, webhook: WebhookRow, delivery: DeliveryRow): Promise<AttemptOutcome & { refused: boolean }> {
  const started = performance.now();
  const outcome = (statusCode: number | null, error: string | null, refused = false) =>
    ({ statusCode, error, refused, durationMs: performance.now() - started });
  try {
    const target = await vetTarget(webhook.url, deps.config.webhooks.allowPrivateTargets, deps.resolve);
    const { statusCode } = await postOnce(target, signedHeaders(webhook.secret, delivery.event_id, delivery.body, new Date()), delivery.body, deps.config.webhooks.timeoutMs);
    const error = statusCode >= 300 && statusCode < 400 ? 'redirect not followed' : statusCode >= 300 ? `HTTP ${statusCode}` : null;
    return outcome(statusCode, error);
  } catch (error) {
    if (error instanceof DomainError) return outcome(null, `refused: ${error.message}`, true);
    return outcome(null, error instanceof Error ? error.message : String(error));
  }
}

export function deliverWebhookTask(deps: DeliverDeps) {
  return async (job: { id: string; data: DeliverWebhookPayload }): Promise<void> => {
    const { firmId, deliveryId, attempt: number } = job.data;
    const found = await deliveriesRepo.findPending(deps.db, firmId, deliveryId);
    // Finished, its webhook deleted, or this attempt already made by an earlier run of the job.
    if (!found || found.delivery.attempts !== number - 1) return;
    const result = await attempt(deps, found.webhook, found.delivery);
    const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const last = result.refused || number >= deps.config.webhooks.maxAttempts;
    const status = delivered ? 'delivered' : last ? 'failed' : 'pending';
    const nextAttemptAt = status === 'pending' ? new Date(Date.now() + retryDelayMs(deps.config, number)) : null;
    await deps.db.transaction(async (tx) => {
      const recorded = await deliveriesRepo.recordAttempt(tx, firmId, deliveryId, number, result, { status, nextAttemptAt });
      if (recorded && nextAttemptAt) await deps.queue.enqueueDelivery(tx, { firmId, deliveryId, attempt: number + 1 }, nextAttemptAt);
    });
    // Never the secret, the headers or the body: ids, the outcome and the timing only.
    deps.logger[delivered ? 'info' : 'warn']({
      deliveryId, webhookId: found.webhook.id, eventType: found.delivery.event_type, attempt: number, status,
      statusCode: result.statusCode, error: result.error, durationMs: Math.round(result.durationMs),
    }, 'webhook delivery attempt');
  };
}
