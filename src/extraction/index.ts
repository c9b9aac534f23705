// The extraction engine's public face: createExtractor() -> extract(bytes, limits).
import { createOcrEngine } from './ocr/ocr-engine.ts';
import { runPipeline } from './pipeline.ts';
import { ExtractionError, type Extractor } from './types.ts';

export * from './types.ts';

export interface ExtractorHandle { extract: Extractor; close(): Promise<void> }

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
