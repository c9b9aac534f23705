// Groups positioned runs into reading lines: same page, overlapping vertically, left to right.
import type { TextRun } from './text-run.ts';

export interface Line {
  page: number;
  y: number;
  h: number;
  runs: TextRun[];
  text: string;
  /** Mean OCR confidence of the line (1 for a PDF text layer). */
  conf: number;
}

export function buildLines(runs: TextRun[]): Line[] {
  const sorted = [...runs].sort((a, b) => a.page - b.page || a.y + a.h / 2 - (b.y + b.h / 2));
  const lines: Line[] = [];
  for (const run of sorted) {
    const mid = run.y + run.h / 2;
    const line = lines.findLast((l) => l.page === run.page && Math.abs(l.y + l.h / 2 - mid) < Math.min(l.h, run.h) * 0.5);
    if (line) line.runs.push(run);
    else lines.push({ page: run.page, y: run.y, h: run.h, runs: [run], text: '', conf: 1 });
  }
  for (const line of lines) {
    line.runs.sort((a, b) => a.x - b.x);
    line.text = joinRuns(line.runs);
    const confs = line.runs.map((r) => r.conf ?? 1);
    line.conf = confs.reduce((s, c) => s + c, 0) / confs.length;
  }
  return lines.sort((a, b) => a.page - b.page || a.y - b.y);
}

/** Joins runs with one space, or with a wide-gap marker where columns are far apart. */
function joinRuns(runs: TextRun[]): string {
  let out = '';
  let prev: TextRun | undefined;
  for (const run of runs) {
    if (prev) {
      const gap = run.x - (prev.x + prev.w);
      out += gap > Math.max(prev.h, run.h) * 1.5 ? COLUMN_GAP : gap > prev.h * 0.15 || !/\s$/.test(out) ? ' ' : '';
    }
    out += run.text;
    prev = run;
  }
  return out.replace(/[ \t]+/g, ' ').trim();
}

/** Marks a wide horizontal gap between two runs: a label and its value, or two columns. */
export const COLUMN_GAP = ' \u2003 ';
