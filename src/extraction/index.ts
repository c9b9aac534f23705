// The extraction engine's public face: createExtractor() -> extract(bytes, limits).
//
// Each extraction runs in a sandbox process (sandbox/), never in this one: a timeout or a memory
// budget overrun kills that process, which stops the work for real (OCR included) and gives all of
// its memory back. This process loads none of pdf.js, libvips or tesseract.
import type { LibraryLineHandler } from './sandbox/library-output.ts';
import { createSandboxPool } from './sandbox/pool.ts';
import type { Extractor } from './types.ts';

export * from './types.ts';

export interface ExtractorHandle {
  extract: Extractor;
  close(): Promise<void>;
  /** The sandbox processes alive now (tests and benchmarks watch them). */
  processIds(): number[];
}

export interface ExtractorOptions {
  /** Extractions that run at once, each in its own process with one OCR worker. */
  ocrWorkers: number;
  /** How long an unused sandbox process stays up. */
  idleMs?: number;
  /** How long an unused sandbox keeps its OCR worker (models and heap) after an extraction (child.ts). */
  ocrIdleMs?: number;
  /**
   * Where the lines that pdf.js, libvips or tesseract print go: the service logs them; without it
   * (the command line) they go to stderr as they are.
   */
  onLibraryLine?: LibraryLineHandler;
}

export function createExtractor(options: ExtractorOptions): ExtractorHandle {
  const pool = createSandboxPool({ size: Math.max(1, options.ocrWorkers), idleMs: options.idleMs, ocrIdleMs: options.ocrIdleMs, onLibraryLine: options.onLibraryLine });
  return { extract: (bytes, limits) => pool.run(bytes, limits), close: () => pool.close(), processIds: () => pool.pids() };
}
