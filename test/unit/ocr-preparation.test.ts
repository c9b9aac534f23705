// The OCR preprocessing on a real page: a straight render of a corpus invoice, turned by a known
// angle here, must come back with that angle measured and undone.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import { estimateSkew } from '../../src/extraction/ocr/deskew.ts';
import { prepareImage } from '../../src/extraction/ocr/prepare-image.ts';
import { CORPUS } from '../helpers/service.ts';

const PAGE = path.join(CORPUS, 'docs/synthetic-fr/syn-003_p1.png');

async function grey(bytes: Buffer) {
  const { data, info } = await sharp(bytes).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function pgmSize(pgm: Buffer): { width: number; height: number } {
  const [magic, width, height] = pgm.subarray(0, 32).toString('latin1').split(/\s+/);
  assert.equal(magic, 'P5');
  return { width: Number(width), height: Number(height) };
}

test('skew is measured to within 0.15° either way, and a straight page measures straight', async () => {
  const straight = fs.readFileSync(PAGE);
  assert.ok(Math.abs(await estimateSkew(await grey(straight))) < 0.15);
  for (const degrees of [1.8, -2.3]) {
    // sharp turns clockwise for positive angles: rows then descend to the right.
    const turned = await sharp(straight).rotate(degrees, { background: '#ffffff' }).png().toBuffer();
    const measured = await estimateSkew(await grey(turned));
    assert.ok(Math.abs(measured - degrees) < 0.15, `turned ${degrees}°, measured ${measured}°`);
  }
});

test('a small skewed scan is upscaled at most to an A4 width at 300 dpi, then straightened', async () => {
  const scan = await sharp(fs.readFileSync(PAGE)).resize({ width: 1200 }).rotate(2, { background: '#ffffff' }).jpeg({ quality: 70 }).toBuffer();
  const prepared = await prepareImage(scan);
  const { width, height } = pgmSize(prepared);
  // 2x the (rotated) width, capped at 2480, and wider again by the straightening's own rotation.
  assert.ok(width > 2400 && width < 2700, `width ${width}`);
  const body = prepared.subarray(prepared.length - width * height);
  assert.ok(Math.abs(await estimateSkew({ data: Buffer.from(body), width, height })) < 0.15, 'the prepared page is straight');
});
