-- Firms are the tenants: every other row belongs to exactly one firm.
CREATE TABLE firms (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)
-- statement
CREATE TABLE users (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  email text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)
-- statement
CREATE UNIQUE INDEX users_email_key ON users (lower(email))
-- statement
-- Every issued JWT has a row, keyed by its jti: revocation and last use are checked per request.
CREATE TABLE api_tokens (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  user_id text NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('session', 'named')),
  name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
)
-- statement
CREATE INDEX api_tokens_firm_kind ON api_tokens (firm_id, kind, created_at DESC)
-- statement
-- Failed sign-ins per e-mail, for throttling; shared by every API process through the database.
CREATE TABLE login_attempts (
  email text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
)
-- statement
CREATE TABLE dossiers (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)
-- statement
CREATE UNIQUE INDEX dossiers_firm_name_key ON dossiers (firm_id, lower(name))
-- statement
CREATE TABLE invoices (
  id text PRIMARY KEY,
  firm_id text NOT NULL REFERENCES firms(id),
  dossier_id text NOT NULL REFERENCES dossiers(id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'validated', 'exported')),
  montant_ht numeric(15, 2),
  montant_tva numeric(15, 2),
  montant_ttc numeric(15, 2),
  fournisseur text,
  siret text CHECK (siret ~ '^[0-9]{14}$'),
  date_facture date,
  numero text,
  devise text CHECK (devise ~ '^[A-Z]{3}$'),
  processing_state text NOT NULL DEFAULT 'queued' CHECK (processing_state IN ('queued', 'running', 'done', 'failed')),
  processing_attempts integer NOT NULL DEFAULT 0,
  processing_started_at timestamptz,
  processing_finished_at timestamptz,
  processing_error jsonb,
  extraction jsonb,
  file_name text NOT NULL,
  file_type text NOT NULL,
  file_size bigint NOT NULL,
  file_sha256 text NOT NULL,
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
)
-- statement
-- The same bytes in the same folder are one invoice.
CREATE UNIQUE INDEX invoices_dossier_sha256_key ON invoices (firm_id, dossier_id, file_sha256)
-- statement
-- Serves the list: firm + folder, newest invoice date first, then id.
CREATE INDEX invoices_list ON invoices (firm_id, dossier_id, date_facture DESC, id)
-- statement
CREATE TABLE idempotency_keys (
  firm_id text NOT NULL REFERENCES firms(id),
  key text NOT NULL,
  file_sha256 text NOT NULL,
  invoice_id text NOT NULL REFERENCES invoices(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (firm_id, key)
)
