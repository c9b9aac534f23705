// The extraction engine's public face: createExtractor() -> extract(bytes, limits).
import sharp from 'sharp';
import { createOcrEngine } from './ocr/ocr-engine.ts';
import { runPipeline } from './pipeline.ts';
import { ExtractionError, type Extractor } from './types.ts';

export * from './types.ts';

export interface ExtractorHandle { extract: Extractor; close(): Promise<void> }

/**
 * Every image is decoded once, so libvips' operation cache only holds memory. Off, the command line's
 * peak fell from 594 to 550 MB on 15 scans, at the same speed; on 40 scans the OCR workers' heaps
 * dominate (620 to 617 MB, docs/benchmarks.md).
 */
sharp.cache(false);

export function createExtractor(options: { ocrWorkers: number }): ExtractorHandle {
  const ocr = createOcrEngine(options.ocrWorkers);
  const extract: Extractor = async (bytes, limits) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ExtractionError('timeout', `Extraction took longer than ${limits.timeoutMs} ms`)), limits.timeoutMs);
    });
    try {
      return await Promise.race([runPipeline(bytes, limits, ocr), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  return { extract, close: () => ocr.close() };
}
