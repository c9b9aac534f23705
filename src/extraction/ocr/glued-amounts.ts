// Tesseract glues a word to the amount after it when the print leaves them no gap ("Total toutes
// taxes comprisesl.194,92 EUR"), and may read that amount's first "1" as an "l" or "I": the label
// then ends in a letter that no vocabulary knows, and the amount starts with its thousands separator.
import type { TextRun } from '../layout/text-run.ts';

/**
 * A word of three letters or more, then an amount printed with thousands groups and cents, whose
 * first digit is kept or is a 1 read as a letter (l, I, |): "comprisesl.194,92", "TTC2.386,40".
 */
const GLUED = /^(\p{L}{3,}?)([lI|]|\d{1,3})([.,]\d{3}(?:[.,]\d{3})*[.,]\d{2})$/u;

/** The word and its amount as two runs, the amount's lost "1" restored; other words as they are. */
export function splitGluedAmounts(words: TextRun[]): TextRun[] {
  return words.flatMap((word) => {
    const m = GLUED.exec(word.text);
    if (!m) return [word];
    const [, letters, lead, rest] = m as unknown as [string, string, string, string];
    const digits = /\d/.test(lead) ? lead : '1';
    // Both parts keep the word's confidence; their widths share it by characters.
    const share = letters.length / word.text.length;
    const w = Math.round(word.w * share);
    return [{ ...word, text: letters, w }, { ...word, text: `${digits}${rest}`, x: word.x + w, w: word.w - w }];
  });
}
