// The invoice number: the token after an invoice-number label, even when it looks like a date.
import type { Line } from '../layout/lines.ts';
import { NUMBER_LABELS } from './labels.ts';
import { fold } from './text-normalise.ts';

const TOKEN = /^[\s:.#°]*([A-Z0-9][A-Z0-9\-/_.]*[A-Z0-9]|[A-Z0-9])/i;
const STOPWORDS = /^(du|de|date|le|the|of|vom|n|no|nr|page|client|customer|datum|date)$/i;

export function readInvoiceNumber(lines: Line[]): { numero: string | null; confidence: number } {
  for (const [i, line] of lines.entries()) {
    const text = fold(line.text);
    for (const m of text.matchAll(NUMBER_LABELS)) {
      const candidates = [line.text.slice(m.index! + m[0].length), lines[i + 1]?.text ?? ''];
      for (const rest of candidates) {
        const token = TOKEN.exec(rest)?.[1];
        if (token && /\d/.test(token) && !STOPWORDS.test(token) && token.length <= 40) {
          return { numero: token, confidence: rest === candidates[0] ? 0.9 : 0.6 };
        }
      }
    }
  }
  return { numero: null, confidence: 0 };
}
