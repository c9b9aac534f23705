// The invoice date, told apart from due, delivery, order and period dates by its label.
import { spanConf, type Line } from '../layout/lines.ts';
import { findDates, numericDateOrder } from './date-parser.ts';
import { findLabels } from './labelled-values.ts';
import { DATE_LABELS, DATE_QUALIFIERS } from './labels.ts';
import { fold } from './text-normalise.ts';

export interface DateReading { invoiceDate: string | null; confidence: number; dueDate: string | null }

export function readDates(lines: Line[]): DateReading {
  const scored: Array<{ iso: string; score: number; lineIndex: number }> = [];
  let dueDate: string | null = null;
  const labelled = new Set<number>();
  const order = numericDateOrder(lines.map((l) => l.text));
  for (const hit of findLabels(lines, DATE_LABELS)) {
    const line = lines[hit.lineIndex]!;
    let dates = findDates(hit.after, order, true);
    let penalty = 0;
    const conf = dates.length ? spanConf(line, hit.afterIndex + dates[0]!.index, hit.afterIndex + dates[0]!.end) : line.conf;
    if (!dates.length) {
      dates = hit.below().flatMap((t) => findDates(t, order, true)).slice(0, 1);
      penalty = 0.1;
    }
    if (!dates.length) continue;
    labelled.add(hit.lineIndex);
    if (hit.role === 'due') dueDate ??= dates[0]!.iso;
    if (hit.role !== 'invoice' || DATE_QUALIFIERS.test(fold(hit.after))) continue;
    scored.push({ iso: dates[0]!.iso, score: hit.weight * conf - penalty, lineIndex: hit.lineIndex });
  }
  // An unlabelled date in the upper part of page 1 is a weaker candidate, unless its line is a decoy.
  const decoy = DATE_LABELS.find((l) => l.role === 'decoy')!.re;
  const due = DATE_LABELS.find((l) => l.role === 'due')!.re;
  lines.forEach((line, i) => {
    if (line.page !== 1 || labelled.has(i)) return;
    const text = fold(line.text);
    decoy.lastIndex = 0;
    due.lastIndex = 0;
    if (decoy.test(text) || due.test(text)) return;
    for (const d of findDates(line.text, order)) scored.push({ iso: d.iso, score: 0.6 * line.conf, lineIndex: i });
  });
  const best = scored.reduce<(typeof scored)[number] | null>((b, c) => (!b || c.score > b.score ? c : b), null);
  return { invoiceDate: best?.iso ?? null, confidence: best ? Math.min(0.98, best.score) : 0, dueDate };
}
