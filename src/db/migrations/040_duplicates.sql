-- Likely duplicates within a firm, across its folders (issue #15). The keys are normalised by the
-- service (src/domain/duplicates.ts) when an extraction is recorded, so each lookup is one index
-- range; an invoice that matches one recorded before it points at it with duplicate_of.
ALTER TABLE invoices ADD COLUMN seller_key text
-- statement
ALTER TABLE invoices ADD COLUMN numero_key text
-- statement
ALTER TABLE invoices ADD COLUMN supplier_key text
-- statement
-- The original may be deleted one day; the flag then loses its target but keeps its rule for the record.
ALTER TABLE invoices ADD COLUMN duplicate_of text REFERENCES invoices(id) ON DELETE SET NULL
-- statement
ALTER TABLE invoices ADD COLUMN duplicate_rule text
  CHECK (duplicate_rule IN ('same_file', 'same_seller_and_number', 'same_supplier_date_amount'))
-- statement
ALTER TABLE invoices ADD COLUMN duplicate_dismissed_at timestamptz
-- statement
ALTER TABLE invoices ADD COLUMN duplicate_dismissed_by text REFERENCES users(id)
-- statement
-- Rule 1: the same seller (SIREN, or the VAT number of a seller without one) and the same number.
CREATE INDEX invoices_dup_seller_numero ON invoices (firm_id, seller_key, numero_key)
  WHERE seller_key IS NOT NULL AND numero_key IS NOT NULL
-- statement
-- Rule 2: the same supplier name, invoice date and total.
CREATE INDEX invoices_dup_supplier_date_ttc ON invoices (firm_id, supplier_key, date_facture, montant_ttc)
  WHERE supplier_key IS NOT NULL
-- statement
-- The same bytes in another folder (the unique index leads with the folder, so it cannot serve this).
CREATE INDEX invoices_firm_sha256 ON invoices (firm_id, file_sha256)
-- statement
-- ?duplicate=true: the folder's flagged, undismissed invoices, a small set counted directly.
CREATE INDEX invoices_duplicates_open ON invoices (firm_id, dossier_id, date_facture DESC, id)
  WHERE duplicate_of IS NOT NULL AND duplicate_dismissed_at IS NULL
