#!/bin/sh
# The README's command-line example, run as it is by test/cli/import-command.test.ts:
#   INVOICES_URL=http://localhost:3000 INVOICES_EMAIL=… INVOICES_PASSWORD=… SCANS=/path/to/scans sh docs/examples/scanner-folder.sh
set -eu
printf '%s\n' "$INVOICES_PASSWORD" | invoices login --url "$INVOICES_URL" --email "$INVOICES_EMAIL" --password-stdin
invoices dossiers create "Boulangerie Martin"
invoices import --dossier "Boulangerie Martin" --concurrency 4 --wait "$SCANS"   # run it again: nothing is imported twice
invoices list --dossier "Boulangerie Martin" --status validated --csv > validated.csv
invoices list --dossier "Boulangerie Martin" --from 2020-01-01 --to 2030-12-31
invoices export --dossier "Boulangerie Martin" --format fec -o fec.txt   # the validated ones become exported
