// The validation gate: a reading is booked unattended only when its amounts prove themselves and
// nothing else on the page does, and its date is named the invoice date with no other date competing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { supplierModel } from '../../src/extraction/fields/supplier-model.ts';
import { decide } from '../../src/extraction/checks/decision.ts';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import { datesDownTheColumn } from '../../src/extraction/fields/dates/column-values.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

const run = (text: string, x: number, y: number, h = 10, conf = 1): TextRun => ({ text, x, y, w: text.length * h * 0.5, h, page: 1, conf });

// The supplier as real invoices print it: a letterhead with a legal form, and the seller's own domain.
const header = [run('Menuiserie Aubert SARL', 40, 20, 18), run('contact@menuiserie-aubert.fr', 40, 42)];
const totals = [
  run('Total HT', 350, 400), run('250,00 €', 480, 400),
  run('TVA 20 %', 350, 415), run('50,00 €', 480, 415),
  run('Total TTC', 350, 430), run('300,00 €', 480, 430),
];
const decided = (runs: TextRun[]) => decide(readFields([...header, ...runs, ...totals]), 'pdf-text');

test('an explicit invoice-date label validates, beside a labelled due date', () => {
  const d = decided([run('Date de facture : 04/02/2026', 350, 60), run("Date d'échéance : 06/03/2026", 350, 75)]);
  assert.equal(d.status, 'validated', d.reviewReasons.join('; '));
});

test('a generic "Date" label validates alone, but not when another unexplained date could be the invoice date', () => {
  assert.equal(decided([run('Date : 04/02/2026', 350, 60)]).status, 'validated');
  const rival = decided([run('Date : 04/02/2026', 350, 60), run('Bordereau 27/01/2026', 40, 120)]);
  assert.equal(rival.status, 'pending');
  assert.ok(rival.reviewReasons.some((r) => r.includes('2026-01-27')), rival.reviewReasons.join('; '));
});

test('a date without any label is never booked unattended', () => {
  const d = decided([run('Réf. 4411 — 04/02/2026', 350, 60)]);
  assert.equal(readFields([...header, run('Réf. 4411 — 04/02/2026', 350, 60), ...totals]).fields.date_facture, '2026-02-04');
  assert.equal(d.status, 'pending');
  assert.ok(d.reviewReasons.some((r) => r.includes('no label')), d.reviewReasons.join('; '));
});

test('two explicit invoice-date labels with different dates leave the date for review', () => {
  const d = decided([run('Date de facture : 04/02/2026', 350, 60), run('Date de facture : 11/02/2026', 40, 300)]);
  assert.equal(d.status, 'pending');
});

test('a second set of amounts that adds up as well makes the totals ambiguous', () => {
  const runs = [
    run('Date de facture : 04/02/2026', 350, 60),
    run('Total HT', 350, 300), run('80,00 €', 480, 300),
    run('TVA 20 %', 350, 315), run('16,00 €', 480, 315),
    run('Total TTC', 350, 330), run('96,00 €', 480, 330),
  ];
  const d = decided(runs);
  assert.equal(d.status, 'pending');
  assert.ok(d.reviewReasons.some((r) => r.includes('also add up')), d.reviewReasons.join('; '));
});

test('rows per VAT rate that each add up are parts of the total, not rivals of it', () => {
  const runs = [
    run('Date de facture : 04/02/2026', 350, 60),
    run('Base HT', 200, 300), run('TVA', 300, 300), run('Total TTC', 400, 300),
    run('Taux 20 %', 40, 315), run('100,00', 200, 315), run('20,00', 300, 315), run('120,00', 400, 315),
    run('Taux 5,5 %', 40, 330), run('200,00', 200, 330), run('11,00', 300, 330), run('211,00', 400, 330),
    run('Total HT', 350, 400), run('300,00 €', 480, 400),
    run('Total TVA', 350, 415), run('31,00 €', 480, 415),
    run('Total TTC', 350, 430), run('331,00 €', 480, 430),
  ];
  const inv = readFields([...header, ...runs]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc], [30000, 3100, 33100]);
  const d = decide(inv, 'pdf-text');
  assert.ok(!d.reviewReasons.some((r) => r.includes('also add up')), d.reviewReasons.join('; '));
});

test('a label is a phrase inside one cell: "Date | Échéance" headings are two labels, not a due-date label', () => {
  const inv = readFields([
    ...header,
    run('Facture n°', 40, 100), run('Date', 160, 100), run('Échéance', 260, 100), run('Client', 380, 100),
    run('F-2026-114', 40, 115), run('03-02-2026', 160, 115), run('05-03-2026', 260, 115), run('C-88', 380, 115),
    ...totals,
  ]);
  assert.equal(inv.fields.date_facture, '2026-02-03');
  assert.equal(inv.extra.dueDate, '2026-03-05');
  assert.deepEqual(inv.extra.dateEvidence, { label: 'explicit', rivals: [], wordConfidence: 1 });
});

test("a credit note's reference to the invoice it corrects is not its date; 'Gross total' is the total", () => {
  const inv = readFields([
    run('Lyzen Ltd', 40, 20, 18), run('Date :', 300, 60), run('21 February 2026', 400, 60),
    run('Credit against invoice INV-77 dated 20 January 2026', 40, 200),
    run('Net total', 300, 300), run('-EUR 100.00', 420, 300), run('VAT', 300, 315), run('-EUR 20.00', 420, 315),
    run('Gross total', 300, 330), run('-EUR 120.00', 420, 330),
  ]);
  assert.equal(inv.fields.date_facture, '2026-02-21');
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc], [-10000, -2000, -12000]);
  assert.ok(inv.confidence.montant_ttc! >= 0.8, 'the gross total is labelled');
});

test('amounts that add up only through an implied total are never booked, however confident the rest', () => {
  // No TTC is printed: the reader implies it from HT + TVA, so the equation proves nothing.
  const inv = readFields([
    ...header, run('Date de facture : 04/02/2026', 350, 60),
    run('Total HT', 350, 400), run('250,00 €', 480, 400),
    run('TVA 20 %', 350, 415), run('50,00 €', 480, 415),
  ]);
  assert.equal(inv.fields.montant_ttc, 30000);
  assert.equal(inv.extra.amountsProof, 'none');
  const d = decide(inv, 'pdf-text');
  assert.equal(d.status, 'pending');
  assert.ok(d.reviewReasons.includes('montant_ttc is uncertain'), d.reviewReasons.join('; '));
});

test('amounts read as printed that add up are an equation; an unsure supplier still holds the invoice back', () => {
  const inv = readFields([...header, run('Date de facture : 04/02/2026', 350, 60), ...totals]);
  assert.equal(inv.extra.amountsProof, 'equation');
  // Just under the fitted bar (supplier-model.json), whatever the latest fit put it at.
  const unsure = { ...inv, confidence: { ...inv.confidence, fournisseur: supplierModel().threshold - 0.01 } };
  assert.deepEqual(decide(unsure, 'pdf-text').reviewReasons, ['fournisseur is uncertain']);
});

test('a date OCR read unsurely is kept for review, not booked', () => {
  const read = (conf: number) => readFields([...header, run('Date de facture :', 350, 60, 10, 0.93), run('04/02/2026', 450, 60, 10, conf), ...totals]);
  const sure = decide(read(0.93), 'ocr');
  assert.equal(sure.status, 'validated', sure.reviewReasons.join('; '));
  assert.equal(read(0.55).fields.date_facture, '2026-02-04');
  const unsure = decide(read(0.55), 'ocr');
  assert.equal(unsure.status, 'pending');
  assert.deepEqual(unsure.reviewReasons, ['date_facture is uncertain']);
});

test('a date OCR read unsurely under its heading is held too, however surely the heading was read; a sure one under a weak heading is not', () => {
  const read = (headingConf: number, dateConf: number) => readFields([
    ...header,
    run('Date de facture', 350, 60, 10, headingConf), run('N° facture', 470, 60, 10, headingConf),
    run('17/06/2024', 350, 73, 10, dateConf), run('FA-2291', 470, 73, 10, 0.95),
    ...totals,
  ]);
  const unsure = decide(read(0.95, 0.52), 'ocr');
  assert.equal(read(0.95, 0.52).fields.date_facture, '2024-06-17');
  assert.equal(unsure.status, 'pending');
  assert.ok(unsure.reviewReasons.includes('date_facture is uncertain'), unsure.reviewReasons.join('; '));
  const sure = decide(read(0.7, 0.93), 'ocr');
  assert.ok(!sure.reviewReasons.includes('date_facture is uncertain'), sure.reviewReasons.join('; '));
});

test('a US invoice whose every numeric date reads both ways leaves its date for review, unless one of its dates shows the order', () => {
  const us = (dates: TextRun[]) => decide(readFields([
    run('Harbor Lane Supplies LLC', 40, 20, 18), run('billing@harborlanesupplies.com', 40, 42), ...dates,
    run('Subtotal', 350, 400), run('$1,250.00', 480, 400),
    run('Sales Tax 8%', 350, 415), run('$100.00', 480, 415),
    run('Total', 350, 430), run('$1,350.00', 480, 430),
  ]), 'pdf-text');
  const ambiguous = us([run('Invoice Date: 03/04/2026', 350, 60)]);
  assert.equal(ambiguous.status, 'pending');
  assert.ok(ambiguous.reviewReasons.some((r) => r.includes('2026-03-04') && r.includes('2026-04-03')), ambiguous.reviewReasons.join('; '));
  // A due date that can only be month-first settles how the page writes its dates.
  const settled = us([run('Invoice Date: 03/04/2026', 350, 60), run('Due Date: 03/19/2026', 350, 75)]);
  assert.equal(settled.status, 'validated', settled.reviewReasons.join('; '));
  assert.equal(readFields([run('Invoice Date: 03/04/2026', 350, 60), run('Due Date: 03/19/2026', 350, 75), run('Total', 350, 430), run('$1,350.00', 480, 430)]).fields.date_facture, '2026-03-04');
  // A day equal to its month reads the same both ways.
  assert.equal(us([run('Invoice Date: 04/04/2026', 350, 60)]).status, 'validated');
  // In euros, numeric dates are day-first: the same page is booked.
  assert.equal(decided([run('Date de facture : 03/04/2026', 350, 60)]).status, 'validated');
});

test("another invoice's date on a deposit row, the next billing date and a billing period's first day are not the invoice's date", () => {
  const date = (runs: TextRun[]) => readFields([...header, ...runs, ...totals]).fields.date_facture;
  // A final invoice deducting a deposit invoice, named with its date, under the invoice's own bare "Date".
  const deposit = [run('Date : 18/05/2026', 350, 60), run('Déduction facture d\'acompte N° AC-0412 du 02/02/2026', 40, 445), run('- 120,00 €', 480, 445), run('Reste à payer', 350, 460), run('180,00 €', 480, 460)];
  assert.equal(date(deposit), '2026-05-18');
  assert.equal(decided(deposit).status, 'validated', decided(deposit).reviewReasons.join('; '));
  assert.equal(date([run('Datum: 18.05.2026', 350, 60), run('abzgl. Anzahlung aus Rechnung Nr. 3310 vom 02.02.2026', 40, 445), run('-120,00 €', 480, 445)]), '2026-05-18');
  assert.equal(date([run('Date : 18/05/2026', 350, 60), run('Annule et remplace facture N° FV-0977 du 11/05/2026', 40, 100)]), '2026-05-18');
  // A subscription's next invoice.
  assert.equal(date([run('Date: 18/05/2026', 350, 60), run('Next billing date: 18/06/2026', 40, 100)]), '2026-05-18');
  assert.equal(date([run('Date : 18/05/2026', 350, 60), run('Prochaine date de facturation : 18/06/2026', 40, 100)]), '2026-05-18');
  // The month billed, in the title.
  assert.equal(date([run('Date : 04/06/2026', 350, 60), run('Facture du 01/05/2026 au 31/05/2026', 40, 90, 14)]), '2026-06-04');
  // The invoice's own title still dates it; so does a deposit invoice's.
  assert.equal(date([run('Facture N° FV-0990 du 04/06/2026', 40, 90, 14)]), '2026-06-04');
  assert.equal(date([run('Facture d\'acompte du 04/06/2026', 40, 90, 14)]), '2026-06-04');
  assert.equal(date([run('Billing date: 04/06/2026', 350, 60)]), '2026-06-04');
});

test('a deposit asked on the order total, and charges added on several lines after the total, leave the amounts for review', () => {
  const header2 = [run('Ateliers Brunel SAS', 40, 20, 18), run('compta@ateliers-brunel.fr', 40, 42), run('Date de facture : 04/06/2026', 350, 60)];
  const order = [
    run('Total HT', 350, 400), run('5 000,00 €', 480, 400),
    run('TVA 20 %', 350, 415), run('1 000,00 €', 480, 415),
    run('Total TTC', 350, 430), run('6 000,00 €', 480, 430),
  ];
  const status = (runs: TextRun[]) => decide(readFields([...header2, ...order, ...runs]), 'pdf-text').status;
  // A deposit invoice: the order's totals, then the part asked.
  assert.equal(status([run('Acompte 40 % à la commande', 40, 445), run('2 400,00 €', 480, 445), run('Net à payer', 350, 460), run('2 400,00 €', 480, 460)]), 'pending');
  // Two charges after the total, then the amount asked.
  assert.equal(status([run('Frais de port', 40, 445), run('25,00 €', 480, 445), run('Emballage', 40, 460), run('15,00 €', 480, 460), run('Net à payer', 350, 475), run('6 040,00 €', 480, 475)]), 'pending');
  // A deposit already paid, deducted: what remains is due, the total is the invoice's.
  assert.equal(status([run('Acompte versé', 40, 445), run('- 2 400,00 €', 480, 445), run('Reste à payer', 350, 460), run('3 600,00 €', 480, 460)]), 'validated');
  // A deposit and a discount for early payment, deducted: likewise.
  assert.equal(status([run('Acompte versé', 40, 445), run('- 2 400,00 €', 480, 445), run('Escompte 2 %', 40, 460), run('- 72,00 €', 480, 460), run('Reste à payer', 350, 475), run('3 528,00 €', 480, 475)]), 'validated');
});

test("a credit note's quote of the original invoice's date is not its own date", () => {
  const note = (dateLine: TextRun) => readFields([...header, run('Date : 16/04/2026', 350, 60), dateLine, ...totals]);
  for (const line of [run('Original Invoice Date: 27/03/2026', 40, 100), run('Orig. Invoice Date: 27/03/2026', 40, 100), run('Invoice date (original): 27/03/2026', 40, 100), run('Ursprüngliches Rechnungsdatum: 27.03.2026', 40, 100)]) {
    const inv = note(line);
    assert.equal(inv.fields.date_facture, '2026-04-16', line.text);
    assert.equal(decide(inv, 'pdf-text').status, 'validated', line.text);
  }
});

test("a till's payment that says another amount than the proven total leaves the amounts for review", () => {
  const till = (after: Array<[string, string]>) => {
    const rows = [
      run('KEDAI RUNCIT MAJU JAYA SDN BHD', 40, 20), run('NO 12 JALAN MAWAR 3', 40, 34), run('TAMAN SRI MUDA', 40, 48), run('Date: 09/11/2017', 40, 62),
      ...[['GULA PASIR 1KG', '2.90'], ['TEPUNG GANDUM', '3.20'], ['MINYAK MASAK 2KG', '11.50'], ['TELUR GRED A', '6.76']]
        .flatMap(([item, price], i) => [run(item, 40, 100 + 14 * i), run(price, 260, 100 + 14 * i)]),
      run('Total (Excluding GST)', 40, 200), run('24.36', 260, 200),
      run('GST 6%', 40, 214), run('1.46', 260, 214),
      run('Total (Inclusive GST)', 40, 228), run('25.82', 260, 228),
      ...after.flatMap(([label, amount], i) => [run(label, 40, 242 + 14 * i), run(amount, 260, 242 + 14 * i)]),
    ].map((r) => ({ ...r, conf: 0.93 }));
    return decide(readFields(rows), 'ocr').status;
  };
  // A rounding whose label OCR garbled: cash less change pays a cash step below the total.
  assert.equal(till([['Rouding Adj', '-0.02'], ['CASH', '50.00'], ['CHANGE', '24.20']]), 'pending');
  // A discount after the total, then the smaller amount paid.
  assert.equal(till([['Member Discount', '2.58'], ['NETT TOTAL', '23.24']]), 'pending');
  // A tip charged to the card.
  assert.equal(till([['Tips', '3.00'], ['VISA', '28.82']]), 'pending');
  // Paid exactly, in cash or by card: booked.
  assert.equal(till([['CASH', '30.00'], ['CHANGE', '4.18']]), 'validated');
  assert.equal(till([['VISA', '25.82']]), 'validated');
  // The cash handed over printed as a "total": a payment, not a charge.
  assert.equal(till([['Total Payment', '30.00'], ['CHANGE', '4.18']]), 'validated');
});

test("an earlier invoice a row deducts or a credit note refers to dates neither; a stamp beside the only date label does not hide it", () => {
  const date = (runs: TextRun[]) => readFields([...header, ...runs, ...totals]).fields.date_facture;
  assert.equal(date([run('Datum: 21.05.2026', 350, 60), run('abzgl. Abschlagsrechnung Nr. 2026-0231 vom 09.03.2026', 40, 445), run('-1.190,00 €', 480, 445)]), '2026-05-21');
  assert.equal(date([run('Le 21/05/2026', 350, 60), run('Situation n° 3 - facture n° SIT-0231 du 09/03/2026', 40, 445), run('-1 190,00 €', 480, 445)]), '2026-05-21');
  assert.equal(date([run('Acompte versé', 40, 445), run('Facture N° AC-0231 du 09/03/2026', 200, 445), run('- 90,00 €', 480, 445), run('Date : 21/05/2026', 350, 60)]), '2026-05-21');
  assert.equal(date([run('Datum: 21.05.2026', 350, 60), run('Bezug: Rechnung Nr. 2026-0231 vom 09.03.2026', 40, 100)]), '2026-05-21');
  assert.equal(date([run('Date: 21/05/2026', 350, 60), run('Re: Invoice INV-0231 dated 09/03/2026', 40, 100)]), '2026-05-21');
  assert.equal(date([run('Gutschriftsdatum: 21.05.2026', 350, 60), run('für Rechnung Nr. 2026-0231 vom 09.03.2026', 40, 100)]), '2026-05-21');
  // "ORIGINAL" stamped in the label's cell, no other date label: the date is kept.
  assert.equal(date([run('ORIGINAL Invoice Date: 21/05/2026', 350, 60)]), '2026-05-21');
});

test('a deposit line under the order total, and a delivery subtotal above two-rate totals, leave the amounts for review; a voucher or cashback paid does not', () => {
  const status = (runs: TextRun[]) => decide(readFields([...header, run('Date de facture : 21/05/2026', 350, 60), ...runs]), 'pdf-text').status;
  const order = [run('Total HT', 350, 400), run('5 000,00 €', 480, 400), run('TVA 20 %', 350, 415), run('1 000,00 €', 480, 415), run('Total TTC', 350, 430), run('6 000,00 €', 480, 430)];
  assert.equal(status([...order, run('Acompte de 30 % à la commande', 40, 445), run('1 800,00 €', 480, 445)]), 'pending');
  assert.equal(status([...order, run('Acompte versé le 02/05/2026', 40, 445), run('1 800,00 €', 480, 445), run('Reste à payer', 350, 460), run('4 200,00 €', 480, 460)]), 'validated');
  // A delivery's own subtotal, then the invoice's totals at two rates.
  const sammel = [
    run('Summe netto', 350, 200), run('3.000,00 €', 480, 200), run('USt. 19 %', 350, 215), run('570,00 €', 480, 215), run('Summe brutto', 350, 230), run('3.570,00 €', 480, 230),
    run('Nettobetrag', 350, 400), run('5.000,00 €', 480, 400), run('19 % USt', 350, 415), run('760,00 €', 480, 415), run('7 % USt', 350, 430), run('70,00 €', 480, 430), run('Endsumme', 350, 445), run('5.830,00 €', 480, 445),
  ];
  assert.equal(status(sammel), 'pending');
  // A voucher pays a part of the total; cash drawn with a card payment is no charge.
  const till = (after: Array<[string, string]>) => decide(readFields([
    run('KEDAI RUNCIT MAJU JAYA SDN BHD', 40, 20), run('NO 12 JALAN MAWAR 3', 40, 34), run('TAMAN SRI MUDA', 40, 48), run('Date: 09/11/2017', 40, 62),
    ...[['GULA PASIR 1KG', '2.90'], ['TEPUNG GANDUM', '3.20'], ['MINYAK MASAK 2KG', '11.50'], ['TELUR GRED A', '6.76']].flatMap(([item, price], i) => [run(item, 40, 100 + 14 * i), run(price, 260, 100 + 14 * i)]),
    run('Total (Excluding GST)', 40, 200), run('24.36', 260, 200), run('GST 6%', 40, 214), run('1.46', 260, 214), run('Total (Inclusive GST)', 40, 228), run('25.82', 260, 228),
    ...after.flatMap(([label, amount], i) => [run(label, 40, 242 + 14 * i), run(amount, 260, 242 + 14 * i)]),
  ].map((r) => ({ ...r, conf: 0.93 }))), 'ocr').status;
  assert.equal(till([['VOUCHER', '10.00'], ['Balance Due', '15.82'], ['CASH', '20.00'], ['CHANGE', '4.18']]), 'validated');
  assert.equal(till([['CASHBACK', '20.00'], ['DEBIT CARD', '45.82']]), 'validated');
});

test("the invoice's own dated title keeps its date beside its total; deposits paid in several lines, or asked 'à régler', are told apart", () => {
  const date = (runs: TextRun[]) => readFields([...header, ...runs, ...totals]).fields.date_facture;
  assert.equal(date([run('Facture N° F-0077 du 28/07/2026', 40, 90, 14), run('Montant TTC : 300,00 €', 400, 90)]), '2026-07-28');
  assert.equal(date([run('Date : 30/07/2026', 350, 60), run("Déduction facture d'acompte du 12/06/2026", 40, 445), run('- 60,00 €', 480, 445)]), '2026-07-30');
  assert.equal(date([run('Date: 30/07/2026', 350, 60), run('Ref. Invoice Date: 12/06/2026', 40, 100)]), '2026-07-30');
  const status = (runs: TextRun[]) => decide(readFields([...header, run('Date de facture : 30/07/2026', 350, 60), ...runs]), 'pdf-text').status;
  const order = [run('Total HT', 350, 400), run('5 000,00 €', 480, 400), run('TVA 20 %', 350, 415), run('1 000,00 €', 480, 415), run('Total TTC', 350, 430), run('6 000,00 €', 480, 430)];
  assert.equal(status([...order, run('Acompte 40 % à régler à la commande', 40, 445), run('2 400,00 €', 480, 445), run('Net à payer', 350, 460), run('2 400,00 €', 480, 460)]), 'pending');
  assert.equal(status([...order, run('Acomptes antérieurs :', 40, 445), run('Acompte n° 1', 40, 460), run('1 500,00 €', 480, 460), run('Acompte n° 2', 40, 475), run('1 000,00 €', 480, 475), run('Reste à payer', 350, 490), run('3 500,00 €', 480, 490)]), 'validated');
  assert.equal(status([...order, run('Échéancier : acompte 30 % à la commande', 40, 445), run('1 800,00 €', 480, 445), run('Solde à la livraison', 40, 460), run('4 200,00 €', 480, 460)]), 'validated');
});

test("the page's own date is not outranked silently by an invoice-date phrase that dates another document", () => {
  const d = (runs: TextRun[]) => decided([run('Date : 14/09/2026', 350, 60), ...runs]);
  for (const other of ['Selon devis n° D-2026-77 établi le 02/09/2026', 'Travaux complémentaires à notre facture du 28/08/2026', 'As per our quotation Q-77 issued on 02/09/2026']) {
    const verdict = d([run(other, 40, 120)]);
    assert.equal(verdict.status, 'pending', other);
    assert.ok(verdict.reviewReasons.some((r) => r.includes('2026-09-14')), verdict.reviewReasons.join('; '));
  }
  // Alone, the bare date validates; a dated item table competes with no labelled invoice date.
  assert.equal(d([]).status, 'validated');
  const title = (runs: TextRun[]) => decided([run('Facture FA-2026-0142 du 17/09/2026', 40, 90, 14), ...runs]);
  const items = [run('Date', 40, 300), run('Intervention', 120, 300), run('Montant HT', 420, 300), run('09/09/2026', 40, 315), run('Dépannage', 120, 315), run('250,00', 420, 315)];
  // Without its "N°", the title dates the page when no other label does; an item's date is no such
  // label, but competes with the title's, which is no stronger than a bare "Date" then.
  assert.equal(title([]).status, 'validated');
  const withItems = title(items);
  assert.deepEqual([withItems.status, readFields([...header, run('Facture FA-2026-0142 du 17/09/2026', 40, 90, 14), ...items, ...totals]).fields.date_facture], ['pending', '2026-09-17']);
  // The same words naming another invoice, beside the page's own date label: the page's date.
  const other = readFields([...header, run('Date : 14/09/2026', 350, 60), run('Facture FA-2026-0098 du 10/08/2026', 40, 90), ...totals]);
  assert.deepEqual([decide(other, 'pdf-text').status, other.fields.date_facture], ['validated', '2026-09-14']);
});

test("a later page's running header dates it by the title's cell: 'FACTURE <number>', the date in the next cell", () => {
  const read = (runs: TextRun[]) => {
    const invoice = readFields([...header, ...runs, ...totals]);
    return [decide(invoice, 'pdf-text').status, invoice.fields.date_facture];
  };
  const title = [run('FACTURE FA-2026-0142', 240, 90, 14)];
  assert.deepEqual(read([...title, run('17 sept. 2026', 480, 90, 14)]), ['validated', '2026-09-17']);
  // Any other label outranks it; a row with an amount lists an invoice, and dates none.
  assert.deepEqual(read([...title, run('17/09/2026', 480, 90, 14), run('Date : 14/09/2026', 350, 60)]), ['validated', '2026-09-14']);
  assert.equal(read([run('Facture FA-2026-0098', 40, 300), run('10/08/2026', 240, 300), run('350,00 €', 420, 300)])[0], 'pending');
});

test("a date heading's column gives no date from a line beyond the rows its value may come from", () => {
  // OCR-noise review (corpus tune half, seed 86, shifted words): "Facture n°" left the row of headings,
  // and the "Date" column ran on down an address block to a period's last day, eight lines below.
  const at = (text: string, x: number, y: number, w: number, h: number) => ({ ...run(text, x, y, h), w });
  const page = [
    at('Date', 156, 97, 12, 6.6), at('Échéance', 237, 98, 25, 6.6), at('Compte client', 326, 97, 36, 6.6), at('Livré le', 422, 97, 19, 6.6), at('Mocle de règIement', 495, 97, 49, 6.6),
    at('Viremenf 30 j', 501, 115, 42, 8.2),
    at('Adresse cle facturation', 31, 138, 64, 7.2), at('Livraison', 314, 137, 26, 7.2),
    at('Maison Vernet SAS', 38, 150, 53, 8.6), at("Idenfique à l'adrosse de facfuration", 305, 149, 110, 8.6),
    at('Attn : Madame Jeanne Roux', 33, 163, 96, 8.6),
    at('69003 LYON', 33, 183, 78, 8.6),
    at('N° TVA : FR12345678901', 32, 205, 70, 7.4),
    at('Périodc facturée : du 01-09-2024 au 30-09-2024', 33, 229, 141, 8),
  ];
  const { fields, extra } = readFields([...header, ...page]);
  assert.ok(fields.date_facture !== '2024-09-30' || extra.dateEvidence?.label === 'none', `${fields.date_facture} ${JSON.stringify(extra.dateEvidence)}`);
  // Nor below a first cell that prints another heading's value: the row of headings lost a cell.
  const shifted = readFields([...header, run('Date', 40, 100, 8), run('Échéance', 200, 100, 8), run('FV-24-0112', 40, 115, 8), run('15-10-2024', 200, 115, 8), run('12/11/2024', 40, 130, 8)]);
  assert.ok(shifted.fields.date_facture !== '2024-11-12' || shifted.extra.dateEvidence?.label === 'none', `${shifted.fields.date_facture} ${JSON.stringify(shifted.extra.dateEvidence)}`);
  // The same column with the date on the row under its heading still gives it.
  assert.equal(readFields([...header, run('Date', 156, 97, 6.6), run('Échéance', 237, 98, 6.6), run('15-10-2024', 150, 110, 8), run('14-11-2024', 237, 110, 8)]).fields.date_facture, '2024-10-15');
});

test('a date that a due or delivery label claims as well is shown, not booked; so is one under a bare heading beside an unknown date key; an unreadable value beside a label is its value', () => {
  const read = (runs: TextRun[]) => {
    const inv = readFields([...header, ...runs, ...totals]);
    return [decide(inv, 'pdf-text').status, inv.fields.date_facture];
  };
  // OCR moved "d'échéance" off its heading's line: the "Date" left over heads the due date's column.
  const row = [run('C-1022', 120, 122, 8), run('CMD-77', 200, 122, 8), run('12.05.2025', 40, 122, 8)];
  const headings = [run('Date', 40, 110, 8), run('Code client', 120, 110, 8)];
  assert.deepEqual(read([...headings, ...row]), ['validated', '2025-05-12']);
  assert.notDeepEqual(read([run("d'échéance", 62, 99, 8), run('Votre commande', 200, 99, 8), ...headings, ...row]), ['validated', '2025-05-12']);
  // Or lost it: then a date under a key the vocabulary does not know ("facture" garbled) competes with that bare heading,
  // not with a label that names the invoice date in words.
  const garbled = run('Date de factnre : 12.04.2025', 300, 40, 8);
  assert.notDeepEqual(read([garbled, ...headings, ...row]), ['validated', '2025-05-12']);
  assert.deepEqual(read([garbled, run("Date d'émission : 12.05.2025", 300, 55, 8)]), ['validated', '2025-05-12']);
  // OCR moved a delivery date's label up a line: its value is left beside a bare "Date" in the row under it.
  const beside = [run('Date', 40, 112, 8), run('18/06/2025', 200, 112, 8)];
  assert.deepEqual(read(beside), ['validated', '2025-06-18']);
  assert.notDeepEqual(read([run('Date de livraison', 200, 100, 8), ...beside]), ['validated', '2025-06-18']);
  // A date inside a reference under an order's label is no value of that label's.
  const order = [run('Your', 20, 100, 8), run('order', 70, 100, 8), run('AB321', 94, 100, 8)];
  const issued = [run('Invoice', 20, 112, 8), run('#', 52, 112, 8), run('RE-20250314/77', 58, 112, 8), run('issued', 165, 112, 8), run('at', 191, 112, 8), run('2025-03-14', 201, 112, 8)];
  assert.deepEqual(read([...order, ...issued]), ['validated', '2025-03-14']);
  // With a value of its own beside it, the delivery label claims nothing under it.
  assert.deepEqual(read([run('Date de livraison : 17/06/2025', 200, 100, 8), ...beside]), ['validated', '2025-06-18']);
  // A date OCR split beside its label ("20 25-03-14") is the label's value: the date under it is another line's.
  const under = [run('Date of dellvery', 40, 112, 8), run('2025-03-10', 150, 112, 8)];
  assert.deepEqual(read([run('Invoice RE-77', 40, 100, 8), run('issued at 2025-03-14', 150, 100, 8), ...under]), ['validated', '2025-03-14']);
  assert.notDeepEqual(read([run('Invoice RE-77', 40, 100, 8), run('issued at 20 25-03-14', 150, 100, 8), ...under]), ['validated', '2025-03-10']);
});

test("amounts proven by one rate's row, beside VAT lines at two rates, are held for review", () => {
  // OCR-noise review (corpus tune half, seed 83, shifted words): the page's net label garbled, the
  // equation closed on a per-rate table's first row, while the page prints a VAT line per rate.
  const row = [run('Base HT', 136, 610, 9), run('Montant TVA', 200, 610, 9), run('Total TTC', 290, 610, 9), run('200,00', 140, 624, 9), run('40,00', 215, 624, 9), run('240,00', 295, 624, 9)];
  const status = (runs: TextRun[]) => decide(readFields([...header, run('Date de facture : 04/02/2026', 350, 60), ...row, ...runs]), 'ocr').status;
  assert.equal(status([run('TVA 20 %', 340, 650, 9), run('40,00 €', 520, 650, 9)]), 'validated');
  assert.equal(status([run('TVA 20 %', 340, 650, 9), run('40,00 €', 520, 650, 9), run('TVA 10 %', 340, 665, 9), run('100,00 €', 520, 665, 9)]), 'pending');
});

test('amounts whose leading digit groups stand apart on other lines are held for review', () => {
  // OCR-noise review (corpus tune half, seed 83, shifted words): "10 150,00", "2 030,00" and
  // "12 180,00" each lost their first group to a line of its own, and 150,00 + 30,00 = 180,00 still adds up.
  const at = (text: string, x: number, y: number, w: number) => ({ ...run(text, x, y, 8), w });
  const block = (groupsApart: boolean) => [
    at('Sous-total', 327, 59, 48), at('10', 506, groupsApart ? 55 : 63, 10), at('150,00', 520, 63, 29), at('€', 554, 61, 5),
    at('Montant TVA', 331, 76, 52), at('2', 510, groupsApart ? 70 : 78, 5), at('030,00', 518, 78, 29), at('€', 556, 76, 5),
    at('Net à payer', 332, 92, 45), at('12', 505, groupsApart ? 100 : 92, 10), at('180,00', 518, 92, 29), at('€', 551, 91, 5),
  ];
  const read = (runs: TextRun[]) => {
    const inv = readFields([...header, run('Date de facture : 04/02/2026', 350, 20), ...runs]);
    return [decide(inv, 'ocr').status, inv.fields.montant_ttc];
  };
  assert.deepEqual(read(block(false)), ['validated', 1218000]);
  assert.notDeepEqual(read(block(true)), ['validated', 18000]);
});

test('dates OCR moved off their labels or cut short are shown, not booked', () => {
  const read = (runs: TextRun[]) => {
    const inv = readFields([...header, ...runs, ...totals]);
    return [decide(inv, 'pdf-text').status, inv.fields.date_facture];
  };
  // "2020-11-25" read "20-11-25" without its century: on a page of ISO dates, read year first too.
  assert.deepEqual(read([run('Invoice date : 20-11-25', 350, 60, 8)]), ['validated', '2025-11-20']);
  assert.notDeepEqual(read([run('Invoice date : 20-11-25', 350, 60, 8), run('Date of delivery : 2020-11-10', 350, 72, 8)]), ['validated', '2025-11-20']);
  // A delivery label whose value OCR moved up a line, under an invoice-date label with none beside it.
  const issued = [run('Invoice date', 40, 100, 8), run('2025-03-10', 40, 111, 8)];
  assert.deepEqual(read(issued), ['validated', '2025-03-10']);
  assert.notDeepEqual(read([...issued, run('Date of delivery', 40, 122, 8)]), ['validated', '2025-03-10']);
  // "Date d'échéance" as two lines, its apostrophe lost: the date under it is the due date.
  const heading = [run('Date', 40, 110, 8), run('Code client', 120, 110, 8), run('12.05.2025', 40, 122, 8), run('C-1022', 120, 122, 8)];
  assert.deepEqual(read(heading), ['validated', '2025-05-12']);
  assert.notDeepEqual(read([run('déchéance', 40, 99, 8), ...heading]), ['validated', '2025-05-12']);
  // An order's label with its own value ("Bon de commande n° :   CMD-75210") has lost none to the line above.
  assert.deepEqual(read([run('Date de facturation :   22/02/2025', 40, 100, 8), run('Bon de commande n° :   CMD-75210', 40, 111, 8)]), ['validated', '2025-02-22']);
  // A key the vocabulary does not know, its value moved up a line beside an invoice-date label's column ("Zahlungszie1 :").
  const stacked = [run('Belegdatum :', 44, 142, 9), run('2. Januar 2025', 60, 153, 9)];
  assert.deepEqual(read(stacked), ['validated', '2025-01-02']);
  assert.notDeepEqual(read([...stacked, run('Zahlungszie1 :', 40, 162, 9), run('Bestellnummer :   BC-26890', 41, 173, 9)]), ['validated', '2025-01-02']);
  // With its own value under it, the key has lost none.
  assert.deepEqual(read([...stacked, run('Zahlungszie1 :', 40, 162, 9), run('1. Februar 2025', 60, 173, 9)]), ['validated', '2025-01-02']);
  // A date after its due date, under a bare "Date": one of them is misread. Not under a label that names the invoice date.
  assert.deepEqual(read([run('Date : Jan 1, 2025', 350, 60, 8), run('Due Date : Jan 31, 2025', 350, 72, 8)]), ['validated', '2025-01-01']);
  assert.notDeepEqual(read([run('Date : Jun 1, 2025', 350, 60, 8), run('Due Date : Jan 31, 2025', 350, 72, 8)]), ['validated', '2025-06-01']);
  assert.deepEqual(read([run('Invoice date : 30/06/2025', 350, 60, 8), run('Due date : 20/06/2025', 350, 72, 8)]), ['validated', '2025-06-30']);
  // An order's "du 30 janv." under an invoice-date label whose own value OCR moved away: the order's date.
  const order = [run('24 mars 2025', 37, 112, 7.5), run('CL76914', 208, 112, 7.5), run('PO', 390, 112, 7.5), run('15335', 403, 112, 7.5), run('du', 428, 112, 7.5), run('30', 443, 112, 7.5), run('janv.', 456, 112, 7.5), run('2025', 482, 112, 7.5)];
  assert.notDeepEqual(read([run('À', 34, 100, 7), run('le', 104, 100, 7), ...order]), ['validated', '2025-01-30']);
  // A label whose own date OCR left unreadable ("Jau 1, 2025") may hold the invoice's: a date under a label no stronger is not booked.
  const dueGarbled = run('Dnc Date :   Jan 31, 2025', 350, 75, 8);
  assert.deepEqual(read([dueGarbled]), ['validated', '2025-01-31']);
  assert.notDeepEqual(read([run('Date :   Jau 1, 2025', 350, 60, 8), dueGarbled]), ['validated', '2025-01-31']);
  // A date under an unknown "Date …" key competes with a bare label's, even when the deadline's label accounts for it.
  const unknownKey = [run('Date : 05/04/2025', 350, 60, 8), run('Date de faeturation   19/05/2025', 40, 80, 8)];
  assert.notDeepEqual(read([...unknownKey, run('Paiement au plus tard le 19/05/2025', 40, 300, 8)]), ['validated', '2025-04-05']);
  // Under a bare "Date" heading, a date in the page's header that nothing explains competes.
  assert.notDeepEqual(read([run('19/06/2025', 300, 60, 8), ...heading]), ['validated', '2025-05-12']);
  assert.deepEqual(read([run('Livraison : 19/06/2025', 300, 60, 8), ...heading]), ['validated', '2025-05-12']);
});

test('a euro page read month-first because of one browser header leaves its date for review', () => {
  const verdict = decided([run('3/16/26, 9:41 AM', 40, 5), run('Date de facture : 05/03/2026', 350, 60)]);
  assert.equal(verdict.status, 'pending');
  assert.ok(verdict.reviewReasons.some((r) => r.includes('2026-03-05')), verdict.reviewReasons.join('; '));
});

test('a line outside the VAT, a discount before the amount due, a larger amount due or a larger total above leave the amounts for review', () => {
  const status = (runs: TextRun[]) => decide(readFields([...header, run('Date de facture : 14/09/2026', 350, 60), ...runs]), 'pdf-text').status;
  const order = [run('Total HT', 350, 400), run('250,00 €', 480, 400), run('TVA 20 %', 350, 415), run('50,00 €', 480, 415)];
  // Débours outside the VAT, however the line says so: no second part of the VAT.
  for (const outside of ['Débours non soumis à TVA', 'Timbre (non assujetti à la TVA)', 'Débours (TVA 0 %)', 'Kurtaxe (keine MwSt.)', 'Disbursement (VAT not applicable)']) {
    assert.equal(status([...order, run(outside, 350, 430), run('4,50 €', 480, 430), run('Total TTC', 350, 445), run('304,50 €', 480, 445)]), 'pending', outside);
  }
  const withTotal = [...order, run('Total TTC', 350, 430), run('300,00 €', 480, 430)];
  assert.equal(status(withTotal), 'validated');
  for (const discount of ['Geste commercial', 'Ristourne fidélité', 'Rebate']) {
    assert.equal(status([...withTotal, run(discount, 350, 445), run('-20,00 €', 480, 445), run('Net à payer', 350, 460), run('280,00 €', 480, 460)]), 'pending', discount);
  }
  assert.equal(status([run('Montant à régler : 337,45 €', 350, 80), ...withTotal, run('Débours (non soumis à TVA) : frais de greffe 37,45 €', 40, 500)]), 'pending');
  // An order's total above, or an amount due in another currency, prints no rest billed outside the proof.
  assert.equal(status([run('Montant total de la commande TTC : 1 000,00 €', 40, 80), ...withTotal]), 'validated');
  assert.equal(status([run('Montant total de votre facture', 350, 80), run('344,89 €', 480, 80), ...withTotal, run('Services tiers', 40, 445), run('44,89 €', 480, 445)]), 'pending');
  // A deposit paid, or a "remise" of a cheque with it, is no discount; "Montant du marché" is no amount due.
  assert.equal(status([...withTotal, run('Acompte reçu (remise chèque)', 350, 445), run('-100,00 €', 480, 445), run('Net à payer', 350, 460), run('200,00 €', 480, 460)]), 'validated');
  assert.equal(status([run('Montant du marché : 12 000,00 € HT', 40, 80), ...withTotal]), 'validated');
  // A net named after its discount is the net: "Total HT après remise".
  assert.equal(status([run('Total HT avant remise', 350, 385), run('300,00 €', 480, 385), run('Remise 10 %', 350, 392), run('- 30,00 €', 480, 392),
    run('Total HT après remise', 350, 400), run('270,00 €', 480, 400), run('TVA 20 %', 350, 415), run('54,00 €', 480, 415), run('Total TTC', 350, 430), run('324,00 €', 480, 430)]), 'validated');
});

test('dates that are no rival of an explicit invoice date: a qualified "X Date", a footer stamped with a time, a due date printed twice in a grid, a month-first page its labels show', () => {
  assert.equal(decided([run('Invoice Date: 14/09/2026', 350, 60), run('Arrival Date: 10/09/2026', 350, 75)]).status, 'validated');
  assert.equal(decided([run('Invoice Date: 14/09/2026', 350, 60), run('Page 1 of 1   Date: 15/09/2026 14:02', 40, 800)]).status, 'validated');
  const grid = decided([
    run('Date de facture', 40, 100), run('Échéance', 200, 100), run('Période', 320, 100),
    run('14/09/2026', 40, 115), run('14/09/2026', 200, 115), run('01/09/2026 au 30/09/2026', 320, 115),
  ]);
  assert.equal(grid.status, 'validated', grid.reviewReasons.join('; '));
  const us = readFields([...header, run('Invoice Date: 09/05/2026', 350, 60), run('Due Date: 09/20/2026', 350, 75), ...totals]);
  assert.deepEqual([decide(us, 'pdf-text').status, us.fields.date_facture], ['validated', '2026-09-05']);
  // A batch code read month-first, and a sort code that is no date, show nothing: the date's other reading competes.
  const batch = decide(readFields([...header, run('Invoice Date: 12/03/2026', 350, 60), run('Paint batch 3/14/25 white', 40, 300), run('Sort code 20-00-00', 40, 800), ...totals]), 'pdf-text');
  assert.equal(batch.status, 'pending');
});

test("a date that only a label naming another invoice's date dates is shown, not booked", () => {
  // A credit note whose own date stands under a label the reader does not know, beside the original invoice's.
  for (const quote of ["Date de facture d'origine : 05/01/2026", 'Original invoice date: 05/01/2026', 'DATE DE FACTURE ASSOCIÉE : 05/01/2026']) {
    const inv = readFields([...header, run('AVOIR', 40, 60, 16), run('Émis en ligne 31/01/2026', 350, 60), run(quote, 40, 100), ...totals]);
    assert.equal(decide(inv, 'pdf-text').status, 'pending', quote);
    assert.ok(decide(inv, 'pdf-text').reviewReasons.some((r) => r.includes('no label')), quote);
  }
  // Its own date under a label that names it: booked, as before.
  const own = readFields([...header, run("Date de l'avoir : 31/01/2026", 350, 60), run("Date de facture d'origine : 05/01/2026", 40, 100), ...totals]);
  assert.deepEqual([decide(own, 'pdf-text').status, own.fields.date_facture], ['validated', '2026-01-31']);
});

test('a date under an invoice-date label whose value is missing is not the date a label of its own row names', () => {
  for (const under of ['Date de début de prestation : 23/01/2026', 'Start of service: 23/01/2026', 'Date de livraison : 23/01/2026']) {
    const inv = readFields([...header, run('Date de facture :', 420, 60), run(under, 300, 75), ...totals]);
    assert.equal(decide(inv, 'pdf-text').status, 'pending', under);
    assert.notEqual(inv.fields.date_facture, '2026-01-23', under);
  }
  // A row of headings over its values still gives the date under its heading.
  const grid = readFields([...header, run('Date de facture', 40, 100), run('Échéance', 200, 100), run('04/02/2026', 40, 115), run('06/03/2026', 200, 115), ...totals]);
  assert.deepEqual([decide(grid, 'pdf-text').status, grid.fields.date_facture], ['validated', '2026-02-04']);
});

test("a VAT line that is the sum of the others is their total, not one more rate: the VAT is not counted twice", () => {
  const page = (ttc: string, vatLines: TextRun[]) => decide(readFields([...header, run('Date de facture : 04/02/2026', 350, 60),
    run('Total HT', 350, 400), run('100,00 €', 480, 400), ...vatLines, run('Total TTC', 350, 460), run(ttc, 480, 460)]), 'pdf-text');
  const once = [run('TVA 10 %', 350, 415), run('10,00 €', 480, 415), run('Total TVA', 350, 430), run('10,00 €', 480, 430)];
  assert.equal(page('120,00 €', once).status, 'pending');
  assert.equal(page('110,00 €', once).status, 'validated');
  // Two rates, each printed with its own amount, are parts of the total even when their amounts are
  // equal (4,31 € on 78,43 € at 5,5 % and on 21,57 € at 20 %).
  const twoRates = [run('TVA 5,5 %', 350, 415), run('4,31 €', 480, 415), run('TVA 20 %', 350, 430), run('4,31 €', 480, 430)];
  assert.equal(page('108,62 €', twoRates).status, 'validated');
  // Rates that say the VAT lines were charged on more than the net: one of them is no tax.
  const overNet = [run('TVA 5,5 %', 350, 415), run('5,00 €', 480, 415), run('TVA 20 %', 350, 430), run('5,00 €', 480, 430)];
  assert.equal(page('110,00 €', overNet).status, 'pending');
  // A rate that says its tax was charged on the whole net leaves nothing for a VAT line without one.
  const besideWholeNet = [run('TVA 20 %', 350, 415), run('20,00 €', 480, 415), run('TVA', 350, 430), run('5,00 €', 480, 430)];
  assert.equal(page('125,00 €', besideWholeNet).status, 'pending');
});

test('a credit note\'s "Date avoir" names its own date', () => {
  const inv = readFields([...header, run('Date avoir : 04/02/2026', 350, 60), run("Date de facture d'origine : 12/01/2026", 350, 75), ...totals]);
  assert.deepEqual([decide(inv, 'pdf-text').status, inv.fields.date_facture], ['validated', '2026-02-04']);
});

test("on a credit note, a label naming an invoice may date the corrected one: the page's own date competes with it", () => {
  const page = (runs: TextRun[]) => {
    const inv = readFields([...header, ...runs, ...totals]);
    return [decide(inv, 'pdf-text').status, inv.fields.date_facture];
  };
  for (const [title, own, invoiceDate] of [
    ['GUTSCHRIFT', 'Datum: 10.03.2026', 'Rechnungsdatum: 04.02.2026'],
    ['AVOIR N° AV-12', 'Date : 10/03/2026', 'Date de facture : 04/02/2026'],
    ['Credit Note', 'Date: 10/03/2026', 'Invoice date: 04/02/2026'],
  ] as const) {
    assert.equal(page([run(title, 40, 80, 16), run(own, 350, 60), run(invoiceDate, 350, 75)])[0], 'pending', title);
    // The same labels on an invoice: the invoice-date label names the page's date.
    assert.deepEqual(page([run('FACTURE', 40, 80, 16), run(own, 350, 60), run(invoiceDate, 350, 75)]), ['validated', '2026-02-04'], title);
    // Alone on a credit note, its "Date de facture" is its own date (a template an invoice shares).
    assert.deepEqual(page([run(title, 40, 80, 16), run(invoiceDate, 350, 75)]), ['validated', '2026-02-04'], title);
  }
  // A numbered invoice title on a credit note is the corrected invoice's: shown, not booked; the
  // credit note's own title dates it.
  assert.deepEqual(page([run('AVOIR N° AV-12', 40, 80, 16), run('Facture N° F-2026-11 du 04/02/2026', 40, 120)]), ['pending', '2026-02-04']);
  assert.deepEqual(page([run('AVOIR N° AV-12 du 10/03/2026', 40, 80, 16), run('Facture N° F-2026-11 du 04/02/2026', 40, 120)]), ['validated', '2026-03-10']);
  assert.deepEqual(page([run('Gutschrift', 40, 80, 16), run('Rechnung Nr. 4711 vom 04.02.2026', 40, 120)]), ['pending', '2026-02-04']);
});

test('OCR-garbled words around a date label do not make another date the invoice\'s', () => {
  const page = (runs: TextRun[]) => {
    const inv = readFields([...header, ...runs, ...totals]);
    return [decide(inv, 'ocr').status, inv.fields.date_facture];
  };
  // A qualifier garbled out of the vocabulary ("associée" read "ASS0ClÉE") still makes the label another invoice's.
  assert.deepEqual(page([run('Date : 31/01/2022', 350, 60), run('DATE DE FACTURE ASS0ClÉE : 01/01/2022', 40, 120)]), ['validated', '2022-01-31']);
  assert.deepEqual(page([run('DATE DE FACTURE ASS0ClÉE : 01/01/2022', 40, 120)])[0], 'pending');
  // ... but a weekday before a spelled date is the date's own word.
  assert.deepEqual(page([run('Date de facture : vendredi 5 septembre 2025', 350, 60)]), ['validated', '2025-09-05']);
  // A dated title inside a sentence ("der" garbled "dor") is the corrected invoice's, not the page's.
  assert.deepEqual(page([run('München, den 15.05.2025', 350, 60), run('Korrektur dor Rechnung RE-2025-4816 vom 25.03.2025', 40, 120)])[1], '2025-05-15');
  // A date under a label whose value OCR lost, keyed by a word of its own row ("Liefertag" garbled), is that key's.
  const keyed = page([run('Belegdatum :', 350, 60), run('Llefertag :', 300, 75), run('11. Novembor 2023', 400, 75)]);
  assert.notDeepEqual(keyed, ['validated', '2023-11-11']);
  // A sentence's "le" ending its line ("au plus tard le", garbled) labels no date under it.
  const sentence = page([run('Réf. facture', 40, 150), run('Paiement au plns fard le', 300, 150), run('FC57454', 40, 165), run('9 mars 2023', 300, 165)]);
  assert.notDeepEqual(sentence, ['validated', '2023-03-09']);
  assert.deepEqual(page([run('Nantes, le 5 septembre 2025', 350, 60)]), ['validated', '2025-09-05']);
  // A month's name guessed from a garbled word ("juin" read "julri", one letter off German "Juli") is shown, not booked.
  assert.deepEqual(page([run('Date de facture : 09 julri 2025', 350, 60)]), ['pending', '2025-07-09']);
  assert.deepEqual(page([run('Date de facture : 09 juin 2025', 350, 60)]), ['validated', '2025-06-09']);
  // A letter read as another of its shape keeps the name's length, and its date is booked as read.
  assert.deepEqual(page([run('Date de facture : 7 juiIlet 2025', 350, 60)]), ['validated', '2025-07-07']);
  // A delivery or order word misread one letter off before a bare "Date" makes it that date; "Invoice" misread leaves it ours.
  assert.notDeepEqual(page([run('Dolivery date : 8-Jul-2023', 350, 60)]), ['validated', '2023-07-08']);
  assert.deepEqual(page([run('Inv0ice date : 8-Jul-2023', 350, 60)]), ['validated', '2023-07-08']);
  // A purchase order's date with its O read as a zero ("P0 date") is the order's.
  assert.notDeepEqual(page([run('P0 date : 27/06/2022', 350, 60)]), ['validated', '2022-06-27']);
  // Under a heading whose value OCR lost, the next rows' dates are theirs: a period's end, a sentence's
  // date, a key's in the heading's column (its words garbled out of the vocabulary).
  const under = (row: TextRun[]) => page([run('Avoir N°', 40, 150), run('Date de facturation', 200, 150), ...row]);
  assert.notDeepEqual(under([run('Période : du 1-Dec-2022 au 31-Dec-2022', 40, 165)]), ['validated', '2022-12-31']);
  assert.notDeepEqual(under([run('Annule et rompluce la facture F2022-3739 du 15-Oct-2022', 40, 165)]), ['validated', '2022-10-15']);
  assert.notDeepEqual(under([run('Date de Ia prestation', 200, 165), run('12-Mar-2024', 330, 165)]), ['validated', '2024-03-12']);
  // A key OCR read with a digit for a letter is a key all the same.
  assert.notDeepEqual(under([run('Prestati0u :', 200, 165), run('12-Mar-2024', 330, 165)]), ['validated', '2024-03-12']);
  // The value in the heading's own column stays its value, whatever text the row prints before it.
  assert.deepEqual(under([run('Projet Alpha', 40, 165), run('25-Dec-2022', 200, 165)]), ['validated', '2022-12-25']);
});

test("a date under its label stays ours when another label's cell in its row names another date, or names the same day in a cell of its own", () => {
  const page = (rowLabel: string) => readFields([...header, run('Date de facture', 350, 150), run(rowLabel, 40, 165), run('16/03/2026', 350, 165), ...totals]);
  for (const rowLabel of ["Date d'échéance : 15/04/2026", 'Date de livraison : 16/03/2026']) {
    const inv = page(rowLabel);
    assert.deepEqual([decide(inv, 'pdf-text').status, inv.fields.date_facture], ['validated', '2026-03-16'], rowLabel);
  }
});

test('an invoice number under its heading stays ours beside a date label in its row', () => {
  const page = (cells: TextRun[]) => readFields([...header, ...cells, ...totals]).fields.numero;
  assert.equal(page([run('Facture n°', 40, 150), run('26', 40, 165), run('Date : 02/03/2026', 200, 165)]), '26');
  assert.equal(page([run('N° de facture', 300, 150), run('Date : 17/03/2026', 40, 165), run('EM-0433', 300, 165)]), 'EM-0433');
});

test("a date in a later cell of a label's row is not its value: the value under the label is", () => {
  for (const right of ['12/01/2026', 'Réf. 2026-01-12', 'Ihr Zeichen: 12.01.2026']) {
    const inv = readFields([...header, run('Date de facture', 250, 60), run('N° client', 350, 60), run(right, 440, 60), run('04/02/2026', 250, 73), run('C-88', 350, 73), ...totals]);
    assert.equal(inv.fields.date_facture, '2026-02-04', right);
  }
  // The value in the next cell after a colon of its own: still the label's.
  const colon = readFields([...header, run('Date de facture', 250, 60), run(':', 330, 60), run('04/02/2026', 360, 60), ...totals]);
  assert.deepEqual([decide(colon, 'pdf-text').status, colon.fields.date_facture], ['validated', '2026-02-04']);
});

test("a heading's column stops at a cell whose first date follows another date's year", () => {
  // OCR-noise review (generated seed 88, seed 110, shifted words): a row of headings split in two
  // lines, the cell under "Établie le" read "janvier 2026 3 mars 2026", the first date's day cut off.
  const cell = (text: string) => ({ text, lineIndex: 1, end: 0 });
  assert.deepEqual(datesDownTheColumn([cell('janvier 2026 3 mars 2026')], 'dmy').map((d) => d.date.iso), []);
  assert.deepEqual(datesDownTheColumn([cell('3 mars 2026')], 'dmy').map((d) => d.date.iso), ['2026-03-03']);
  // A year inside a reference is none: "CMD2023-58752 du 3 mars 2026".
  assert.deepEqual(datesDownTheColumn([cell('CMD2023-58752 du 3 mars 2026')], 'dmy').map((d) => d.date.iso), ['2026-03-03']);
});
