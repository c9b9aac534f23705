// An amount whose leading digit group OCR dropped ("6 691,21" read "691,21") is found by the ink left
// unread before it, and such an amount proves no total, even where a net and a total agree.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';
import { markUnreadInk } from '../../src/extraction/ocr/unread-ink.ts';
import type { GreyImage } from '../../src/extraction/ocr/prepare-image.ts';

const [WIDTH, HEIGHT] = [400, 200];
/** The amount's word: 30 px high at y 80, starting at x 200. */
const AMOUNT: TextRun = { text: '691,21', x: 200, y: 80, w: 90, h: 30, page: 1, conf: 0.95 };

function paper(): GreyImage {
  return { data: Buffer.alloc(WIDTH * HEIGHT, 235), width: WIDTH, height: HEIGHT };
}
function fill(image: GreyImage, x0: number, y0: number, w: number, h: number, level = 20): void {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) image.data[y * WIDTH + x] = level;
}
/** A digit's outline (a "0"): two strokes down its sides, a bar at top and bottom. */
function digit(image: GreyImage, x: number): void {
  fill(image, x, 80, 4, 30);
  fill(image, x + 14, 80, 4, 30);
  fill(image, x, 80, 18, 4);
  fill(image, x, 106, 18, 4);
}
function flagged(image: GreyImage, others: TextRun[] = []): boolean {
  const amount: TextRun = { ...AMOUNT };
  markUnreadInk([...others, amount], image);
  return amount.unreadInkBefore === true;
}

test('a digit-sized mark just before an amount, that no word accounts for, flags the amount', () => {
  const page = paper();
  digit(page, 160);
  assert.equal(flagged(page), true);
  // Read surely as a word of its own, it is the amount's first group, not a lost one.
  assert.equal(flagged(page, [{ text: '6', x: 160, y: 80, w: 18, h: 30, page: 1, conf: 0.96 }]), false);
  // Read as a scrap of letters, unsurely, it is still a lost digit.
  assert.equal(flagged(page, [{ text: 'oa', x: 160, y: 82, w: 18, h: 26, page: 1, conf: 0.48 }]), true);
  // A currency sign read unsurely is a currency sign.
  assert.equal(flagged(page, [{ text: '€', x: 160, y: 80, w: 18, h: 30, page: 1, conf: 0.5 }]), false);
});

test("a table's vertical rule, a speck, a mark far to the left and blank paper flag nothing", () => {
  const rule = paper();
  fill(rule, 170, 20, 3, 160);
  assert.equal(flagged(rule), false);
  const speck = paper();
  fill(speck, 175, 92, 4, 4);
  assert.equal(flagged(speck), false);
  const far = paper();
  digit(far, 60);
  assert.equal(flagged(far), false);
  assert.equal(flagged(paper()), false);
  // Darker paper (a scan in shadow) with the same mark: contrast, not a fixed level, finds ink.
  const shaded = { ...paper(), data: Buffer.alloc(WIDTH * HEIGHT, 170) };
  digit(shaded, 160);
  assert.equal(flagged(shaded), true);
  fill(shaded, 160, 80, 18, 30, 150);
  assert.equal(flagged(shaded), false, 'a shade 20 levels darker is no ink');
});

test('a net and a total both read without their lost group prove nothing, though they agree under a VAT of zero', () => {
  const runs = (lost: boolean): TextRun[] => [
    { text: 'Total HT', x: 100, y: 500, w: 80, h: 20, page: 1, conf: 0.96 },
    { text: '691,21 €', x: 400, y: 500, w: 80, h: 20, page: 1, conf: 0.95, unreadInkBefore: lost },
    { text: 'Total TVA', x: 100, y: 540, w: 80, h: 20, page: 1, conf: 0.96 },
    { text: '0,00 €', x: 420, y: 540, w: 60, h: 20, page: 1, conf: 0.95 },
    { text: 'Net à payer', x: 100, y: 580, w: 100, h: 20, page: 1, conf: 0.96 },
    { text: '691,21 €', x: 400, y: 580, w: 80, h: 20, page: 1, conf: 0.95, unreadInkBefore: lost },
    { text: 'TVA non applicable, article 293 B du CGI', x: 100, y: 900, w: 400, h: 20, page: 1, conf: 0.95 },
  ];
  assert.equal(readFields(runs(false)).extra.amountsProof, 'equation');
  const lost = readFields(runs(true));
  assert.equal(lost.fields.montant_ttc, 69121, 'the amounts are still reported, for a person to check');
  assert.notEqual(lost.extra.amountsProof, 'equation');
});
