// `invoices extract`, run as the acceptance measurement runs it: a real process on real files,
// one JSON line per file in input order, failures reported in place without stopping the rest.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { corpusPath } from '../helpers/service.ts';

const BIN = path.join(import.meta.dirname, '../../bin/invoices.js');
const truth = JSON.parse(fs.readFileSync(corpusPath('truth.json'), 'utf8')) as Array<{ file: string; kind: string; primary: boolean; expected: Record<string, string | null> }>;
const facturx = truth.find((e) => e.kind === 'facturx-pdf' && e.primary)!;
const textPdf = truth.find((e) => e.kind === 'synthetic-fr-pdf' && e.primary)!;

function invoices(...args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 120_000 });
}

test('extract --json: one line per file in input order; a missing or unsupported file, or a folder, is an error line and the rest go on', () => {
  const folder = path.dirname(corpusPath(textPdf.file));
  const files = [corpusPath(facturx.file), '/no/such/invoice.pdf', BIN, folder, corpusPath(textPdf.file)];
  const run = invoices('extract', '--json', ...files);
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => l.file), files);
  const [xml, missing, script, dir, text] = lines;
  assert.equal(xml.source, 'facturx');
  assert.equal(xml.status, 'validated');
  assert.equal(xml.montant_ttc, Number(facturx.expected.montant_ttc));
  assert.equal(xml.date_facture, facturx.expected.date_facture);
  assert.deepEqual(missing.error, { code: 'file_not_found', message: 'No such file: /no/such/invoice.pdf' });
  assert.deepEqual(dir.error, { code: 'not_a_file', message: `${folder} is a folder: name the files in it (for example ${folder}/*.pdf)` });
  assert.deepEqual(script.error, { code: 'unsupported_type', message: 'Not a PDF, JPEG or PNG file, nor a UBL or CII e-invoice' });
  assert.equal(text.source, 'pdf-text');
  assert.equal(text.montant_ttc, Number(textPdf.expected.montant_ttc));
  for (const key of ['montant_ht', 'montant_tva', 'fournisseur', 'siret', 'numero', 'devise', 'confidence', 'review_reasons', 'duration_ms']) assert.ok(key in text, key);
});

test('extract without --json prints a table; with no file it prints its usage and exits 2; all files failing exits 1', () => {
  const table = invoices('extract', corpusPath(facturx.file));
  assert.equal(table.status, 0, table.stderr);
  const [header, row] = table.stdout.trim().split('\n');
  assert.match(header!, /^file\s+status\s+source\s+HT\s+TVA\s+TTC\s+date\s+supplier\s+review/);
  assert.match(row!, new RegExp(`validated\\s+facturx\\s+${Number(facturx.expected.montant_ht).toFixed(2)}`));
  const usage = invoices('extract');
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /Usage: invoices extract/);
  assert.equal(invoices('extract', '--json', '/no/such/file.pdf').status, 1);
});
