// The extraction pipeline as data: an ordered list of steps, each with an explicit result.
// The first step that finds an invoice wins; checks then decide validated or pending.
import { sniffFileType } from '../domain/invoice.ts';
import { decide } from './checks/decision.ts';
import { openDocument, type LoadedDocument } from './document.ts';
import { facturxStep } from './steps/facturx-step.ts';
import { ocrStep } from './steps/ocr-step.ts';
import { pdfTextStep } from './steps/pdf-text-step.ts';
import { xmlStep } from './steps/xml-step.ts';
import { ExtractionError, type ExtractedInvoice, type ExtractionLimits, type ExtractionResult, type ExtractionSource } from './types.ts';
import type { OcrEngine } from './ocr/ocr-engine.ts';

export type StepResult =
  | { kind: 'found'; invoice: ExtractedInvoice }
  | { kind: 'skipped'; reason: string };

export interface StepContext {
  doc: LoadedDocument;
  limits: ExtractionLimits;
  ocr: OcrEngine;
}

export interface Step {
  source: ExtractionSource;
  /** Whether the step applies to this document at all (e.g. XML only inside PDFs). */
  applies(ctx: StepContext): boolean;
  run(ctx: StepContext): Promise<StepResult>;
}

export const STEPS: readonly Step[] = [xmlStep, facturxStep, pdfTextStep, ocrStep];

export interface PipelineOptions {
  /** The bytes are the caller's to give away (the sandbox's copy): a PDF's are changed in place and taken over by pdf.js. */
  handOver?: boolean;
}

export async function runPipeline(bytes: Uint8Array, limits: ExtractionLimits, ocr: OcrEngine, options: PipelineOptions = {}): Promise<ExtractionResult> {
  const started = performance.now();
  const fileType = sniffFileType(bytes);
  if (!fileType) throw new ExtractionError('unsupported_type', 'Not a PDF, JPEG or PNG file, nor a UBL or CII e-invoice');
  const doc = await openDocument(bytes, fileType, limits, options.handOver);
  try {
    const skipped: string[] = [];
    for (const step of STEPS) {
      const ctx: StepContext = { doc, limits, ocr };
      if (!step.applies(ctx)) continue;
      const result = await step.run(ctx);
      if (result.kind === 'skipped') {
        skipped.push(`${step.source}: ${result.reason}`);
        continue;
      }
      const decision = decide(result.invoice, step.source);
      return {
        ...result.invoice, ...decision, source: step.source, fileType, pages: doc.pageCount,
        durationMs: Math.round(performance.now() - started),
      };
    }
    throw new ExtractionError('unreadable_document', `No step could read the document (${skipped.join('; ')})`);
  } finally {
    await doc.close();
  }
}
