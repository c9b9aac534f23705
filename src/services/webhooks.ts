// A firm's webhooks: create (the secret is shown once), list, show, delete, and the delivery log.
import { randomBytes } from 'node:crypto';
import { notFound } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import type { WebhookEvent } from '../domain/webhooks.ts';
import { deliveriesRepo, webhooksRepo, type DeliveryRow, type WebhookRow } from '../repositories/webhooks.ts';
import type { Deps, Principal } from './deps.ts';
import { TargetUnresolved, targetRefused, vetTarget, type Resolver } from './webhook-target.ts';

export interface Page { page: number; perPage: number }

/** whsec_ + base64 of 24 random bytes: the Standard Webhooks secret format. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export async function createWebhook(
  deps: Deps, principal: Principal, input: { url: string; events: WebhookEvent[]; description?: string | undefined }, resolve?: Resolver,
): Promise<{ webhook: WebhookRow; secret: string }> {
  await vetTarget(input.url, deps.config.webhooks.allowPrivateTargets, resolve).catch((error: unknown) => {
    throw error instanceof TargetUnresolved ? targetRefused(error.message) : error;
  });
  const secret = newSecret();
  const webhook = await webhooksRepo.insert(deps.db, principal.firmId, {
    id: newId('whk'), url: input.url, events: [...new Set(input.events)], description: input.description?.trim() || null, secret,
  });
  return { webhook, secret };
}

export const listWebhooks = (deps: Deps, principal: Principal, page: Page) => webhooksRepo.list(deps.db, principal.firmId, page);

export async function getWebhook(deps: Deps, principal: Principal, id: string): Promise<WebhookRow> {
  const webhook = await webhooksRepo.find(deps.db, principal.firmId, id);
  if (!webhook) throw notFound('Webhook');
  return webhook;
}

export async function deleteWebhook(deps: Deps, principal: Principal, id: string): Promise<void> {
  if (!(await webhooksRepo.delete(deps.db, principal.firmId, id))) throw notFound('Webhook');
}

export interface DeliveryWithAttempts extends DeliveryRow {
  attempt_log: Array<{ attempt: number; at: Date; status_code: number | null; error: string | null; duration_ms: number }>;
}

/** The webhook's deliveries, newest first, each with its attempts. */
export async function listDeliveries(deps: Deps, principal: Principal, id: string, page: Page): Promise<{ rows: DeliveryWithAttempts[]; total: number }> {
  await getWebhook(deps, principal, id);
  const { rows, total } = await deliveriesRepo.listForWebhook(deps.db, principal.firmId, id, page);
  const attempts = await deliveriesRepo.attemptsOf(deps.db, principal.firmId, rows.map((r) => r.id));
  return { rows: rows.map((r) => ({ ...r, attempt_log: attempts.filter((a) => a.delivery_id === r.id) })), total };
}
