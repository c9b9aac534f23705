// What the OCR step and its second looks pass between them: the pages' images, a reading of them,
// and the stages a benchmark may time.
import type { TextRun } from '../layout/text-run.ts';
import type { ExtractedInvoice } from '../types.ts';
import type { GreyImage } from './prepare-image.ts';

export type PageImage = { page: number; grey: GreyImage };

/**
 * The stages bench/ocr-time.ts times; tesseract's passes it times through the engine it passes in.
 * A PDF page is prepared while its rendered pixels exist, so its `render` includes its `prepare`.
 */
export type OcrStage = 'render' | 'prepare' | 'dark-panels' | 'dot-leaders' | 'ruling-lines' | 'even-lighting' | 'faint-print' | 'dark-borders' | 'unread-rows' | 'amount-rows' | 'date-row' | 'fields';
export type TimeStage = <T>(stage: OcrStage, work: () => T | Promise<T>) => Promise<T>;

export interface PagesRead {
  invoice: ExtractedInvoice | null;
  /** The words form one narrow column, a till receipt's (automatic segmentation only). */
  narrow: boolean;
  /** The pages as read: their surround cleared when segmentation first found next to nothing. */
  images: PageImage[];
  /** The words the invoice was read from. */
  runs: TextRun[];
}
