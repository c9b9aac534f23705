// Finds the value that belongs to a label: to its right on the same line, else just below it.
import type { Line } from '../layout/lines.ts';
import type { Label } from './labels.ts';
import { fold } from './text-normalise.ts';

export interface LabelHit<R extends string> {
  role: R;
  weight: number;
  lineIndex: number;
  /** Text after the label on its line, up to the next label of any kind. */
  after: string;
  /** Lines below the label that sit in the same column, nearest first. */
  below: () => string[];
}

export function findLabels<R extends string>(lines: Line[], labels: Label<R>[]): LabelHit<R>[] {
  const hits: LabelHit<R>[] = [];
  lines.forEach((line, lineIndex) => {
    const text = fold(line.text);
    const found: Array<{ label: Label<R>; start: number; end: number }> = [];
    for (const label of labels) {
      for (const m of text.matchAll(label.re)) {
        const start = m.index!;
        const end = start + m[0].length;
        // Keep the strongest label where two overlap ("total ttc" over "total").
        const clash = found.findIndex((f) => start < f.end && f.start < end);
        if (clash === -1) found.push({ label, start, end });
        else if (found[clash]!.label.weight < label.weight) found[clash] = { label, start, end };
      }
    }
    found.sort((a, b) => a.start - b.start);
    found.forEach((f, i) => {
      const next = found[i + 1]?.start ?? text.length;
      hits.push({
        role: f.label.role, weight: f.label.weight, lineIndex,
        after: line.text.slice(f.end, next),
        below: () => columnBelow(lines, lineIndex, f.start / Math.max(1, text.length)),
      });
    });
  });
  return hits;
}

/** Text of the runs in the next few lines that overlap the label's horizontal position. */
function columnBelow(lines: Line[], lineIndex: number, relativeStart: number): string[] {
  const line = lines[lineIndex]!;
  const left = line.runs[0]!.x;
  const right = Math.max(...line.runs.map((r) => r.x + r.w));
  const labelX = left + (right - left) * relativeStart;
  const out: string[] = [];
  for (let i = lineIndex + 1; i < lines.length && out.length < 2; i++) {
    const below = lines[i]!;
    if (below.page !== line.page || below.y - line.y > line.h * 4) break;
    const runs = below.runs.filter((r) => r.x + r.w >= labelX - line.h && r.x <= labelX + line.h * 8);
    if (runs.length) out.push(runs.map((r) => r.text).join(' '));
  }
  return out;
}
