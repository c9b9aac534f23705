-- An Idempotency-Key stands for one request: the fingerprint covers everything that defines it
-- (folder, file bytes, file name), so the same key with any other request is refused. Keys stored
-- before this column existed are compared on the file hash and the invoice's folder.
ALTER TABLE idempotency_keys ADD COLUMN request_fingerprint text
