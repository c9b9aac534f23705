-- Every change a person makes to an invoice: who, when, which field, the old and the new value.
CREATE TABLE invoice_corrections (
  id text PRIMARY KEY,
  -- Orders the corrections of one transaction, which share created_at.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  firm_id text NOT NULL REFERENCES firms(id),
  invoice_id text NOT NULL REFERENCES invoices(id),
  user_id text NOT NULL REFERENCES users(id),
  field text NOT NULL,
  old_value text,
  new_value text,
  created_at timestamptz NOT NULL DEFAULT now()
)
-- statement
CREATE INDEX invoice_corrections_invoice ON invoice_corrections (firm_id, invoice_id, seq)
