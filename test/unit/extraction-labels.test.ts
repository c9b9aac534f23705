// The label vocabularies: each phrase is recognised with its role, decoy dates never become the
// invoice date, and the per-language lists compile into sound patterns. All strings are invented.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

const run = (text: string, x: number, y: number, h = 10): TextRun => ({ text, x, y, w: text.length * h * 0.5, h, page: 1 });

test("one document's labels leave nothing behind that changes how the next one is read", () => {
  const next = [run('Menuiserie Kerbrat SARL', 40, 20, 18), run('Facture n° MK-7781', 350, 20), run('Delivery date: 01/28/2031', 350, 50)];
  const alone = readFields(next);
  // A document whose last line is an order reference without a date: a decoy date label, unused.
  readFields([run('Atelier Morvan SAS', 40, 20, 18), run('Total TTC 120,00 €', 350, 300), run('Commande BC-2207', 40, 320)]);
  const after = readFields(next);
  assert.deepEqual(after.fields, alone.fields);
  assert.equal(after.fields.date_facture, null, 'a delivery date is not the invoice date');
});
