/** A run of text at a position on a page, in points (PDF) or pixels (OCR), origin top-left. */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  page: number;
  /** OCR confidence 0..1; absent for a PDF text layer. */
  conf?: number;
  /** OCR: ink of a digit's size just before this amount that no word read surely accounts for (ocr/unread-ink.ts). */
  unreadInkBefore?: boolean;
  /** OCR: an amount read up to its point, with ink after it that a second reading did not read as its cents (ocr/cut-cents.ts). */
  unreadCents?: boolean;
  /**
   * OCR: the line tesseract placed this word on, one id per line of one reading. Tesseract follows a
   * row's baseline, so its words share the id where a phone scan's perspective, or a tall word, lets
   * their heights drift apart (layout/lines.ts).
   */
  ocrLine?: string;
}
