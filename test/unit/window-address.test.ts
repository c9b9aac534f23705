// A DIN 5008 letter: the sender's return address on one small line over the addressee's block in the
// envelope's window, and the sender's name wrapped by a narrow footer column. Invented pages laid out
// as factur-x-kit prints its invoices (tools/third-party).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isReturnAddress } from '../../src/extraction/fields/company-ids.ts';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import { buildLines } from '../../src/extraction/layout/lines.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

const run = (text: string, x: number, y: number, h = 10): TextRun => ({ text, x, y, w: text.length * h * 0.5, h, page: 1 });

/** The window: a return address (or `returnLine`) over the customer's block, the invoice's details beside it. */
function letter(returnLine: string, footer: TextRun[] = []): TextRun[] {
  return [
    run(returnLine, 70, 150, 7),
    run('Brandt Logistik GmbH', 70, 166), run('Rechnungsnummer:', 300, 166), run('RE-40112', 420, 166),
    run('Gartenstraße 12', 70, 181), run('Rechnungsdatum:', 300, 181), run('3. März 2031', 420, 181),
    run('20095 Hamburg', 70, 196),
    run('Rechnung', 70, 255, 15),
    run('Gesamtbetrag Netto', 100, 400), run('100,00 €', 450, 400),
    run('Umsatzsteuer (19,00 % von 100,00 €)', 100, 415), run('19,00 €', 450, 415),
    run('Gesamtbetrag Brutto', 100, 430), run('119,00 €', 450, 430),
    ...footer,
  ];
}

test('a return address over the window names the sender; the block under it is the customer\'s', () => {
  for (const sep of [' · ', ' • ', ' | ', ' - ']) {
    const inv = readFields(letter(['Keller Haustechnik GmbH', 'Lindenweg 7', '04109 Leipzig'].join(sep)));
    assert.equal(inv.fields.fournisseur, 'Keller Haustechnik GmbH', `parted by "${sep}"`);
    assert.ok(!inv.extra.supplierCandidates?.some((c) => /Brandt/.test(c.name)), `the addressee is no candidate (parted by "${sep}")`);
  }
});

test("a return address OCR read with its dots as '©' or lost names the sender too", () => {
  const ocr = (runs: TextRun[]) => runs.map((r) => ({ ...r, conf: 0.9 }));
  const parted = readFields(ocr(letter('Keller Haustechnik GmbH © Lindenweg 7 - 04109 Leipzig')));
  assert.equal(parted.fields.fournisseur, 'Keller Haustechnik GmbH');
  // The dot between name and street lost: smaller print that ends in the town is the return address still.
  const lost = readFields(ocr(letter('Keller Haustechnik GmbH Lindenweg 7 - 04109 Leipzig')));
  assert.ok(!lost.extra.supplierCandidates?.some((c) => /Brandt/.test(c.name)), 'the addressee is no candidate');
});

test('a return address: three parts, a street or a postcode and town among them, the window block starting under it', () => {
  const lines = (first: string, blockX = 70) => buildLines([run(first, 70, 150, 7), run('Brandt Logistik GmbH', blockX, 166)]);
  assert.ok(isReturnAddress(lines('Keller Haustechnik GmbH · Lindenweg 7 · 04109 Leipzig'), 0));
  assert.ok(!isReturnAddress(lines('Keller Haustechnik GmbH · Heizung · Sanitär'), 0), 'no address among the parts');
  assert.ok(!isReturnAddress(lines('Keller Haustechnik GmbH · Lindenweg 7 · 04109 Leipzig', 300), 0), 'nothing starts under it');
  // Two parts ending in the town: only in smaller print than the block under it.
  assert.ok(isReturnAddress(lines('Keller Haustechnik GmbH Lindenweg 7 - 04109 Leipzig'), 0));
  const sameSize = buildLines([run('Keller Haustechnik GmbH Lindenweg 7 - 04109 Leipzig', 70, 150), run('Brandt Logistik GmbH', 70, 166)]);
  assert.ok(!isReturnAddress(sameSize, 0), 'as tall as the block under it');
});

test("supplier: a name a narrow footer column wrapped is read whole when another line spells it whole", () => {
  const footer = [
    run('Softwarehaus', 40, 730, 8), run('IBAN: DE02120300000000202051', 200, 730, 8),
    run('Keller GmbH', 40, 740, 8), run('USt-IdNr.: DE136695976', 200, 740, 8),
    run('Lindenweg 7', 40, 750, 8), run('04109 Leipzig', 40, 760, 8),
  ];
  const inv = readFields(letter('Softwarehaus Keller GmbH · Lindenweg 7 · 04109 Leipzig', footer));
  assert.equal(inv.fields.fournisseur, 'Softwarehaus Keller GmbH');
});
