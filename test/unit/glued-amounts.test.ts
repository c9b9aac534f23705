import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitGluedAmounts } from '../../src/extraction/ocr/glued-amounts.ts';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

const word = (text: string, x: number, y: number): TextRun => ({ text, x, y, w: text.length * 12, h: 24, page: 1, conf: 0.9 });

test('a word glued to the amount after it is split from it, the amount\'s "1" read as a letter restored', () => {
  const split = splitGluedAmounts([word('comprisesl.386,40', 500, 900)]);
  assert.deepEqual(split.map((w) => w.text), ['comprises', '1.386,40']);
  assert.ok(split[1]!.x > split[0]!.x && split[0]!.x + split[0]!.w === split[1]!.x, 'the amount stands after the word, where it was printed');
  assert.deepEqual(splitGluedAmounts([word('TotalI,205.10', 0, 0)]).map((w) => w.text), ['Total', '1,205.10']);
  assert.deepEqual(splitGluedAmounts([word('comprises2.386,40', 0, 0)]).map((w) => w.text), ['comprises', '2.386,40']);
  for (const kept of ['386,40', 'FR76', 'Réf.A1-2024', 'l.386', 'EUR', 'vol.12,50']) assert.deepEqual(splitGluedAmounts([word(kept, 0, 0)]).map((w) => w.text), [kept], kept);
});

test('an invoice whose total OCR glued to its label adds up, once split', () => {
  const line = (y: number, label: string, amount: string) => [...label.split(' ').map((t, i) => word(t, 100 + i * 90, y)), word(amount, 600, y), word('EUR', 720, y)];
  const page = [
    ...line(800, 'Montant total HT', '1.155,33'), ...line(846, 'Total TVA', '231,07'),
    ...['Total', 'toutes', 'taxes'].map((t, i) => word(t, 100 + i * 90, 894)), word('comprisesl.386,40', 370, 894), word('EUR', 720, 894),
  ];
  const glued = readFields(page);
  assert.notEqual(glued.extra.amountsProof, 'equation', 'as OCR gave it, the total is no amount');
  const read = readFields(splitGluedAmounts(page));
  assert.deepEqual([read.fields.montant_ttc, read.extra.amountsProof], [138640, 'equation']);
});
