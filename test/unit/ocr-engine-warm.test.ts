// A sandbox whose OCR worker was ended after a second without work starts it again for the next
// scan: the OCR step asks for it before it prepares the pages, so the models load meanwhile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

test('an OCR engine whose start failed starts again for the next page, instead of failing every page after', async () => {
  // The models' folder cannot be made (a file stands where it goes): the first page fails.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-start-'));
  const folder = path.join(tmp, `invoices-tessdata-${process.getuid?.() ?? 'user'}`);
  fs.writeFileSync(folder, 'not a folder');
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  const engine = createOcrEngine(1);
  try {
    const page = toPgm(await prepareImage(fs.readFileSync(corpusPath('docs/synthetic-fr/syn-003_p1.png'))));
    await assert.rejects(engine.recognise(page, 1));
    fs.rmSync(folder);
    const words = await engine.recognise(page, 1);
    assert.ok(words.some((w) => /^factur/i.test(w.text)));
  } finally {
    await engine.close();
    if (previous === undefined) delete process.env.TMPDIR; else process.env.TMPDIR = previous;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('the models\' folder: a link left by another install is replaced, by processes starting together', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessdata-links-'));
  const elsewhere = path.join(dir, 'elsewhere.gz');
  fs.writeFileSync(elsewhere, 'another install');
  for (const code of ['fra', 'eng']) fs.symlinkSync(elsewhere, path.join(dir, `${code}.traineddata.gz`));
  // Eight processes at once, as sandboxes that start together after an upgrade.
  const script = `import { languageDir } from ${JSON.stringify(new URL('../../src/extraction/ocr/ocr-engine.ts', import.meta.url).href)}; languageDir(${JSON.stringify(dir)});`;
  const runs = await Promise.all(Array.from({ length: 8 }, () => new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', resolve);
  })));
  try {
    assert.deepEqual(runs, Array(8).fill(0));
    for (const code of ['fra', 'eng']) assert.match(fs.realpathSync(path.join(dir, `${code}.traineddata.gz`)), new RegExp(`@tesseract\\.js-data/${code}/`));
    assert.deepEqual(fs.readdirSync(dir).sort(), ['elsewhere.gz', 'eng.traineddata.gz', 'fra.traineddata.gz'], 'no temporary link left behind');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
