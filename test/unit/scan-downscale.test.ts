// A big scan is scaled down to what OCR needs as it is decoded; images up to 12 Mpx (all the corpus's)
// are read at their own size, as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { OCR_MAX_PIXELS, OCR_TARGET_PIXELS, prepareImage } from '../../src/extraction/ocr/prepare-image.ts';

const blank = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();

test('a 600-dpi A4 scan (35 Mpx) is read at about 300 dpi', async () => {
  const grey = await prepareImage(await blank(4961, 7016));
  assert.ok(Math.abs(grey.width * grey.height - OCR_TARGET_PIXELS) / OCR_TARGET_PIXELS < 0.01, `${grey.width}x${grey.height}`);
  assert.ok(Math.abs(grey.width / grey.height - 4961 / 7016) < 0.01);
});

test('an image up to 12 Mpx keeps its size', async () => {
  const grey = await prepareImage(await blank(2975, 3850)); // 11.5 Mpx, the corpus's largest
  assert.ok(2975 * 3850 < OCR_MAX_PIXELS);
  assert.deepEqual([grey.width, grey.height], [2975, 3850]);
});
