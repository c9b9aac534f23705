// The service hands the extraction's library messages to its logger rather than letting them reach
// its stderr raw: leptonica prints two "Error in …" lines while tesseract reads this corpus receipt.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { createExtractor } from '../../src/extraction/index.ts';
import { corpusPath } from '../helpers/service.ts';

test('a sandbox\'s library messages reach the handler line by line, and the extraction is unchanged', async () => {
  const lines: string[] = [];
  const extractor = createExtractor({ ocrWorkers: 1, onLibraryLine: (line) => lines.push(line) });
  try {
    const result = await extractor.extract(fs.readFileSync(corpusPath('docs/sroie/sroie_592.jpg')), loadConfig({}).extraction);
    assert.equal(result.source, 'ocr');
    assert.ok(result.fields.montant_ttc !== null);
    assert.ok(lines.some((l) => /^Error in \w+: /.test(l)), `lines: ${JSON.stringify(lines)}`);
  } finally {
    await extractor.close();
  }
});
