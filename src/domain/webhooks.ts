// Webhook vocabulary: the events a firm can subscribe to, and the rules of a target URL.
// Glossary:
//   event    - something that happened to one firm's data (an invoice processed, an export created).
//   webhook  - a firm's endpoint (URL, events, secret) that receives the events it subscribed to.
//   delivery - one event on its way to one webhook: its attempts, its outcome.
//   attempt  - one signed HTTP POST of a delivery; anything but a 2xx answer is retried later.

export const WEBHOOK_EVENTS = [
  'invoice.processed',
  'invoice.failed',
  'invoice.validated',
  'invoice.exported',
  'export.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The body of every delivery, as Standard Webhooks recommends: type, timestamp, data (plus the event id). */
export interface EventEnvelope {
  id: string;
  type: WebhookEvent;
  timestamp: string;
  data: Record<string, unknown>;
}

/** Only http(s), no credentials in the URL; returns the reason a URL is refused, or null. */
export function webhookUrlProblem(url: URL): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http and https URLs are accepted';
  if (url.username || url.password) return 'the URL must not carry credentials';
  if (!url.hostname) return 'the URL has no host';
  return null;
}
