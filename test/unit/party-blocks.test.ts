// The parties' blocks side by side under one row of headings, the seller's domain under a registry's
// second-level name, a date a narrow column wrapped before its year, and "Zwischensumme": invented
// pages laid out as microinvoice and pdfmake templates print them (tools/third-party).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decide } from '../../src/extraction/checks/decision.ts';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import { chargesVat } from '../../src/extraction/fields/totals/printed-rates.ts';
import { buildLines } from '../../src/extraction/layout/lines.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

const run = (text: string, x: number, y: number, h = 10): TextRun => ({ text, x, y, w: text.length * h * 0.5, h, page: 1 });
/** A row of cells at one height, each [text, x]. */
const cells = (y: number, row: Array<[string, number]>) => row.map(([text, x]) => run(text, x, y));

/** The customer's block on the left and the seller's on the right, both headed on one line. */
function sideBySide(customerLabel: string, sellerLabel: string, seller: string, buyer: string): TextRun[] {
  return [
    run('Facture', 330, 20, 15), run('N° de facture :', 330, 45), run('FA-2031-0042', 330, 60),
    ...cells(170, [[customerLabel, 30], [sellerLabel, 330]]),
    ...cells(185, [[buyer, 30], [seller, 330]]),
    ...cells(200, [['12 rue des Mouettes', 30], ['4 allée des Pins', 330]]),
    ...cells(215, [['17000 La Rochelle', 30], ['33000 Bordeaux', 330]]),
    ...cells(230, [['SIRET : 73282932000074', 330]]),
  ];
}

test('supplier: the seller\'s heading in the second cell of a row of headings names the cell under it, not the customer\'s beside it', () => {
  const fr = readFields(sideBySide('Client :', 'Fournisseur :', 'Atelier Roux SAS', 'Brunel Frères SARL'));
  assert.equal(fr.fields.fournisseur, 'Atelier Roux SAS');
  const block = fr.extra.supplierCandidates?.find((c) => c.features.seller_block === 1);
  assert.equal(block?.name, 'Atelier Roux SAS');
  assert.ok(!fr.extra.supplierCandidates?.some((c) => /Brunel/.test(c.name)), "the customer's name is no candidate");
  const en = readFields(sideBySide('Invoice To:', 'Seller:', 'Holloway Catering Ltd', 'Radcliffe Consulting Ltd'));
  assert.equal(en.fields.fournisseur, 'Holloway Catering Ltd');
  const de = readFields(sideBySide('Rechnung an:', 'Von:', 'Weber Beratung GmbH', 'Schäfer Elektro GmbH'));
  assert.equal(de.fields.fournisseur, 'Weber Beratung GmbH');
});

test("SIRET: the customer's column ends where the seller's block heads the next one on the customer label's line", () => {
  const inv = readFields(sideBySide('Client :', 'Fournisseur :', 'Atelier Roux SAS', 'Brunel Frères SARL'));
  assert.equal(inv.fields.siret, '73282932000074');
});

test("supplier: a domain under a registry's second-level name ('.co.uk', '.com.my') spells the seller's name", () => {
  const inv = readFields([
    run('Kingsley Logistics Limited', 340, 20, 14), run('75 Park Avenue, Manchester M1 2WD', 340, 55),
    run('compta@kingsleylogistics.co.uk', 340, 78), run('Bill to:', 30, 130), run('Whitmore Engineering Ltd', 30, 145),
  ]);
  const seller = inv.extra.supplierCandidates?.find((c) => c.name === 'Kingsley Logistics Limited');
  assert.equal(seller?.features.domain_agrees, 1);
});

test('invoice date: a date a narrow column wrapped before its year, or after its day, takes the rest from the cell under it', () => {
  const page = (labelled: string, below: string) => readFields([
    ...cells(33, [['Pemberton Engineering Ltd', 40], ['Invoice', 400]]),
    ...cells(62, [['53 Park Avenue', 40], ['Invoice no: #INV-2031-3917', 400]]),
    ...cells(75, [['Brighton BN1 1AA', 40], [labelled, 400]]),
    ...cells(88, [['Tel: +44 2888 010 5815', 40], [below, 400]]),
  ]).fields.date_facture;
  assert.equal(page('Issue date: November 10,', '2031'), '2031-11-10');
  assert.equal(page('Issue date: November 10,', 'Status: Paid'), null, 'no year under it, no date');
  // After its day: the month's name and the year, and nothing else, come from the cell under it.
  assert.equal(page('Date de facture : 14', 'novembre 2031'), '2031-11-14');
  assert.equal(page('Date de facture : 14', 'Statut : payée'), null);
});

test("totals: 'Zwischensumme' is the net before VAT, as 'Subtotal' and 'Sous-total' are", () => {
  const inv = readFields([
    run('Weber Beratung GmbH', 40, 20, 14), run('Rechnung RE-53025', 330, 60), run('Rechnungsdatum: 17.12.2031', 330, 75),
    ...cells(540, [['Zwischensumme', 330], ['28.121,02', 490]]),
    ...cells(563, [['Umsatzsteuer', 330], ['1.968,47', 490]]),
    ...cells(587, [['Rechnungsbetrag', 330], ['30.089,49', 490]]),
  ]);
  assert.equal(inv.fields.montant_ht, 2812102);
  assert.ok(inv.confidence.montant_ht! >= 0.9, `net confidence ${inv.confidence.montant_ht}`);
});

test("supplier: a key whose value stands under it ('N° de facture :', 'SIRET:') is no letterhead", () => {
  const inv = readFields([run('N° de facture :', 330, 45, 12), run('FA-2031-0042', 330, 60), run('Facture', 40, 300)]);
  assert.ok(!inv.extra.supplierCandidates?.some((c) => /facture/i.test(c.name)), JSON.stringify(inv.extra.supplierCandidates?.map((c) => c.name)));
});

test("supplier: a mail address in the customer's block is the customer's, whatever its domain spells", () => {
  const page = (customerLabel: string) => readFields([
    run('Tax Invoice', 330, 20, 15), run('Invoice No.:', 330, 45), run('INV-3757', 330, 60),
    ...cells(170, [[customerLabel, 30], ['Bill From:', 330]]),
    ...cells(185, [['Whitmore Software Ltd', 30], ['Sterling Joinery Ltd', 330]]),
    ...cells(200, [['Norwich NR2 1TF', 30], ['Brighton BN1 1AA', 330]]),
    ...cells(215, [['compta@whitmoresoftware.co.uk', 30], ['+44 1568 875 8937', 330]]),
    run('billing@sterlingjoinery.co.uk', 330, 230), run('Registered in England and Wales No. 90767156', 120, 780),
  ]);
  const inv = page('Billed To:');
  assert.equal(inv.fields.fournisseur, 'Sterling Joinery Ltd');
  assert.ok(!inv.extra.supplierCandidates?.some((c) => /Whitmore/.test(c.name)), JSON.stringify(inv.extra.supplierCandidates));
});

test("supplier: 'Empfänger' heads the customer's block", () => {
  const inv = readFields([
    run('Becker Softwareentwicklung GmbH', 40, 33, 14), run('Rechnung Nr.: #20318436', 400, 62), run('info@beckersoftware.de', 40, 104),
    run('Empfänger', 40, 174), run('Stefan Schneider', 40, 199), run('Schneider Druckerei GmbH', 40, 213), run('04109 Leipzig', 40, 242), run('compta@schneiderdruckerei.de', 40, 256),
    run('Geschäftsführer: Jonas Becker - Amtsgericht München HRB 92534', 60, 780),
  ]);
  assert.equal(inv.fields.fournisseur, 'Becker Softwareentwicklung GmbH');
  assert.ok(!inv.extra.supplierCandidates?.some((c) => /Druckerei/.test(c.name)), JSON.stringify(inv.extra.supplierCandidates?.map((c) => c.name)));
});

test("supplier: a seller's heading that opens its line on the right names the cell under it, not the line's first", () => {
  // OCR lost the customer's heading beside it ("Client :"): the seller's opens its line.
  const page = sideBySide('', 'Émetteur :', 'SARL Bureautique Roussel', 'Atelier Atlantique SAS').filter((r) => r.text !== '');
  const inv = readFields(page);
  assert.equal(inv.extra.supplierCandidates?.find((c) => c.features.seller_block === 1)?.name, 'SARL Bureautique Roussel');
});

test("totals: a net equal to its total proves no VAT where a column headed by the tax prints a rate above nought", () => {
  // The fewest words of an OCR-noise reading (tools/review/ocr-noise.ts) that validated a zero VAT:
  // its "Total Tax" row was read "Total Tnx", so no VAT amount was printed, and the subtotal the
  // template prints tax-inclusive equals the total. The items' "Tax rate" column says VAT is charged.
  const page = (rate: string | null) => readFields([
    { text: 'Kings1ey Software Inc.', x: 44, y: 35, w: 174, h: 18, conf: 0.47 }, { text: 'I N V O I C E', x: 406, y: 35, w: 106, h: 18, conf: 0.97 },
    { text: 'Issue date: 2025-10-28', x: 404, y: 85, w: 92, h: 10, conf: 0.91 },
    ...(rate === null ? [] : [
      { text: 'Service', x: 45, y: 330, w: 30, h: 10, conf: 0.95 }, { text: 'Tax rate', x: 369, y: 330, w: 33, h: 10, conf: 0.95 },
      { text: 'Call-out charge', x: 45, y: 362, w: 62, h: 10, conf: 0.95 }, { text: rate, x: 370, y: 362, w: 24, h: 10, conf: 0.95 },
    ]),
    { text: 'Sub-total', x: 353, y: 479, w: 37, h: 10, conf: 0.98 }, { text: '$4,654.57', x: 443, y: 477, w: 40, h: 10, conf: 0.9 },
    { text: 'Grand Total', x: 367, y: 543, w: 53, h: 10, conf: 0.95 }, { text: '$4,654.57', x: 443, y: 546, w: 40, h: 10, conf: 0.96 },
  ].map((r) => ({ ...r, page: 1 })));
  const status = (inv: ReturnType<typeof readFields>) => decide(inv, 'ocr').status;
  assert.equal(status(page(null)), 'validated', 'no rate anywhere: net = total proves no VAT');
  assert.equal(status(page('0%')), 'validated', 'a rate of nought charges none');
  const charged = page('8.25%');
  assert.equal(status(charged), 'pending');
  assert.equal(charged.fields.montant_ttc, 465457);
});

test('printed rates: a rate above nought in a column a tax heads, not one of nought nor one under another heading', () => {
  const table = (heading: string, rate: string) => buildLines([
    run('Service', 45, 330), run(heading, 369, 330), run('Total', 487, 330),
    run('Call-out charge', 45, 362), run(rate, 370, 362), run('$4,654.57', 487, 362),
  ]);
  assert.equal(chargesVat(table('Tax rate', '8.25%')), true);
  assert.equal(chargesVat(table('MwSt.', '19 %')), true);
  assert.equal(chargesVat(table('Tax rate', '0%')), false);
  assert.equal(chargesVat(table('Discount', '8.25%')), false);
  assert.equal(chargesVat(buildLines([run('TVA 20 % : 12,00', 300, 400)])), true, 'beside its name, as before');
});

test("supplier: 'An:', 'To:' and 'À :', each a whole cell, head the customer's block", () => {
  const page = (heading: string) => readFields([
    run('Schneider Logistik GmbH', 342, 23, 14), run('Schillerstraße 62, 50667 Köln', 437, 55), run('billing@schneiderlogistik.de', 444, 78),
    run(heading, 28, 129),
    ...cells(141, [['Bürobedarf Wolf GmbH', 28], ['Rechnung R2031-9835', 400]]),
    ...cells(159, [['Am Markt 21, 10115 Berlin', 28], ['Datum: 24.08.2031', 400]]),
    run('compta@burobedarfwolf.de', 28, 182),
    run('Geschäftsführer: Anna Krüger – Amtsgericht Köln HRB 78748', 141, 806),
  ]);
  for (const heading of ['An:', 'To:', 'À :']) {
    const inv = page(heading);
    assert.equal(inv.fields.fournisseur, 'Schneider Logistik GmbH', heading);
    assert.ok(!inv.extra.supplierCandidates?.some((c) => /Wolf/.test(c.name)), `${heading} ${JSON.stringify(inv.extra.supplierCandidates?.map((c) => c.name))}`);
  }
  assert.ok(page('Anlage').extra.supplierCandidates?.some((c) => /Wolf/.test(c.name)), 'another word is no heading');
});

test('supplier: the name keeps its accents when the picked reading lost them (legal mentions in capitals)', () => {
  const inv = readFields([
    run('Électricité Garnier SASU', 40, 20, 9), run('FACTURE', 330, 20, 15), run('N° de facture : FA-2031-0042', 330, 45),
    run('Client : Brunel Frères SARL', 330, 80),
    run('ELECTRICITE GARNIER SASU au capital de 10 000 EU - RCS Lyon 552 100 554 - SIRET 55210055400013', 60, 780),
  ]);
  const picked = inv.extra.supplierCandidates!.reduce((b, c) => (c.probability > b.probability ? c : b));
  assert.equal(picked.name, 'ELECTRICITE GARNIER SASU', 'the legal mentions win');
  assert.equal(inv.fields.fournisseur, 'Électricité Garnier SASU');
});
