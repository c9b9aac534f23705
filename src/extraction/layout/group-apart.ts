// An amount's leading digit group set apart from it on a line of its own.
import type { Line } from './lines.ts';
import type { TextRun } from './text-run.ts';

/** An integer part of exactly three digits, then the cents: what is left of "40 266,62" without its "40". */
const THREE_DIGIT_AMOUNT = /^\d{3}[.,]\d{2}(?!\d)/;
/** A group of one to three digits standing alone: a thousands group, or a quantity. */
const LONE_GROUP = /^\d{1,3}$/;
/** How far, in line heights, a group may end before the amount starts (a space between groups is less). */
const GROUP_GAP = 1;
/** How far up or down, in line heights, a group moved off its line may stand. */
const LINE_DRIFT = 1.5;

/**
 * The amount starting at `at` in `lines[lineIndex]` may have lost its leading digit group to another
 * line: a lone group of digits ends just before it, a little above or below, with nothing after it
 * on its own line that continues a number. OCR that reads a skewed or curled page, or a text layer
 * whose groups are placed one by one, may put "40" and "266,62" of "40 266,62" on two lines; the
 * three amounts of a totals block may then each lose theirs and still add up (266,62 + 53,32 = 319,94).
 * A right-aligned column's group before the amount of the row above ("1 234,56" over "266,62") is
 * followed on its own line by the rest of its number, and is no such group.
 */
export function leadingGroupApart(lines: Line[], lineIndex: number, at: number): boolean {
  const line = lines[lineIndex]!;
  if (!THREE_DIGIT_AMOUNT.test(line.text.slice(at))) return false;
  const x0 = line.charX[at];
  if (x0 === undefined) return false;
  const near = (other: Line) => other !== line && other.page === line.page && Math.abs(other.y - line.y) <= line.h * LINE_DRIFT;
  return lines.filter(near).some((other) => other.runs.some((run) => {
    const end = run.x + run.w;
    return LONE_GROUP.test(run.text.trim()) && end <= x0 + line.h * 0.2 && end >= x0 - line.h * GROUP_GAP && !continued(other, run, line.h);
  }));
}

/** A run on the group's line that starts right after it with a digit or a separator: the rest of its number. */
function continued(line: Line, group: TextRun, h: number): boolean {
  const end = group.x + group.w;
  return line.runs.some((r) => r !== group && r.x >= end - h * 0.1 && r.x <= end + h * GROUP_GAP && /^[\d.,]/.test(r.text.trim()));
}
