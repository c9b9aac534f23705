// A JPEG's grey pixels laid out band by band (src/extraction/pdf/jpeg-grey.ts) must be the very bytes
// of pdf.js's whole RGB image (JpegImage.getData) turned grey by libvips in one go, as the scan path
// first did and as pdf.js's canvas renders them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { JpegImage } from 'pdfjs-dist/legacy/image_decoders/pdf.image_decoders.mjs';
import { jpegGrey } from '../../src/extraction/pdf/jpeg-grey.ts';

/** Noise with dark bars, in the size given, so that every row of blocks and every chroma sample counts. */
async function noisyJpeg(width: number, height: number, options: { grey?: boolean; chromaSubsampling?: string }): Promise<Buffer> {
  const bars = Buffer.from(`<svg width="${width}" height="${height}"><rect x="30" y="40" width="${width - 60}" height="13" fill="#203050"/><rect x="10" y="${height - 90}" width="70" height="60" fill="#a01010"/></svg>`);
  const page = sharp({ create: { width, height, channels: 3, background: '#f0e8d0', noise: { type: 'gaussian', mean: 200, sigma: 40 } } }).composite([{ input: bars }]);
  return (options.grey ? page.toColourspace('b-w') : page).jpeg({ quality: 92, chromaSubsampling: options.chromaSubsampling ?? '4:2:0' }).toBuffer();
}

async function wholeImageGrey(jpeg: Buffer, width: number, height: number): Promise<Buffer> {
  const decoder = new JpegImage();
  decoder.parse(jpeg);
  const rgb = decoder.getData({ width, height, forceRGB: true, isSourcePDF: true });
  return sharp(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), { raw: { width, height, channels: 3 } }).toColourspace('b-w').raw().toBuffer();
}

test('band by band, the grey pixels are those of the whole decoded image: colour 4:2:0 and 4:4:4, grey, sizes not a multiple of a block or a band', async () => {
  const cases = [
    { width: 1001, height: 733 },
    { width: 640, height: 600, chromaSubsampling: '4:4:4' },
    { width: 777, height: 513, grey: true },
    { width: 300, height: 256 },
  ];
  for (const { width, height, ...options } of cases) {
    const jpeg = await noisyJpeg(width, height, options);
    const bands = await jpegGrey(jpeg, width, height);
    assert.equal(bands.length, width * height);
    assert.ok(bands.equals(await wholeImageGrey(jpeg, width, height)), JSON.stringify({ width, height, ...options }));
  }
});
