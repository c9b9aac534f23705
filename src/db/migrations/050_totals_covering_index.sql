-- The review table's totals row (GET /api/v1/invoices/totals) sums a folder's amounts under the
-- list's filters. invoices_list_status already leads with (firm, folder, status, date); carrying
-- the three amounts in it lets the sum read that index alone (index-only), instead of one heap
-- row per invoice scattered over the table. Same keys, so the list's plans do not change, and no
-- index is added: montant_ttc is in a sort index already, so an amount's update was never HOT.
DROP INDEX invoices_list_status
-- statement
CREATE INDEX invoices_list_status ON invoices (firm_id, dossier_id, status, date_facture DESC, id)
  INCLUDE (montant_ht, montant_tva, montant_ttc)
