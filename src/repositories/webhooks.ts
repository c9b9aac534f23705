// Webhook endpoints and their delivery log. SQL only; every method takes firmId first.
import type { Queryable } from '../db/database.ts';
import type { DeliveryStatus, WebhookEvent } from '../domain/webhooks.ts';

export interface WebhookRow {
  id: string;
  firm_id: string;
  url: string;
  events: WebhookEvent[];
  description: string | null;
  /** Needed to sign; only the create use case hands it out, once. */
  secret: string;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  firm_id: string;
  webhook_id: string;
  event_id: string;
  event_type: WebhookEvent;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

export interface AttemptOutcome { statusCode: number | null; error: string | null; durationMs: number }

export const webhooksRepo = {
  async insert(db: Queryable, firmId: string, hook: Pick<WebhookRow, 'id' | 'url' | 'events' | 'description' | 'secret'>): Promise<WebhookRow> {
    const { rows } = await db.query<WebhookRow>(
      `INSERT INTO webhooks (id, firm_id, url, events, description, secret)
       VALUES ($1, $2, $3, $4::text[], $5, $6) RETURNING *`,
      [hook.id, firmId, hook.url, hook.events, hook.description, hook.secret],
    );
    return rows[0]!;
  },
  async find(db: Queryable, firmId: string, id: string): Promise<WebhookRow | undefined> {
    const { rows } = await db.query<WebhookRow>('SELECT * FROM webhooks WHERE firm_id = $1 AND id = $2', [firmId, id]);
    return rows[0];
  },
  async list(db: Queryable, firmId: string, page: { page: number; perPage: number }): Promise<{ rows: WebhookRow[]; total: number }> {
    const counted = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM webhooks WHERE firm_id = $1', [firmId]);
    const { rows } = await db.query<WebhookRow>(
      'SELECT * FROM webhooks WHERE firm_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3',
      [firmId, page.perPage, (page.page - 1) * page.perPage],
    );
    return { rows, total: counted.rows[0]!.total };
  },
  /** Its deliveries go with it (ON DELETE CASCADE); their queued jobs then find nothing to do. */
  async delete(db: Queryable, firmId: string, id: string): Promise<boolean> {
    const { rowCount } = await db.query('DELETE FROM webhooks WHERE firm_id = $1 AND id = $2', [firmId, id]);
    return rowCount === 1;
  },
  /** The firm's webhooks subscribed to an event type. */
  async subscribedTo(db: Queryable, firmId: string, type: WebhookEvent): Promise<WebhookRow[]> {
    const { rows } = await db.query<WebhookRow>('SELECT * FROM webhooks WHERE firm_id = $1 AND $2 = ANY(events) ORDER BY id', [firmId, type]);
    return rows;
  },
};

export const deliveriesRepo = {
  async insert(db: Queryable, firmId: string, d: Pick<DeliveryRow, 'id' | 'webhook_id' | 'event_id' | 'event_type' | 'body'>): Promise<void> {
    await db.query(
      `INSERT INTO webhook_deliveries (id, firm_id, webhook_id, event_id, event_type, body, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())`,
      [d.id, firmId, d.webhook_id, d.event_id, d.event_type, d.body],
    );
  },
  /** A pending delivery with its webhook, or undefined when it is finished or its webhook was deleted. */
  async findPending(db: Queryable, firmId: string, id: string): Promise<{ delivery: DeliveryRow; webhook: WebhookRow } | undefined> {
    const { rows } = await db.query<DeliveryRow>(
      "SELECT * FROM webhook_deliveries WHERE firm_id = $1 AND id = $2 AND status = 'pending'", [firmId, id]);
    if (!rows[0]) return undefined;
    const webhook = await webhooksRepo.find(db, firmId, rows[0].webhook_id);
    return webhook && { delivery: rows[0], webhook };
  },
  async listForWebhook(db: Queryable, firmId: string, webhookId: string, page: { page: number; perPage: number }) {
    const counted = await db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM webhook_deliveries WHERE firm_id = $1 AND webhook_id = $2', [firmId, webhookId]);
    const { rows } = await db.query<DeliveryRow>(
      `SELECT * FROM webhook_deliveries WHERE firm_id = $1 AND webhook_id = $2
       ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [firmId, webhookId, page.perPage, (page.page - 1) * page.perPage],
    );
    return { rows, total: counted.rows[0]!.total };
  },
  /**
   * Logs attempt number `attempt` and moves the delivery on: delivered, failed, or pending until
   * nextAttemptAt. False when another run already recorded this attempt (a job that ran twice).
   */
  async recordAttempt(
    db: Queryable, firmId: string, id: string, attempt: number, outcome: AttemptOutcome,
    next: { status: DeliveryStatus; nextAttemptAt: Date | null },
  ): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE webhook_deliveries SET attempts = $3, status = $4, last_status_code = $5, last_error = $6,
         next_attempt_at = $7, delivered_at = CASE WHEN $4 = 'delivered' THEN now() ELSE NULL END
       WHERE firm_id = $1 AND id = $2 AND status = 'pending' AND attempts = $3 - 1`,
      [firmId, id, attempt, next.status, outcome.statusCode, outcome.error, next.nextAttemptAt],
    );
    if (rowCount !== 1) return false;
    await db.query(
      'INSERT INTO webhook_delivery_attempts (delivery_id, attempt, status_code, error, duration_ms) VALUES ($1, $2, $3, $4, $5)',
      [id, attempt, outcome.statusCode, outcome.error, Math.round(outcome.durationMs)],
    );
    return true;
  },
  async attemptsOf(db: Queryable, firmId: string, deliveryIds: string[]) {
    if (!deliveryIds.length) return [];
    const { rows } = await db.query<{ delivery_id: string; attempt: number; at: Date; status_code: number | null; error: string | null; duration_ms: number }>(
      `SELECT a.* FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
       WHERE d.firm_id = $1 AND a.delivery_id = ANY($2::text[]) ORDER BY a.delivery_id, a.attempt`,
      [firmId, deliveryIds],
    );
    return rows;
  },
};
