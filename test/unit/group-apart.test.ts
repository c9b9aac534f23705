// An amount's leading digit group set apart on another line (layout/group-apart.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildLines } from '../../src/extraction/layout/lines.ts';
import { leadingGroupApart } from '../../src/extraction/layout/group-apart.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

const run = (text: string, x: number, y: number, w: number): TextRun => ({ text, x, y, w, h: 8, page: 1, conf: 0.9 });

/** Whether the amount `amount` (its first occurrence on the page) has its leading group apart. */
function apart(runs: TextRun[], amount: string): boolean {
  const lines = buildLines(runs);
  const lineIndex = lines.findIndex((l) => l.text.includes(amount));
  return leadingGroupApart(lines, lineIndex, lines[lineIndex]!.text.indexOf(amount));
}

test('a lone group just before an amount, a line up or down, is its lost leading group', () => {
  const total = [run('Net à payer', 332, 92, 45), run('180,00', 518, 92, 29), run('€', 551, 91, 5)];
  assert.equal(apart([...total, run('12', 505, 100, 10)], '180,00'), true);
  assert.equal(apart([...total, run('12', 505, 84, 10)], '180,00'), true);
});

test("no lost group: none near, one far to the left, one followed by the rest of its own number, or an amount of four digits or more", () => {
  const total = [run('Net à payer', 332, 92, 45), run('180,00', 518, 92, 29)];
  assert.equal(apart(total, '180,00'), false);
  // A quantity column, well left of the amount.
  assert.equal(apart([...total, run('12', 440, 100, 10)], '180,00'), false);
  // A right-aligned column: "1 000,00" over "180,00", the "1" followed on its line by the rest of its number.
  assert.equal(apart([...total, run('Total HT', 332, 80, 40), run('1', 510, 80, 5), run('000,00', 518, 80, 29)], '180,00'), false);
  // Two lines or more away.
  assert.equal(apart([...total, run('12', 505, 120, 10)], '180,00'), false);
  assert.equal(apart([run('Net à payer', 332, 92, 45), run('2180,00', 512, 92, 35), run('12', 500, 100, 10)], '2180,00'), false);
});
