// What the heights of a page's OCR words say, for the passes that second-guess tesseract's
// segmentation (unread-rows.ts, ghost-words.ts).

/** A word this many times taller than the page's words is two rows of print read as one. */
export const MERGED_ROWS = 1.6;

/** The middle value (the upper one of an even count); the values are not reordered. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
