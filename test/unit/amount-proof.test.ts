// When the amounts prove each other (proof 'equation', the only one that can validate), on invented
// layouts: a per-rate table closed by its total row, a net equal to its total with no VAT printed,
// and German "Netto / USt. / Brutto" lines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

const run = (text: string, x: number, y: number, h = 10, conf = 1): TextRun => ({ text, x, y, w: text.length * h * 0.5, h, page: 1, conf });
/** A word OCR read fairly surely, at (x, y). */
const ocrAt = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
const header = [run('Papeterie Lemoine SARL', 40, 20, 18), run('Date de facture : 12/03/2026', 350, 60)];
const read = (runs: TextRun[]) => {
  const inv = readFields([...header, ...runs]);
  return { amounts: [inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc], proof: inv.extra.amountsProof };
};

test('a table with one row per VAT rate and a total row: the rows are parts of the total, which is proven', () => {
  const table = [
    run('Warenwert', 40, 300), run('Nettobetrag', 160, 300), run('MwSt-Betrag', 280, 300), run('MwSt-%', 400, 300), run('Endbetrag', 480, 300),
    run('310,00', 40, 315), run('310,00', 160, 315), run('58,90', 280, 315), run('19,0', 400, 315), run('368,90', 480, 315),
    run('45,00', 40, 330), run('45,00', 160, 330), run('3,15', 280, 330), run('7,0', 400, 330), run('48,15', 480, 330),
    run('355,00', 40, 345), run('355,00', 160, 345), run('62,05', 280, 345), run('EUR', 400, 345), run('417,05', 480, 345),
  ];
  assert.deepEqual(read(table), { amounts: [35500, 6205, 41705], proof: 'equation' });
});

test('two rows that both add up and do not sum to the chosen total still make the page ambiguous', () => {
  const table = [
    run('Nettobetrag', 160, 300), run('MwSt-Betrag', 280, 300), run('Endbetrag', 480, 300),
    run('310,00', 160, 315), run('58,90', 280, 315), run('368,90', 480, 315),
    run('45,00', 160, 330), run('3,15', 280, 330), run('48,15', 480, 330),
  ];
  assert.notEqual(read(table).proof, 'equation');
});

test('no VAT printed: a labelled net and a labelled total that agree, on lines of their own, prove it zero', () => {
  const lines = [run('Total HT', 350, 400), run('480,00 €', 480, 400), run('Total TTC', 350, 430), run('480,00 €', 480, 430)];
  assert.deepEqual(read(lines), { amounts: [48000, 0, 48000], proof: 'equation' });
});

test('no VAT amount read: a printed rate, a stronger total, or an amount due alone prove nothing', () => {
  const rate = [run('Total HT', 350, 400), run('480,00 €', 480, 400), run('TVA 20 %', 350, 415), run('Total TTC', 350, 430), run('480,00 €', 480, 430)];
  assert.notEqual(read(rate).proof, 'equation');
  // "Total" before VAT, the VAT line unread, the real total below it.
  const stronger = [run('Total HT', 350, 385), run('480,00 €', 480, 385), run('Total', 350, 400), run('480,00 €', 480, 400), run('Total TTC', 350, 430), run('576,00 €', 480, 430)];
  assert.notEqual(read(stronger).proof, 'equation');
  // What remains to pay may follow a deposit: it is no total.
  const due = [run('Total HT', 350, 400), run('480,00 €', 480, 400), run('Net à payer', 350, 430), run('480,00 €', 480, 430)];
  assert.notEqual(read(due).proof, 'equation');
});

test('German "Netto", "USt." and "Brutto" lines; a "Bruttopreis" is a unit price, not the total', () => {
  const lines = [
    run('Bruttopreis: 12,5000 €', 40, 250),
    run('Netto', 350, 400), run('212,61 €', 480, 400),
    run('USt. (19 %)', 350, 415), run('40,40 €', 480, 415),
    run('Brutto', 350, 430), run('253,01 €', 480, 430),
  ];
  assert.deepEqual(read(lines), { amounts: [21261, 4040, 25301], proof: 'equation' });
});

test('a VAT summary row whose tax is its basis times its rate gives the net that the total proves', () => {
  const ocr = (text: string, y: number, x = 40) => run(text, x, y, 10, 0.92);
  // A till's GST summary: no net labelled, the basis only in the summary's row.
  const receipt = [
    ocr('Total Amount RM 84.80', 300), ocr('Tendered RM 100.00', 315), ocr('Change RM 15.20', 330),
    ocr('GST Summary', 360), ocr('Amount(RM)', 360, 160), ocr('Tax(RM)', 360, 260),
    ocr('SR = 6%', 375), ocr('80.00', 375, 160), ocr('4.80', 375, 260),
  ];
  assert.deepEqual(read(receipt), { amounts: [8000, 480, 8480], proof: 'equation' });
  // Two rates: the bases sum to the net, the taxes to the VAT.
  const twoRates = [
    run('Taux', 40, 300), run('Base', 160, 300), run('Montant TVA', 280, 300),
    run('20 %', 40, 315), run('1 250,00', 160, 315), run('250,00', 280, 315),
    run('5,5 %', 40, 330), run('300,00', 160, 330), run('16,50', 280, 330),
    run('Net à payer', 40, 360), run('1 816,50 €', 280, 360),
  ];
  assert.deepEqual(read(twoRates), { amounts: [155000, 26650, 181650], proof: 'equation' });
});

test('a row is no rate row when its tax is not its basis times its rate, or an amount comes before the rate', () => {
  const ocr = (text: string, y: number, x = 40) => run(text, x, y, 10, 0.92);
  const offByAFew = [ocr('Total Amount RM 84.85', 300), ocr('GST Summary', 360), ocr('SR = 6%', 375), ocr('80.00', 375, 160), ocr('4.85', 375, 260)];
  assert.notEqual(read(offByAFew).proof, 'equation', '80.00 at 6 % is 4.80, not 4.85');
  const itemRow = [ocr('Total RM 84.80', 300), ocr('GST', 360), ocr('Lamp 80.00', 375), ocr('6%', 375, 160), ocr('80.00', 375, 220), ocr('4.80', 375, 300)];
  assert.notEqual(read(itemRow).proof, 'equation', "an item's row proves its own line, not the totals");
  // A service charge is its rate of its basis too, and no tax: on a receipt that charges no VAT it is
  // part of the net (subtotal + charge = total), never its VAT.
  const charge = [ocr('Sub Total 64.90', 300), ocr('Service Charge 10%', 315), ocr('64.90', 315, 200), ocr('6.49', 315, 260), ocr('Total 71.39', 330)];
  assert.deepEqual(read(charge).amounts, [7139, 0, 7139]);
  const noTaxNamed = [ocr('Total 84.80', 300), ocr('Points earned', 360), ocr('A 6%', 375), ocr('80.00', 375, 160), ocr('4.80', 375, 260)];
  assert.notEqual(read(noTaxNamed).proof, 'equation', 'no tax named on the row or just above it');
});

test("a GST summary's row whose rate OCR garbled proves its net when its tax is one known rate of it and a total is their sum", () => {
  const ocr = (text: string, y: number, x = 40) => run(text, x, y, 10, 0.92);
  const receipt = (row: string[]) => read([
    ocr('SUBTOTAL 26.50', 300), ocr('TOTAL (GST INCL) 26.50', 315), ocr('CASH 30.00', 330), ocr('CHANGE DUE 3.50', 345),
    ocr('GST - Rate', 375), ocr('GST Amt', 375, 260),
    ...row.map((cell, i) => ocr(cell, 390, 40 + i * 60)),
  ]);
  // "S 6% 25.00 1.50" read "5 bs 25.00 1.50": 1.50 is 6 % of 25.00, and no other known rate's.
  assert.deepEqual(receipt(['5', 'bs', '25.00', '1.50']), { amounts: [2500, 150, 2650], proof: 'equation' });
  assert.notEqual(receipt(['5', 'b%', '25.20', '1.30']).proof, 'equation', '1.30 is no known rate of 25.20 (5.2 %)');
  assert.notEqual(receipt(['Points', '25.00', '1.50']).proof, 'equation', 'words before the amounts: no rate code');
  assert.notEqual(receipt(['GST', '25.00', '1.50']).proof, 'equation', 'a tax named on the row is no garbled rate');
  assert.notEqual(receipt(['5', 'bs', '25.00', '1', '1.50']).proof, 'equation', 'a number between the two amounts: an item row');
});

test('one printed cell that the columns of two headings both reach is no net equal to its total', () => {
  // OCR-noise review (corpus tune half, seed 86, with shifted words): under "TOTAL HT | TOTAL TTC",
  // the first row read was the amount already paid, its label misread ("Montanf déjà payé : 10,00"),
  // whose one cell both headings' columns reach; beside a VAT of nothing, net = total proved 10,00.
  const at = (text: string, x: number, y: number, w: number, h: number) => ({ ...run(text, x, y, h, 0.93), w });
  const page = [
    at('VATEX-EU-O', 37, 637, 34, 6.8), at('HORS SCOPE TVA', 124, 636, 48, 6.8), at('-', 410, 638, 2, 6.8), at('100,00', 451, 638, 19, 6.8), at('0,00', 537, 635, 13, 7.6),
    at("taux d'intérêt légal.", 42, 662, 49, 6.2), at('TOTAL HT', 379, 660, 31, 7.6), at('TOTAL TTC', 499, 659, 34, 7.6),
    at('Montanf déjà payé :', 409, 695, 63, 7.6), at('10,00', 523, 698, 17, 7.6),
  ];
  const { amounts, proof } = read(page);
  assert.ok(!(proof === 'equation' && amounts[0] === 1000 && amounts[2] === 1000), `${amounts.join(' ')} ${proof}`);
});

test('a service charge just below the net, its printed rate of that net, is taxed with it: the net is their sum', () => {
  const ocr = (text: string, y: number) => run(text, 40, y, 10, 0.92);
  const receipt = (charge: string, gst = '3.46', total = '61.10') => read([ocr('Sub Total 52.40', 300), ocr(charge, 315), ocr(`GST 6% ${gst}`, 330), ocr(`Total ${total}`, 345)]);
  assert.deepEqual(receipt('Service Charge 10% 5.24'), { amounts: [5764, 346, 6110], proof: 'equation' });
  assert.deepEqual(receipt('SVC CHG (10%) 5.24'), { amounts: [5764, 346, 6110], proof: 'equation' });
  // 52.40 + 5.42 + 3.47 (6 % of 57.82) adds up to 61.29, but 5.42 is not 10 % of 52.40: a misread, or another charge.
  assert.notEqual(receipt('Service Charge 10% 5.42', '3.47', '61.29').proof, 'equation');
});

test("a rate's VAT printed in the summary's row and again beside its own label counts once in the VAT's sum", () => {
  const page = [
    run('Code TVA', 40, 300), run('Base HT', 160, 300), run('Taxe', 280, 300),
    run('20 %', 40, 315), run('240,50', 160, 315), run('48,10', 280, 315),
    run('5,5 %', 40, 330), run('1 012,00', 160, 330), run('55,66', 280, 330),
    run('Montant HT', 40, 350), run('1 252,50 €', 280, 350),
    run('TVA à 20 %', 40, 365), run('48,10 €', 280, 365),
    run('TVA à 5,5 %', 40, 380), run('55,66 €', 280, 380),
    run('Total T.T.C.', 40, 395), run('1 356,26 €', 280, 395),
  ];
  assert.deepEqual(read(page), { amounts: [125250, 10376, 135626], proof: 'equation' });
});

test('a VAT whose decimal comma OCR lost is checked by a net and a total read as printed', () => {
  const lines = [
    ocrAt('Montant total HT', 40, 400), ocrAt('Total TVA', 200, 400), ocrAt('Total TTC', 360, 400),
    ocrAt('4 310,50 €', 40, 415), ocrAt('86210 €', 200, 415), ocrAt('5 172,60 €', 360, 415),
  ];
  assert.deepEqual(read(lines), { amounts: [431050, 86210, 517260], proof: 'equation' });
});

test('a repaired VAT proves nothing beside a net or a total that was itself repaired', () => {
  const lines = [
    ocrAt('Montant total HT', 40, 400), ocrAt('Total TVA', 200, 400), ocrAt('Total TTC', 360, 400),
    ocrAt('431050 €', 40, 415), ocrAt('86210 €', 200, 415), ocrAt('5 172,60 €', 360, 415),
  ];
  const { amounts, proof } = read(lines);
  assert.deepEqual(amounts, [431050, 86210, 517260]);
  assert.equal(proof, 'weak');
});

test('a total whose leading digit OCR lost is the sum of a net and a VAT that prove each other at their printed rate', () => {
  const summary = [ocrAt('Taux TVA', 40, 380), ocrAt('Base', 160, 380), ocrAt('TVA', 280, 380), ocrAt('20 %', 40, 395), ocrAt('24.381,15', 160, 395), ocrAt('4.876,23', 280, 395)];
  const totals = [ocrAt('Montant total HT', 300, 430), ocrAt('24.381,15 EUR', 480, 430), ocrAt('Total T.V.A.', 300, 445), ocrAt('4.876,23 EUR', 480, 445)];
  const lost = [ocrAt('Total toutes taxes comprisek', 300, 460), ocrAt('9.257,38 EUR', 480, 460)];
  assert.deepEqual(read([...summary, ...totals, ...lost]), { amounts: [2438115, 487623, 2925738], proof: 'equation' });
  // Without the rate that checks the net and the VAT, the sum the total's digits end is a guess.
  assert.notEqual(read([...totals, ...lost]).proof, 'equation');
  // A total of four digits left ends a sum by chance too often; so does a round one ("400,00" of 2 400,00).
  const short = [ocrAt('Montant total HT', 300, 430), ocrAt('2.081,15 EUR', 480, 430), ocrAt('TVA 20 %', 300, 445), ocrAt('416,23 EUR', 480, 445), ocrAt('Total TTC', 300, 460), ocrAt('97,38 EUR', 480, 460)];
  assert.notEqual(read(short).proof, 'equation');
  const round = [ocrAt('Montant total HT', 300, 430), ocrAt('2.000,00 EUR', 480, 430), ocrAt('TVA 20 %', 300, 445), ocrAt('400,00 EUR', 480, 445), ocrAt('Total TTC', 300, 460), ocrAt('400,00 EUR', 480, 460)];
  assert.notEqual(read(round).proof, 'equation');
  // Two rates printed: one rate's net and VAT sum to a part of the total only.
  const twoRates = [...summary, ocrAt('5,5 %', 40, 410), ocrAt('1.000,00', 160, 410), ocrAt('55,00', 280, 410), ...totals, ...lost];
  assert.notEqual(read(twoRates).proof, 'equation');
});

test('a total that includes its tax at a printed rate, read twice, gives the net that no line prints', () => {
  const till = [ocrAt('Sub-total:', 40, 300), ocrAt('418.70', 200, 300), ocrAt('(Inclusive) GST 6%', 40, 315), ocrAt('23.70', 200, 315), ocrAt('Total :', 40, 330), ocrAt('418.70', 200, 330)];
  assert.deepEqual(read(till), { amounts: [39500, 2370, 41870], proof: 'equation' });
  // The payment proves a total read once: 500.00 tendered, 81.30 given back.
  const paid = [ocrAt('SUBTOTAL', 40, 300), ocrAt('418.70', 200, 300), ocrAt('CASH', 40, 315), ocrAt('500.00', 200, 315), ocrAt('CHANGE', 40, 330), ocrAt('81.30', 200, 330), ocrAt('INC 6% GST', 40, 345), ocrAt('23.70', 200, 345)];
  assert.deepEqual(read(paid), { amounts: [39500, 2370, 41870], proof: 'equation' });
});

test('a total with its tax included proves no net when read once, or when the tax is not exactly its rate', () => {
  const once = [ocrAt('TOTAL (INCL. GST)', 40, 300), ocrAt('418.70', 200, 300), ocrAt('GST 6%', 40, 315), ocrAt('23.70', 200, 315)];
  assert.notEqual(read(once).proof, 'equation');
  // 418.90 less 23.70 is 395.20, whose 6 % is 23.71: a cent's tolerance would take it.
  const inexact = [ocrAt('Sub-total:', 40, 300), ocrAt('418.90', 200, 300), ocrAt('(Inclusive) GST 6%', 40, 315), ocrAt('23.70', 200, 315), ocrAt('Total :', 40, 330), ocrAt('418.90', 200, 330)];
  assert.notEqual(read(inexact).proof, 'equation');
});

test('a zero from any cell of a row, or a VAT whose sign OCR left opposite the totals, proves no net equal to its total', () => {
  const zeroCell = [
    ocrAt('Total HT', 350, 400), ocrAt('480,00 €', 480, 400), ocrAt('Remise', 40, 415), ocrAt('TVA 20 %', 350, 415),
    ocrAt('0,00', 40, 427), ocrAt('96,00', 480, 427), ocrAt('Total TTC', 350, 445), ocrAt('480,00 €', 480, 445),
  ];
  assert.notEqual(read(zeroCell).proof, 'equation');
  const flipped = [ocrAt('Total HT', 350, 400), ocrAt('1 000,00 €', 480, 400), ocrAt('TVA 20 %', 350, 415), ocrAt('-200,00 €', 480, 415), ocrAt('Total TTC', 350, 430), ocrAt('1 200,00 €', 480, 430)];
  assert.notEqual(read(flipped).proof, 'equation');
});

test('a cash rounding on the page keeps a net out of a total that includes its tax', () => {
  const till = [
    ocrAt('SUBTOTAL', 40, 300), ocrAt('418.68', 200, 300), ocrAt('GST 6% included', 40, 315), ocrAt('23.70', 200, 315),
    ocrAt('Rounding Adj', 40, 330), ocrAt('0.02', 200, 330), ocrAt('TOTAL', 40, 345), ocrAt('418.70', 200, 345),
    ocrAt('CASH', 40, 360), ocrAt('500.00', 200, 360), ocrAt('CHANGE', 40, 375), ocrAt('81.30', 200, 375),
  ];
  assert.notEqual(read(till).proof, 'equation');
});

test('no VAT: a net read down a column that runs on into the total\'s own line is that total read twice, and proves nothing', () => {
  const page = [
    ocrAt('Désignation', 40, 300), ocrAt('Quantité', 200, 300), ocrAt('Total HT', 440, 300),
    ocrAt('Pain de campagne', 40, 315), ocrAt('1', 200, 315), ocrAt('3,48', 440, 315),
    ocrAt('Total H.T.', 300, 330), ocrAt('3,48 €', 440, 330),
    ocrAt('Total TVA', 300, 345), ocrAt('0,00 €', 440, 345),
    // 3,48 misread: the column under "Total HT" reads it as its last row.
    ocrAt('Montant total TTC', 300, 360), ocrAt('8,48 €', 440, 360),
  ];
  assert.notEqual(read(page).proof, 'equation');
  // A row of values under a row of headings, one cell each: proven.
  const row = [ocrAt('Total HT', 40, 300), ocrAt('TVA', 200, 300), ocrAt('Total TTC', 360, 300), ocrAt('3,48 €', 40, 315), ocrAt('0,00 €', 200, 315), ocrAt('3,48 €', 360, 315)];
  assert.deepEqual(read(row), { amounts: [348, 0, 348], proof: 'equation' });
});

test('a total printed below the proven one, which a charge printed between them takes it to, leaves the proof weak', () => {
  const sum = [
    run('Total HT', 350, 400), run('640,00 €', 480, 400), run('TVA 20 %', 350, 415), run('128,00 €', 480, 415),
    run('Total TTC', 350, 430), run('768,00 €', 480, 430),
  ];
  assert.deepEqual(read(sum), { amounts: [64000, 12800, 76800], proof: 'equation' });
  // A charge outside the VAT, then the invoice's own total: 768 is only a part of what it asks.
  const disbursed = [...sum, run('Frais de dossier (non soumis)', 200, 445), run('42,00 €', 480, 445), run('Total facture', 350, 460), run('810,00 €', 480, 460)];
  assert.deepEqual(read(disbursed), { amounts: [64000, 12800, 76800], proof: 'weak' });
  // A till's total of the cash handed over, with the change between: a payment, not a charge.
  assert.equal(read([...sum, run('Cash', 350, 445), run('800,00 €', 480, 445), run('Change', 350, 460), run('32,00 €', 480, 460), run('Total Paid', 350, 475), run('800,00 €', 480, 475)]).proof, 'equation');
  // Smaller totals a deposit explains, and the same total repeated, still leave it proven.
  assert.equal(read([...sum, run('Acompte versé', 350, 445), run('-300,00 €', 480, 445), run('Reste à payer', 350, 460), run('468,00 €', 480, 460)]).proof, 'equation');
  assert.equal(read([...sum, run('Net à payer', 350, 460), run('768,00 €', 480, 460)]).proof, 'equation');
  // A larger total before a discount printed between the two is what the discount leaves.
  assert.equal(read([
    run('Total TTC avant remise', 350, 385), run('800,00 €', 480, 385), run('Remise', 350, 392), run('-32,00 €', 480, 392), ...sum,
  ]).proof, 'equation');
});

test("one item's row under HT | TVA | TTC headings proves no total while a labelled total says another amount", () => {
  const page = (total: string) => read([
    run('Désignation', 40, 300), run('Montant HT', 300, 300), run('TVA', 380, 300), run('Montant TTC', 460, 300),
    run('Table en chêne', 40, 315), run('900,00', 300, 315), run('180,00', 380, 315), run('1 080,00', 460, 315),
    run('Livraison', 40, 345), run('10,00', 300, 345),
    run('Total HT', 350, 400), run('910,00 €', 480, 400), run('TVA 20 %', 350, 415), run('182,00 €', 480, 415),
    run('Total TTC', 350, 430), run(total, 480, 430),
  ]);
  assert.deepEqual(page('1 092,00 €'), { amounts: [91000, 18200, 109200], proof: 'equation' });
  // The total misread smaller: the labelled amounts no longer add up, and the item's row, under
  // headings that name a description, is one item's amounts, no total of the invoice: nothing proves.
  assert.equal(page('1 052,00 €').proof, 'none');
});

test("the amounts down a table of items are each item's: only a last row that sums those above may be the invoice's", () => {
  const items = [
    run('Beschreibung', 40, 300), run('Anz.', 200, 300), run('Preis netto', 260, 300), run('USt.', 360, 300), run('Gesamt brutto', 460, 300),
    run('Wartung Heizung', 40, 315), run('2', 200, 315), run('120,50 €', 260, 315), run('-', 360, 315), run('241,00 €', 460, 315),
    run('Anfahrt', 40, 330), run('1', 200, 330), run('35,00 €', 260, 330), run('-', 360, 330), run('35,00 €', 460, 330),
  ];
  // No net is printed: the last item's price and amount (35,00 and 35,00) once made a zero-VAT
  // "solution" whose total hid the invoice's own, under two labels.
  const labelled = [run('Summe brutto', 350, 400), run('276,00 €', 480, 400), run('enthaltene MwSt.', 350, 415), run('0,00 €', 480, 415), run('Rechnungsbetrag', 350, 430), run('276,00 €', 480, 430)];
  const page = read([...items, ...labelled]);
  assert.equal(page.amounts[2], 27600);
  assert.equal(page.proof, 'none');
  // A last row that sums the items above is the table's total row, and still a candidate: here it
  // is the only total on the page, and with the VAT labelled below, the net under its heading adds up.
  const summed = read([
    run('Désignation', 40, 300), run('Qté', 200, 300), run('Montant HT', 300, 300), run('Montant TTC', 460, 300),
    run('Relevé de site', 40, 315), run('1', 200, 315), run('400,00', 300, 315), run('480,00', 460, 315),
    run('Rapport', 40, 330), run('1', 200, 330), run('100,00', 300, 330), run('120,00', 460, 330),
    run('500,00', 300, 345), run('600,00', 460, 345),
    run('dont TVA 20 %', 350, 400), run('100,00', 480, 400),
  ]);
  assert.deepEqual(summed.amounts, [50000, 10000, 60000]);
});

test('a zero VAT is doubted when a total under its own label elsewhere is one digit away from it, not when it is the same or another amount', () => {
  // A net and a total misread alike ("54,00" for 59,00 in both), the receipt's last total read as printed.
  const misreadAlike = [run('Total HT', 350, 400), run('54,00 €', 480, 400), run('Total TTC', 350, 430), run('54,00 €', 480, 430), run('TOTAL', 350, 460), run('59,00 €', 480, 460)];
  assert.deepEqual(read(misreadAlike), { amounts: [5400, 0, 5400], proof: 'weak' });
  const sameAgain = [run('Total HT', 350, 400), run('54,00 €', 480, 400), run('Total TTC', 350, 430), run('54,00 €', 480, 430), run('TOTAL', 350, 460), run('54,00 €', 480, 460)];
  assert.equal(read(sameAgain).proof, 'equation');
  // An order's total twice the invoice's is no misreading of it: it is a digit longer.
  const otherAmount = [run('Total HT', 350, 400), run('54,00 €', 480, 400), run('Total TTC', 350, 430), run('54,00 €', 480, 430), run('Total commande', 350, 460), run('108,00 €', 480, 460)];
  assert.equal(read(otherAmount).proof, 'equation');
});

test("a per-rate table's rows that, with a row whose tax misread, sum to the total are its parts, not its rivals", () => {
  const verdict = (tax10: string, total10 = '1 100,00') => {
    const inv = readFields([...header,
      run('Taux', 40, 300), run('Base HT', 120, 300), run('Montant TVA', 220, 300), run('Total TTC', 330, 300),
      run('20 %', 40, 315), run('400,00', 120, 315), run('80,00', 220, 315), run('480,00', 330, 315),
      run('10 %', 40, 330), run('1 000,00', 120, 330), run(tax10, 220, 330), run(total10, 330, 330),
      run('Total HT', 350, 400), run('1 400,00 €', 480, 400), run('Total TVA', 350, 415), run('180,00 €', 480, 415),
      run('Total TTC', 350, 430), run('1 580,00 €', 480, 430),
    ]);
    return { amounts: [inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc], proof: inv.extra.amountsProof, rivals: inv.extra.rivalTotals };
  };
  assert.deepEqual(verdict('100,00'), { amounts: [140000, 18000, 158000], proof: 'equation', rivals: [] });
  // The 10 % row's tax misread "160,00": the 20 % row alone still adds up, and with the 10 % row's
  // total it makes the page's: a part, not a second reading of the invoice.
  assert.deepEqual(verdict('160,00'), { amounts: [140000, 18000, 158000], proof: 'equation', rivals: [] });
  // A column whose rows make no part of the total: the row that adds up stays a rival.
  assert.deepEqual(verdict('160,00', '1 200,00').rivals, [48000]);
});

test("a VAT of nought from a VAT summary's exempt row, beside a row that charges 20 %, proves no total", () => {
  // The summary's 20 % row went unread into the totals (its "8,00" lost from a "Total TVA" line): a
  // net and a total both read 108,00, with the exempt row's nought between them.
  const summary = [
    run('Code', 40, 300), run('Taux', 100, 300), run('Base TVA', 200, 300), run('Montant TVA', 300, 300),
    run('S', 40, 315), run('20,00%', 100, 315), run('40,00', 200, 315), run('8,00', 300, 315),
    run('E', 40, 330), run('0,00%', 100, 330), run('60,00', 200, 330), run('0,00', 300, 330),
    run('Total HT', 350, 400), run('108,00 €', 480, 400), run('Total TTC', 350, 430), run('108,00 €', 480, 430),
  ];
  assert.deepEqual(read(summary), { amounts: [10800, 0, 10800], proof: 'weak' });
  // No row charging a rate: the nought stands ("TVA non applicable" invoices print none).
  const exemptOnly = summary.filter((r) => r.y !== 315);
  assert.equal(read(exemptOnly).proof, 'equation');
});
