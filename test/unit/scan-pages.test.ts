// Scanned PDF pages decoded without pdf.js (src/extraction/pdf/scan-pages.ts, scan-page-pixels.ts):
// which pages are taken, and that their grey pixels are what pdf.js's render gave, on invented files.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { test } from 'node:test';
import sharp from 'sharp';
import { openDocument } from '../../src/extraction/document.ts';
import { decodeGrey, type GreyImage } from '../../src/extraction/ocr/prepare-image.ts';
import { openPdf } from '../../src/extraction/pdf/pdf-document.ts';
import { clockwiseTurn } from '../../src/extraction/pdf/scan-page-pixels.ts';
import { shrinkableJpegs, shrinkScannedImages, shrunkJpeg } from '../../src/extraction/pdf/shrink-scans.ts';
import { shrunkScanFile } from '../../src/extraction/pdf/scan-file.ts';
import { findScannedPages, singleImageDrawn } from '../../src/extraction/pdf/scan-pages.ts';
import { buildPdf, pdfStream } from '../helpers/hostile-files.ts';

const WIDTH = 400;
const HEIGHT = 560;
const MAX_PIXELS = 100_000_000;
const LIMITS = { maxPages: 50, maxPixels: MAX_PIXELS, timeoutMs: 60_000 };

/** A noisy page with dark bars (text-like edges), as a JPEG. */
async function pageJpeg(channels: 1 | 3 = 3, width = WIDTH, height = HEIGHT): Promise<Buffer> {
  const bars = Buffer.from(`<svg width="${width}" height="${height}"><rect x="40" y="60" width="300" height="14" fill="#222"/><rect x="40" y="100" width="180" height="9" fill="#444"/><rect x="250" y="400" width="90" height="30" fill="#000"/></svg>`);
  const page = sharp({ create: { width, height, channels: 3, background: '#f4eee0', noise: { type: 'gaussian', mean: 230, sigma: 20 } } })
    .composite([{ input: bars }]);
  return (channels === 1 ? page.toColourspace('b-w') : page).jpeg({ quality: 90 }).toBuffer();
}

interface PageSpec {
  jpeg: Buffer;
  /** Resolution of the image on the page: 300 is one image pixel per canvas pixel, 200 enlarges 1.5 times. */
  dpi?: number;
  /** The JPEG's size, when it is not WIDTH x HEIGHT. */
  size?: [number, number];
  content?: (w: string, h: string) => string;
  page?: string;
  image?: string;
  grey?: boolean;
  /** White around the image, in points. */
  margin?: number;
  /** Put the page tree in a compressed object stream (found through a cross-reference stream). */
  objectStream?: boolean;
}

function onePagePdf({ jpeg, dpi = 200, size = [WIDTH, HEIGHT], content, page = '', image = '', grey = false, margin = 0, objectStream = false }: PageSpec): Buffer {
  const w = ((size[0] * 72) / dpi).toFixed(2);
  const h = ((size[1] * 72) / dpi).toFixed(2);
  const drawing = content?.(w, h) ?? `q ${w} 0 0 ${h} ${margin} ${margin} cm /Im0 Do Q`;
  const box = `[0 0 ${(Number(w) + 2 * margin).toFixed(2)} ${(Number(h) + 2 * margin).toFixed(2)}]`;
  const pageDict = `<< /Type /Page /Parent 2 0 R /MediaBox ${box}${page} /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>`;
  const imageStream = pdfStream(`/Type /XObject /Subtype /Image /Width ${size[0]} /Height ${size[1]} /ColorSpace /Device${grey ? 'Gray' : 'RGB'} /BitsPerComponent 8 /Filter /DCTDecode${image}`, jpeg);
  const contentStream = pdfStream('/Filter /FlateDecode', zlib.deflateSync(Buffer.from(drawing)));
  const tree = ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>', pageDict];
  return objectStream
    ? pdfWithObjectStream('<< /Type /Catalog /Pages 2 0 R >>', tree, [contentStream, imageStream])
    : buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', ...tree, contentStream, imageStream]);
}

/**
 * A PDF 1.5 file: the catalog is object 1, `packed` are objects 2, 3... inside an object stream, then
 * `plain` objects, the object stream and a cross-reference stream.
 */
function pdfWithObjectStream(catalog: string, packed: string[], plain: Buffer[]): Buffer {
  const firstPlain = 2 + packed.length;
  const objStmNumber = firstPlain + plain.length;
  const offsets = packed.map((_, i) => packed.slice(0, i).reduce((sum, body) => sum + body.length + 1, 0));
  const header = `${packed.map((_, i) => `${i + 2} ${offsets[i]}`).join(' ')}\n`;
  const objStm = pdfStream(`/Type /ObjStm /N ${packed.length} /First ${header.length} /Filter /FlateDecode`, zlib.deflateSync(Buffer.from(header + packed.join('\n'))));
  const chunks: Buffer[] = [Buffer.from('%PDF-1.5\n')];
  let length = chunks[0]!.length;
  const at = new Map<number, number>();
  const write = (num: number, body: Buffer) => {
    at.set(num, length);
    const chunk = Buffer.concat([Buffer.from(`${num} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(chunk);
    length += chunk.length;
  };
  write(1, Buffer.from(catalog));
  plain.forEach((body, i) => write(firstPlain + i, body));
  write(objStmNumber, objStm);
  // Cross-reference rows of 7 bytes: type (0 free, 1 at an offset, 2 in an object stream), then 4 and 2 bytes.
  const row = (type: number, a: number, b = 0) => Buffer.from([type, a >>> 24, (a >>> 16) & 255, (a >>> 8) & 255, a & 255, b >>> 8, b & 255]);
  const xrefAt = length;
  const rows = [row(0, 0, 0xffff), row(1, at.get(1)!), ...packed.map((_, i) => row(2, objStmNumber, i)),
    ...plain.map((_, i) => row(1, at.get(firstPlain + i)!)), row(1, at.get(objStmNumber)!), row(1, xrefAt)];
  write(objStmNumber + 1, pdfStream(`/Type /XRef /Size ${rows.length} /W [1 4 2] /Root 1 0 R`, Buffer.concat(rows)));
  chunks.push(Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`));
  return Buffer.concat(chunks);
}

/**
 * Page 1 as grey pixels: as the engine opens the file (the scan path when the document is a scan, the
 * file handed over as the sandbox does), and as it did before, through pdf.js's canvas from the whole
 * file, its big JPEGs shrunk (shrink-scans.ts).
 */
async function bothRenders(pdf: Buffer): Promise<{ found: boolean; scan: GreyImage; canvas: GreyImage }> {
  const found = (await findScannedPages(pdf, MAX_PIXELS))?.pages.has(1) ?? false;
  const doc = await openDocument(Buffer.from(pdf), 'application/pdf', LIMITS, true);
  const plain = await openPdf(await shrinkScannedImages(pdf), { maxImagePixels: MAX_PIXELS });
  try {
    let channels = 0;
    const scan = await doc.pdf!.renderPage(1, 300, (pixels) => { channels = pixels.channels; return decodeGrey(pixels); });
    const canvas = await plain.renderPage(1, 300, (pixels) => decodeGrey(pixels));
    return { found: found && channels === 1, scan, canvas };
  } finally {
    await doc.close();
    await plain.close();
  }
}

/** The scan path must give the very bytes pdf.js's canvas gave: one grey level off changed fields (docs/benchmarks.md). */
function assertIdentical(a: GreyImage, b: GreyImage, what = '') {
  assert.deepEqual([a.width, a.height], [b.width, b.height], what);
  assert.ok(a.data.equals(b.data), what);
}

test('a page that is one JPEG is decoded without pdf.js, to the very grey pixels pdf.js rendered (enlarged 1.5 times, nearest pixel)', async () => {
  const { found, scan, canvas } = await bothRenders(onePagePdf({ jpeg: await pageJpeg() }));
  assert.ok(found);
  assertIdentical(scan, canvas);
});

test('grey JPEGs, pages at one image pixel per canvas pixel, and pages in an object stream are taken too', async () => {
  for (const spec of [{ jpeg: await pageJpeg(1), grey: true }, { jpeg: await pageJpeg(), dpi: 300 }, { jpeg: await pageJpeg(), objectStream: true }]) {
    const { found, scan, canvas } = await bothRenders(onePagePdf(spec));
    assert.ok(found);
    assertIdentical(scan, canvas, JSON.stringify({ ...spec, jpeg: undefined }));
  }
});

test('a page turned by /Rotate, a flipped page space (pdfkit) and an image with white margins come out as pdf.js draws them', async () => {
  const jpeg = await pageJpeg();
  const specs: PageSpec[] = [
    ...[90, 180, 270].map((turn) => ({ jpeg, page: ` /Rotate ${turn}` })),
    { jpeg, content: (w, h) => `1 0 0 -1 0 ${h} cm q ${w} 0 0 -${h} 0 ${h} cm /Im0 Do Q` },
    { jpeg, margin: 10 },
  ];
  for (const spec of specs) {
    const { found, scan, canvas } = await bothRenders(onePagePdf(spec));
    assert.ok(found);
    assertIdentical(scan, canvas, spec.page ?? spec.content?.('w', 'h'));
  }
});

test('a JPEG over 12 million pixels, shrunk when its page is decoded, is drawn as pdf.js drew it shrunk in the file, upright or turned', async () => {
  const size: [number, number] = [4000, 3100];
  const jpeg = await pageJpeg(3, ...size);
  for (const page of ['', ' /Rotate 90']) {
    const { found, scan, canvas } = await bothRenders(onePagePdf({ jpeg, size, dpi: 600, page }));
    assert.ok(found);
    assertIdentical(scan, canvas, page);
  }
});

/** Page 1's grey pixels through the scan path, the file handed over as the sandbox does. */
async function scanRender(pdf: Uint8Array): Promise<GreyImage> {
  const doc = await openDocument(Buffer.from(pdf), 'application/pdf', LIMITS, true);
  try {
    return await doc.pdf!.renderPage(1, 300, (pixels) => { assert.equal(pixels.channels, 1, 'drawn by the scan path'); return decodeGrey(pixels); });
  } finally {
    await doc.close();
  }
}

test('a JPEG over 12 million pixels shrunk into a file of its own gives the very pixels it gave shrunk in the whole file; that file is the shrunk file, written only where it differs from zeros', async () => {
  const size: [number, number] = [4000, 3100];
  for (const spec of [{ jpeg: await pageJpeg(3, ...size) }, { jpeg: await pageJpeg(1, ...size), grey: true }, { jpeg: await pageJpeg(3, ...size), page: ' /Rotate 90' }]) {
    const pdf = onePagePdf({ ...spec, size, dpi: 600 });
    const found = await findScannedPages(pdf, MAX_PIXELS);
    assert.ok(found?.pages.get(1)?.shrink, 'shrunk later, not when found');
    // Shrunk in the file first, as openDocument did: the scan path then reads the 2000 x 1550 JPEG as it is.
    const shrunkFirst = await shrinkScannedImages(pdf);
    assert.equal((await findScannedPages(shrunkFirst, MAX_PIXELS))?.pages.get(1)?.width, 2000);
    assertIdentical(await scanRender(pdf), await scanRender(shrunkFirst));
    // What pdf.js renders from when a page falls back to it: the file shrinkScannedImages gave before.
    const file = await shrunkScanFile(pdf, found!.pages, MAX_PIXELS);
    assert.ok(file?.equals(shrunkFirst), 'the same bytes as the whole file shrunk');
    assert.equal(found!.pages.get(1)!.jpeg.buffer, file!.buffer, 'the page reads its JPEG from that file');
  }
});

test("a shrunk JPEG packed without optimised Huffman tables decodes to the very pixels of the optimised packing", async () => {
  const size: [number, number] = [4000, 3100];
  for (const grey of [false, true]) {
    const pdf = onePagePdf({ jpeg: await pageJpeg(grey ? 1 : 3, ...size), size, dpi: 600, grey });
    const [original] = [...shrinkableJpegs(pdf, MAX_PIXELS / 16).values()];
    const shrunk = await shrunkJpeg(original!, MAX_PIXELS / 16);
    assert.ok(shrunk, 'shrunk');
    let optimised = sharp(original!.stream.data).resize({ width: shrunk.width, height: shrunk.height, fit: 'fill' });
    optimised = grey ? optimised.toColourspace('b-w') : optimised.toColourspace('srgb');
    const packed = await optimised.jpeg({ quality: 92, optimiseCoding: true }).toBuffer();
    assert.notDeepEqual(shrunk.jpeg, packed, 'packed otherwise');
    const pixels = async (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();
    assert.ok((await pixels(shrunk.jpeg)).equals(await pixels(packed)), `the same ${grey ? 'grey' : 'colour'} pixels`);
  }
});

test('pages with anything besides one plain JPEG are left to pdf.js', async () => {
  const jpeg = await pageJpeg();
  const notScans: PageSpec[] = [
    { jpeg, content: (w, h) => `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q BT /F1 12 Tf (Total) Tj ET` },
    { jpeg, content: (w, h) => `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q q 1 0 0 1 5 5 cm /Im0 Do Q` },
    { jpeg, image: ' /SMask 4 0 R' },
    { jpeg, image: ' /Decode [1 0 1 0 1 0]' },
    { jpeg, page: ' /Annots [<< /Type /Annot /Subtype /Square /Rect [0 0 10 10] >>]' },
  ];
  for (const spec of notScans) {
    const pdf = onePagePdf(spec);
    assert.equal(await findScannedPages(pdf, MAX_PIXELS), null, spec.content?.('w', 'h') ?? spec.image ?? spec.page);
  }
  // Too large for pdf.js's image limit: pdf.js leaves it out, so the page is its to render.
  assert.equal(await findScannedPages(onePagePdf({ jpeg }), WIDTH * HEIGHT - 1), null);
});

test('a document with a page that is not a scan is left to pdf.js whole; a scanned one reaches pdf.js without its JPEGs', async () => {
  const jpeg = await pageJpeg();
  const image = pdfStream(`/Type /XObject /Subtype /Image /Width ${WIDTH} /Height ${HEIGHT} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`, jpeg);
  const twoPages = (second: string) => buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /Resources << /XObject << /Im0 6 0 R /Im1 7 0 R >> >> /MediaBox [0 0 144 201.6] >>',
    '<< /Type /Page /Parent 2 0 R /Contents 5 0 R >>',
    `<< /Type /Page /Parent 2 0 R /Contents 8 0 R >>`,
    pdfStream('', Buffer.from('q 144 0 0 201.6 0 0 cm /Im0 Do Q')),
    image,
    image,
    pdfStream('', Buffer.from(second)),
  ]);
  assert.equal(await findScannedPages(twoPages('BT /F1 12 Tf 10 10 Td (Total) Tj ET'), MAX_PIXELS), null);
  const scanned = await findScannedPages(twoPages('q 144 0 0 201.6 0 0 cm /Im1 Do Q'), MAX_PIXELS);
  assert.deepEqual([...scanned!.pages.keys()], [1, 2]);
  assert.equal(scanned!.withoutImages.indexOf(jpeg.subarray(0, 64)), -1);
  assert.equal(scanned!.withoutImages.length, twoPages('q 144 0 0 201.6 0 0 cm /Im1 Do Q').length);
});

test('an image pdf.js would smooth (enlarged 1.2 times, or reduced) or one slanted is rendered by pdf.js from the whole file, unchanged', async () => {
  const jpeg = await pageJpeg();
  for (const spec of [{ jpeg, dpi: 250 }, { jpeg, dpi: 400 }, { jpeg, content: (w: string, h: string) => `q ${w} 0 10 ${h} 0 0 cm /Im0 Do Q` }]) {
    const { found, scan, canvas } = await bothRenders(onePagePdf(spec));
    assert.equal(found, false);
    assertIdentical(scan, canvas);
  }
});

test('the content may only save, restore, set the matrix and draw one XObject', () => {
  assert.deepEqual(singleImageDrawn('q 595 0 0 842 0 0 cm /Im0 Do Q'), { name: 'Im0', matrix: [595, 0, 0, 842, 0, 0] });
  assert.deepEqual(singleImageDrawn('1 0 0 -1 0 842 cm\nq\n595 0 0 -842 0 842 cm\n/I1 Do\nQ')?.matrix, [595, 0, 0, 842, 0, 0]);
  assert.equal(singleImageDrawn('q 595 0 0 842 0 0 cm /Im0 Do Q /Im0 Do'), null);
  assert.equal(singleImageDrawn('/GS0 gs q 595 0 0 842 0 0 cm /Im0 Do Q'), null);
  assert.equal(singleImageDrawn('Q /Im0 Do'), null);
  assert.equal(singleImageDrawn(''), null);
});

test('the turn from the image to the canvas: quarter turns only, no mirror or slant', () => {
  assert.equal(clockwiseTurn([2, 0, 0, -2, 0, 10]), 0);
  assert.equal(clockwiseTurn([-2, 0, 0, 2, 0, 0]), 180);
  assert.equal(clockwiseTurn([0, 2, 2, 0, 0, 0]), 90);
  assert.equal(clockwiseTurn([0, -2, -2, 0, 0, 0]), 270);
  assert.equal(clockwiseTurn([2, 0, 0, 2, 0, 0]), null);
  assert.equal(clockwiseTurn([2, 0.5, 0, -2, 0, 0]), null);
});
