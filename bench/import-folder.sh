#!/usr/bin/env bash
# 100 corpus files (every 4th PDF/JPG/PNG of ../shared/corpus in path order) imported with `invoices import --wait` into a fresh
# `invoices serve` on PGlite under /tmp/client-bench; prints the summary, wall time and the command's peak RSS. See docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
B=/tmp/client-bench; rm -rf $B; mkdir -p $B/scans100 $B/data $B/home
find ../shared/corpus/docs -type f \( -iname '*.pdf' -o -iname '*.jpg' -o -iname '*.png' \) | sort | awk 'NR % 4 == 1' | head -100 | while read -r f; do cp "$f" "$B/scans100/$(echo "$f" | sed 's|.*/docs/||; s|/|__|g')"; done
ls $B/scans100 | wc -l
# A throwaway secret for this throwaway service, made fresh each run.
export DATA_DIR=$B/data PORT=3917 JWT_SECRET="$(head -c 48 /dev/urandom | base64 | tr -d "\n")" HOME=$B/home XDG_CONFIG_HOME=$B/home/.config
echo 'correct horse battery' | node_modules/.bin/node bin/invoices.js user create --firm Bench --email bench@example.com --password-stdin
node_modules/.bin/node bin/invoices.js serve > $B/serve.log 2>&1 &
SERVER=$!
for i in $(seq 1 60); do curl -sf http://127.0.0.1:3917/readyz >/dev/null && break; sleep 1; done
echo 'correct horse battery' | node_modules/.bin/node bin/invoices.js login --url http://127.0.0.1:3917 --email bench@example.com --password-stdin
node_modules/.bin/node bin/invoices.js dossiers create "Bench 100" > $B/dossier.txt
cat $B/dossier.txt
D=$(grep -o 'dos_[a-z0-9]*' $B/dossier.txt | head -1)
/usr/bin/time -v node_modules/.bin/node bin/invoices.js import --dossier "$D" --wait $B/scans100 > $B/import.out 2> $B/import.time || true
cat $B/import.out | tail -30
grep -E "Elapsed|Maximum resident" $B/import.time
kill $SERVER
