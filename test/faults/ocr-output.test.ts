// tesseract's own diagnostics ("Detected 8 diacritics") must not reach stdout or stderr, where they
// would sit raw among the JSON log lines. Three receipts of the corpus; one of them makes tesseract
// speak.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { it } from 'node:test';
import { corpusPath } from '../helpers/service.ts';

it('OCR writes nothing to stdout or stderr', { timeout: 600_000 }, () => {
  const images = ['sroie_032.jpg', 'sroie_050.jpg', 'sroie_064.jpg'].map((f) => corpusPath(`docs/sroie/${f}`));
  const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'fixtures/ocr-images.ts'), ...images], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout + run.stderr, '');
});
