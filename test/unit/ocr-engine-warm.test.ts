// A sandbox whose OCR worker was ended after a second without work starts it again for the next
// scan: the OCR step asks for it before it prepares the pages, so the models load meanwhile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import fs from 'node:fs';
import { createOcrEngine, type OcrEngine } from '../../src/extraction/ocr/ocr-engine.ts';
import { prepareImage, toPgm, type GreyImage } from '../../src/extraction/ocr/prepare-image.ts';
import { readByOcr } from '../../src/extraction/steps/ocr-step.ts';
import { corpusPath } from '../helpers/service.ts';

test('the OCR step starts loading the models before it prepares the page, and reads it afterwards', async () => {
  const calls: string[] = [];
  const engine: OcrEngine = {
    warm: () => { calls.push('warm'); },
    recognise: async () => { calls.push('recognise'); return []; },
    close: async () => {},
  };
  const blank: GreyImage = { data: Buffer.alloc(400 * 300, 255), width: 400, height: 300 };
  const prepare = async () => { calls.push('prepare'); return blank; };
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const doc = { fileType: 'image/png' as const, bytes: png, pageCount: 1, pdf: null, close: async () => {} };
  await readByOcr(doc, engine, undefined, prepare);
  assert.deepEqual(calls.slice(0, 3), ['warm', 'prepare', 'recognise']);
});

test('a warmed engine reads a page, and one warmed but never used closes without hanging', async () => {
  const used = createOcrEngine(1);
  used.warm();
  used.warm(); // a second call starts nothing more
  const page = toPgm(await prepareImage(fs.readFileSync(corpusPath('docs/synthetic-fr/syn-003_p1.png'))));
  try {
    const words = await used.recognise(page, 1);
    assert.ok(words.some((w) => /^factur/i.test(w.text)), `read: ${words.map((w) => w.text).join(' ')}`);
  } finally {
    await used.close();
  }
  const unused = createOcrEngine(1);
  unused.warm();
  await unused.close();
});
