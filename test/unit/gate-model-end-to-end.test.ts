// The fitted validation model, end to end: generated invoices go through the real extractor (text
// layer, the same code as production) and every one the gate validates has its amounts and date right.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreDocument, type Prediction } from '../../src/evaluation/scoring.ts';
import { createExtractor } from '../../src/extraction/index.ts';
import { resultLine } from '../../src/cli/extract-command.ts';
import { generateDocument } from '../../tools/generate/document.ts';
import { expectedValues } from '../../tools/generate/truth.ts';

const SEED = 4343; // a test seed, neither a tune seed nor the held-out one
const LIMITS = { maxPages: 50, maxPixels: 60_000_000, timeoutMs: 60_000 };

test('generated text-layer invoices: the model decides, and what it validates is right', async () => {
  const extractor = createExtractor({ ocrWorkers: 1 });
  try {
    let validated = 0;
    for (let i = 0; i < 6; i++) {
      const doc = await generateDocument(SEED, i);
      const result = await extractor.extract(new Uint8Array(doc.pdf), LIMITS);
      assert.equal(result.source, 'pdf-text');
      assert.ok(result.gate, 'text readings carry the model verdict');
      assert.ok(result.gate.probability >= 0 && result.gate.probability <= 1);
      if (result.status !== 'validated') continue;
      validated++;
      assert.ok(result.gate.probability >= result.gate.threshold);
      const score = scoreDocument({ file: `g${i}`, kind: 'gen-pdf', primary: true, expected: expectedValues(doc.model) }, resultLine(`g${i}`, result) as Prediction);
      assert.ok(score.bookable, `invoice ${i} was validated with a wrong amount or date`);
    }
    assert.ok(validated > 0, 'some clean generated invoices validate');
  } finally {
    await extractor.close();
  }
});
