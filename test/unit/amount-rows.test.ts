// Amounts that prove nothing have the rows of their labelled amounts and rates read again alone: a
// digit the page's reading misread ("19.50" for 79.50 under a GST summary of 75.00 and 4.50) reads
// as printed in a strip of its own, and the amounts then prove each other. Invented values; the OCR
// engine reads each strip from the row it was cut from, which the test marks in the page's pixels.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import { buildLines } from '../../src/extraction/layout/lines.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';
import { amountRows, withAmountRowsReadAgain } from '../../src/extraction/ocr/amount-rows.ts';
import type { OcrEngine } from '../../src/extraction/ocr/ocr-engine.ts';
import type { GreyImage } from '../../src/extraction/ocr/prepare-image.ts';
import type { PagesRead, TimeStage } from '../../src/extraction/ocr/pages-read.ts';
import { generateReceipt } from '../../tools/generate/generate-set.ts';
import { cents, extractGenerated } from '../helpers/generated-extraction.ts';

const word = (text: string, x: number, y: number, conf = 0.95): TextRun => ({ text, x, y, w: text.length * 10, h: 20, page: 1, conf });
const row = (y: number, ...texts: string[]) => texts.map((t, i) => word(t, 40 + i * 90, y));

const receipt = (total: string) => [
  ...row(40, 'K&T', 'HARDWARE'),
  ...row(80, '14-Mar-2017'),
  ...row(160, 'PAINT', 'BRUSH', '88.00'),
  ...row(200, 'Discount', '-8.50'),
  ...row(280, 'Total', 'Amount', 'Payable', ':', total),
  ...row(320, 'Cash', 'Received', ':', '100.00'),
  ...row(400, 'GST', 'Summary', 'Amount', 'Tax'),
  ...row(440, 'SR', '=', '6%', '75.00', '4.50'),
];

/** A page whose pixels in each row's band are that row's y / 4, so that a strip tells which row it was cut from. */
function markedPage(runs: TextRun[]): GreyImage {
  const image = { data: Buffer.alloc(800 * 500, 255), width: 800, height: 500 };
  for (const y of new Set(runs.map((r) => r.y))) image.data.fill(y / 4, (y + 5) * 800, (y + 15) * 800);
  return image;
}

/** An engine that reads each strip as `reads` says the row at that y reads alone, in the strip's own pixels. */
function stripEngine(image: GreyImage, reads: Record<number, string[]>, calls: number[]): OcrEngine {
  return {
    async recognise(pgm, _page, layout) {
      assert.equal(layout, 'line');
      // The PGM's header ends with "255\n"; the pixels follow, the strip's middle row tells its row.
      const header = pgm.indexOf('255\n') + 4;
      const [width, height] = pgm.subarray(3, header).toString().split(/\s+/).map(Number) as [number, number];
      const y = pgm[header + Math.floor(height / 2) * width + 5]! * 4;
      calls.push(y);
      return (reads[y] ?? []).map((t, i) => word(t, 14 + i * 90, 8));
    },
    warm() {},
    async close() {},
  };
}

const untimed: TimeStage = async (_stage, work) => work();
const pagesRead = (runs: TextRun[], image: GreyImage): PagesRead => ({ invoice: readFields(runs), narrow: true, images: [{ page: 1, grey: image }], runs });

test('the rows read again: those with an amount after its label or beside a rate, from the bottom up, not items nor headings', () => {
  const rows = amountRows(buildLines(receipt('19.50')));
  assert.deepEqual(rows.map((l) => l.y), [440, 280]);
});

test('a total misread in the page reads as printed in its strip: the amounts prove each other and the reading takes them', async () => {
  const runs = receipt('19.50');
  const image = markedPage(runs);
  const first = readFields(runs);
  assert.equal(first.extra.amountsProof === 'equation', false, 'the page as read proves nothing');
  const calls: number[] = [];
  const ocr = stripEngine(image, { 280: ['Total', 'Amount', 'Payable', ':', '79.50'], 440: ['SR', '=', '6%', '75.00', '4.50'] }, calls);
  const read = await withAmountRowsReadAgain(first, runs, pagesRead(runs, image), ocr, untimed);
  assert.deepEqual(calls, [440, 280]);
  assert.deepEqual([read!.fields.montant_ht, read!.fields.montant_tva, read!.fields.montant_ttc], [7500, 450, 7950]);
  assert.equal(read!.extra.amountsProof, 'equation');
  assert.equal(read!.fields.date_facture, '2017-03-14', 'the other fields stay');
});

test('strips that read the same digits, or amounts that already prove each other, leave the reading as it was', async () => {
  const misread = receipt('19.50');
  const image = markedPage(misread);
  const first = readFields(misread);
  const same = stripEngine(image, { 280: ['Total', 'Amount', 'Payable', ':', '19.50'], 440: ['SR', '=', '6%', '75.00', '4.50'] }, []);
  assert.equal(await withAmountRowsReadAgain(first, misread, pagesRead(misread, image), same, untimed), first);

  const right = receipt('79.50');
  const proven = readFields(right);
  assert.equal(proven.extra.amountsProof, 'equation');
  const calls: number[] = [];
  assert.equal(await withAmountRowsReadAgain(proven, right, pagesRead(right, image), stripEngine(image, {}, calls), untimed), proven);
  assert.deepEqual(calls, [], 'no strip read');
});

test('real OCR: a receipt whose total the page misread is validated with the total its row reads alone', async () => {
  // Tune seed 96, receipt 23: the page read the total 7.35 as "71.39"; its row, read alone, reads 7.35,
  // which the subtotal 6.93 and the GST 0.42 printed above it prove.
  const { entry, result, validatedRight } = await extractGenerated((dir) => generateReceipt(96, 23, dir));
  assert.equal(result.fields.montant_ttc, cents(entry.expected.montant_ttc));
  assert.equal(result.status, 'validated', result.reviewReasons.join('; '));
  assert.ok(validatedRight, 'validated with a wrong amount or date');
});

test('a total the page did not read, found in its row read alone, is taken though nothing proves it (for review)', async () => {
  const runs = [
    ...row(40, 'MAJU', 'KOPITIAM'), ...row(160, 'TEH', 'TARIK', '3.20'), ...row(280, 'SUBTOTAL', '34.150'),
    ...row(320, 'RM', 'CASH', '50.00'), ...row(360, 'CHANGE', '15.50'), ...row(400, 'INC', '6%', 'GST', '1.95'),
  ];
  const image = markedPage(runs);
  const first = readFields(runs);
  assert.equal(first.fields.montant_ttc, null);
  const read = await withAmountRowsReadAgain(first, runs, pagesRead(runs, image), stripEngine(image, { 280: ['SUBTOTAL', '34.50'] }, []), untimed);
  assert.equal(read!.fields.montant_ttc, 3450);
  assert.notEqual(read!.extra.amountsProof, 'equation');
});
