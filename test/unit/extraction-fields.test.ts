import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decide } from '../../src/extraction/checks/decision.ts';
import { findAmounts } from '../../src/extraction/fields/amount-parser.ts';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import { combineReadings } from '../../src/extraction/ocr/combine-readings.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';
import { buildLines } from '../../src/extraction/layout/lines.ts';

const run = (text: string, x: number, y: number, h = 10, conf = 1): TextRun => ({ text, x, y, w: text.length * h * 0.5, h, page: 1, conf });
/** A row of cells at one height, each [text, x]. */
const cells = (y: number, row: Array<[string, number]>) => row.map(([text, x]) => run(text, x, y));

test('SIRET: grouped by threes, glued to a postcode, or as SIREN + establishment', () => {
  const byThrees = readFields([run('Atelier Roux – SIRET 552 100 554 000 13 – APE 7022Z', 40, 780)]);
  assert.equal(byThrees.fields.siret, '55210055400013');
  const glued = readFields([run('SIRET : 55210055400013 75001 PARIS', 40, 780)]);
  assert.equal(glued.fields.siret, '55210055400013');
  const split = readFields([run('SIRET 552100554 00013', 40, 780)]);
  assert.equal(split.fields.siret, '55210055400013');
  const iban = readFields([run('IBAN : FR76 5852 4785 0486 6497 8705 465', 40, 780)]);
  assert.equal(iban.fields.siret, null, 'digits of an IBAN make no SIRET');
});

test("SIRET: the seller's legal mentions beat a customer's number printed outside the customer's block", () => {
  const inv = readFields([
    run('SIRET 73282932000074', 300, 100),
    run('N° TVA : FR44732829320', 300, 115),
    run('SIRET 55210055400013', 40, 100),
    run('Atelier Roux – SAS au capital de 1 000 € – RCS Paris 552 100 554 – SIRET 55210055400013 – TVA FR96552100554', 40, 780),
  ]);
  assert.equal(inv.fields.siret, '55210055400013');
  assert.equal(inv.extra.vatId, 'FR96552100554');
});

test("SIRET: OCR's lost spaces between its groups; a labelled number regrouped must pass its checksum", () => {
  // "418 392 057 02006" read with two spaces lost.
  assert.equal(readFields([run('Rivage Conseil SARL - SIRET 418392 05702006', 40, 780)]).fields.siret, '41839205702006');
  // The same grouping, one digit misread: not a SIRET, and not reported as one.
  assert.equal(readFields([run('Rivage Conseil SARL - SIRET 418392 05702007', 40, 780)]).fields.siret, null);
  // Unlabelled, the odd grouping is no SIRET even when its checksum holds.
  assert.equal(readFields([run('Commande 418392 05702006', 40, 780)]).fields.siret, null);
});

test("SIRET: the customer's block beside the seller's runs past the seller's lines OCR reads in between", () => {
  // Two columns: the seller's on the left, the customer's ("Adressé à") on the right. The seller's
  // column has more lines, so OCR reads them in between the customer's: the customer's SIRET and
  // VAT number are its block's 4th and 5th lines, but the 7th and 8th under its label. Taken for
  // the seller's, they would win: a SIRET that agrees with a VAT number beside it comes first.
  const page = [
    ...cells(100, [['Rivage Conseil', 40], ['Adressé à', 330]]),
    ...cells(115, [['12 rue des Mouettes', 40], ['Brunel Frères SAS', 330]]),
    ...cells(125, [['17000 La Rochelle', 40]]),
    ...cells(135, [['Tél. 05 46 00 00 00', 40], ['4 allée des Pins', 330]]),
    ...cells(145, [['contact@rivage.test', 40]]),
    ...cells(155, [['SIRET : 41839205702006', 40], ['33000 Bordeaux', 330]]),
    ...cells(175, [['SIRET : 73104588212003', 330]]),
    ...cells(190, [['TVA : FR56731045882', 330]]),
  ];
  assert.equal(readFields(page).fields.siret, '41839205702006');
});

test('SIRET: a labelled number that fails its checksum is reported and sends the invoice to review; an unlabelled one is ignored', () => {
  const lines = [
    run('Atelier Roux SAS', 40, 20, 18), run('www.atelier-roux.fr', 40, 42), run('Facture du 12/03/2025', 350, 20),
    run('Total HT', 350, 400), run('100,00 €', 480, 400),
    run('TVA 20 %', 350, 415), run('20,00 €', 480, 415),
    run('Total TTC', 350, 430), run('120,00 €', 480, 430),
  ];
  const labelled = readFields([...lines, run('SIRET : 12345678900014', 40, 780)]);
  assert.equal(labelled.fields.siret, '12345678900014');
  const decision = decide(labelled, 'pdf-text');
  assert.equal(decision.status, 'pending');
  assert.ok(decision.reviewReasons.some((r) => r.includes('checksum')));
  const bare = readFields([...lines, run('Commande 12345678900014', 40, 780)]);
  assert.equal(bare.fields.siret, null);
  assert.equal(decide(bare, 'pdf-text').status, 'validated');
});

test('currency: labelled, beside amounts, printed anywhere, or implied by where the seller is registered', () => {
  assert.equal(readFields([run('Währung: EUR', 40, 100), run('Summe 12,00 $', 40, 200)]).fields.devise, 'EUR', 'the label wins');
  assert.equal(readFields([run('Total 12,00 £', 40, 200)]).fields.devise, 'GBP');
  assert.equal(readFields([run('Tous les montants sont en EUR', 40, 100), run('Total 12,00', 40, 200)]).fields.devise, 'EUR');
  assert.equal(readFields([run('USt-IdNr: DE 123 456 789', 40, 100), run('Summe 12,00', 40, 200)]).fields.devise, 'EUR');
  assert.equal(readFields([run('KEDAI MAJU SDN BHD', 40, 20), run('TOTAL 12.00', 40, 200)]).fields.devise, 'MYR');
  assert.equal(readFields([run('Prix unitaire (€)', 40, 100), run('Total 12,00', 40, 200)]).fields.devise, 'EUR', 'a symbol in a heading');
  assert.equal(readFields([run('KEDAI MAJU SDN BHD', 40, 20), run('Total €% supplies: 20.67', 40, 200)]).fields.devise, 'MYR', '"€%" is a misread "6%"');
  assert.equal(readFields([run('Total 12.00', 40, 200)]).fields.devise, null, 'nothing says which');
});

test('a minus sign read as "=" or a dash, glued to its digits, keeps a credit note negative', () => {
  assert.deepEqual(findAmounts('=7,90   0,23   -7,67   =1,12   EUR   -8,79').map((a) => a.cents), [-790, 23, -767, -112, -879]);
  assert.deepEqual(findAmounts('–3,50 €').map((a) => a.cents), [-350]);
  assert.deepEqual(findAmounts('Total = 12,00').map((a) => a.cents), [1200], 'a spaced "=" is no sign');
});

test('a net column whose first value sits well below its heading; a value under a label of words ends the column', () => {
  const items = readFields([
    run('Pos', 40, 300, 11), run('Beschreibung', 120, 300, 11), run('Nettopreis', 300, 300, 11), run('Nettobetrag', 420, 300, 11),
    run('1', 40, 352, 11), run('Testprodukt', 120, 352, 11), run('1,00', 300, 352, 11), run('1,00', 440, 352, 11),
    run('Kleinunternehmer gemäß § 19 UStG', 40, 500),
  ]);
  assert.deepEqual([items.fields.montant_ht, items.fields.montant_tva, items.fields.montant_ttc], [100, 0, 100]);
  assert.equal(decide(items, 'pdf-text').status, 'pending', 'totals implied from an item line are for review');
  const deposit = readFields([
    run('TOTAL HT', 200, 400), run('TOTAL TVA', 290, 400), run('TOTAL TTC', 380, 400),
    run('100,00', 200, 415), run('10,00', 290, 415), run('110,00', 380, 415),
    run('pas', 380, 430), run('Montant déjà payé', 200, 445), run('10,00', 380, 460),
  ]);
  assert.deepEqual([deposit.fields.montant_ht, deposit.fields.montant_tva, deposit.fields.montant_ttc], [10000, 1000, 11000]);
});

test('invoice date: a heading cell over its row, a French letter date, a title followed by its date; not the due date', () => {
  const row = readFields([
    run('Facture n°', 40, 300), run('Date', 160, 300), run('À régler avant le', 280, 300), run('Code client', 420, 300),
    run('FAC-0142', 40, 315), run('28/07/2025', 160, 315), run('27/08/2025', 280, 315), run('41152', 420, 315),
    run('Conditions : échéance le 27/08/2025', 40, 600),
  ]);
  assert.equal(row.fields.date_facture, '2025-07-28');
  assert.equal(row.extra.dueDate, '2025-08-27');
  assert.ok(row.confidence.date_facture! >= 0.8, 'a date under its own heading is labelled');
  const letter = readFields([run('Échéance : 5 octobre 2025', 40, 100), run('Nantes, le vendredi 5 septembre 2025', 300, 120)]);
  assert.equal(letter.fields.date_facture, '2025-09-05');
  assert.equal(readFields([run('Beitragsrechnung   24. Januar 2014', 40, 100), run('Fälligkeit 06.12.2013', 40, 300)]).fields.date_facture, '2014-01-24');
});

test('an OCR date is as sure as its own words: a noisy neighbour on its line does not make it uncertain', () => {
  const inv = readFields([run('Date :', 40, 100, 10, 0.96), run('12/03/2025', 100, 100, 10, 0.95), run('~ii;', 400, 100, 10, 0.2)]);
  assert.equal(inv.fields.date_facture, '2025-03-12');
  assert.ok(inv.confidence.date_facture! >= 0.8);
});

test('invoice date decoys: the invoice a credit note corrects, a contract date, the date of the service invoiced', () => {
  const credit = readFields([run('Avoir N° A-1', 300, 20), run('Date d\'émission : 2024-01-16', 300, 35), run('Sur facture N° F2023-1209 du 2023-12-31', 300, 50)]);
  assert.equal(credit.fields.date_facture, '2024-01-16');
  const contract = readFields([run('Vertrags-Datum : 01.04.2013', 40, 100), run('Beleg-Datum : 06.10.2013', 40, 115)]);
  assert.equal(contract.fields.date_facture, '2013-10-06');
  const taxi = readFields([run('Handelsrechnung Nr. TX-4711 vom 30.10.2018', 40, 100), run('Rechnung gemäß Taxifahrt vom 29.10.2018', 40, 400)]);
  assert.equal(taxi.fields.date_facture, '2018-10-30');
  // A word qualifying the title before its document type code; a version's date above it is none.
  const bau = readFields([
    run('Stylesheet-Version:   2.6 vom 10.11.2031', 40, 100), run('Schlussrechnung Bau (877) Nr. 7311 vom 30.06.2031', 40, 150),
    run('Liefer- und Leistungsdatum:   30.06.2031', 40, 165), run('Rechnung gemäß Bestellung vom 01.03.2031', 40, 180),
  ]);
  assert.equal(bau.fields.date_facture, '2031-06-30');
  // The invoice a German or English credit note corrects is dated in its title words too.
  const korrektur = readFields([run('München, den 13.02.2023', 40, 100), run('Gutschrift Nr. AV-7', 40, 180), run('Korrektur der Rechnung R-2212 vom 21.01.2023', 40, 250)]);
  assert.notEqual(korrektur.fields.date_facture, '2023-01-21');
  assert.notEqual(korrektur.extra.dateEvidence?.label, 'explicit');
  const credit2 = readFields([run('Credit note CN-4', 40, 100), run('Issue date: 2024-02-02', 40, 115), run('Correction of invoice INV-9 dated 2024-01-05', 40, 130)]);
  assert.equal(credit2.fields.date_facture, '2024-02-02');
  assert.deepEqual(credit2.extra.dateEvidence?.rivals, []);
});

test('a labelled date OCR is unsure of beats a sure unlabelled one, and stays for review', () => {
  const inv = readFields([run('Date de facture :', 40, 100, 10, 0.95), run('03.04.2023', 200, 100, 10, 0.45), run('03.05.2023', 40, 200, 10, 0.97)]);
  assert.equal(inv.fields.date_facture, '2023-04-03');
  assert.ok(inv.confidence.date_facture! < 0.8);
});

test('receipts: the amount charged to a card, and change whose leading zero OCR lost, witness a misread total', () => {
  const card = readFields([run('Total Gross RM 86.17', 40, 100), run('Visa RM 88.17', 40, 115)]);
  assert.equal(card.fields.montant_ttc, 8817);
  const change = readFields([run('Item 1 RM23.60', 40, 80), run('Total Sales (Inclusive GST) RM 23.40', 40, 100), run('CASH RM 24.00', 40, 115), run('CHANGE RM ,40', 40, 130)]);
  assert.equal(change.fields.montant_ttc, 2360);
  const agrees = readFields([run('Total RM 12.50', 40, 100), run('Mastercard RM 12.50', 40, 115)]);
  assert.equal(agrees.fields.montant_ttc, 1250);
});

test('receipts: a total that a GST summary\'s base and tax add up to stands against a payment one digit away (the cash misread)', () => {
  // As OCR reads a phone scan of such a receipt: the rate garbled in the total's label and in the summary's row.
  const summary = [run('GST Summary Ant(RM)  Tax(RM)', 40, 160), run('GST SEB: 80.00 4.80', 40, 175)];
  const cashMisread = [run('TOTAL INCL. GSIà6; RM 84.80', 40, 100), run('CASH EN 25.00', 40, 115), run('CHANGE PM 0.20', 40, 130)];
  assert.equal(readFields([...cashMisread, ...summary]).fields.montant_ttc, 8480);
  // Without the summary, the payment is the second witness, as before: the total is the one misread.
  assert.equal(readFields(cashMisread).fields.montant_ttc, 2480);
});

test('receipts: change whose first digit OCR misread as a letter proves nothing', () => {
  // The total stands, taken to the cash step by its rounding (no rounded total read below): 20.00 − "f.20" says nothing.
  const inv = readFields([run('TOTAL (GST INCL) 12,58', 40, 100), run('Rounding Adj 0.02', 40, 108), run('CASH 20.00', 40, 115), run('CHANGE DUE f.40', 40, 130)]);
  assert.equal(inv.fields.montant_ttc, 1260);
  const unrounded = readFields([run('TOTAL (GST INCL) 12,58', 40, 100), run('CASH 20.00', 40, 115), run('CHANGE DUE f.40', 40, 130)]);
  assert.equal(unrounded.fields.montant_ttc, 1258);
});

test("a letter's date without a label word ('Manchester, 26-Sep-2026', 'Glasgow, March 9, 2026', 'Leipzig, den 21.06.2024', 'Le 2025-12-20') is the invoice's, with deadlines and payments received explained away", () => {
  const english = readFields([run('Manchester, 26-Sep-2026', 300, 100), run('Invoice No. INV-1', 40, 200), run('Please pay by 25-Nov-2026.', 40, 780)]);
  assert.equal(english.fields.date_facture, '2026-09-26');
  assert.deepEqual(english.extra.dateEvidence, { label: 'generic', rivals: [], wordConfidence: 1 });
  const monthFirst = readFields([run('Glasgow, March 9, 2026', 300, 100), run('Payment due :   May 8, 2026', 300, 120)]);
  assert.deepEqual([monthFirst.fields.date_facture, monthFirst.extra.dateEvidence?.label], ['2026-03-09', 'generic']);
  const german = readFields([run('Leipzig, den 21.06.2024', 300, 100), run('Bitte überweisen Sie den Betrag bis zum 20.08.2024.', 40, 780)]);
  assert.deepEqual([german.fields.date_facture, german.extra.dateEvidence], ['2024-06-21', { label: 'generic', rivals: [], wordConfidence: 1 }]);
  const french = readFields([run('Le 2025-12-20', 300, 100), run('Acompte reçu le 2025-11-13 ....... (120,00)', 40, 500), run('Merci de régler cette facture avant le 2026-01-20.', 40, 780)]);
  assert.deepEqual([french.fields.date_facture, french.extra.dateEvidence], ['2025-12-20', { label: 'generic', rivals: [], wordConfidence: 1 }]);
  // An item's description ending in a comma, then the next column's date, is no letter.
  const item = readFields([run('Description   Date', 40, 300), run('LONDON Schreibtischstuhl,', 40, 315), run('02/17/26', 200, 315)]);
  assert.notEqual(item.extra.dateEvidence?.label, 'generic');
});

test("a service period's bounds ('Start of service', 'fin de la prestation') and a purchase order's date ('PO date') are no rivals of the invoice date", () => {
  const english = readFields([run('Date:   14 Mar 2025', 300, 100), run('Start of service:   3 Jan 2025', 300, 115), run('End of service:   28 Feb 2025', 300, 130)]);
  assert.deepEqual([english.fields.date_facture, english.extra.dateEvidence?.rivals], ['2025-03-14', []]);
  const order = readFields([run('Date :   26 June 2026', 300, 100), run('PO date :   8 June 2026', 300, 115)]);
  assert.deepEqual([order.fields.date_facture, order.extra.dateEvidence?.rivals], ['2026-06-26', []], "a purchase order's date");
  const french = readFields([run('Date : 05/03/2025', 300, 100), run('Fin de la prestation : 28/02/2025', 300, 115)]);
  assert.deepEqual([french.fields.date_facture, french.extra.dateEvidence?.rivals], ['2025-03-05', []]);
});

test('multi-rate VAT: the lines that name their rate add up to the VAT total, beside a VAT column elsewhere on the page', () => {
  const inv = readFields([
    // The items' "TVA" column heading is a VAT label too: one line more than the rates, so the sum of
    // every VAT line (five) is no breakdown.
    ...cells(300, [['Désignation', 40], ['Qté', 200], ['Prix unit. HT', 260], ['TVA', 360], ['Montant HT', 420]]),
    ...cells(315, [['Conseil', 40], ['1', 200], ['1 221,00', 260], ['20 %', 360], ['1 221,00', 420]]),
    ...cells(500, [['Code TVA', 40], ['Base', 110], ['Taxe', 180], ['Total HT', 300], ['6 000,00 EUR', 420]]),
    ...cells(515, [['20 %', 40], ['3 000,00', 110], ['600,00', 180], ['TVA 20 %', 300], ['600,00 EUR', 420]]),
    ...cells(530, [['10 %', 40], ['1 000,00', 110], ['100,00', 180], ['TVA à 10 %', 300], ['100,00 EUR', 420]]),
    ...cells(545, [['T.V.A. 5,5%', 300], ['55,00 EUR', 420]]),
    ...cells(560, [['T.V.A. 2,1%', 300], ['21,00 EUR', 420]]),
    ...cells(575, [['Total TTC', 300], ['6 776,00 EUR', 420]]),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc, inv.extra.amountsProof], [600000, 77600, 677600, 'equation']);
});

test('multi-rate VAT: one VAT label per rate in a row of headings, or a per-rate table whose total VAT is not printed, add up to the VAT', () => {
  const amounts = (inv: ReturnType<typeof readFields>) => [inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc, inv.extra.amountsProof];
  const headings = readFields([
    ...cells(500, [['Total HT', 40], ['TVA 20 %', 200], ['TVA 5,5 %', 320]]),
    ...cells(515, [['3 400,00 €', 40], ['480,00 €', 200], ['55,00 €', 320]]),
    ...cells(560, [['Total TTC', 200], ['3 935,00 €', 320]]),
  ]);
  assert.deepEqual(amounts(headings), [340000, 53500, 393500, 'equation'], 'one row of headings');
  const table = readFields([
    ...cells(500, [['Taux', 40], ['Base', 200], ['TVA', 320]]),
    ...cells(515, [['20 %', 40], ['2 400,00', 200], ['480,00', 320]]),
    ...cells(530, [['5,5 %', 40], ['1 000,00', 200], ['55,00', 320]]),
    ...cells(600, [['Total HT', 200], ['3 400,00 €', 320]]),
    ...cells(615, [['Total TTC', 200], ['3 935,00 €', 320]]),
  ]);
  assert.deepEqual(amounts(table), [340000, 53500, 393500, 'equation'], 'a per-rate table');
});

test('multi-rate VAT: a rate printed before its label ("zzgl. 7 % MwSt.") names the line\'s rate, beside a VAT column heading over the items', () => {
  const inv = readFields([
    ...cells(100, [['Leistung', 40], ['Einzelpreis', 200], ['MwSt.', 300], ['Gesamtpreis', 420]]),
    ...cells(115, [['Beratung', 40], ['500,00 €', 200], ['7 %', 300], ['1 000,00 €', 420]]),
    ...cells(130, [['Wartung', 40], ['250,00 €', 200], ['19 %', 300], ['500,00 €', 420]]),
    ...cells(200, [['Zwischensumme netto', 300], ['1 500,00 €', 420]]),
    ...cells(215, [['Umsatzsteuer 19 %', 300], ['95,00 €', 420]]),
    ...cells(230, [['zzgl. 7 % MwSt.', 300], ['70,00 €', 420]]),
    ...cells(245, [['Gesamtbetrag', 300], ['1 665,00 €', 420]]),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc, inv.extra.amountsProof], [150000, 16500, 166500, 'equation']);
});

test('multi-rate VAT: one rate before each label in a row of headings names each one\'s rate', () => {
  const inv = readFields([
    ...cells(200, [['Total HT', 40], ['7 % MwSt.', 200], ['19 % MwSt.', 320], ['Gesamtbetrag', 440]]),
    // A net column's heading above says "MwSt." too: one VAT line more than the rates.
    ...cells(100, [['Artikel', 40], ['MwSt.', 300], ['Betrag', 440]]),
    ...cells(115, [['Beratung', 40], ['7 %', 300], ['1 000,00 €', 440]]),
    ...cells(130, [['Wartung', 40], ['19 %', 300], ['500,00 €', 440]]),
    ...cells(215, [['1 500,00 €', 40], ['70,00 €', 200], ['95,00 €', 320], ['1 665,00 €', 440]]),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc, inv.extra.amountsProof], [150000, 16500, 166500, 'equation']);
});

test('a row of headings ending in a bare "TOTAL": each heading reads the value in its own column', () => {
  const inv = readFields([
    ...cells(400, [['Total net', 300], ['VAT 20%', 400], ['TOTAL', 500]]),
    ...cells(415, [['€3,150.00', 290], ['€630.00', 400], ['€3,780.00', 480]]),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc, inv.extra.amountsProof], [315000, 63000, 378000, 'equation']);
});

test("OCR that drops the VAT line's label: the amount alone between the net and the total is the VAT, but a line of words is not", () => {
  const page = (between: string) => readFields([
    run('Total HT', 300, 500), run('EUR 1 250,00', 420, 500),
    run(between, 420, 515),
    run('Total TTC', 300, 530), run('EUR 1 500,00', 420, 530),
  ]);
  const dropped = page('EUR 250,00');
  assert.deepEqual([dropped.fields.montant_ht, dropped.fields.montant_tva, dropped.fields.montant_ttc, dropped.extra.amountsProof], [125000, 25000, 150000, 'equation']);
  const charges = page('Frais de dossier 250,00');
  assert.ok(charges.extra.amountsProof !== 'equation', 'a line that says what it is is no VAT');
});

test('OCR that garbles one total: the two that agree through the printed VAT rate imply it, for review unless the total read ends their sum', () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  // "Total toutes taxes comprises 12 430,37 €" with the 1 run into the label: the digits read end
  // the sum of a net and a VAT that is its printed rate, which proves it (totals.ts).
  const total = readFields([ocr('Total net HT   10 358,64 €', 300, 500), ocr('T.V.A. 20%   2 071,73 €', 300, 515), ocr('Total toutes taxes comprisesl2 430,37 €', 300, 530)]);
  assert.deepEqual([total.fields.montant_ht, total.fields.montant_tva, total.fields.montant_ttc, total.extra.amountsProof], [1035864, 207173, 1243037, 'equation']);
  // A digit misread instead ("17 430,37"): implied, for review.
  const misread = readFields([ocr('Total net HT   10 358,64 €', 300, 500), ocr('T.V.A. 20%   2 071,73 €', 300, 515), ocr('Total toutes taxes comprises   17 430,37 €', 300, 530)]);
  assert.deepEqual([misread.fields.montant_ttc, misread.extra.amountsProof], [1243037, 'none']);
  assert.equal(decide(misread, 'ocr').status, 'pending');
  // A rate glued to its tax word ("TVA10 %"), and a total OCR could not read at all.
  const glued = readFields([
    ocr('Total HT', 200, 500), ocr('TVA10 %', 320, 500), ocr('TOTAL TTC', 440, 500),
    ocr('2.340,50 EUR', 200, 515), ocr('234,05 EUR', 320, 515), ocr('QRVTXLMNE', 440, 515),
  ]);
  assert.equal(glued.fields.montant_ttc, 257455);
  // A net that disagrees with the rate leaves the amounts as read.
  const net = readFields([ocr('Total HT   1 000,00 €', 300, 500), ocr('TVA 20 %   200,00 €', 300, 515), ocr('Total TTC   1 300,00 €', 300, 530)]);
  assert.deepEqual([net.fields.montant_ht, net.fields.montant_tva, net.fields.montant_ttc], [100000, 20000, 120000]);
  // Two rates printed: none relates the totals on its own.
  const two = readFields([ocr('Total HT   1 000,00 €', 300, 500), ocr('TVA 20 %   200,00 €', 300, 515), ocr('TVA 10 % non applicable', 40, 400), ocr('Total TTC   1 900,00 €', 300, 530)]);
  assert.equal(two.fields.montant_ttc, 190000);
  // A VAT OCR did not read: the difference of net and total, when it is a VAT's share.
  const vat = readFields([ocr('Netto   1346,07 €', 300, 500), ocr('M#St. 19 %   255,75 €', 300, 515), ocr('Gesamtbetrag   1601,82 €', 300, 530)]);
  assert.deepEqual([vat.fields.montant_tva, vat.extra.amountsProof], [25575, 'none']);
});

test("totals' wordings: 'Gesamt brutto', 'Solde à régler', 'Restbetrag'; a page's subtotal carried forward ('c/f') is none", () => {
  const de = readFields([run('Netto   17 459,95 EUR', 300, 500), run('Umsatzsteuer 19 %   3 317,39 EUR', 300, 515), run('Gesamt brutto   20 777,34 EUR', 300, 530)]);
  assert.deepEqual([de.fields.montant_ttc, de.extra.amountsProof], [2077734, 'equation']);
  const fr = readFields([run('Sous-total HT   T.V.A. 20%   Solde à régler', 300, 500), run('69.584,34 EUR   13.916,87 EUR   83.501,21 EUR', 300, 515)]);
  assert.deepEqual([fr.fields.montant_ht, fr.fields.montant_tva, fr.fields.montant_ttc], [6958434, 1391687, 8350121]);
  const rest = readFields([run('Netto   100,00 EUR', 300, 500), run('MwSt. 19 %   19,00 EUR', 300, 515), run('Restbetrag   119,00 EUR', 300, 530)]);
  assert.equal(rest.fields.montant_ttc, 11900);
  const carried = readFields([run('Subtotal c/f   900.00 GBP', 300, 300), run('Net total   1,000.00 GBP', 300, 500), run('VAT 20%   200.00 GBP', 300, 515), run('Total   1,200.00 GBP', 300, 530)]);
  assert.deepEqual([carried.fields.montant_ht, carried.extra.rivalTotals], [100000, []]);
});

test("supplier: a name is cut at ' - ' before the mentions that follow it, not before its legal form", () => {
  const inv = readFields([run('Timexly Ltd - VAT Reg. No. GB877293473', 40, 20, 16), run('Invoice', 300, 60), run('Bill to', 40, 120), run('Acme Ltd', 40, 135)]);
  assert.equal(inv.fields.fournisseur, 'Timexly Ltd');
  const vat = readFields([run('Kingsley Joinery', 40, 20, 16), run('Ltd VAT number GB549449792', 40, 780), run('Invoice', 300, 60)]);
  assert.ok(!vat.extra.supplierCandidates?.some((c) => /VAT/.test(c.name)), 'a VAT number mention is no name');
  const form = readFields([run('Belora Express - SAS - RCS Lyon 123 456 789', 40, 20, 16), run('Facture', 300, 60), run('Client', 40, 120), run('Acme SARL', 40, 135)]);
  assert.equal(form.fields.fournisseur, 'Belora Express SAS', 'a legal form after the dash is part of the name');
  const twice = readFields([run('Gako SARL - SARL au capital de 10 000 € - RCS Lyon 123 456 789', 40, 20, 16), run('Facture', 300, 60)]);
  assert.equal(twice.fields.fournisseur, 'Gako SARL', 'the mentions repeat a form the name has');
  const dashLost = readFields([run('Xazendia SARL SARL au capital de 50.000,00 EUR', 40, 20, 16, 0.9), run('Facture', 300, 60)]);
  assert.equal(dashLost.fields.fournisseur, 'Xazendia SARL', 'the dash between them lost by OCR');
});

test("SIRET: a two-column letterhead's seller cells beside the customer's block are the seller's; the customer's column is not", () => {
  const inv = readFields([
    run('ATELIER DUPRÉ', 40, 100), run('Adresse du client', 320, 100),
    run('8 rue des Lilas', 40, 115), run('Boulangerie Martin SARL', 320, 115),
    run('EMAIL : contact@dupre.fr', 40, 130), run('06000 NICE', 320, 130),
    run('SIREN / SIRET : 552 100 554 00013', 40, 145), run('SIRET : 732 829 320 00074', 320, 145),
  ]);
  assert.equal(inv.fields.siret, '55210055400013');
});

test("supplier: a sole trader's mailbox that spells its owner's surname ('l.moreau@orange.fr') agrees with the letterhead; the customer's does not", () => {
  const page = (mail: string, customerMail: string) => readFields([
    run('Léa Moreau', 40, 20, 16), run(mail, 40, 60), run('Facture N° F2025-0042', 300, 60),
    run('CLIENT', 320, 120), run('Garage Bellevue EURL', 320, 135), run(customerMail, 320, 150),
  ]);
  const own = page('l.moreau@orange.fr', 'contact@bellevue.fr');
  assert.equal(own.extra.supplierCandidates?.[0]?.features.domain_agrees, 1);
  const other = page('contact@atelier.fr', 'moreau.lea@orange.fr');
  assert.equal(other.extra.supplierCandidates?.[0]?.features.domain_agrees, 0);
  assert.ok(own.confidence.fournisseur! > other.confidence.fournisseur!);
  const ocr = readFields([run('Léa Moreau El', 40, 20, 16, 0.9), run('Facture N° F2025-0042', 300, 60)]);
  assert.equal(ocr.fields.fournisseur, 'Léa Moreau EI', "OCR's small l for the I of EI");
});

test("supplier: a sole trader's legal mentions name it ('Yvon Keradec - N° SIRET …'); an address above a title is no name", () => {
  const inv = readFields([
    run('Yvon Keradec', 40, 20, 12), run('14 chemin des Ajoncs', 40, 40, 12), run('FACTURE', 330, 40, 24),
    run('29200 Brest', 40, 60), run('Facture N° F2031-0042', 330, 80),
    run('CLIENT', 330, 120), run('Garage Bellevue EURL', 330, 135), run('3 rue de la Gare', 330, 150), run('29000 Quimper', 330, 165),
    run('Désignation', 40, 300), run('Montant', 450, 300), run('Taille de haies', 40, 320), run('120,00', 450, 320),
    run('Total HT', 330, 400), run('120,00', 450, 400),
    run('Yvon Keradec - N° SIRET 552 100 554 00013', 40, 780),
  ]);
  assert.equal(inv.fields.fournisseur, 'Yvon Keradec');
  const names = inv.extra.supplierCandidates?.map((c) => c.name) ?? [];
  assert.ok(!names.some((n) => /chemin/.test(n)), names.join(' | '));
  assert.ok(inv.extra.supplierCandidates?.some((c) => c.name === 'Yvon Keradec' && c.features.legal_mentions === 1), names.join(' | '));
});

test("SIRET: a sole trader's mentions ('Yvon Keradec - N° SIRET …') beat a customer's number printed outside the customer's block", () => {
  const inv = readFields([
    run('Yvon Keradec', 40, 20, 12), run('N° SIRET : 732 829 320 00074', 330, 60), run('Facture N° F2031-0042', 330, 80),
    run('Taille de haies', 40, 320), run('120,00', 450, 320),
    run('Yvon Keradec - N° SIRET 552 100 554 00013', 40, 780),
  ]);
  assert.equal(inv.fields.siret, '55210055400013');
});

test("supplier: a till's 'INC 6% GST' is no company 'Inc'", () => {
  const inv = readFields([
    run('KEDAI RUNCIT HARMONI', 40, 20, 14), run('No. 12, Jalan Melati 3', 40, 40),
    run('Item', 40, 100), run('Amount', 200, 100), run('ROTI BAKAR', 40, 115), run('4.24', 200, 115),
    run('TOTAL INC 6% GST', 40, 160), run('4.50', 200, 160), run('INC 6% GST', 40, 175), run('0.26', 200, 175),
  ]);
  const names = inv.extra.supplierCandidates?.map((c) => c.name) ?? [];
  assert.ok(!names.some((n) => /%/.test(n)), names.join(' | '));
});

test("OCR that loses a total's leading digits ('£ 986,45 €' for 8 986,45): the sum of a net and a plausible VAT ending in its digits is the total, for review only", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const lost = readFields([
    ocr('Montant total HT   7 628,93 €', 300, 500), ocr('TVA (20 %)   1196,28 €', 300, 515), ocr('TVA 10 %   159,83 €', 300, 530),
    ocr('Montant TVA   1357,52 €', 300, 560), ocr('TOTAL TTC   £ 986,45 €', 300, 575),
  ]);
  assert.deepEqual([lost.fields.montant_ttc, lost.extra.amountsProof], [898645, 'none']);
  const other = readFields([ocr('Total HT   1 000,00 €', 300, 500), ocr('TVA 20 %   200,00 €', 300, 515), ocr('TVA 10 %   0,00 €', 300, 520), ocr('Total TTC   150,00 €', 300, 530)]);
  assert.equal(other.fields.montant_ttc, 120000, 'a total under half the net is no total: the net and its VAT are');
});

test('two OCR readings that prove nothing: the one whose VAT is a plausible share of its net gives the amounts', () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  // The first took the amount left to pay for the total, which makes the VAT a third of the net.
  const first = readFields([ocr('TVA (20:98)   524,15 EUR', 300, 515), ocr('Reste à payer   2.201,89 EUR', 300, 560)]);
  const second = readFields([ocr('TVA (20 9)   524,15 EUR', 300, 515), ocr('Total TTC   3.144,89 EUR', 300, 530), ocr('Reste à payer   2.201,89 EUR', 300, 560)]);
  const both = combineReadings(first, second);
  assert.deepEqual([both.fields.montant_ht, both.fields.montant_tva, both.fields.montant_ttc], [262074, 52415, 314489]);
});

test("two OCR readings that prove nothing: a total read beside its label outweighs one taken down a column under a label left without its amount", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  // The first lost the figures column: "Total Amount" stands alone, and a saving printed below it is all the column holds.
  const first = readFields([ocr('Total Amount', 40, 500), ocr('CASH', 40, 515), ocr('Change Due', 40, 530), ocr('You Saved: 6.15', 40, 545)]);
  const second = readFields([ocr('Total Amount   73.40', 40, 500), ocr('CASH   80.00', 40, 515), ocr('Change Due   6.60', 40, 530), ocr('You Saved: 6.15', 40, 545)]);
  assert.equal(first.fields.montant_ttc, 615);
  for (const both of [combineReadings(first, second), combineReadings(second, first)]) assert.equal(both.fields.montant_ttc, 7340);
});

test("a till's total whose point OCR lost ('Grand Total RM 455'): the cash paid exactly, or another reading with the point, says it is 4.55", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const paidInCash = readFields([ocr('Sub Total   RM 4.30', 40, 500), ocr('Grand Total   RM 455', 40, 515), ocr('CASH   RM 4.55', 40, 530)]);
  assert.equal(paidInCash.fields.montant_ttc, 455);
  // Both lines read without their points: nothing on the page tells; another reading does.
  const lost = readFields([ocr('Grand Total   RM 455', 40, 515), ocr('CASH   RM 455', 40, 530)]);
  const pointed = readFields([ocr('Grand Total   RM 4.55', 40, 515)]);
  assert.equal(lost.fields.montant_ttc, 45500);
  for (const both of [combineReadings(lost, pointed), combineReadings(pointed, lost)]) assert.equal(both.fields.montant_ttc, 455);
});

test("two OCR readings of a credit note, one with its minus signs and one without: negative, and not proven", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const credit = (ht: string, tva: string, ttc: string) => readFields([
    ocr('AVOIR', 40, 100), ocr(`Total HT   ${ht}`, 300, 500), ocr(`TVA 20 %   ${tva}`, 300, 515), ocr(`Total TTC   ${ttc}`, 300, 530),
  ]);
  const signed = credit('€ 1 250,00', '-€ 250,00', '-€ 1 500,00'); // the net's minus lost
  const unsigned = credit('€ 1 250,00', '€ 250,00', '€ 1 500,00');
  assert.equal(unsigned.extra.amountsProof, 'equation');
  for (const both of [combineReadings(signed, unsigned), combineReadings(unsigned, signed)]) {
    assert.deepEqual([both.fields.montant_ht, both.fields.montant_tva, both.fields.montant_ttc, both.extra.amountsProof], [-125000, -25000, -150000, 'weak']);
    assert.ok((both.confidence.montant_ttc ?? 0) < 0.8);
  }
  // One amount read negative may be a dash read as a minus: the amounts stay as proven, for review.
  const oneMinus = combineReadings(readFields([ocr('AVOIR', 40, 100), ocr('Total TTC   -€ 1 500,00', 300, 530)]), unsigned);
  assert.deepEqual([oneMinus.fields.montant_ttc, oneMinus.extra.amountsProof], [150000, 'weak']);
  // Readings that agree on the sign are combined as before.
  assert.equal(combineReadings(unsigned, unsigned).extra.amountsProof, 'equation');
});

test("a bare 'TOTAL' after a table border OCR read as a bar ('| TOTAL   £24,360.65 |') is the total, not the amount due after it", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const inv = readFields([
    ocr('Net amount', 300, 500), ocr('£22,978.34', 420, 500), ocr('VAT @ 20%', 300, 515), ocr('£311.19', 420, 515),
    ocr('VAT @ 5%', 300, 530), ocr('£1,071.12', 420, 530), ocr('| TOTAL', 300, 545), ocr('£24,360.65 |', 420, 545),
    ocr('Total due', 300, 575), ocr('£14,616.65', 420, 575),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc, inv.extra.amountsProof], [2297834, 138231, 2436065, 'equation']);
});

test('a "Date" heading over a column of several dates heads the items, not the invoice: its first row is not booked as the invoice date', () => {
  const page = (rows: Array<[string, string, string]>) => readFields([
    run('Ébénisterie Vallet', 40, 20, 18), run('FACTURE N° EV-2031-44', 350, 45), run('17/03/2031', 350, 60),
    ...cells(300, [['Date', 40], ['Désignation', 120], ['Montant HT', 420]]),
    ...rows.flatMap(([d, what, amount], i) => cells(315 + 15 * i, [[d, 40], [what, 120], [amount, 420]])),
    run('Total HT', 350, 600), run('410,00 €', 480, 600), run('TVA 20 %', 350, 615), run('82,00 €', 480, 615), run('Total TTC', 350, 630), run('492,00 €', 480, 630),
  ]);
  const table = page([['02/03/2031', 'Dépose', '160,00'], ['09/03/2031', 'Pose', '250,00']]);
  assert.equal(decide(table, 'pdf-text').status, 'pending');
  assert.equal(table.extra.dateEvidence?.label, 'generic');
  // One row under it that prints money: an item's date still, which may be the service's, not the invoice's.
  const one = page([['02/03/2031', 'Dépose et pose', '410,00']]);
  assert.deepEqual([one.extra.dateEvidence?.label, one.extra.dateEvidence?.rivals], ['generic', ['2031-03-17']]);
});

test("a date under a heading that OCR left unreadable is the heading's value: a date pushed down a row under it is not", () => {
  const page = (value: string) => readFields([
    ...cells(150, [['Facture n°', 40], ['Date', 180], ['Échéancc', 320]]),
    ...cells(165, [['FA-2031-12', 40], [value, 180]]),
    ...cells(178, [['30 juin 2031', 182]]),
  ]);
  // The date pushed down is still a candidate, as any date in the header is, but no label names it.
  const evidence = (value: string) => { const inv = page(value); return [inv.fields.date_facture, inv.extra.dateEvidence?.label]; };
  assert.deepEqual(evidence('01 rnal 2031'), ['2031-06-30', 'none'], 'a day and a year: a date, unread');
  assert.deepEqual(evidence('01/05/2O3l'), ['2031-06-30', 'none'], 'a day and a month with their separators');
  assert.deepEqual(evidence('01 mai 2031'), ['2031-05-01', 'explicit']);
  assert.deepEqual(evidence('voir ci-dessous'), ['2031-06-30', 'explicit'], 'words are no date: the column goes on');
  assert.deepEqual(evidence('01. Mqxy 2031.'), ['2031-06-30', 'none'], 'a German day with its point, a point after the year');
});

test("a row that lost a cell to the next line and has one its headings lack: each heading reads the cell under it, not the one its count gives", () => {
  const inv = readFields([
    ...cells(150, [['Invoice #', 40], ['Issued on', 170], ['Date of supply', 300]]),
    ...cells(165, [['2031-03-28', 170], ['2031-03-15', 300], ['2031-04-27', 430]]),
    ...cells(178, [['INV3103-981', 42]]),
  ]);
  assert.equal(inv.fields.date_facture, '2031-03-28');
  // As many cells as headings, each under its own: read by their count, as before.
  const shifted = readFields([
    ...cells(150, [['Invoice #', 40], ['Issued on', 170], ['Date of supply', 300]]),
    ...cells(165, [['INV3103-981', 40], ['2031-03-28', 150], ['2031-03-15', 280]]),
  ]);
  assert.deepEqual([shifted.fields.date_facture, shifted.fields.numero], ['2031-03-28', 'INV3103-981']);
  // A label that ends its heading's cell ("Zwischensumme netto") still reads the cell under the heading's start.
  const totals = readFields([
    ...cells(500, [['Zwischensumme netto', 44], ['Umsatzsteuer', 216], ['Rechnungsbetrag', 388]]),
    ...cells(515, [['159,72 €', 44], ['30,35 €', 216], ['190,07 €', 388]]),
  ]);
  assert.deepEqual([totals.fields.montant_ht, totals.fields.montant_tva, totals.fields.montant_ttc, totals.extra.amountsProof], [15972, 3035, 19007, 'equation']);
  // A row of other headings under a column of amounts ends it, though none of its cells stands under it.
  const vatTable = readFields([
    ...cells(600, [['Rate', 318], ['Taxable', 430], ['Tax', 529]]),
    ...cells(615, [['20 %', 318], ['908.84', 435], ['181.77', 518]]),
    ...cells(630, [['5 %', 318], ['10,815.36', 424], ['540.77', 518]]),
    ...cells(645, [['Net amount', 44], ['VAT @ 20%', 216], ['VAT (5%)', 388]]),
    ...cells(660, [['£11,724.20', 44], ['£181.77', 216], ['£540.77', 388]]),
    ...cells(675, [['Total :', 335], ['£12,446.74', 510]]),
  ]);
  assert.deepEqual([vatTable.fields.montant_ht, vatTable.fields.montant_tva, vatTable.fields.montant_ttc, vatTable.extra.amountsProof], [1172420, 72254, 1244674, 'equation']);
  // Headings centred in wide columns over values set left: each still reads the cell its count names.
  const wide = readFields([...cells(150, [['Date de facture', 100], ['Échéance', 390]]), ...cells(165, [['12/03/2031', 10], ['11/04/2031', 290]])]);
  assert.deepEqual([wide.fields.date_facture, wide.extra.dateEvidence?.rivals], ['2031-03-12', []]);
  // "MwSt. 952,00": the point ends the label's word, not a separator that lost digits.
  const mwst = readFields([run('Summe netto 800,00 €', 300, 500), run('MwSt. 19 % 152,00 €', 300, 515), run('Summe inkl. MwSt. 952,00 €', 300, 530)]);
  assert.deepEqual([mwst.fields.montant_ttc, mwst.extra.amountsProof], [95200, 'equation']);
});

test("a letter's \"le\" inside a sentence below the header, its cell opened by a word OCR lost, dates no letter", () => {
  const page = (footer: Array<[string, number]>) => readFields([
    run('Atelier Vasseur SARL', 40, 40, 16), run('FACTURE', 400, 40, 16),
    ...cells(120, [["Dalo d'établisserncnt :", 40], ['mars 2031', 200]]),
    run('Total TTC   1 200,00 €', 350, 500),
    ...cells(780, footer),
  ]);
  const stray = page([['Merci de régler cette facture', 40], ['le 20 mars 2031.', 230], ["Pas d'escompte", 330]]);
  assert.deepEqual([stray.fields.date_facture, stray.extra.dateEvidence?.label], ['2031-03-20', 'none']);
  // Opening its line, or after its place ("Fait à Lyon, le" is a signature's), it still dates the page.
  for (const footer of [[['Le 20 mars 2031', 40]], [['Fait à Lyon, le 20 mars 2031', 40]], [['Lyon,', 40], ['le 20 mars 2031', 190]]] as Array<Array<[string, number]>>) {
    assert.notEqual(page(footer).extra.dateEvidence?.label, 'none', footer.map(([t]) => t).join(' | '));
  }
});

test("a total and net whose first digit OCR merged into the euro sign prove nothing, VAT or none", () => {
  const inv = readFields([
    ...cells(300, [['Cleaning services', 40], ['5', 250], ['526.53', 300], ['0%', 380], ['2,632.65', 450]]),
    ...cells(320, [['Total net', 350], ['€,632.65', 450]]),
    ...cells(335, [['Tax', 350], ['€.00', 450]]),
    ...cells(350, [['Total', 350], ['€,632.65', 450]]),
    run('Not registered for VAT. Many thanks.', 40, 400),
  ]);
  assert.notEqual(inv.extra.amountsProof, 'equation');
  assert.equal(decide(inv, 'ocr').status, 'pending');
});

test('a due date repeated without its label (its words missed) explains itself: no rival of a labelled invoice date, still a candidate when nothing else is', () => {
  const terms = run('Règlement par virement, soit plus tard le 31/01/2023.', 40, 500);
  const dated = readFields([run('Date : 15/12/2022', 40, 85), run('Date limite de paiement :   31/01/2023', 40, 100), terms]);
  assert.deepEqual([dated.fields.date_facture, dated.extra.dateEvidence], ['2022-12-15', { label: 'generic', rivals: [], wordConfidence: 1 }]);
  // Due on receipt: the invoice date printed bare is the due date too, and stays the pick.
  const onReceipt = readFields([run('15/12/2022', 300, 40), run('Échéance :   15/12/2022', 40, 100), run('Livraison :   10/12/2022', 40, 115)]);
  assert.equal(onReceipt.fields.date_facture, '2022-12-15');
});

test("a total's amount set a little above its taller 'Total' label joins the label's line, not the payment line above it", () => {
  const inv = readFields([
    run('Sous-total', 300, 671, 11), run('48,50 €', 480, 671, 11),
    run('TVA 20%', 300, 686, 11), run('9,70 €', 480, 686, 11),
    // The card payment's line, then the bold total's label 4 points lower; its amount sits between.
    run('Carte bancaire', 40, 697, 9), run('58,20 €', 380, 697, 9), run('58,20 €', 480, 700, 10),
    run('Total', 300, 701, 11), run('EUR', 340, 701, 11),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc, inv.extra.amountsProof], [4850, 970, 5820, 'equation']);
});

test('a row of headings that OCR split into two lines (one heading of two lines, taller than the rest) keeps its cells in order over the row of values', () => {
  // Words as OCR boxed them on a 300-dpi page: the number's heading is one tall line of its own.
  const word = (text: string, x: number, y: number, w: number, h: number): TextRun => ({ text, x, y, w, h, page: 1, conf: 0.9 });
  const inv = readFields([
    word('Numéro', 1830, 692, 120, 57), word('de', 1963, 696, 36, 44), word('facture', 2010, 692, 111, 57),
    word('Date', 298, 717, 71, 22), word("d'échéance", 380, 716, 174, 23),
    word('Date', 809, 718, 70, 21), word('de', 891, 717, 37, 22), word('la', 940, 717, 25, 22), word('prestation', 978, 717, 160, 27),
    word('Date', 1319, 718, 71, 21), word("d'émission", 1402, 717, 164, 22),
    word('30/04/2025', 299, 759, 178, 43), word('22/03/2025', 808, 765, 180, 28), word('31/03/2025', 1319, 765, 179, 27), word('FA-2025-118', 1830, 765, 185, 26),
  ]);
  assert.deepEqual([inv.fields.date_facture, inv.fields.numero], ['2025-03-31', 'FA-2025-118']);
});

test('"Réf. facture" heads its value in a row of headings; a bare "Référence" does not', () => {
  const page = (heading: string) => readFields([
    ...cells(150, [['Échéance', 40], [heading, 180], ['Établie le', 320]]),
    ...cells(165, [['14/02/2031', 40], ['RF-40217', 180], ['03/01/2031', 320]]),
  ]);
  assert.deepEqual([page('Réf. facture').fields.numero, page('Réf. facture').fields.date_facture], ['RF-40217', '2031-01-03']);
  // "Référence" alone may be the customer's or the order's: not read under it.
  assert.equal(page('Référence').fields.numero, null);
});

test("an invoice-number label whose value OCR set on another line does not take the date a label under it names", () => {
  // OCR put the number a few pixels higher than its label, so the label's line ends bare; the line
  // under it is a labelled date in the same column of cells.
  const page = (under: string) => readFields([
    ...cells(140, [['Raquar EURL', 40], [': FA2309-468', 420]]),
    ...cells(150, [['Tél : 02 78 29 27 44', 40], ['Numéro de facture', 300]]),
    ...cells(165, [[under, 40], ['25.09.2023', 300]]),
  ]);
  assert.deepEqual([page("Date d'émission").fields.numero, page("Date d'émission").fields.date_facture], [null, '2023-09-25']);
  // A row of values under a row of headings still gives the number under its heading.
  assert.equal(page('Lyon').fields.numero, '25.09.2023');
});

test('no VAT printed: a net read down the items column (the total under labels OCR garbled) does not prove a zero VAT', () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const inv = readFields([
    ocr('Prestation', 40, 300), ocr('Nb', 300, 300), ocr('Montant HT', 420, 300),
    ocr('Conseil', 40, 330), ocr('4', 300, 330), ocr('2.600,00 €', 420, 330),
    ocr('Ee Shr', 300, 360), ocr('2.600,00 €', 420, 360),
    ocr('Rol Tie', 300, 380), ocr('520,00 €', 420, 380),
    ocr('Montant total TTC', 300, 400), ocr('3.120,00 €', 420, 400),
  ]);
  assert.notEqual(inv.extra.amountsProof, 'equation');
  assert.equal(decide(inv, 'ocr').status, 'pending');
});

test("a bare 'Date' cell beside a date on its own line (OCR lost the 'd'échéance' after it) is a bare date, not a heading that names the invoice date", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const inv = readFields([ocr('Date :', 300, 100), ocr('14/05/2026', 340, 100), ocr('Net à payer   135,00 EUR', 300, 690), ocr('Date', 40, 705), ocr('13/06/2026', 300, 705)]);
  assert.notEqual(inv.extra.dateEvidence?.label, 'explicit');
  assert.equal(decide(inv, 'ocr').status, 'pending');
  // Under a row of headings, the same cell still names its column's date.
  const heading = readFields([ocr('Date', 40, 300), ocr('Échéance', 200, 300), ocr('14/05/2026', 40, 315), ocr('13/06/2026', 200, 315)]);
  assert.deepEqual([heading.fields.date_facture, heading.extra.dateEvidence?.label], ['2026-05-14', 'explicit']);
});

test("a dash a few pixels high does not start a line of its own and split a row ('Date d'échéance :' above '- 13/06/2026')", () => {
  // Words as OCR boxed them on a 200-dpi render: the dash beside the amount due is 4 pixels high.
  const word = (text: string, x: number, y: number, w: number, h: number): TextRun => ({ text, x, y, w, h, page: 1, conf: 0.9 });
  const inv = readFields([
    word('Date', 977, 173, 63, 22), word(':', 1050, 179, 5, 15), word('14/05/2026', 1527, 170, 164, 29),
    word('Date', 142, 2357, 57, 19), word("d'échéance", 208, 2355, 141, 21), word(':', 359, 2362, 4, 14), word('13/06/2026', 495, 2354, 148, 26),
    word('|', 925, 2338, 6, 55), word('|', 966, 2338, 6, 55), word('NET', 1078, 2354, 53, 21), word('A', 1139, 2354, 19, 21), word('PAYER', 1168, 2354, 88, 21),
    word('-', 1518, 2365, 9, 4), word('135,00', 1536, 2353, 75, 27), word('EUR', 1622, 2354, 53, 21),
  ]);
  assert.equal(inv.extra.dueDate, '2026-06-13');
  assert.deepEqual([inv.fields.date_facture, inv.extra.dateEvidence], ['2026-05-14', { label: 'generic', rivals: [], wordConfidence: 0.9 }]);
});

test("a credit note's amount due of the other sign than a total OCR read without its minus ('240,00' beside '- 210,00' to refund) proves nothing", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const lost = readFields([
    ocr('TOTAL HT', 300, 500), ocr('TOTAL TVA', 400, 500), ocr('TOTAL TTC', 500, 500),
    ocr('240,00', 300, 515), ocr('0,00', 400, 515), ocr('240,00', 500, 515),
    ocr('Acompte :', 300, 540), ocr('-30,00', 500, 540), ocr('NET À PAYER', 300, 560), ocr('- 210,00 EUR', 500, 560),
  ]);
  assert.notEqual(lost.extra.amountsProof, 'equation');
  assert.deepEqual([lost.fields.montant_ht, lost.fields.montant_ttc], [-24000, -24000], 'signed as the amount due is');
  const kept = readFields([
    ocr('TOTAL HT', 300, 500), ocr('TOTAL TVA', 400, 500), ocr('TOTAL TTC', 500, 500),
    ocr('-240,00', 300, 515), ocr('0,00', 400, 515), ocr('-240,00', 500, 515),
    ocr('NET À PAYER', 300, 560), ocr('- 210,00 EUR', 500, 560),
  ]);
  assert.deepEqual([kept.fields.montant_ttc, kept.extra.amountsProof], [-24000, 'equation']);
});

test("a credit note's minus that OCR lost ('~2 976,00', a bracket glued to the label) is put back by the equation, for review only", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const tilde = readFields([ocr('Total HT   -2 480,00 €', 300, 500), ocr('TVA 20 %   -496,00 €', 300, 515), ocr('Total TTC   ~2 976,00 €', 300, 530)]);
  assert.deepEqual([tilde.fields.montant_ht, tilde.fields.montant_tva, tilde.fields.montant_ttc, tilde.extra.amountsProof], [-248000, -49600, -297600, 'weak']);
  assert.equal(decide(tilde, 'ocr').status, 'pending');
  const glued = readFields([
    ocr('Total HT   (1 310,00 €)', 300, 500), ocr('TVA 5,5 %   (27,50 €)', 300, 515), ocr('TVA 10 %   (103,50 €)', 300, 530),
    ocr('TVA   (131,00 €)', 300, 545), ocr('Total toutes taxes comprisesq1 441,00 €)', 300, 560),
  ]);
  assert.deepEqual([glued.fields.montant_tva, glued.fields.montant_ttc], [-13100, -144100]);
  // A text layer does not lose signs: nothing adds up as printed, and there is no repair to propose.
  const text = readFields([run('Total HT   -2 480,00 €', 300, 500), run('TVA 20 %   -496,00 €', 300, 515), run('Total TTC   2 976,00 €', 300, 530)]);
  assert.equal(text.extra.amountsProof, 'none');
});

test('a VAT and a total both garbled by a currency sign: the tax at the printed rate, when net + tax ends as the total read does', () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const both = readFields([ocr('Subtotal   €1,640.00', 300, 500), ocr('VAT (20%)   628.00', 300, 515), ocr('TOTAL   @,968.00', 300, 530)]);
  assert.deepEqual([both.fields.montant_ht, both.fields.montant_tva, both.fields.montant_ttc, both.extra.amountsProof], [164000, 32800, 196800, 'none']);
});

test("OCR that misreads a total's first digit ('1 199,90' for 6 199,90): the sum of a net and a plausible VAT ending in its other digits, for review only", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const page = (due: string) => readFields([ocr('Netto   5 210,00 €', 300, 500), ocr('Umsatzsteuer   989,90 €', 300, 515), ocr(`Offener Betrag   ${due}`, 300, 530)]);
  assert.deepEqual([page('1 199,90 €').fields.montant_ttc, page('1 199,90 €').extra.amountsProof], [619990, 'none']);
  assert.equal(page('5 234,90 €').fields.montant_ttc, 523490, 'other digits are left as read');
  assert.equal(page('1 234,90 €').fields.montant_ttc, 619990, 'an amount due under half the net is no total: the net and its VAT are');
  assert.equal(page('9 990 €').fields.montant_ttc, 999000, 'three digits left say nothing');
});

test("a till's \"Total Sales (Inclusive GST)\" whose bracket OCR read as a quote or a square bracket is the total", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  for (const label of ["Total Sales 'nclusive GST @0.00%:", 'Total Sales [Inclusive GST)']) {
    const inv = readFields([ocr('Discount', 40, 500), ocr('0.00', 300, 500), ocr(label, 40, 515), ocr('27.80', 300, 515), ocr('Cash Received:', 40, 530), ocr('50.00', 300, 530)]);
    assert.deepEqual([inv.fields.montant_ttc, inv.fields.montant_tva], [2780, null], label);
  }
  const net = readFields([ocr("Total Sales 'Excluding GST)", 40, 500), ocr('26.23', 300, 500), ocr('Total GST', 40, 515), ocr('1.57', 300, 515), ocr('Total', 40, 530), ocr('27.80', 300, 530)]);
  assert.deepEqual([net.fields.montant_ht, net.extra.amountsProof], [2623, 'equation']);
});

test("totals' wordings OCR leaves: a bare 'TTC' opening its cell, 'MwsSt.' for MwSt., 'No VAT charged'", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const ttc = readFields([ocr('Total HT   1 250,00', 300, 500), ocr('TVA 20 %   250,00', 300, 515), ocr('TTC   1 500,00', 300, 530)]);
  assert.deepEqual([ttc.fields.montant_ttc, ttc.extra.amountsProof], [150000, 'equation']);
  const mwst = readFields([ocr('Gesamt netto   480,00 €', 300, 500), ocr('MwsSt. 19 %   91,20 €', 300, 515), ocr('Rechnungsbetrag   571,20 €', 300, 530)]);
  assert.deepEqual([mwst.fields.montant_tva, mwst.extra.amountsProof], [9120, 'equation']);
  const none = readFields([
    run('Total excl. VAT   €2,400.00', 300, 500), run('Invoice total   €2,400.00', 300, 515),
    run('No VAT charged: supplier not VAT registered. Late payment compensation of €40.00 may be charged.', 40, 700),
  ]);
  assert.deepEqual([none.fields.montant_tva, none.fields.montant_ttc, none.extra.amountsProof], [0, 240000, 'equation']);
});

test("a VAT guessed from a neighbouring row's cell gives way to the difference of a net and a total read beside their labels", () => {
  const ocr = (text: string, x: number, y: number) => run(text, x, y, 10, 0.9);
  const page = readFields([
    ...cells(400, [['Leistung', 40], ['Anz.', 250], ['Preis', 320], ['USt.', 400], ['Betrag', 470]]).map((r) => ({ ...r, conf: 0.9 })),
    ...cells(415, [['Ersatzteile', 40], ['1', 250], ['107,91', 320], ['19%', 400], ['107,91', 470]]).map((r) => ({ ...r, conf: 0.9 })),
    ocr('Gesamt netto   187,49', 300, 500), ocr('M#St. 19 %   35,62', 300, 515), ocr('Rechnungsbetrag   223,11', 300, 530),
  ]);
  assert.deepEqual([page.fields.montant_ht, page.fields.montant_tva, page.fields.montant_ttc, page.extra.amountsProof], [18749, 3562, 22311, 'none']);
});

test('a net or total whose own words OCR read with next to no confidence proves nothing, though the sum holds; a VAT is checked by the other two', () => {
  // A currency sign read as a digit in front of the net and of the total alike keeps their
  // difference, the VAT, right: the equation holds on two wrong amounts.
  const page = (netConf: number, vatConf = 0.93) => readFields([
    run('Ferronnerie Blanc SARL', 40, 20, 18), run('Facture du 12/03/2025', 350, 20, 10, 0.95),
    run('Total HT', 350, 400, 10, 0.95), run('64 210,50 €', 480, 400, 10, netConf),
    run('TVA 20 %', 350, 415, 10, 0.95), run('4 842,10 €', 480, 415, 10, vatConf),
    run('Total TTC', 350, 430, 10, 0.95), run('69 052,60 €', 480, 430, 10, 0.9),
  ]);
  const sure = page(0.92);
  assert.equal(sure.extra.amountsProof, 'equation');
  const doubtful = page(0.05);
  assert.deepEqual([doubtful.fields.montant_ht, doubtful.fields.montant_tva, doubtful.fields.montant_ttc], [6421050, 484210, 6905260], 'the amounts are still reported');
  assert.equal(doubtful.extra.amountsProof, 'weak');
  assert.equal(decide(doubtful, 'ocr').status, 'pending');
  // A doubtful VAT between a sure net and total: only its right value adds up, so it is proven.
  assert.equal(page(0.92, 0.05).extra.amountsProof, 'equation');
});

test('a row of headings that lost one: each amount goes to the heading under which it ends, set right in its box', () => {
  // "Base HT | Total TVA | Total TTC" in boxes, the first heading unread: the amounts are set right,
  // so the VAT's middle lies past halfway to the next heading.
  const inv = readFields([
    run('Atelier Roux SAS', 40, 20, 18), run('Facture du 12/03/2025', 350, 20),
    run('Total TVA', 300, 400), run('Total TTC', 500, 400),
    run('1 200,00 €', 200, 415), run('240,00 €', 440, 415), run('1 440,00 €', 640, 415),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc], [120000, 24000, 144000]);
  assert.equal(decide(inv, 'ocr').status, 'pending', 'a net implied by the others is for review');
});

test('a net read down a column of items gives way to the total less its VAT', () => {
  const inv = readFields([
    run('Atelier Roux SAS', 40, 20, 18), run('Facture du 12/03/2025', 350, 20),
    run('Désignation', 40, 300), run('Montant HT', 500, 300),
    run('Pose', 40, 315), run('100,00', 500, 315),
    run('Fournitures', 40, 330), run('37,00', 500, 330),
    run('Total TVA', 350, 400), run('27,40 €', 480, 400),
    run('Total TTC', 350, 415), run('164,40 €', 480, 415),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc], [13700, 2740, 16440]);
});

test("a row whose right end a phone scan let drift down stays one row where tesseract read it as one line", () => {
  // Words as boxed on a 300-dpi scan: the VAT row's label, then its "%)" and amount 18 px lower, and
  // a "€" box that overlaps the amount's by a few pixels. Tesseract's own line (ocrLine) joins them.
  const word = (text: string, x: number, y: number, w: number, h: number, ocrLine: string): TextRun => ({ text, x, y, w, h, page: 1, conf: 0.93, ocrLine });
  const words = (drifted: boolean) => [
    word('Total', 1460, 1350, 84, 53, '3:2.1.1'), word('HT', 1560, 1350, 40, 53, '3:2.1.1'), word('2 318,40', 2140, 1360, 168, 30, '3:2.1.1'), word('€', 2290, 1347, 23, 53, '3:2.1.1'),
    word('3', 510, 1412, 30, 27, '3:2.2.1'), word('81,20', 710, 1412, 120, 42, '3:2.2.1'),
    word('TVA', 1460, 1408, 60, 59, '3:2.2.1'), word('(20', 1540, 1408, 47, 59, '3:2.2.1'),
    word('%)', 1600, 1426, 43, 34, drifted ? '3:2.2.1' : '3:2.2.2'), word('463,68', 2140, 1426, 150, 30, drifted ? '3:2.2.1' : '3:2.2.2'), word('€', 2270, 1408, 40, 59, '3:2.2.1'),
    word('Montant', 1460, 1467, 146, 70, '3:2.3.1'), word('TTC', 1620, 1467, 59, 70, '3:2.3.1'), word('2 782,08', 2140, 1494, 168, 34, '3:2.3.1'), word('€', 2294, 1468, 19, 71, '3:2.3.1'),
  ];
  const rows = (runs: TextRun[]) => buildLines(runs).map((l) => l.text.replace(/\s+/g, ' '));
  assert.deepEqual(rows(words(true)), ['Total HT 2 318,40 €', '3 81,20 TVA (20 %) 463,68 €', 'Montant TTC 2 782,08 €']);
  const inv = readFields(words(true));
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc, inv.extra.amountsProof], [231840, 46368, 278208, 'equation']);
  // Two lines of tesseract's own, and overlapping boxes: two rows, as before.
  assert.deepEqual(rows(words(false)), ['Total HT 2 318,40 €', '3 81,20 TVA (20 €', '%) 463,68', 'Montant TTC 2 782,08 €']);
  // Drifted further, the two parts share 65 % of the shorter's height: one row on one line of
  // tesseract's, two otherwise (rows of their own share 80 %).
  const further = (line: string) => rows([
    word('3', 510, 1412, 30, 27, '3:2.2.1'), word('81,20', 710, 1412, 120, 42, '3:2.2.1'), word('TVA', 1460, 1408, 60, 59, '3:2.2.1'),
    word('(20', 1540, 1408, 47, 59, '3:2.2.1'), word('%)', 1600, 1445, 43, 34, line), word('463,68', 2140, 1445, 150, 30, line),
  ]);
  assert.deepEqual(further('3:2.2.1'), ['3 81,20 TVA (20 %) 463,68']);
  assert.deepEqual(further('3:2.2.2'), ['3 81,20 TVA (20', '%) 463,68']);
});

test("a receipt's monospace label keeps its words together: a word apart is no column, and the label reads", () => {
  // Boxes as tesseract gives them on a receipt printed in Courier, upscaled: 18-21 px high words,
  // 16-18 px a character, the words a space apart (29-45 px, the bracket's ink inside its cell).
  const word = (text: string, x: number, y: number, w: number, h = 19): TextRun => ({ text, x, y, w, h, page: 1, conf: 0.95 });
  const rows = (y: number) => [
    word('Total', 295, y, 85, 18), word('Sales', 409, y, 88), word('(Excluding', 542, y, 164, 21), word('GST)', 739, y, 60, 18), word('248.30', 971, y, 102),
    word('GST', 692, y + 44, 43, 18), word('6%', 768, y + 44, 35), word('14.90', 1006, y + 44, 85),
    word('Total', 300, y + 88, 85, 18), word('Sales', 410, y + 88, 88), word('(Inclusive', 546, y + 88, 164, 21), word('GST)', 740, y + 88, 60, 18), word('263.20', 971, y + 88, 102),
  ];
  const lines = buildLines(rows(2300)).map((l) => l.text.replace(/\u2003/g, '|').replace(/ +/g, ' '));
  assert.deepEqual(lines, ['Total Sales (Excluding GST) | 248.30', 'GST 6% | 14.90', 'Total Sales (Inclusive GST) | 263.20']);
  const inv = readFields(rows(2300));
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc, inv.extra.amountsProof], [24830, 1490, 26320, 'equation']);
  // A text layer's gaps are the font's own: the height alone decides there, as before.
  const layer = buildLines([{ text: 'Total', x: 295, y: 10, w: 85, h: 18, page: 1 }, { text: 'Sales', x: 409, y: 10, w: 88, h: 18, page: 1 }]);
  assert.equal(layer[0]!.text.replace(/\u2003/g, '|').replace(/ +/g, ' '), 'Total | Sales');
  // Proportional print as OCR boxes it: a gap of three characters and more still parts two cells.
  const apart = buildLines([word('Total', 100, 10, 50, 20), word('TTC', 190, 10, 30, 20)]);
  assert.equal(apart[0]!.text.replace(/\u2003/g, '|').replace(/ +/g, ' '), 'Total | TTC');
  // Two numbers keep the height rule: a quantity and an amount a column apart are no 12 250,00.
  const numbers = buildLines([word('12', 100, 10, 24, 20), word('250,00', 155, 10, 72, 20)]);
  assert.equal(numbers[0]!.text.replace(/\u2003/g, '|').replace(/ +/g, ' '), '12 | 250,00');
});

test("a text layer's word set in touching pieces is one word; pieces a space apart, and OCR's words, stay apart", () => {
  // Text-layer runs carry no confidence: pieces placed where the last one ended (a hundredth of the font size apart).
  const piece = (text: string, x: number, w: number): TextRun => ({ text, x, y: 100, w, h: 12, page: 1 });
  const pieces = [piece('Invoice', 50, 38), piece('# FA-20', 91.4, 44), piece('260314', 135.5, 39.2), piece('/07', 174.8, 16.7), piece('issued at', 194.5, 48), piece('20', 245.9, 13.4), piece('26-03-14', 259.4, 47.1)];
  assert.equal(buildLines(pieces)[0]!.text, 'Invoice # FA-20260314/07 issued at 2026-03-14');
  const inv = readFields([piece('Total TTC', 50, 50), piece('1', 120, 6.7), piece('250,00', 130, 36)]);
  assert.equal(inv.fields.montant_ttc, 125000, 'a thousands group a thin space apart (0.28 of the size) is still read as one amount');
  const footnote = [piece('Total TTC', 50, 50), piece('250,00', 130, 36), { ...piece('1', 166.2, 4), h: 7 }];
  assert.match(buildLines(footnote)[0]!.text, /250,00 1$/, "a footnote's smaller digit set against an amount is no piece of it");
  const ocr = [run('Rechnung', 50, 100, 12, 0.9), run('2026', 98.1, 100, 12, 0.9)];
  assert.equal(buildLines(ocr)[0]!.text, 'Rechnung 2026', "OCR's words touch without being one");
});

test('a date labelled with its time ("Date/Time", "Date & Time", "Datum/Uhrzeit") is labelled as a bare "Date" is', () => {
  for (const [label, printed, iso] of [['Date/Time :', '14/02/2027 09:12:44', '2027-02-14'], ['Date & Time:', '14-FEB-27 09:12', '2027-02-14'], ['Datum/Uhrzeit:', '14.02.2027 09:12', '2027-02-14']]) {
    const inv = readFields([run('KEDAI MAJU SDN BHD', 40, 20), run(`${label} ${printed}`, 40, 60, 10, 0.93), run('TOTAL 12.40', 40, 100, 10, 0.93)]);
    assert.deepEqual([inv.fields.date_facture, inv.extra.dateEvidence?.label], [iso, 'generic'], label);
  }
});

test("a till receipt's date printed with the time of the sale is labelled by it; not on a page as wide as an invoice's, nor beside no time", () => {
  // One narrow column of 10 px words (at most 40 word heights wide), 20 words or more.
  const column = (dateRow: string, spacing = 45) => [
    ...['KEDAI RUNCIT MAJU', 'NO 12 JALAN BESAR', 'TEL 03-5555 0101', 'GST ID 000111222333', 'CASH BILL', 'NASI LEMAK 1 x 4.50', 'TEH TARIK 2 x 1.80']
      .flatMap((text, i) => text.split(' ').map((w, k) => run(w, 40 + k * spacing, 20 + 15 * i, 10, 0.93))),
    ...dateRow.split('   ').map((cell, k) => run(cell, 40 + k * 2 * spacing, 140, 10, 0.93)),
    run('TOTAL 8.10', 40, 170, 10, 0.93),
  ];
  const till = readFields(column('14:05:31   204417   09/02/2027'));
  assert.deepEqual([till.fields.date_facture, till.extra.dateEvidence?.label], ['2027-02-09', 'generic']);
  assert.equal(readFields(column('204417   09/02/2027')).extra.dateEvidence?.label, 'none', 'no time beside it');
  assert.equal(readFields(column('POS1:23   204417   09/02/2027')).extra.dateEvidence?.label, 'none', 'a till number, no time');
  const wide = column('14:05:31   204417   09/02/2027', 150);
  assert.equal(readFields(wide).extra.dateEvidence?.label, 'none', 'a page as wide as an invoice');
});

test('an invoice-number mark ending in its sign may touch a reference with a digit ("Facture n°FAC-01312", "Invoice #INV-0007"), not a word', () => {
  const numero = (...texts: string[]) => readFields(texts.map((text, k) => run(text, 40, 100 + 15 * k))).fields.numero;
  assert.equal(numero('Facture n°FAC-01312'), 'FAC-01312');
  assert.equal(numero('Invoice #INV-0007'), 'INV-0007');
  // A sign glued to a word names another number: a purchase order's heading over its number.
  assert.equal(numero('Invoice #PO', '4500012345'), null);
  assert.equal(numero('Facture N°TVA FR12345678901'), null);
  // "no" and "id" begin words: "Facture notes 12", "Invoice identifier 12345" name no number.
  assert.equal(numero('Facture notes 12'), null);
  assert.equal(numero('Invoice identifier 12345'), null);
});
