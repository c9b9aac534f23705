// tesseract may find a blurred row twice: the row, and a thin line along its top edge read from the
// same ink. The second line's words are dropped, as is the line they make up.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';
import { dropGhostWords } from '../../src/extraction/ocr/ghost-words.ts';

const word = (text: string, x: number, y: number, w: number, h: number, conf: number, ocrLine: string): TextRun => ({ text, x, y, w, h, page: 1, conf, ocrLine });

test('a thin line read along the top of a row is dropped with its specks; the row and its neighbours stay', () => {
  const row = [
    word('Date', 274, 613, 63, 26, 0.96, '1:8.2.1'), word('of', 348, 615, 26, 23, 0.96, '1:8.2.1'), word('issue', 389, 621, 68, 17, 0.92, '1:8.2.1'),
    word('27', 731, 612, 32, 26, 0.97, '1:8.2.1'), word('March', 776, 613, 89, 25, 0.96, '1:8.2.1'), word('2023', 878, 612, 67, 26, 0.97, '1:8.2.1'),
  ];
  const ghost = [
    word('o', 299, 622, 5, 4, 0, '1:8.1.1'), word('ri', 374, 613, 19, 3, 0.31, '1:8.1.1'), word('.', 471, 621, 3, 4, 0.23, '1:8.1.1'),
    word('77', 732, 612, 12, 15, 0.66, '1:8.1.1'), word('March', 807, 621, 40, 4, 0.96, '1:8.1.1'), word('202', 880, 612, 47, 16, 0.81, '1:8.1.1'),
  ];
  const below = [word('Due', 274, 660, 50, 26, 0.95, '1:8.3.1'), word('by', 330, 662, 30, 26, 0.95, '1:8.3.1')];
  assert.deepEqual(dropGhostWords([...ghost, ...row, ...below]).map((w) => w.text), ['Date', 'of', 'issue', '27', 'March', '2023', 'Due', 'by']);
});

test('a word inside a word read unsurely, or inside a word of its own line, stays', () => {
  // "mer" stood unsurely for two rows; the words read within it are the rows' own.
  const merged = word('mer', 200, 390, 90, 60, 0.23, '1:8.2.1');
  const inside = word('number', 210, 400, 70, 22, 0.93, '1:8.1.1');
  assert.deepEqual(dropGhostWords([merged, inside]).map((w) => w.text), ['mer', 'number']);
  // Nor does a word two rows tall, read surely ("02/08/2028" over the due date and the invoice date):
  // the rows' own words are within it.
  const rows = [word('Due', 40, 100, 40, 20, 0.9, '1:3.1.1'), word('01/07/2028', 300, 130, 100, 20, 0.93, '1:3.2.1'), word('Date', 40, 130, 40, 20, 0.9, '1:3.2.1')];
  assert.equal(dropGhostWords([...rows, word('02/08/2028', 295, 100, 110, 52, 0.7, '1:3.1.1')]).length, 4);
  // A word within a word of another line as tall as itself is no thinner reading of it.
  assert.equal(dropGhostWords([word('INVOICE', 100, 100, 120, 30, 0.95, '1:1.1.1'), word('VOICE', 140, 100, 80, 30, 0.9, '1:1.2.1')]).length, 2);
  // One line's words do not repeat each other, whatever their boxes.
  const sameLine = [word('TOTAL', 100, 100, 80, 30, 0.95, '1:2.1.1'), word('.', 120, 110, 4, 4, 0.9, '1:2.1.1')];
  assert.equal(dropGhostWords(sameLine).length, 2);
});
