// Whether a page's words form one narrow column (a till receipt), from the first reading's boxes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openDocument } from '../../src/extraction/document.ts';
import { createOcrEngine } from '../../src/extraction/ocr/ocr-engine.ts';
import { readByOcr } from '../../src/extraction/steps/ocr-step.ts';
import { generateReceipt } from '../../tools/generate/generate-set.ts';
import { isOneNarrowColumn, NARROW_COLUMN_HEIGHTS } from '../../src/extraction/layout/narrow-column.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

/** `rows` lines of words `height` px tall, each line `width` px wide from `left`, in four words. */
function page(rows: number, width: number, height: number, left = 100): TextRun[] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: 4 }, (_, k) => ({
    text: ['Total', '12.50', 'Cash', '20.00'][k]!, x: left + (k * width) / 4, y: 100 + r * height * 1.6, w: width / 4 - height, h: height, page: 1, conf: 0.9,
  }))).flat();
}

test('a receipt is one narrow column; an A4 invoice is not', () => {
  // An 80 mm till roll: about 30 word heights wide.
  assert.equal(isOneNarrowColumn(page(12, 30 * 24, 24, 800)), true);
  // An A4 invoice at the same resolution: about 70.
  assert.equal(isOneNarrowColumn(page(30, 70 * 24, 24)), false);
  assert.equal(isOneNarrowColumn(page(12, (NARROW_COLUMN_HEIGHTS + 2) * 24, 24)), false);
});

test('a narrow column is judged on words read with some confidence, and not on a handful', () => {
  assert.equal(isOneNarrowColumn(page(3, 30 * 24, 24)), false, 'twelve words say nothing of a layout');
  // Speckle read as tiny words far to the left would widen the column if it counted.
  const speckle = Array.from({ length: 40 }, (_, i): TextRun => ({ text: i % 2 ? "'" : 'll', x: 10, y: 100 + i * 30, w: 4, h: 4, page: 1, conf: 0.2 }));
  assert.equal(isOneNarrowColumn([...page(12, 30 * 24, 24, 800), ...speckle]), true);
});

test('a receipt is read again as one block of text, which keeps the figures automatic segmentation cut short', async (t) => {
  // A generated receipt (test seed 4242, index 11) whose figures automatic segmentation reads
  // "TOTAL RM 21." and "Round Adj -RM 0.": read as one block, "21.72", "-0.02" and the total paid, "21.70".
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'receipt-column-'));
  const engine = createOcrEngine(1);
  t.after(async () => {
    await engine.close();
    fs.rmSync(out, { recursive: true, force: true });
  });
  const entry = await generateReceipt(4242, 11, out);
  assert.equal(entry.expected.montant_ttc, '21.70');
  const doc = await openDocument(fs.readFileSync(path.join(out, entry.file)), 'image/jpeg', { maxPages: 1, maxPixels: 60_000_000, timeoutMs: 120_000 });
  const { invoice } = await readByOcr(doc, engine);
  assert.equal(invoice?.fields.montant_ttc, 2170);
  assert.equal(invoice?.fields.montant_ht, 2049);
  assert.equal(invoice?.fields.montant_tva, 123);
});
