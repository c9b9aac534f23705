// A receipt photographed on a dark table, its print faint: tesseract's first reading returned 353
// "words" of specks and strokes, 6 of them legible. Counted as words, that passed for a reading;
// counted as legible words, it is one that found next to nothing, and the page is read again with
// the surround cleared (ocr/dark-borders.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { createExtractor } from '../../src/extraction/index.ts';
import { phoneScan, pickScanParameters, RENDER_DPI } from '../../tools/generate/degrade.ts';
import { createRng } from '../../tools/generate/random.ts';
import { corpusPath } from '../helpers/service.ts';

test('a receipt whose first reading is specks and strokes is read again without its dark surround', async () => {
  // The corpus's receipt photographed again as tools/generate/corpus-scans.ts does with seed 77.
  const file = 'docs/sroie/sroie_416.jpg';
  const rng = createRng(`77:${file}`);
  const parameters = { ...pickScanParameters(rng), dpi: rng.int(170, RENDER_DPI) };
  const photo = await phoneScan(fs.readFileSync(corpusPath(file)), RENDER_DPI, parameters, rng);
  const extractor = createExtractor({ ocrWorkers: 1 });
  try {
    const result = await extractor.extract(new Uint8Array(photo), { maxPages: 1, maxPixels: 60_000_000, timeoutMs: 120_000 });
    // Printed under the receipt's footer; nothing was read before (no date, no total).
    const truth = JSON.parse(fs.readFileSync(corpusPath('truth.json'), 'utf8')) as Array<{ file: string; expected: { date_facture: string | null } }>;
    assert.equal(result.fields.date_facture, truth.find((e) => e.file === file)!.expected.date_facture);
    assert.notEqual(result.fields.montant_ttc, null);
  } finally {
    await extractor.close();
  }
});
