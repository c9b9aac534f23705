import { Type } from 'typebox';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../../domain/webhooks.ts';
import { Timestamp } from './common.ts';

const EventType = Type.Enum([...WEBHOOK_EVENTS], { description: 'An event type' });
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
const NullableText = Type.Union([Type.String(), Type.Null()]);
const NullableTime = Type.Union([Timestamp, Type.Null()]);

export const Webhook = Type.Object({
  id: Type.String({ examples: ['whk_01hzy3k9x6m2c4v8b0n5q7r1t3'] }),
  url: Type.String({ format: 'uri' }),
  events: Type.Array(EventType),
  description: NullableText,
  created_at: Timestamp,
});

export const CreateWebhook = Type.Object({
  url: Type.String({
    format: 'uri', minLength: 8, maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
    description: 'http or https; private, loopback and reserved addresses are refused (422), also when the name resolves to one',
    examples: ['https://erp.example.com/hooks/invoices'],
  }),
  events: Type.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true }),
  description: Type.Optional(Type.String({ maxLength: 200 })),
}, { additionalProperties: false });

export const CreatedWebhook = Type.Object({
  ...Webhook.properties,
  secret: Type.String({ description: 'Shown once: the key that signs the deliveries (whsec_ + base64)', examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'] }),
});

const PageQueryFields = {
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
};
export const PageQuery = Type.Object(PageQueryFields, { additionalProperties: false });
const PageMeta = Type.Object({ total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() });

export const WebhookList = Type.Object({ data: Type.Array(Webhook), meta: PageMeta });

export const WebhookIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const Delivery = Type.Object({
  id: Type.String(),
  event_id: Type.String({ description: 'The webhook-id header: the same on every attempt' }),
  event_type: EventType,
  status: Type.Enum([...DELIVERY_STATUSES], { description: 'pending until delivered (a 2xx answer) or failed (attempts exhausted, or the target refused)' }),
  attempts: Type.Integer({ minimum: 0 }),
  last_status_code: NullableInt,
  last_error: NullableText,
  next_attempt_at: Type.Union([Timestamp, Type.Null()], { description: 'When a pending delivery is tried next' }),
  delivered_at: NullableTime,
  created_at: Timestamp,
  attempt_log: Type.Array(Type.Object({
    attempt: Type.Integer({ minimum: 1 }),
    at: Timestamp,
    status_code: NullableInt,
    error: NullableText,
    duration_ms: Type.Integer({ minimum: 0 }),
  })),
});

export const DeliveryList = Type.Object({ data: Type.Array(Delivery), meta: PageMeta });
