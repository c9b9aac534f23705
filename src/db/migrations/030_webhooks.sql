-- Signed webhooks (issue #15): a firm's endpoints, and one delivery row per (event, endpoint).
-- The secret is kept as issued, because signing needs the raw key; the API never returns it again.
CREATE TABLE webhooks (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  url text NOT NULL,
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  description text,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)
-- statement
CREATE INDEX webhooks_firm ON webhooks (firm_id, created_at DESC, id)
-- statement
-- The outbox: written in the transaction of the change it announces, so a delivery exists if and
-- only if the change committed. body is the exact JSON that is signed and sent on every attempt.
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  webhook_id text NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  event_id text NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error text,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
)
-- statement
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at DESC, id DESC)
-- statement
-- One row per HTTP attempt, for the log: when, how long, and what came back.
CREATE TABLE webhook_delivery_attempts (
  delivery_id text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  error text,
  duration_ms integer NOT NULL,
  PRIMARY KEY (delivery_id, attempt)
)
