// A page whose amounts prove nothing may have lost the row that prints one of them: here the VAT row
// between two ruled lines of a boxed totals table, on a phone scan. The rows of ink no word covers
// are read again, and the VAT is read as printed instead of guessed as the total less the net.
//
// The fixture is file docs/tp-11-015_p1_scan.jpg of `node tools/third-party/cli.ts --seed 11 --count
// 30 --templates invoiceit` (invoice-it's page printed by Chromium, rendered and scanned), with its
// truth entry: a tune seed. Its TTC is one cent more than HT + TVA, as the template sums its lines.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { TruthEntry } from '../../tools/generate/truth.ts';
import { cents, extractGenerated } from '../helpers/generated-extraction.ts';

const FIXTURE = path.join(import.meta.dirname, '..', 'fixtures', 'third-party', 'invoiceit-boxed-totals-scan');

test('real OCR: the VAT row a scan of a boxed totals table lost is read again, and the invoice proven with the printed VAT', async () => {
  const { entry, result, validatedRight } = await extractGenerated(async (dir) => {
    const truth: TruthEntry = JSON.parse(fs.readFileSync(`${FIXTURE}.json`, 'utf8'));
    fs.copyFileSync(`${FIXTURE}.jpg`, path.join(dir, truth.file));
    return truth;
  });
  const e = entry.expected;
  assert.deepEqual([result.fields.montant_ht, result.fields.montant_tva, result.fields.montant_ttc], [cents(e.montant_ht), cents(e.montant_tva), cents(e.montant_ttc)]);
  assert.equal(result.status, 'validated', JSON.stringify(result.reviewReasons));
  assert.ok(validatedRight, 'validated with a wrong amount or date');
});
