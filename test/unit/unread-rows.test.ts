// A row of print that tesseract's page segmentation left out ("Date: 14/11/18  Time: 13:06" on a
// receipt photo) is found as a band of ink no word covers, read again in a strip, and its words join
// the page's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';
import type { GreyImage } from '../../src/extraction/ocr/prepare-image.ts';
import { leftFaintPrint, readUnreadRows, unreadBands, withRowsReadAgain } from '../../src/extraction/ocr/unread-rows.ts';
import { generateReceipt } from '../../tools/generate/generate-set.ts';
import { cents, extractGenerated } from '../helpers/generated-extraction.ts';

const [WIDTH, HEIGHT] = [600, 400];
const H = 20;

function paper(): GreyImage {
  return { data: Buffer.alloc(WIDTH * HEIGHT, 240), width: WIDTH, height: HEIGHT };
}
function fill(image: GreyImage, x0: number, y0: number, w: number, h: number, level = 30): void {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) image.data[y * WIDTH + x] = level;
}
/** A line of print: letters 10 px wide, 4 px apart, `chars` of them from x, H high. */
function print(image: GreyImage, x: number, y: number, chars: number, level = 30): void {
  for (let i = 0; i < chars; i++) {
    fill(image, x + i * 14, y, 3, H, level);
    fill(image, x + i * 14 + 7, y, 3, H, level);
    fill(image, x + i * 14, y + 8, 10, 3, level);
  }
}
const word = (text: string, x: number, y: number, chars: number): TextRun => ({ text, x, y, w: chars * 14 - 4, h: H, page: 1, conf: 0.95 });

/** Five lines of print at y 40, 80, 120, 160, 200; the page read all but the one at 120. */
function page(level = 30): { image: GreyImage; runs: TextRun[] } {
  const image = paper();
  for (const y of [40, 80, 120, 160, 200]) print(image, 100, y, 20, level);
  const runs = [40, 80, 160, 200].flatMap((y) => [word('Words', 100, y, 10), word('read', 254, y, 10)]);
  return { image, runs };
}

test('a line of print that no word covers is a band; the lines read, a speck and a scan edge are none', () => {
  const { image, runs } = page();
  // Inside the words' extent (x 80-410, y 20-240): a speck, and a scan's dark edge down the whole
  // page, wider than the ink a row of print needs (1.5 word heights, 30 px).
  fill(image, 200, 225, 3, 3);
  fill(image, 370, 0, 36, HEIGHT);
  const bands = unreadBands(runs, image);
  assert.equal(bands.length, 1);
  assert.ok(bands[0]!.y0 >= 118 && bands[0]!.y1 <= 142, JSON.stringify(bands[0]));
  assert.ok(bands[0]!.x0 <= 102 && bands[0]!.x1 >= 360 && bands[0]!.x1 < 370, JSON.stringify(bands[0]));
  // Faint grey print, as a faded receipt's: the band is found all the same.
  const faint = page(150);
  assert.equal(unreadBands(faint.runs, faint.image).length, 1);
  // Everything read: nothing to read again.
  const read = page();
  assert.deepEqual(unreadBands([...read.runs, word('More', 100, 120, 10), word('words', 254, 120, 10)], read.image), []);
});

test('light grey print beside black that the reading left out is faint print left unread; black print left out, or grey print read, is not', () => {
  // Black labels at y 40, 120 and 200 and a footer at 300, read; under each label, a light grey value
  // (level 180 on paper at 240: above halfway to the black), left unread.
  const grey = (read: boolean, level = 180) => {
    const image = paper();
    const runs: TextRun[] = [];
    for (const y of [40, 120, 200]) {
      print(image, 100, y, 20);
      runs.push(word('Label', 100, y, 10), word('here:', 254, y, 10));
      print(image, 100, y + 40, 12, level);
      if (read) runs.push(word('19.06.2025', 100, y + 40, 12));
    }
    print(image, 100, 300, 20);
    runs.push(word('Footer', 100, 300, 10), word('read', 254, 300, 10));
    return { image, runs };
  };
  const left = grey(false);
  assert.deepEqual(unreadBands(left.runs, left.image), [], 'not ink halfway to the black');
  assert.equal(unreadBands(left.runs, left.image, true).length, 3, 'ink once faint print counts');
  assert.equal(leftFaintPrint(left.runs, left.image), true);
  const read = grey(true);
  assert.equal(leftFaintPrint(read.runs, read.image), false, 'the grey values were read');
  // The same values left unread in black are ordinary unread rows, read again in strips.
  const black = grey(false, 30);
  assert.equal(unreadBands(black.runs, black.image).length, 3);
  assert.equal(leftFaintPrint(black.runs, black.image), false);
  // Paper's own grain (a scan's, 20 levels under it) is no print.
  const grain = grey(false, 220);
  assert.equal(leftFaintPrint(grain.runs, grain.image), false);
});

test("a header set apart above the first word read is looked for too, up to a header's height above it", () => {
  const image = paper();
  // The page read three lines from y 300; a header line at y 60 (12 word heights above) was left out.
  for (const y of [300, 330, 360]) print(image, 100, y, 20);
  print(image, 250, 60, 10);
  const runs = [300, 330, 360].flatMap((y) => [word('Words', 100, y, 10), word('read', 254, y, 10)]);
  const bands = unreadBands(runs, image);
  assert.equal(bands.length, 1, JSON.stringify(bands));
  assert.ok(bands[0]!.y0 >= 58 && bands[0]!.y1 <= 82 && bands[0]!.x0 <= 252, JSON.stringify(bands[0]));
});

test('unread lines close together part between the lines; a picture taller than a line is no band', () => {
  const image = paper();
  for (const y of [40, 80]) print(image, 100, y, 20);
  const runs = [40, 80].flatMap((y) => [word('Words', 100, y, 10), word('read', 254, y, 10)]);
  // Two unread lines 24 px apart (4 px between them), and a 60 px tall logo to the right of the read lines.
  print(image, 100, 120, 20);
  print(image, 100, 144, 20);
  // A 60 px tall logo inside the words' extent (x 80-530 with the word at 400).
  fill(image, 420, 200, 60, 60);
  const bands = unreadBands([...runs, word('End', 100, 300, 10), word('Side', 400, 300, 10)], image);
  assert.deepEqual(bands.map((b) => [b.y0 >= 118 && b.y1 <= 142, b.y0 >= 142 && b.y1 <= 166]).sort(), [[false, true], [true, false]]);
});

test("a band's strip is read as a line: its sure words join the page where printed, over no word of the page, as tall as its band", async () => {
  const { image, runs } = page();
  const strips: GreyImage[] = [];
  const reader = (words: Array<[string, number, number]>) => async (strip: GreyImage): Promise<TextRun[]> => {
    strips.push(strip);
    return words.map(([text, x, conf]) => ({ text, x, y: 0, w: text.length * 14, h: strip.height, page: 1, conf }));
  };
  const found = await readUnreadRows(runs, image, 1, reader([['Date:', 8, 0.93], ['14/11/18', 90, 0.9], ['~', 200, 0.95], ['Time', 250, 0.4]]));
  assert.equal(strips.length, 1);
  assert.ok(strips[0]!.height < HEIGHT && strips[0]!.width < WIDTH, 'a strip, not the page');
  assert.deepEqual(found.map((w) => w.text), ['Date:', '14/11/18'], 'a mark and an unsure word are left out');
  // Where printed: the strip starts 0.4 of the band's 20 px height left of the band's ink at x 100.
  assert.deepEqual(found.map((w) => w.x), [100, 182]);
  assert.ok(found.every((w) => w.y >= 118 && w.y + w.h <= 142), 'as tall as the band, not the strip');
  // A strip that cannot be read leaves the page as read.
  assert.deepEqual(await readUnreadRows(runs, image, 1, async () => { throw new Error('worker gone'); }), []);
});

test('a strip word read less surely is kept when it reads as a whole numeric date, not otherwise', async () => {
  const { image, runs } = page();
  const reader = async (strip: GreyImage): Promise<TextRun[]> => [['Date', 8, 0.92], ['facture:', 80, 0.92], ['17/06/2024', 200, 0.55], ['Lyon', 360, 0.55], ['17/06/2024', 420, 0.45]]
    .map(([text, x, conf]) => ({ text: text as string, x: x as number, y: 0, w: (text as string).length * 14, h: strip.height, page: 1, conf: conf as number }));
  const found = await readUnreadRows(runs, image, 1, reader);
  assert.deepEqual(found.map((w) => w.text), ['Date', 'facture:', '17/06/2024'], 'a word at 0.55 and a date under 0.5 are left out');
});

test('a row read unsurely is a band to read again; its strip words take the place of the unsure words, of the parts they read whole, and of marks and specks', async () => {
  const { image, runs } = page();
  // The row at 120 (ink at x 100-380): "mer" read unsurely over its first half, "Jan-" and "2024"
  // surely over the rest, a speck inside its first word and a mark between its words.
  const garbled = [
    { ...word('mer', 100, 120, 10), conf: 0.3 }, { ...word('Jan-', 254, 120, 4), conf: 0.81 }, { ...word('2024', 320, 120, 4), conf: 0.9 },
    { ...word(';', 120, 122, 1), w: 3, h: 4, conf: 0.9 }, { ...word('.', 340, 125, 1), w: 3, h: 4, conf: 0.9 },
  ];
  const bands = unreadBands([...runs, ...garbled], image);
  assert.equal(bands.length, 1, 'the unsure word covers nothing');
  assert.ok(bands[0]!.y0 >= 118 && bands[0]!.y1 <= 142 && bands[0]!.x0 <= 102, JSON.stringify(bands[0]));
  // The same row, read surely: no band.
  assert.deepEqual(unreadBands([...runs, { ...garbled[0]!, conf: 0.9 }, ...garbled.slice(1)], image), []);
  const strip = async (s: GreyImage): Promise<TextRun[]> => [['Invoice', 8, 0.92], ['26-Jan-2024', 158, 0.91], ['Date', 320, 0.9]]
    .map(([text, x, conf]) => ({ text: text as string, x: x as number, y: 0, w: (text as string).length * 14, h: s.height, page: 1, conf: conf as number, ocrLine: '9:1.1.1' }));
  // "Date" lies over the sure "Words" of another reading of the row: that word stands.
  const found = await readUnreadRows([...runs, ...garbled, word('Words', 414, 120, 3)], image, 1, strip);
  assert.deepEqual(found.map((w) => w.text), ['Invoice', '26-Jan-2024'], 'a speck does not stand over a word read again');
  const merged = withRowsReadAgain([...runs, ...garbled], found);
  assert.deepEqual(merged.filter((w) => w.y >= 115 && w.y <= 130).map((w) => w.text), ['Invoice', '26-Jan-2024'], 'the unsure word, the parts read whole, the mark and the speck give way');
  assert.equal(merged.length, runs.length + 2, 'the other rows stay as read');
  // A sure word of the page read whole ("2024") stands against a strip word a digit longer.
  const longer = async (s: GreyImage): Promise<TextRun[]> => [{ text: '12024', x: 222, y: 0, w: 64, h: s.height, page: 1, conf: 0.9 }];
  assert.deepEqual(await readUnreadRows([...runs, ...garbled], image, 1, longer), []);
});

test('a row read in part is read whole, and first when it holds the label of a missing field; a mark under a word read again gives way', async () => {
  const image: GreyImage = { data: Buffer.alloc(WIDTH * 700, 240), width: WIDTH, height: 700 };
  const at = (x: number, y: number, w: number, level = 30) => { for (let yy = y; yy < y + H; yy++) for (let xx = x; xx < x + w; xx++) if ((xx - x) % 14 < 10) image.data[yy * WIDTH + xx] = level; };
  // Row 40: "Date : 11-N(  |  ):34" read, the ink between "11-N(" and "):34" (x 250-330) not.
  at(100, 40, 360);
  const dateRow = [word('Date', 100, 40, 4), { ...word(':', 160, 40, 1), w: 4 }, word('11-N(', 180, 40, 5), { ...word('|', 300, 40, 1), w: 3 }, word('):34', 400, 40, 4)];
  // Seven item rows below, each wider unread than the date row's gap, and words read around them.
  const items = [80, 120, 160, 200, 240, 280, 320].flatMap((y) => { at(100, y, 420); return [word('x', 100, y, 1)]; });
  const runs = [...dateRow, ...items, word('Words', 100, 400, 10), word('read', 380, 400, 10)];
  const strips: Array<{ width: number }> = [];
  const reader = async (strip: GreyImage): Promise<TextRun[]> => {
    strips.push({ width: strip.width });
    return strips.length === 1
      ? [['Date', 10, 0.93], ['11-NOV-18', 90, 0.9], ['20:34', 300, 0.96]].map(([text, x, conf]) => ({ text: text as string, x: x as number, y: 0, w: (text as string).length * 14, h: strip.height, page: 1, conf: conf as number, ocrLine: '7:1.1.1' }))
      : [];
  };
  const found = await readUnreadRows(runs, image, 1, reader, { wanted: (words) => words.some((w) => w.text === 'Date'), settled: (words) => words.some((w) => w.text === '11-NOV-18') });
  assert.equal(strips.length, 6, 'one round of six rows: the date it read settles the page');
  assert.ok(strips[0]!.width >= 360, `the date row is read first and whole, from "Date" to "):34": ${strips[0]!.width} px`);
  assert.deepEqual(found.map((w) => w.text), ['11-NOV-18', '20:34'], '"Date" stands over the page\'s own "Date"');
  const row = withRowsReadAgain(runs, found).filter((w) => w.y === 40 || (w.y >= 38 && w.y <= 44)).sort((a, b) => a.x - b.x).map((w) => w.text);
  assert.deepEqual(row, ['Date', ':', '11-NOV-18', '20:34'], 'the parts read whole and the mark under them give way');
  // Without a field asked for, the widest rows come first, the date row last, in a second round since the first settled nothing.
  strips.length = 0;
  await readUnreadRows(runs, image, 1, async (strip) => { strips.push({ width: strip.width }); return []; });
  assert.equal(strips.length, 8);
  assert.ok(strips.slice(0, 7).every((s) => s.width < 500 && s.width >= 420) && strips[7]!.width < 420, JSON.stringify(strips));
});

test('at most three rounds of six rows are read, or as many rounds as asked', async () => {
  const image: GreyImage = { data: Buffer.alloc(WIDTH * 900, 240), width: WIDTH, height: 900 };
  // Twenty rows of print, 40 px apart and each set a little right of the last (no column of ink is a rule), none read.
  for (let i = 0; i < 20; i++) print(image, 100 + (i % 7) * 3, 60 + i * 40, 20);
  const runs = [word('Words', 100, 20, 10), word('read', 254, 20, 10), word('Words', 100, 860, 10), word('read', 254, 860, 10)];
  let strips = 0;
  const none = async (): Promise<TextRun[]> => { strips++; return []; };
  await readUnreadRows(runs, image, 1, none);
  assert.equal(strips, 18);
  strips = 0;
  await readUnreadRows(runs, image, 1, none, { rounds: 1 });
  assert.equal(strips, 6);
});

test('real OCR: a receipt photo whose date row the page reading left out gets its date', async () => {
  // Tune receipt seed 54, number 17: automatic segmentation read its totals, not "Date: 14/11/18".
  const { entry, result, validatedRight } = await extractGenerated((dir) => generateReceipt(54, 17, dir));
  assert.deepEqual([result.fields.date_facture, result.fields.montant_ttc], [entry.expected.date_facture, cents(entry.expected.montant_ttc)]);
  assert.ok(validatedRight, 'validated with a wrong amount or date');
});
