// Sizes checked on what a file declares, before any decoder runs: a PDF's compressed streams, and the
// pixel size in a PNG or JPEG header.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { test } from 'node:test';
import sharp from 'sharp';
import { declaredImageSize } from '../../src/extraction/image-header.ts';
import { loadConfig } from '../../src/config/config.ts';
import { openDocument } from '../../src/extraction/document.ts';
import { openPdf, type PdfDocument } from '../../src/extraction/pdf/pdf-document.ts';
import { shrinkScannedImages } from '../../src/extraction/pdf/shrink-scans.ts';
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

/** A one-page scan whose JPEG is 5000 x 3000: red left half, blue right half. */
async function twoColourScanPdf(): Promise<Buffer> {
  const half = { width: 2500, height: 3000, channels: 3 as const };
  const jpeg = await sharp({ create: { width: 5000, height: 3000, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { ...half, background: '#0000ff' } }, left: 2500, top: 0 }]).jpeg({ quality: 95 }).toBuffer();
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 500 300] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>',
    pdfStream('', Buffer.from('q 500 0 0 300 0 0 cm /Im0 Do Q')),
    pdfStream('/Type /XObject /Subtype /Image /Width 5000 /Height 3000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode', jpeg),
  ]);
}

/** Page 1 at 72 dpi is 500 x 300: red on the left, blue on the right. */
async function assertRendersRedBlue(doc: PdfDocument) {
  const page = await doc.renderPage(1, 72, async (pixels) => ({ data: Buffer.from(pixels.data), width: pixels.width, height: pixels.height, channels: pixels.channels }));
  const at = (x: number, y: number) => [...page.data.subarray((y * page.width + x) * page.channels, (y * page.width + x) * page.channels + 3)];
  assert.deepEqual([page.width, page.height, page.channels], [500, 300, 4]);
  assert.ok(at(100, 150)[0]! > 200 && at(100, 150)[2]! < 50, `left is red: ${at(100, 150)}`);
  assert.ok(at(400, 150)[2]! > 200 && at(400, 150)[0]! < 50, `right is blue: ${at(400, 150)}`);
}

test('a scanned page over 12 Mpx is shrunk before pdf.js decodes it, in place: same length, and it renders the same', async () => {
  const pdf = await twoColourScanPdf();
  const shrunk = Buffer.from(await shrinkScannedImages(pdf));
  assert.equal(shrunk.length, pdf.length);
  assert.match(shrunk.toString('latin1'), /\/Width 2500 \/Height 1500 /);
  const doc = await openPdf(shrunk, { maxImagePixels: 60_000_000 });
  await assertRendersRedBlue(doc);
  await doc.close();
});

test("a caller's PDF is left as it is; the sandbox's own copy of a scan is let go as soon as its JPEG is shrunk and copied out, so the file is held once", async () => {
  const pdf = await twoColourScanPdf();
  const limits = loadConfig({}).extraction;
  const callers = Buffer.from(pdf);
  const doc = await openDocument(callers, 'application/pdf', limits);
  assert.ok(callers.equals(pdf), 'the stored original is untouched');
  await doc.close();
  assert.ok(callers.equals(pdf), 'and still there');

  // A scanned PDF: pdf.js gets the file without its JPEG (scan-pages.ts); the page's JPEG, shrunk, is decoded from a file of its own (scan-file.ts).
  const own = Buffer.from(pdf);
  const handedOver = await openDocument(own, 'application/pdf', limits, true);
  assert.equal(own.byteLength, 0, 'the memory block is let go (detached) when the document opens, as pdf.js would have taken it');
  await assertRendersRedBlue(handedOver.pdf!);
  await handedOver.close();
});
