// The OCR preprocessing on a real page: a straight render of a corpus invoice, turned by a known
// angle here, must come back with that angle measured and undone.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import sharp from 'sharp';
import { estimateSkew } from '../../src/extraction/ocr/deskew.ts';
import { clearDarkBorders } from '../../src/extraction/ocr/dark-borders.ts';
import { lightenDarkPanels } from '../../src/extraction/ocr/dark-panels.ts';
import { eraseRulingLines } from '../../src/extraction/ocr/ruling-lines.ts';
import { eraseDotLeaders } from '../../src/extraction/ocr/dot-leaders.ts';
import { evenLighting } from '../../src/extraction/ocr/even-lighting.ts';
import { darkenFaintPrint } from '../../src/extraction/ocr/faint-print.ts';
import { wordsFromTsv } from '../../src/extraction/ocr/ocr-engine.ts';
import { prepareImage, type GreyImage } from '../../src/extraction/ocr/prepare-image.ts';
import { corpusPath } from '../helpers/service.ts';

const PAGE = corpusPath('docs/synthetic-fr/syn-003_p1.png');

async function grey(bytes: Buffer) {
  const { data, info } = await sharp(bytes).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const darkPixels = (data: Buffer) => data.reduce((n, v) => n + (v < 80 ? 1 : 0), 0);

test('skew is measured to within 0.15° either way, and a straight page measures straight', async () => {
  const straight = fs.readFileSync(PAGE);
  assert.ok(Math.abs(await estimateSkew(await grey(straight))) < 0.15);
  for (const degrees of [1.8, -2.3]) {
    // sharp turns clockwise for positive angles: rows then descend to the right.
    const turned = await sharp(straight).rotate(degrees, { background: '#ffffff' }).png().toBuffer();
    const measured = await estimateSkew(await grey(turned));
    assert.ok(Math.abs(measured - degrees) < 0.15, `turned ${degrees}°, measured ${measured}°`);
  }
});

test('a small skewed scan is upscaled at most to an A4 width at 300 dpi, then straightened', async () => {
  const scan = await sharp(fs.readFileSync(PAGE)).resize({ width: 1200 }).rotate(2, { background: '#ffffff' }).jpeg({ quality: 70 }).toBuffer();
  const { data, width, height } = await prepareImage(scan);
  // 2x the (rotated) width, capped at 2480, and wider again by the straightening's own rotation.
  assert.ok(width > 2400 && width < 2700, `width ${width}`);
  assert.ok(Math.abs(await estimateSkew({ data, width, height })) < 0.15, 'the prepared page is straight');
});

test('dark surround touching the edge is cleared, and a grey table beside white paper; the text inside the page is kept', async () => {
  const page = await grey(await sharp(fs.readFileSync(PAGE)).resize({ width: 800 }).png().toBuffer());
  // The page on a black table: 60 px of surround on the right and at the bottom, as a scanner lid leaves.
  const framed = await grey(await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .extend({ right: 60, bottom: 60, background: '#000000' }).png().toBuffer());
  const cleared = clearDarkBorders(framed);
  const surround = Buffer.concat(Array.from({ length: 40 }, (_, k) => {
    const row = (page.height + 10 + k) * framed.width;
    return cleared.data.subarray(row, row + framed.width);
  }));
  assert.equal(darkPixels(surround), 0, 'the surround is white');
  const inkBefore = darkPixels(page.data);
  const inkAfter = darkPixels(Buffer.concat(Array.from({ length: page.height }, (_, y) => cleared.data.subarray(y * framed.width, y * framed.width + page.width))));
  assert.ok(inkBefore > 1000 && inkAfter === inkBefore, `ink before ${inkBefore}, after ${inkAfter}`);
  // On a grey table: darker than the white paper by far, though not dark in itself.
  const onTable = await grey(await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .extend({ left: 60, right: 60, background: '#707070' }).png().toBuffer());
  const clearedTable = clearDarkBorders(onTable);
  const column = (img: GreyImage, x: number) => Array.from({ length: img.height }, (_, y) => img.data[y * img.width + x]!);
  assert.ok(column(clearedTable, 20).every((v) => v === 255) && column(clearedTable, onTable.width - 20).every((v) => v === 255), 'the table is white');
  const inkOnTable = darkPixels(Buffer.concat(Array.from({ length: page.height }, (_, y) => clearedTable.data.subarray(y * onTable.width + 60, y * onTable.width + 60 + page.width))));
  assert.equal(inkOnTable, inkBefore, 'the page\'s ink is kept');
});

test('uneven light: the paper in shadow comes back white and the ink stays dark; an evenly lit page is left alone', async () => {
  const page = await grey(fs.readFileSync(PAGE));
  assert.equal(await evenLighting(page), null, 'a clean render needs no correction');
  // A shadow falling across the page from left to right, as a phone held above it casts:
  // the paper darkens from 250 to 140.
  const shadowed = { ...page, data: Buffer.from(page.data) };
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      const light = 250 - (110 * x) / page.width;
      shadowed.data[y * page.width + x] = Math.round((page.data[y * page.width + x]! * light) / 255);
    }
  }
  const evened = await evenLighting(shadowed);
  assert.ok(evened, 'a shadowed page is corrected');
  const band = (image: GreyImage, x0: number, x1: number) => {
    const values: number[] = [];
    for (let y = 0; y < image.height; y += 3) for (let x = x0; x < x1; x += 3) values.push(image.data[y * image.width + x]!);
    values.sort((a, b) => a - b);
    return { paper: values[Math.floor(values.length * 0.6)]!, ink: values.filter((v) => v < 100).length / values.length };
  };
  const right = band(evened, Math.floor(page.width * 0.75), page.width);
  assert.ok(band(shadowed, Math.floor(page.width * 0.75), page.width).paper < 160, 'the shadow is there before');
  assert.ok(right.paper >= 240, `paper in the shadow after: ${right.paper}`);
  // The ink's share of the shadowed band is what it was on the clean page (within a few per mille).
  const clean = band(page, Math.floor(page.width * 0.75), page.width);
  assert.ok(Math.abs(right.ink - clean.ink) < 0.004, `ink share ${right.ink} against ${clean.ink}`);
});

test('white print on a dark box becomes dark print on white paper; the rest of the page, and a page without boxes, are left alone', async () => {
  const page = await grey(fs.readFileSync(PAGE));
  assert.equal(lightenDarkPanels(page), null, 'a page without dark boxes is left alone');
  // A band of the page's text printed as a box of a firm's colour (grey 90) with its print in white.
  // Its edges run through blank paper, as a box's padding does: rows with no ink from x0 to x1.
  const blankRow = (y: number) => page.data.subarray(y * page.width + 100, y * page.width + page.width - 100).every((v) => v > 200);
  let y0 = Math.floor(page.height * 0.3);
  while (!blankRow(y0)) y0++;
  let y1 = y0 + 160;
  while (!blankRow(y1 - 1)) y1++;
  const [x0, x1] = [100, page.width - 100];
  const boxed = { ...page, data: Buffer.from(page.data) };
  const inBox = (i: number) => { const x = i % page.width; const y = Math.floor(i / page.width); return x >= x0 && x < x1 && y >= y0 && y < y1; };
  for (let i = 0; i < boxed.data.length; i++) if (inBox(i)) boxed.data[i] = Math.round(90 + ((255 - page.data[i]!) * 165) / 255);
  const lightened = lightenDarkPanels(boxed);
  assert.ok(lightened, 'the box is found');
  let inkBefore = 0;
  let inkAfter = 0;
  let outsideChanged = 0;
  for (let i = 0; i < page.data.length; i++) {
    if (!inBox(i)) { if (lightened.data[i] !== page.data[i]) outsideChanged++; continue; }
    if (page.data[i]! < 80) inkBefore++;
    if (lightened.data[i]! < 80) inkAfter++;
  }
  assert.equal(outsideChanged, 0, 'nothing outside the box changes');
  // The print comes back as ink where it was; only the antialiased edge of each stroke is lost to the box.
  assert.ok(inkBefore > 500 && inkAfter > inkBefore * 0.85 && inkAfter <= inkBefore * 1.05, `ink in the box before ${inkBefore}, after ${inkAfter}`);
  // A large bold ring (a letter "O" in a 100-point title) is print, not a box, and is left as printed.
  const ring = { width: 400, height: 400, data: Buffer.alloc(400 * 400, 255) };
  for (let y = 0; y < 400; y++) for (let x = 0; x < 400; x++) {
    const r = Math.hypot(x - 200, y - 200);
    if (r > 60 && r < 150) ring.data[y * 400 + x] = 0;
  }
  assert.ok(lightenDarkPanels(ring) === null, "the ring is left as printed");
});

test("a table's thin rules, black or mid-grey, are erased; letters and a thick block of ink are left as printed", () => {
  const [width, height] = [700, 400];
  const image = { width, height, data: Buffer.alloc(width * height, 255) };
  const paint = (x0: number, y0: number, w: number, h: number, v: number) => {
    for (let y = y0; y < y0 + h; y++) image.data.fill(v, y * width + x0, y * width + x0 + w);
  };
  paint(40, 50, 600, 2, 0); // a black rule under a row of headings
  paint(40, 120, 600, 3, 150); // a mid-grey one
  paint(300, 40, 2, 300, 0); // a column's rule, crossing both
  for (let k = 0; k < 20; k++) paint(60 + k * 12, 60, 8, 30, 0); // a word's letters, just under the first rule
  paint(40, 200, 240, 40, 20); // a black band: a panel, no rule
  const erased = eraseRulingLines(image);
  assert.ok(erased, 'the rules are found');
  const at = (x: number, y: number) => erased.data[y * width + x]!;
  assert.deepEqual([at(500, 50), at(500, 51), at(500, 121), at(301, 300), at(300, 50)], [255, 255, 255, 255, 255], 'every rule is white');
  const unchanged = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (erased.data[y * width + x] !== image.data[y * width + x]) return false;
    return true;
  };
  assert.ok(unchanged(60, 60, 240, 30), 'the letters are as printed');
  assert.ok(unchanged(40, 200, 240, 40), 'the band is as printed');
  assert.equal(eraseRulingLines({ width, height, data: Buffer.alloc(width * height, 255) }), null, 'a page without rules is left alone');
});

test("the paper's edges are not rules: a receipt photographed on a table has a dark line down each side, and is left as it is", () => {
  const [width, height] = [500, 1200];
  const receipt = { width, height, data: Buffer.alloc(width * height, 255) };
  const paint = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) receipt.data.fill(0, y * width + x0, y * width + x0 + w);
  };
  paint(6, 0, 2, height); // the left edge of the paper, 1 % in
  paint(width - 15, 0, 3, height); // the right one, 3 % in
  paint(0, 4, width, 2); // the top of the paper
  for (let k = 0; k < 20; k++) paint(60 + k * 12, 300, 8, 30); // a line of print
  assert.ok(eraseRulingLines(receipt) === null, 'nothing is erased');
  // The same line, a little further in, is a rule of the page.
  paint(40, 600, 400, 2);
  const erased = eraseRulingLines(receipt);
  assert.ok(erased && erased.data[601 * width + 200] === 255 && erased.data[600 * width + 7] === 0, 'only the rule inside the page is erased');
});

test('leader dots between a label and its amount are erased, faint or bold; letters, an ellipsis and a line of small print are left as printed', () => {
  const [width, height] = [800, 200];
  const page = { width, height, data: Buffer.alloc(width * height, 255) };
  const paint = (x0: number, y0: number, w: number, h: number, v = 0) => {
    for (let y = y0; y < y0 + h; y++) page.data.fill(v, y * width + x0, y * width + x0 + w);
  };
  for (let k = 0; k < 8; k++) paint(20 + k * 14, 40, 10, 16); // "Total TTC"
  for (let k = 0; k < 30; k++) if (k !== 10) paint(140 + k * 12, 53, 3, 3); // the leader, on the baseline, a dot lost to noise
  for (let k = 0; k < 20; k++) paint(140 + k * 16, 75, 9, 9); // a bold one, blurred by a scan
  // A faint one, blurred by a phone scan: grey dots grown to 7 pixels, their centres 10 apart.
  for (let k = 0; k < 25; k++) paint(140 + k * 10, 125, 7, 7, 195);
  for (let k = 0; k < 5; k++) paint(520 + k * 14, 40, 10, 16); // "48,90"
  for (let k = 0; k < 3; k++) paint(20 + k * 8, 103, 3, 3); // an ellipsis: "..."
  // Small print: letters as small as dots, evenly spaced, but each with a hole ("o").
  for (let k = 0; k < 40; k++) { paint(20 + k * 8, 150, 6, 6); paint(22 + k * 8, 152, 2, 2, 255); }
  const erased = eraseDotLeaders(page);
  assert.ok(erased, 'the leader is found');
  const changed = (x0: number, y0: number, w: number, h: number) => {
    let n = 0;
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (erased.data[y * width + x] !== page.data[y * width + x]) n++;
    return n;
  };
  assert.equal(changed(140, 50, 360, 10), 29 * 9, 'every dot of the leader is white');
  assert.equal(changed(140, 73, 330, 13), 20 * 81, 'and of the bold one');
  assert.equal(changed(140, 123, 260, 11), 25 * 49, 'and of the faint one');
  assert.equal(changed(0, 0, width, height) - changed(140, 50, 360, 10) - changed(140, 73, 330, 13) - changed(140, 123, 260, 11), 0, 'nothing else changes');
  paint(140, 53, 360, 3, 255);
  paint(140, 75, 330, 9, 255);
  paint(140, 125, 260, 7, 255);
  assert.ok(eraseDotLeaders(page) === null, 'a page without a leader is left alone');
});

test('pale print is darkened below the binarisation threshold; paper stays white and ink black', () => {
  const pixels = Buffer.from([255, 230, 170, 128, 40, 0]);
  const out = darkenFaintPrint({ data: pixels, width: 6, height: 1 }).data;
  assert.equal(out[0], 255);
  assert.ok(out[1]! > 180, `light paper tint stays light: ${out[1]}`);
  assert.ok(out[2]! < 100, `pale grey print becomes dark: ${out[2]}`);
  assert.ok(out[4]! <= 3 && out[5] === 0);
  assert.equal(pixels[2], 170, 'the page itself is not changed');
});

test('tesseract TSV: word rows become positioned runs; block, line and empty rows are left out', () => {
  const tsv = [
    'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
    '2\t1\t1\t0\t0\t0\t40\t20\t300\t30\t-1\t',
    '5\t1\t1\t1\t1\t1\t40\t20\t80\t24\t96.5\tTotal',
    '5\t1\t1\t1\t1\t2\t130\t21\t60\t23\t88\tTTC',
    '5\t1\t1\t1\t1\t3\t200\t20\t10\t24\t95\t ',
    '5\t1\t2\t1\t3\t1\t400\t20\t70\t24\t91\t12,50',
  ].join('\n');
  assert.deepEqual(wordsFromTsv(tsv, 2, 7), [
    { text: 'Total', x: 40, y: 20, w: 80, h: 24, page: 2, conf: 0.965, ocrLine: '7:1.1.1' },
    { text: 'TTC', x: 130, y: 21, w: 60, h: 23, page: 2, conf: 0.88, ocrLine: '7:1.1.1' },
    { text: '12,50', x: 400, y: 20, w: 70, h: 24, page: 2, conf: 0.91, ocrLine: '7:2.1.3' },
  ]);
});
