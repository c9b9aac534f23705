-- Export batches (issue #15): which validated invoices were booked together, by whom, when and in
-- which format, with a snapshot of their fields, so a batch's file never changes afterwards.
CREATE TABLE exports (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  dossier_id text NOT NULL REFERENCES dossiers(id),
  format text NOT NULL CHECK (format IN ('fec', 'csv')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
  charge_account text NOT NULL,
  invoice_count integer NOT NULL DEFAULT 0,
  montant_ht numeric(17, 2) NOT NULL DEFAULT 0,
  montant_tva numeric(17, 2) NOT NULL DEFAULT 0,
  montant_ttc numeric(17, 2) NOT NULL DEFAULT 0,
  -- The exported invoices' fields at export time, in the file's order (src/domain/exports.ts).
  snapshot jsonb NOT NULL DEFAULT '[]',
  file_name text NOT NULL,
  idempotency_key text,
  -- sha256 of the request that used the key: the same key with another request is refused.
  request_fingerprint text,
  created_by text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by text REFERENCES users(id),
  cancelled_at timestamptz,
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL AND cancelled_by IS NOT NULL))
)
-- statement
-- One batch per key and firm; a concurrent request with the same key waits here, then replays.
CREATE UNIQUE INDEX exports_idempotency_key ON exports (firm_id, idempotency_key) WHERE idempotency_key IS NOT NULL
-- statement
-- Serves the list, newest first, for the firm and for one folder.
CREATE INDEX exports_list ON exports (firm_id, created_at DESC, id DESC)
-- statement
CREATE INDEX exports_dossier_list ON exports (firm_id, dossier_id, created_at DESC, id DESC)
-- statement
-- The batch that exported the invoice (NULL unless status = 'exported'): cancelling a batch
-- returns exactly its own invoices to validated.
ALTER TABLE invoices ADD COLUMN export_id text REFERENCES exports(id)
-- statement
CREATE INDEX invoices_export ON invoices (firm_id, export_id) WHERE export_id IS NOT NULL
