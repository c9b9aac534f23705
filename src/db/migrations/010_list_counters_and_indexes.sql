-- The list at scale (issue #14): exact, cheap meta.total and one index per order the API offers.
-- No other writer may change invoices while the counters are filled and their triggers created,
-- or a row written in between would be missing from them.
LOCK TABLE invoices IN SHARE ROW EXCLUSIVE MODE
-- statement
-- How many invoices each folder holds in each status and month of date_facture. Kept by the
-- triggers below, in the same transaction as every row change, so no code path can forget it.
-- meta.total sums them: the whole folder, a status, or the whole months of a date range (the
-- partial months at the range's ends are counted from the index).
CREATE FUNCTION invoice_month(d date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN d IS NULL THEN 'infinity'::date ELSE d - (extract(day FROM d)::int - 1) END
$$
-- statement
CREATE TABLE invoice_counts (
  firm_id text NOT NULL,
  dossier_id text NOT NULL,
  status text NOT NULL,
  -- The first day of date_facture's month; 'infinity' while the invoice has no date (not extracted).
  month date NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (firm_id, dossier_id, status, month)
)
-- statement
INSERT INTO invoice_counts (firm_id, dossier_id, status, month, n)
SELECT firm_id, dossier_id, status, invoice_month(date_facture), count(*) FROM invoices GROUP BY 1, 2, 3, 4
-- statement
-- One upsert per statement, whatever number of rows it changed: removed rows count -1 under their
-- old key, added rows +1 under their new key, and keys whose sum is 0 (an update that changed
-- neither status, folder nor month) are not touched at all, so most updates take no counter lock.
-- Keys are written in one order, so two statements never lock two counters in opposite orders.
CREATE FUNCTION invoice_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_counts AS c (firm_id, dossier_id, status, month, n)
    SELECT firm_id, dossier_id, status, invoice_month(date_facture), count(*) FROM added GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (firm_id, dossier_id, status, month) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_counts AS c (firm_id, dossier_id, status, month, n)
    SELECT firm_id, dossier_id, status, invoice_month(date_facture), -count(*) FROM removed GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (firm_id, dossier_id, status, month) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO invoice_counts AS c (firm_id, dossier_id, status, month, n)
    SELECT firm_id, dossier_id, status, month, sum(delta) FROM (
      SELECT firm_id, dossier_id, status, invoice_month(date_facture) AS month, -1 AS delta FROM removed
      UNION ALL
      SELECT firm_id, dossier_id, status, invoice_month(date_facture), 1 FROM added
    ) AS changes
    GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (firm_id, dossier_id, status, month) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END
$$
-- statement
CREATE TRIGGER invoice_counts_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_apply()
-- statement
CREATE TRIGGER invoice_counts_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_apply()
-- statement
CREATE TRIGGER invoice_counts_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_apply()
-- statement
CREATE FUNCTION invoice_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_counts;
  RETURN NULL;
END
$$
-- statement
CREATE TRIGGER invoice_counts_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_counts_clear()
-- statement
-- A status filter with a date range (or the default order) reads one range of this index; the
-- partial months of a range are counted index-only.
CREATE INDEX invoices_list_status ON invoices (firm_id, dossier_id, status, date_facture DESC, id)
-- statement
-- One index per sort= value, in exactly its ORDER BY (column, then id ascending), so a page is the
-- first rows of an index range, never a scan and a sort of the whole folder. invoices_list (001)
-- already serves -date_facture, the default.
CREATE INDEX invoices_sort_date_facture ON invoices (firm_id, dossier_id, date_facture ASC NULLS LAST, id)
-- statement
CREATE INDEX invoices_sort_montant_ttc ON invoices (firm_id, dossier_id, montant_ttc ASC NULLS LAST, id)
-- statement
CREATE INDEX invoices_sort_montant_ttc_desc ON invoices (firm_id, dossier_id, montant_ttc DESC NULLS FIRST, id)
-- statement
CREATE INDEX invoices_sort_fournisseur ON invoices (firm_id, dossier_id, fournisseur ASC NULLS LAST, id)
-- statement
CREATE INDEX invoices_sort_fournisseur_desc ON invoices (firm_id, dossier_id, fournisseur DESC NULLS FIRST, id)
-- statement
CREATE INDEX invoices_sort_status ON invoices (firm_id, dossier_id, status ASC NULLS LAST, id)
-- statement
CREATE INDEX invoices_sort_status_desc ON invoices (firm_id, dossier_id, status DESC NULLS FIRST, id)
-- statement
CREATE INDEX invoices_sort_created_at ON invoices (firm_id, dossier_id, created_at ASC NULLS LAST, id)
-- statement
CREATE INDEX invoices_sort_created_at_desc ON invoices (firm_id, dossier_id, created_at DESC NULLS FIRST, id)
