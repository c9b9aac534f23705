// A date chosen with no label has its row read again alone: a label OCR misread in the page's
// reading ("pat are" for "Date") then names it, and the date is booked on that label's evidence.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import { buildLines } from '../../src/extraction/layout/lines.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';
import { sameDigitsInRow } from '../../src/extraction/ocr/date-row.ts';
import { withRowReadAgain } from '../../src/extraction/ocr/row-again.ts';
import type { OcrEngine } from '../../src/extraction/ocr/ocr-engine.ts';
import { withLabelledDateRowReadAgain } from '../../src/extraction/ocr/second-looks.ts';
import type { GreyImage } from '../../src/extraction/ocr/prepare-image.ts';
import { generateOne } from '../../tools/generate/generate-set.ts';
import { extractGenerated } from '../helpers/generated-extraction.ts';

const image: GreyImage = { data: Buffer.alloc(800 * 400, 240), width: 800, height: 400 };
const word = (text: string, x: number, y: number, conf = 0.95): TextRun => ({ text, x, y, w: text.length * 10, h: 20, page: 1, conf });
const page = [
  word('Quillon', 40, 40), word('Ateliers', 120, 40),
  word('pat', 40, 80, 0.62), word('are', 80, 80, 0.65), word('11/03/2027', 200, 80),
  word('Total', 40, 300), word('TTC', 100, 300), word('96,00', 200, 300),
];
const dateRow = () => buildLines(page).find((l) => l.text.includes('11/03/2027'))!;

test("the date's row read again: the strip's sure words take the place of the row's words they cover, and only those", async () => {
  let strip: GreyImage | null = null;
  const readLine = async (s: GreyImage) => {
    strip = s;
    // In the strip's own pixels: the strip starts a little left of x 40 and above y 80.
    return [{ ...word('Date', 6, 8, 0.93), w: 80 }, word('11/03/2027', 166, 8, 0.9), word('~', 300, 8, 0.2)];
  };
  const runs = await withRowReadAgain(page, dateRow(), image, readLine);
  assert.ok(strip && (strip as GreyImage).width >= 260 && (strip as GreyImage).height < 40, 'one row, from the left edge to the date');
  const texts = runs!.map((r) => r.text);
  assert.ok(!texts.includes('pat') && !texts.includes('are') && !texts.includes('~'), texts.join(' '));
  assert.deepEqual(readFields(runs!).extra.dateEvidence?.label, 'generic');
  assert.equal(readFields(page).extra.dateEvidence?.label, 'none', 'as read first, the date has no label');
  assert.equal(await withRowReadAgain(page, dateRow(), image, async () => [word('Dte', 6, 8, 0.4)]), null, 'nothing read surely: nothing changes');
});

test('a word of the row that no strip word covers stays: a second date the strip did not read again is not lost', async () => {
  const twoDates = [...page, word('19/03/2027', 500, 80, 0.7)];
  const row = buildLines(twoDates).find((l) => l.text.includes('11/03/2027'))!;
  const runs = await withRowReadAgain(twoDates, row, image, async () => [{ ...word('Date', 6, 8, 0.93), w: 80 }, word('11/03/2027', 166, 8, 0.9)]);
  const row80 = runs!.filter((r) => r.y === 80);
  assert.deepEqual(row80.map((r) => r.text).sort(), ['11/03/2027', '19/03/2027', 'Date'], 'the strip words, and the word they do not cover');
  assert.equal(row80.find((r) => r.text === 'Date')!.x, 38, 'the strip words in page pixels');
});

test("a row read again keeps the page's digits when it mends only separators and letters", async () => {
  const garbled = [word('Date', 40, 80), word('de', 90, 80), word('facturation', 120, 80), word('2202/2024', 260, 80)];
  const row = buildLines(garbled)[0]!;
  const again = (date: string) => withRowReadAgain(garbled, row, image, async () => [{ ...word('Date', 6, 8), w: 40 }, word('de', 56, 8), word('facturation', 86, 8), word(date, 226, 8)]);
  assert.equal(sameDigitsInRow(row, (await again('22/02/2024'))!), true);
  assert.equal(sameDigitsInRow(row, (await again('27/02/2024'))!), false, 'a digit read otherwise');
  assert.equal(sameDigitsInRow(row, (await again('2/02/2024'))!), false, 'a digit lost');
});

test("a date label over a cell of digits that read as no date: that cell's row is read again, and its date shown, not booked", async () => {
  // "Date:" over "024-06-24": the year's first digit, printed grey, lost on a phone scan.
  const scan = [word('Atelier', 40, 40), word('Perrin', 120, 40), word('Date:', 500, 80), word('024-06-24', 500, 110, 0.9), word('Total', 40, 300), word('TTC', 100, 300), word('96,00', 200, 300)];
  const strips: number[] = [];
  const ocr: OcrEngine = {
    warm() {},
    async close() {},
    // In the strip's own pixels; the strip runs from the page text's left edge (x 40).
    async recognise(_image, _page, layout) {
      assert.equal(layout, 'line');
      strips.push(1);
      return [word('2024-06-24', 462, 6, 0.9)];
    },
  };
  const auto = { invoice: readFields(scan), narrow: false, images: [{ page: 1, grey: image }], runs: scan };
  assert.equal(auto.invoice.fields.date_facture, null);
  const read = await withLabelledDateRowReadAgain(auto.invoice, scan, auto, ocr, async (_stage, work) => work());
  assert.equal(strips.length, 1);
  assert.equal(read?.fields.date_facture, '2024-06-24');
  assert.ok((read?.extra.dateEvidence?.wordConfidence ?? 1) < 0.6, 'other digits than the page read: shown, not booked');
  // Words under the label, not digits: nothing is read again.
  const noDigits = scan.map((w) => (w.text === '024-06-24' ? { ...w, text: 'voir' } : w));
  await withLabelledDateRowReadAgain(readFields(noDigits), noDigits, { ...auto, runs: noDigits }, ocr, async (_stage, work) => work());
  assert.equal(strips.length, 1);
});

/** A generated page read by real OCR is validated with its date, under a label of the strength given. */
async function validatedWithItsDate(seed: number, index: number, kind: 'render' | 'scan', label: 'explicit' | 'generic'): Promise<void> {
  const { entry, result, validatedRight } = await extractGenerated(async (dir) => (await generateOne(seed, index, dir, [kind]))[0]!);
  assert.equal(result.fields.date_facture, entry.expected.date_facture);
  assert.equal(result.extra.dateEvidence?.label, label);
  assert.equal(result.status, 'validated', result.reviewReasons.join('; '));
  assert.ok(validatedRight);
}

test('real OCR: a render whose "Date" OCR read as noise on the page is validated with its date', async () => {
  // Tune seed 62, invoice 43: the page read "pat are 24/08/2026"; the strip reads "Date 24/08/2026".
  await validatedWithItsDate(62, 43, 'render', 'generic');
});

test('real OCR: a scan whose date beside its label lost a slash reads it from that row read again', async () => {
  // Tune seed 85, invoice 6: the page read "Date de facturation : 2202/2024", no date; the strip reads "22/02/2024".
  await validatedWithItsDate(85, 6, 'scan', 'explicit');
});
