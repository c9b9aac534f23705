// A date found with no label may stand beside a label that OCR misread: "pat are 24/08/2026" for
// "Date 24/08/2026" on a render whose header row tesseract read as part of a block of noise. Read
// again alone, as one line of text in a strip of its own, the row usually reads its label. Only a
// page whose chosen date has no label pays for this, one strip (second-looks.ts, row-again.ts).
import type { Line } from '../layout/lines.ts';
import type { TextRun } from '../layout/text-run.ts';

/**
 * The row's digits, in order, are the same in the page's words and in `runs` (the page's words with
 * the row read again): the second reading mended only separators and letters ("2202/2024" read
 * "22/02/2024"), not a digit.
 */
export function sameDigitsInRow(row: Line, runs: TextRun[]): boolean {
  const digits = (words: TextRun[]) => words.filter((w) => w.page === row.page && w.y + w.h / 2 >= row.y && w.y + w.h / 2 <= row.y + row.h)
    .sort((a, b) => a.x - b.x).map((w) => w.text.replace(/\D/g, '')).join('');
  return digits(row.runs) === digits(runs);
}
