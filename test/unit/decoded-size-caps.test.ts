// Sizes checked on what a file declares, before any decoder runs: a PDF's compressed streams, and the
// pixel size in a PNG or JPEG header.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { test } from 'node:test';
import sharp from 'sharp';
import { declaredImageSize } from '../../src/extraction/image-header.ts';
import { checkStreamBudget } from '../../src/extraction/pdf/stream-budget.ts';
import { buildPdf, deflatedZeros, flateBombPdf, flateImagePdf, hugeJpeg, hugePng, pdfStream } from '../helpers/hostile-files.ts';
import { corpusPath } from '../helpers/service.ts';

const MB = 1024 * 1024;
const budget = { totalBytes: 256 * MB, maxPixels: 60_000_000 };

test('a Flate stream inflating to 1 GB is over budget, found within a few seconds even on a busy machine', async () => {
  const bomb = flateBombPdf(1024 ** 3);
  const started = performance.now();
  const verdict = await checkStreamBudget(bomb, budget);
  assert.equal(verdict.ok, false);
  assert.ok(performance.now() - started < 3000);
});

test('a bomb wrapped twice in Flate ([/FlateDecode /FlateDecode]) is over budget too', async () => {
  const twice = zlib.deflateSync(deflatedZeros(512 * MB));
  const pdf = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', pdfStream('/Filter [/FlateDecode /FlateDecode]', twice)]);
  assert.ok(twice.length < MB);
  assert.equal((await checkStreamBudget(pdf, budget)).ok, false);
});

test('an image stream may inflate to its declared size; the same bytes without a size may not', async () => {
  assert.equal((await checkStreamBudget(flateImagePdf(4000, 4000), budget)).ok, true); // 48 MB of pixels
  const plain = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', pdfStream('/Filter /FlateDecode', deflatedZeros(48 * MB))]);
  assert.equal((await checkStreamBudget(plain, budget)).ok, false);
  assert.equal((await checkStreamBudget(flateImagePdf(4000, 4000), { ...budget, totalBytes: 16 * MB })).ok, false);
});

test('real invoices are within budget', async () => {
  for (const file of ['docs/factur-x-kit/PDF_DESIGN_DE_Kleinunternehmer.pdf', 'docs/e-invoice-eu/default-corrected-invoice.pdf']) {
    const verdict = await checkStreamBudget(fs.readFileSync(corpusPath(file)), budget);
    assert.ok(verdict.ok && verdict.inflatedBytes > 0, file);
  }
});

test('PNG and JPEG sizes are read from their headers, as the decoder reads them', async () => {
  for (const format of ['png', 'jpeg'] as const) {
    const image = await sharp({ create: { width: 321, height: 123, channels: 3, background: '#fff' } })[format]().toBuffer();
    assert.deepEqual(declaredImageSize(image), { width: 321, height: 123 });
  }
  assert.deepEqual(declaredImageSize(hugePng(50_000, 50_000)), { width: 50_000, height: 50_000 });
  assert.deepEqual(declaredImageSize(await hugeJpeg(65_535, 65_535)), { width: 65_535, height: 65_535 });
  assert.equal(declaredImageSize(Buffer.from('%PDF-1.7')), null);
});
