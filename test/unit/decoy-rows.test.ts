// A discount's row is never the VAT read down a "Tax" column above it ("Allowance (Tax: 20.00%):
// Discount -33.58" under the lines' rates).
// "Line Total Amount" (the lines' sum before allowances, EN 16931's BT-106) is no invoice total.
// Invented pages laid out as factur-x-kit's English template prints them (tools/third-party).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { labelledAmounts } from '../../src/extraction/fields/totals/labelled-amounts.ts';
import { buildLines } from '../../src/extraction/layout/lines.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

const run = (text: string, x: number, y: number, h = 10): TextRun => ({ text, x, y, w: text.length * h * 0.5, h, page: 1 });

/** Amount candidates of a role, as cents. */
const cents = (runs: TextRun[], role: string) => labelledAmounts(buildLines(runs)).list.filter((c) => c.role === role).map((c) => c.cents);

test("a value on a discount's row, under a 'Tax' heading, is no VAT of the column", () => {
  const page = [
    run('Item Product', 40, 300), run('Quantity', 200, 300), run('Tax', 300, 300), run('Total Price', 400, 300),
    run('1', 40, 315), run('Office paper', 60, 315), run('1', 200, 315), run('20%', 300, 315), run('£339.52', 400, 315),
    run('Allowance: Discount', 100, 345), run('- £33.58', 300, 345),
  ];
  assert.ok(!cents(page, 'tva').includes(3358), `VAT candidates: ${cents(page, 'tva').join(', ')}`);
});

test("'Line Total Amount' is no total; 'Total Amount' and 'Gross Total Amount' are", () => {
  assert.deepEqual(cents([run('Line Total Amount', 100, 400), run('£671.65', 450, 400)], 'ttc'), []);
  assert.deepEqual(cents([run('Gross Total Amount', 100, 400), run('£765.68', 450, 400)], 'ttc'), [76568]);
  assert.deepEqual(cents([run('Total Amount', 100, 400), run('£765.68', 450, 400)], 'ttc'), [76568]);
});

test('a sentence that mentions a decoy beside a row of values is no label of them', () => {
  const page = [
    run('TOTAL HT', 300, 900), run('TOTAL TVA', 380, 900), run('TOTAL TTC', 460, 900),
    run("Les règlements reçus avant l'échéance ne donneront pas lieu à escompte.", 40, 915, 8), run('100,00', 300, 915), run('4,90', 380, 915), run('104,90', 460, 915),
  ];
  assert.ok(cents(page, 'ttc').includes(10490), `TTC candidates: ${cents(page, 'ttc').join(', ')}`);
  assert.ok(cents(page, 'ht').includes(10000), `HT candidates: ${cents(page, 'ht').join(', ')}`);
});

test("a discount's row whose own word OCR garbled: the allowance that opens its cell still makes it a decoy", () => {
  const page = [run('Allowance (Tax: 20.00%): Díseount', 100, 400), run('- £33.58', 450, 400)];
  assert.deepEqual(cents(page, 'tva'), []);
});

test('a tax named in brackets after other words is theirs, not the VAT: beside its amount and down a column', () => {
  assert.deepEqual(cents([run('Allowanec (Tax: 20.00%): Disconnt', 100, 400), run('- £33.58', 450, 400)], 'tva'), []);
  assert.deepEqual(cents([run('Shipping (VAT 20 %)', 100, 400), run('£10.00', 450, 400)], 'tva'), []);
  const column = [
    run('Product', 40, 300), run('Quantity', 200, 300), run('Tax', 300, 300),
    run('Office paper', 40, 315), run('1', 200, 315), run('20%', 300, 315),
    run('Allowanec (Tax: 20.00%): Disconnt', 100, 345), run('- £33.58', 300, 345),
  ];
  assert.ok(!cents(column, 'tva').includes(3358), `VAT candidates: ${cents(column, 'tva').join(', ')}`);
  // The tax's own row, its rate and basis in brackets after its name, is the VAT.
  assert.deepEqual(cents([run('Value Added Tax (20.00% of £638.07)', 100, 400), run('£127.61', 450, 400)], 'tva'), [12761]);
  assert.deepEqual(cents([run('Taxe sur la valeur ajoutée (20,00 % de 638,07 €)', 100, 400), run('127,61 €', 450, 400)], 'tva'), [12761]);
});
