// Extracts one document the project's generator makes, with a real OCR worker, in a scratch folder
// that is removed afterwards: the end-to-end check of an OCR mechanism on a page it was made for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resultLine } from '../../src/cli/extract-command.ts';
import { scoreDocument, type Prediction } from '../../src/evaluation/scoring.ts';
import { createExtractor } from '../../src/extraction/index.ts';
import type { ExtractionResult } from '../../src/extraction/index.ts';
import type { TruthEntry } from '../../tools/generate/truth.ts';

export interface GeneratedExtraction {
  entry: TruthEntry;
  result: ExtractionResult;
  /** Validated with every amount and the date right, or not validated at all. */
  validatedRight: boolean;
}

/** `make` writes the document into the folder it is given and returns its truth. */
export async function extractGenerated(make: (dir: string) => Promise<TruthEntry>): Promise<GeneratedExtraction> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'generated-'));
  const extractor = createExtractor({ ocrWorkers: 1 });
  try {
    const entry = await make(dir);
    const result = await extractor.extract(new Uint8Array(fs.readFileSync(path.join(dir, entry.file))), { maxPages: 5, maxPixels: 60_000_000, timeoutMs: 120_000 });
    const validatedRight = result.status !== 'validated' || scoreDocument(entry, resultLine(entry.file, result) as Prediction).bookable;
    return { entry, result, validatedRight };
  } finally {
    await extractor.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A decimal string of the truth, in cents. */
export const cents = (amount: string | null | undefined) => (amount === null || amount === undefined ? null : Math.round(Number(amount) * 100));
