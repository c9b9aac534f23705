// An amount that OCR ended at its decimal point ("£62,067." for £62,067.62) is read again in a strip
// when ink stands right of it, and takes the strip's reading when that ends it with two digits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import { readCutCents } from '../../src/extraction/ocr/cut-cents.ts';
import type { GreyImage } from '../../src/extraction/ocr/prepare-image.ts';
import { generateOne } from '../../tools/generate/generate-set.ts';
import { cents as inCents, extractGenerated } from '../helpers/generated-extraction.ts';

const [WIDTH, HEIGHT] = [500, 200];
/** The amount's word, cut after its point: 30 px high at y 80, from x 200 to 320. */
const CUT: TextRun = { text: '£3,518.', x: 200, y: 80, w: 120, h: 30, page: 1, conf: 0.92 };

function paper(): GreyImage {
  return { data: Buffer.alloc(WIDTH * HEIGHT, 235), width: WIDTH, height: HEIGHT };
}
/** Two digits' strokes right after the amount, where its cents were printed. */
function cents(image: GreyImage, x0 = 326): GreyImage {
  for (const x of [x0, x0 + 14, x0 + 22, x0 + 36]) for (let y = 82; y < 108; y++) for (let dx = 0; dx < 4; dx++) image.data[y * WIDTH + x + dx] = 20;
  return image;
}
/** A strip reader that answers with these words, and records the strips it was given. */
function reader(words: Array<[string, number]>) {
  const strips: GreyImage[] = [];
  const read = async (strip: GreyImage): Promise<TextRun[]> => {
    strips.push(strip);
    return words.map(([text, conf]) => ({ text, x: 15, y: 15, w: text.length * 17, h: 30, page: 1, conf }));
  };
  return { read, strips };
}

test('an amount cut after its point, ink right of it: the strip that reads its cents surely replaces it', async () => {
  const { read, strips } = reader([['£3,518.40', 0.93]]);
  const words = await readCutCents([{ text: 'Total', x: 40, y: 80, w: 80, h: 30, page: 1, conf: 0.96 }, { ...CUT }], cents(paper()), read);
  assert.equal(strips.length, 1);
  assert.ok(strips[0]!.width < WIDTH && strips[0]!.height < HEIGHT, 'a strip, not the page');
  assert.deepEqual(words.map((w) => w.text), ['Total', '£3,518.40']);
  assert.ok(words[1]!.w > CUT.w, 'the word now reaches over its cents');
});

test('no ink after the point, a strip that reads other digits or reads unsurely, or fails: the amount stays as read', async () => {
  const blank = reader([['£3,518.40', 0.93]]);
  assert.deepEqual((await readCutCents([{ ...CUT }], paper(), blank.read)).map((w) => w.text), ['£3,518.']);
  assert.equal(blank.strips.length, 0, 'a page with nothing after its amounts pays for no second look');
  // The ink right of it is a word of its own that the page read ("SR", a tax code).
  const code = reader([['£3,518.40', 0.93]]);
  const coded = await readCutCents([{ ...CUT }, { text: 'SR', x: 324, y: 80, w: 44, h: 30, page: 1, conf: 0.95 }], cents(paper()), code.read);
  assert.deepEqual([coded[0]!.text, code.strips.length], ['£3,518.', 0]);
  for (const words of [[['£3,518.4', 0.95]], [['£3,578.40', 0.95]], [['£3,518.40', 0.5]], [['£3,518.401', 0.95]]] as Array<Array<[string, number]>>) {
    const after = await readCutCents([{ ...CUT }], cents(paper()), reader(words).read);
    assert.equal(after[0]!.text, '£3,518.', JSON.stringify(words));
  }
  const failed = await readCutCents([{ ...CUT }], cents(paper()), async () => { throw new Error('worker gone'); });
  assert.equal(failed[0]!.text, '£3,518.');
  // An amount with its cents is no cut one, whatever stands after it.
  const whole = reader([['£3,518.40', 0.93]]);
  await readCutCents([{ ...CUT, text: '£3,518.40' }], cents(paper()), whole.read);
  assert.equal(whole.strips.length, 0);
});

test("real OCR: a monospace column of totals whose cents the page's reading dropped is read whole, and validated right", async () => {
  // Tune seed 57's invoice 31 (render): tesseract read its totals "£62,067.", "£12,413.", "£74,481.".
  const { entry, result, validatedRight } = await extractGenerated(async (dir) => (await generateOne(57, 31, dir, ['render']))[0]!);
  assert.deepEqual([result.fields.montant_ht, result.fields.montant_ttc], [inCents(entry.expected.montant_ht), inCents(entry.expected.montant_ttc)]);
  assert.ok(validatedRight, 'validated with a wrong amount or date');
});

test('an amount whose cents stay unread after the second look proves no total, though whole units add up', async () => {
  const unread = await readCutCents([{ ...CUT }], cents(paper()), reader([['£3,518.', 0.93]]).read);
  assert.deepEqual([unread[0]!.text, unread[0]!.unreadCents], ['£3,518.', true]);
  // Net, VAT and total all read up to their points, their cents unread: 3,518 + 703 = 4,221 adds up.
  const row = (label: string, amount: string, y: number, unreadCents: boolean): TextRun[] => [
    { text: label, x: 40, y, w: 120, h: 30, page: 1, conf: 0.96 },
    { text: amount, x: 300, y, w: 120, h: 30, page: 1, conf: 0.93, unreadCents },
  ];
  const totals = (flagged: boolean) => readFields([...row('Subtotal', '£3,518.', 100, flagged), ...row('VAT 20%', '£703.', 140, flagged), ...row('Total', '£4,221.', 180, flagged)]);
  assert.equal(totals(false).extra.amountsProof, 'equation');
  assert.notEqual(totals(true).extra.amountsProof, 'equation');
});
