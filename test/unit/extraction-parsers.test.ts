import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decide } from '../../src/extraction/checks/decision.ts';
import { invoiceFromXml } from '../../src/extraction/facturx/xml-invoice.ts';
import { findAmounts, parseAmount } from '../../src/extraction/fields/amount-parser.ts';
import { findDates, numericDateOrder } from '../../src/extraction/fields/date-parser.ts';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import { fold } from '../../src/extraction/fields/text-normalise.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';
import { combineReadings } from '../../src/extraction/ocr/combine-readings.ts';

test('amount formats', () => {
  assert.equal(parseAmount('1 234,56'), 123456);
  assert.equal(parseAmount('1.234,56'), 123456);
  assert.equal(parseAmount('1,234.56'), 123456);
  assert.equal(parseAmount('1234.5'), 123450);
  assert.deepEqual(findAmounts('Total TTC : 1 234,56 €').map((a) => [a.cents, a.currency]), [[123456, 'EUR']]);
  assert.deepEqual(findAmounts('EUR 5,00 et -12,00').map((a) => a.cents), [500, -1200]);
  assert.deepEqual(findAmounts('TVA 20 % 100,00 20,00').map((a) => a.cents), [10000, 2000]);
  assert.deepEqual(findAmounts('Réf 2024 page 3'), [], 'integers without currency are not money');
  assert.deepEqual(findAmounts('Total Amount RMO.90').map((a) => [a.cents, a.currency, a.raw]), [[90, 'MYR', 'RM0.90']], 'a nought read "O" after a currency');
  assert.deepEqual(findAmounts('Total TTC   83..16.....').map((a) => a.cents), [8316], 'a point doubled by leader dots run into the total');
  assert.deepEqual(findAmounts('Net 2.071..40 EUR').map((a) => a.cents), [207140]);
  assert.deepEqual(findAmounts('Lot 12..345'), [], 'not three digits after the points');
  assert.deepEqual(findAmounts('Qté 2..15.90').map((a) => a.cents), [1590], 'nor two digits that a point and more digits follow');
  assert.deepEqual(findAmounts('FIRMO.90 GRAM'), [], 'a word ending in "RMO" is no currency');
  assert.deepEqual(findAmounts('Total $258. 78').map((a) => a.cents), [25878], 'cents set apart after the point of an amount in its currency');
  assert.deepEqual(findAmounts('RM 1,234. 50 cash').map((a) => a.cents), [123450]);
  assert.deepEqual(findAmounts('Article 12. 15 jours'), [], 'no currency: a sentence ends');
});

test('date formats, day first', () => {
  assert.deepEqual(findDates('le 12/03/2025').map((d) => d.iso), ['2025-03-12']);
  assert.deepEqual(findDates('12.03.2025').map((d) => d.iso), ['2025-03-12']);
  // Year first, with any one separator, as ERPs set it; never a mix of separators, nor a month 13.
  assert.deepEqual(['2023/05/24', '2023.05.24', 'Datum: 2023-05-24'].map((t) => findDates(t).map((d) => d.iso)), [['2023-05-24'], ['2023-05-24'], ['2023-05-24']]);
  assert.deepEqual(['2023.05 24,00', 'Réf. 2023/13/01'].map((t) => findDates(t)), [[], []]);
  assert.deepEqual(findDates('12 mars 2025').map((d) => d.iso), ['2025-03-12']);
  assert.deepEqual(findDates('1er février 2024').map((d) => d.iso), ['2024-02-01']);
  assert.deepEqual(findDates('March 12, 2025').map((d) => d.iso), ['2025-03-12']);
  assert.deepEqual(findDates('2025-03-12').map((d) => d.iso), ['2025-03-12']);
  assert.deepEqual(findDates('Date: 21-JUL-17 14:22').map((d) => d.iso), ['2017-07-21'], 'a till\'s day-month-year with a two-digit year');
  assert.deepEqual(findDates('le 5 mars 25 €'), [], 'a two-digit "year" after spaces may be an amount');
  assert.deepEqual(findDates('31/02/2025'), [], 'impossible dates are dropped');
  assert.deepEqual(findDates('Date : 20260815', 'dmy', true).map((d) => d.iso), ['2026-08-15'], 'compact ISO after a label');
  assert.deepEqual(findDates('Commande 20260815'), [], 'an unlabelled 8-digit number is no date');
  assert.deepEqual(findDates('issued at 20 31-04-12').map((d) => d.iso), [], 'a two-digit year after another number is a split number, not 31 April 2012');
  assert.deepEqual(findDates('issued at 20 12-04-31').map((d) => d.iso), [], 'nor 12 April 2031');
  assert.deepEqual(findDates('le 12-04-31').map((d) => d.iso), ['2031-04-12'], 'a two-digit year after words is read');
  assert.deepEqual(findDates('Date: 02-0CT-16 Time: 19:47').map((d) => d.iso), ['2016-10-02'], 'a month\'s "O" read as a zero');
  assert.deepEqual(findDates('N0V 3, 2024').map((d) => d.iso), ['2024-11-03']);
  assert.deepEqual(findDates('10:42   551207   2019-11- 07').map((d) => d.iso), ['2019-11-07'], 'an ISO date OCR parted at a hyphen');
});

test('numeric dates follow the order the document proves it uses', () => {
  assert.equal(numericDateOrder(['Invoice date 11/03/2017', 'Paid 11/17/2017']), 'mdy');
  assert.equal(numericDateOrder(['Date 11/03/2017', 'Échéance 17/03/2017']), 'dmy');
  assert.equal(numericDateOrder(['Date 11/03/2017']), 'dmy', 'ambiguous documents stay day-first');
  assert.equal(numericDateOrder(['11/17/2017', '17/11/2017']), 'dmy', 'contradictory evidence keeps the default');
  assert.deepEqual(findDates('11/03/2017', 'mdy').map((d) => d.iso), ['2017-11-03']);
  const inv = readFields([run('Invoice date: 11/03/2017', 40, 20), run('Wire transfer 11/17/2017', 40, 300)]);
  assert.equal(inv.fields.date_facture, '2017-11-03');
});

const CII = `<?xml version="1.0"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocument><ram:ID>F-0001</ram:ID><ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20250312</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Exemple SARL</ram:Name>
   <ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">732829320</ram:ID></ram:SpecifiedLegalOrganization>
   <ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>
   <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR44732829320</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
  </ram:ApplicableHeaderTradeAgreement>
  <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
   <ram:ApplicableTradeTax><ram:CalculatedAmount>20.00</ram:CalculatedAmount><ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:ApplicableTradeTax>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
    <ram:TaxTotalAmount currencyID="USD">21.70</ram:TaxTotalAmount>
    <ram:TaxTotalAmount currencyID="EUR">20.00</ram:TaxTotalAmount>
    <ram:GrandTotalAmount>120.00</ram:GrandTotalAmount><ram:DuePayableAmount>70.00</ram:DuePayableAmount>
   </ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`;

test('CII mapping: totals in the invoice currency, SIREN, VAT, amount due', () => {
  const inv = invoiceFromXml(CII)!;
  assert.deepEqual(inv.fields, {
    montant_ht: 10000, montant_tva: 2000, montant_ttc: 12000, fournisseur: 'Exemple SARL', siret: null,
    date_facture: '2025-03-12', numero: 'F-0001', devise: 'EUR',
  });
  assert.equal(inv.extra.siren, '732829320');
  assert.equal(inv.extra.vatId, 'FR44732829320');
  assert.equal(inv.extra.amountDue, 7000, 'the deposit makes the amount due differ from TTC');
  assert.deepEqual(decide(inv, 'facturx'), { status: 'validated', reasons: [], reviewReasons: [] });
});

test('UBL mapping', () => {
  const ubl = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>U-7</cbc:ID><cbc:IssueDate>2024-11-30</cbc:IssueDate><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Vendeur SAS</cbc:RegistrationName><cbc:CompanyID schemeID="0009">73282932000074</cbc:CompanyID></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">5.50</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:TaxExclusiveAmount currencyID="EUR">100.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">105.50</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">105.50</cbc:PayableAmount></cac:LegalMonetaryTotal></Invoice>`;
  const inv = invoiceFromXml(ubl)!;
  assert.equal(inv.fields.siret, '73282932000074');
  assert.equal(inv.fields.montant_ttc, 10550);
  assert.equal(inv.fields.fournisseur, 'Vendeur SAS');
});

test('decision: a total that does not add up is never validated', () => {
  const inv = invoiceFromXml(CII.replace('<ram:GrandTotalAmount>120.00', '<ram:GrandTotalAmount>121.00'))!;
  const d = decide(inv, 'facturx');
  assert.equal(d.status, 'pending');
  assert.match(d.reviewReasons.join(), /HT \+ TVA differs from TTC/);
});

const run = (text: string, x: number, y: number, h = 10): TextRun => ({ text, x, y, w: text.length * h * 0.5, h, page: 1 });
/** A word as OCR reads it: surely enough to be taken as printed, not as surely as a text layer. */
const ocrRun = (text: string, x: number, y: number): TextRun => ({ ...run(text, x, y), conf: 0.9 });

test('text layout: labels, deposits, customer identifiers', () => {
  const inv = readFields([
    run('ACME Conseil SAS', 40, 20, 18),
    run('Facture n° FA-2025-031', 350, 20),
    run('Date de facture : 14/03/2025', 350, 35),
    run('Échéance : 13/04/2025', 350, 50),
    run('Client : Boulangerie Martin SIRET 73282932000074', 40, 120),
    run('Total HT', 350, 400), run('1 000,00 €', 480, 400),
    run('TVA 20 %', 350, 415), run('200,00 €', 480, 415),
    run('Total TTC', 350, 430), run('1 200,00 €', 480, 430),
    run('Acompte versé', 350, 445), run('300,00 €', 480, 445),
    run('Net à payer', 350, 460), run('900,00 €', 480, 460),
    run('ACME Conseil SAS au capital de 10 000 € - RCS Paris 552 100 554 - SIRET 55210055400013', 40, 780, 7),
  ]);
  assert.equal(inv.fields.montant_ht, 100000);
  assert.equal(inv.fields.montant_tva, 20000);
  assert.equal(inv.fields.montant_ttc, 120000, 'TTC, not the amount due after the deposit');
  assert.equal(inv.extra.amountDue, 90000);
  assert.equal(inv.fields.date_facture, '2025-03-14', 'not the due date');
  assert.equal(inv.fields.siret, '55210055400013', "the seller's SIRET, not the customer's");
  assert.equal(inv.fields.numero, 'FA-2025-031');
  assert.equal(inv.fields.fournisseur, 'ACME Conseil SAS');
  assert.equal(decide(inv, 'pdf-text').status, 'validated');
});

test('totals in a row of headings over a row of values; a deposit heading does not spoil its neighbours', () => {
  const inv = readFields([
    run('Les Ateliers Durand SARL', 40, 20, 18),
    run('Facture du 12 mars 2025', 350, 20),
    run('Total HT', 200, 400), run('TVA 20 %', 290, 400), run('Total TTC', 380, 400), run('Acompte versé', 470, 400), run('Reste à payer', 560, 400),
    run('1 000,00 €', 200, 415), run('200,00 €', 290, 415), run('1 200,00 €', 380, 415), run('-300,00 €', 470, 415), run('900,00 €', 560, 415),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc], [100000, 20000, 120000]);
  assert.equal(inv.extra.amountDue, 90000);
  assert.equal(inv.fields.date_facture, '2025-03-12');
});

test('a VAT that is no plausible share of the net keeps the invoice for review', () => {
  const inv = readFields([
    run('Au Bon Moulin SARL', 40, 20, 18),
    run('Invoice date: 03/11/2017', 350, 20),
    run('Net total', 350, 400), run('0.00 €', 480, 400),
    run('VAT', 350, 415), run('1,840.50 €', 480, 415),
    run('Total', 350, 430), run('1,840.50 €', 480, 430),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc], [0, 184050, 184050]);
  const decision = decide(inv, 'ocr');
  assert.equal(decision.status, 'pending');
  assert.ok(decision.reviewReasons.some((r) => /not a plausible share of the net/.test(r)), decision.reviewReasons.join('; '));
});

test('OCR that drops a decimal comma: the reading that adds up wins, and is not trusted enough to validate', () => {
  const inv = readFields([
    ocrRun('Base HT', 200, 400), ocrRun('Total TVA', 290, 400), ocrRun('Total TTC', 380, 400),
    ocrRun('123456 €', 200, 415), ocrRun('246,91 €', 290, 415), ocrRun('1481,47 €', 380, 415),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc], [123456, 24691, 148147]);
  assert.ok(inv.confidence.montant_ht! < 0.8, `confidence ${inv.confidence.montant_ht}`);
});

test('receipts: the total after cash rounding when printed, the total payable, a total whose decimal point OCR lost', () => {
  const ocrRun = (text: string, y: number, x = 40): TextRun => ({ ...run(text, x, y), conf: 0.9 });
  const rounded = readFields([
    ocrRun('Total Sales (Inclusive GST) RM 10.47', 100), ocrRun('Rounding Adjustment -.02', 115), ocrRun('Total after rounding RM 10.45', 130),
    ocrRun('Cash RM 15.00', 145), ocrRun('Change RM 4.55', 160),
  ]);
  assert.equal(rounded.fields.montant_ttc, 1045);
  const settlesChange = readFields([
    ocrRun('TOTAL (GST INCL) 26.42', 100), ocrRun('CASH 30.40', 115), ocrRun('ROUNDING ADJUSTMENTS 0.02-', 130), ocrRun('CHANGE DUE 4.00', 145),
  ]);
  assert.equal(settlesChange.fields.montant_ttc, 2642, 'rounding that only settles the change leaves the total');
  const implied = readFields([ocrRun('SUB TOTAL 52.00', 100), ocrRun('GST 6% 3.12', 115), ocrRun('ROUNDING ADJ -0.02', 130), ocrRun('Cash 60.00', 145)]);
  assert.equal(implied.fields.montant_ttc, 5510, 'net + tax + rounding when no total is labelled');
  const payable = readFields([ocrRun('Total 0% supplies: 8.40', 100), ocrRun('Total 6% supplies (excl. GST): -10.20', 115), ocrRun('Total Payable: -2.41', 130)]);
  assert.equal(payable.fields.montant_ttc, -241);
  const lostPoint = readFields([ocrRun('Total Sales Inclusive GST @0.00%: 1250', 100), ocrRun('Cash Received : 12.60', 115)]);
  assert.equal(lostPoint.fields.montant_ttc, 1250, '12.50, not 1250.00');
  assert.ok(lostPoint.confidence.montant_ttc! < 0.8);
  // OCR returns "60." and "00" as two words: the line joins them.
  const misread = readFields([
    ocrRun('Total Amount Payable : 19.00', 100),
    ocrRun('Cash Received :', 115), ocrRun('60.', 115, 120), ocrRun('00', 115, 137),
    ocrRun('Change :', 130), ocrRun('11.', 130, 85), ocrRun('00', 130, 102),
  ]);
  assert.equal(misread.fields.montant_ttc, 4900, 'tendered - change proves 49.00, one digit from the 19.00 read');
  const unproven = readFields([ocrRun('Total Amount Payable : 19.00', 100), ocrRun('Cash Received : 60.00', 115), ocrRun('Change : 32.50', 130)]);
  assert.equal(unproven.fields.montant_ttc, 1900, 'a payment that proves an amount nothing corroborates changes nothing');
});

test('receipts: a rounding read on its own line, its rounded total printed below, proves the total with the net and the tax', () => {
  const ocrRun = (text: string, y: number): TextRun => ({ ...run(text, 40, y), conf: 0.9 });
  const receipt = (rounding: string, rounded: string) => readFields([
    ocrRun('Sub Total (excl GST) 38.42', 100), ocrRun('GST @6% 2.31', 115), ocrRun('Total Incl. GST 40.73', 130), ocrRun(rounding, 145),
    ocrRun(rounded, 160), ocrRun('Cash 50.00', 175), ocrRun('Change 9.25', 190),
  ]);
  const rounded = receipt('Rounding Adj 0.02', 'Total Payable 40.75');
  assert.deepEqual([rounded.fields.montant_ht, rounded.fields.montant_tva, rounded.fields.montant_ttc], [3842, 231, 4075]);
  assert.deepEqual([rounded.extra.amountsProof, rounded.extra.cashRounding], ['equation', 2]);
  assert.deepEqual(decide(rounded, 'ocr').reasons.filter((r) => r.code !== 'field_not_found'), [], 'no difference left to explain');
  // A rounding of a cent: the rounded total adds up within the cent too, and is no rival of its own sum.
  const byACent = readFields([
    ocrRun('Sub Total (excl GST) 38.43', 100), ocrRun('GST @6% 2.31', 115), ocrRun('Total Incl. GST 40.74', 130), ocrRun('Rounding Adj 0.01', 145),
    ocrRun('TOTAL 40.75', 160), ocrRun('Cash 50.00', 175), ocrRun('Change 9.25', 190),
  ]);
  assert.deepEqual([byACent.fields.montant_ttc, byACent.extra.amountsProof, byACent.extra.rivalTotals], [4075, 'equation', []]);
  // The total before the rounding misread: the total below the rounding is the sum plus the rounding.
  const unreadSum = readFields([...['Sub Total (excl GST) 38.42', 'GST @6% 2.31', 'TOTAL 4O:7e', 'Rounding Adj 0.02', 'Grand Total 40.75'].map((t, i) => ocrRun(t, 100 + 15 * i))]);
  assert.deepEqual([unreadSum.fields.montant_ht, unreadSum.fields.montant_ttc, unreadSum.extra.amountsProof, unreadSum.extra.cashRounding], [3842, 4075, 'equation', 2]);
  // A net misread by the rounding's amount the other way (38.46 for 38.42) closes on the total below
  // through a minus OCR may have lost; the total above the rounding, read, says the sum is its own.
  const misreadNet = readFields(['Sub Total (excl GST) 38.46', 'GST @6% 2.31', 'Total Incl. GST 40.73', 'Rounding Adj 0.02', 'Total Payable 40.75'].map((t, i) => ocrRun(t, 100 + 15 * i)));
  assert.notEqual(misreadNet.extra.amountsProof, 'equation');
  // No rounding line: the total below is no rounding of the sum that the page proves.
  const unlabelled = receipt('Thank you', 'Total Payable 40.75');
  assert.equal(unlabelled.extra.cashRounding ?? null, null);
  assert.ok(decide(unlabelled, 'ocr').reasons.some((r) => r.code === 'field_uncertain' || r.code === 'totals_mismatch'));
});

test('"net total": the net above the VAT, the amount paid below it (a till receipt)', () => {
  const ocrRun = (text: string, y: number): TextRun => ({ ...run(text, 40, y), conf: 0.9 });
  const receipt = readFields([ocrRun('Sub-Total RM 41.30', 100), ocrRun('Total GST RM 2.48', 115), ocrRun('NET TOTAL RM 43.78', 130), ocrRun('VISA RM 43.78', 145)]);
  assert.deepEqual([receipt.fields.montant_ht, receipt.fields.montant_tva, receipt.fields.montant_ttc], [4130, 248, 4378]);
  assert.equal(receipt.extra.amountsProof, 'equation');
  const invoice = readFields([ocrRun('Net total 850,00 €', 100), ocrRun('VAT 20 % 170,00 €', 115), ocrRun('Total 1 020,00 €', 130)]);
  assert.deepEqual([invoice.fields.montant_ht, invoice.fields.montant_tva, invoice.fields.montant_ttc], [85000, 17000, 102000]);
  // No tax and no other total printed: the net total is what was paid, rounded if a rounding follows.
  const untaxed = readFields([ocrRun('SUBTOTAL $71.40', 100), ocrRun('Discount -$3.57', 115), ocrRun('NET TOTAL $67.83', 130), ocrRun('Round Adj $0.02', 145), ocrRun('Nett Amt $67.85', 160), ocrRun('Tendered $70.00', 175)]);
  assert.equal(untaxed.fields.montant_ttc, 6785);
  assert.notEqual(untaxed.extra.amountsProof, 'equation', 'one reading of one amount proves nothing');
  const exempt = readFields([ocrRun('Net total 640,00 €', 100), ocrRun('TVA non applicable, article 293 B du CGI', 115)]);
  assert.equal(exempt.fields.montant_ttc, 64000);
  assert.notEqual(exempt.extra.amountsProof, 'equation', 'an exemption does not make one amount two readings');
  // A page that prints another total keeps its net total a net.
  const totalled = readFields([ocrRun('Net total 640,00 €', 100), ocrRun('Total 700,00 €', 115)]);
  assert.deepEqual([totalled.fields.montant_ht, totalled.fields.montant_ttc], [64000, 70000]);
});

test('receipts: a rounding whose minus OCR lost or hid behind a currency, and a total that adds up before a rounding never applied', () => {
  const ocrRun = (text: string, y: number, x = 40): TextRun => ({ ...run(text, x, y), conf: 0.9 });
  const receipt = (rounding: string, after: string[] = ['Grand Total 64.30']) => readFields([
    ocrRun('Sub Total 60.68', 100), ocrRun('GST 6% 3.64', 115), ocrRun('Total 64.32', 130), ocrRun(rounding, 145),
    ...after.map((text, i) => ocrRun(text, 160 + 15 * i)),
  ]);
  // "~" or nothing where a minus was printed: only the sign that gives a total printed below counts.
  assert.equal(receipt('Rounding Adj ~0.02').fields.montant_ttc, 6430);
  assert.equal(receipt('Rounding Adj 0.02').fields.montant_ttc, 6430);
  assert.equal(receipt('Round Adj -RMO.02').fields.montant_ttc, 6430, 'a currency between the sign and the figure, its 0 read "O"');
  assert.equal(receipt('Round Ady -0.02').fields.montant_ttc, 6430, '"Adj" misread');
  // The equation proves 64.32; the amount paid, which a receipt's total is, may be another.
  const unread = receipt('Rounding Adj -0.0?', ['Cash 70.00']);
  assert.equal(unread.fields.montant_ttc, 6432);
  assert.equal(unread.extra.amountsProof, 'weak', 'a rounding below the total, its result not found');
  // Its amount misread ("-$0.02" as "-50.02"): the payment says what was paid.
  const paidByCard = receipt('Round Ad) -50.02', ['DEBIT CARD 64.30']);
  assert.deepEqual([paidByCard.fields.montant_ttc, paidByCard.extra.amountsProof], [6430, 'weak']);
  const paidInCash = receipt('Round Ad) -50.02', ['Cash 70.00', 'Change 5.70']);
  assert.equal(paidInCash.fields.montant_ttc, 6430);
  // The rounding and the change both unread: cash within a rounding of the total is the rounded total.
  const exactCash = receipt('Rounding Ad) 102', ['Cash 64.30', 'CHANGE ) OX']);
  assert.deepEqual([exactCash.fields.montant_ttc, exactCash.extra.amountsProof], [6430, 'weak']);
  const implied = readFields([ocrRun('Total Sales (Excluding GST) 60.68', 100), ocrRun('Total GST 3.64', 115), ocrRun('Rounding Aut 02', 130), ocrRun('Cash 64.30', 145)]);
  assert.equal(implied.fields.montant_ttc, 6430, 'a total implied by the net and the VAT, above an unread rounding');
  // Its point lost: "002" is no whole amount, but 0.02.
  assert.equal(receipt('Rounding Adj 002').fields.montant_ttc, 6430);
  // Its amount misread past any rounding ("6.02" for 0.02): the total printed next, a few cents off
  // and rounded to 5 cents, is the rounded total, for review.
  const misread = receipt('Rounding Ad) 6.02', ['Nett Total 64.30', 'Cash 70.00']);
  assert.deepEqual([misread.fields.montant_ttc, misread.extra.amountsProof], [6430, 'weak']);
  assert.equal(receipt('Rounding Ad) 6.02', ['Nett Total 64.33']).fields.montant_ttc, 6432, 'cash is rounded to 5 cents');
  // No total read at all (its label misread): the cash less the change, printed elsewhere, is the total, for review.
  const unlabelled = readFields([ocrRun('KEDAI RUNCIT ANGSANA', 40), ocrRun('TOTAL (GST IMCL) 27.64', 100), ocrRun('CASH 30.00', 115), ocrRun('CHANGE DUE 2.36', 130)]);
  assert.deepEqual([unlabelled.fields.montant_ttc, unlabelled.extra.amountsProof], [2764, 'none']);
  assert.equal(readFields([ocrRun('ITEMS 2', 100), ocrRun('CASH 30.00', 115), ocrRun('CHANGE DUE 2.36', 130)]).fields.montant_ttc, null, 'not printed elsewhere: no total');
  const none = receipt('Rounding Adj 0.00', ['Cash 70.00']);
  assert.equal(none.extra.amountsProof, 'equation', 'a rounding of nothing leaves the proof');
});

test('a total whose decimal point OCR read as a space ("Total   30 45") is its amount, for review', () => {
  const receipt = readFields([ocrRun('Total Sales Inclusive GST @0.00%:', 40, 100), ocrRun('30 45', 400, 100), ocrRun('Cash Received :', 40, 115), ocrRun('50.00', 400, 115)]);
  assert.deepEqual([receipt.fields.montant_ttc, receipt.extra.amountsProof], [3045, 'none']);
  assert.equal(readFields([ocrRun('Total Qty:', 40, 100), ocrRun('2', 400, 100)]).fields.montant_ttc, null, 'a count is no amount');
  // A currency glued to a number with a leading nought: no whole amount is printed so.
  assert.deepEqual(findAmounts('GST $036'), []);
  const tax = readFields([ocrRun('Total Amount', 40, 100), ocrRun('$6.36', 400, 100), ocrRun('GST 6%', 40, 115), ocrRun('$036', 400, 115)]);
  assert.deepEqual([tax.fields.montant_tva, tax.fields.montant_ht, tax.extra.amountsProof], [36, 600, 'none']);
});

test('receipts: amounts whose cents OCR cut short, in a payment and in a total; a street\'s "No." is no invoice number', () => {
  // "Credit Card $19." for 19.40: no witness that the total was 19.00.
  const card = readFields([
    ocrRun('Total GST', 40, 100), ocrRun('$1.04', 300, 100), ocrRun('TOTAL', 40, 115), ocrRun('$19.38', 300, 115),
    ocrRun('Rounding Adj', 40, 130), ocrRun('$0.02', 300, 130), ocrRun('TOTAL', 40, 145), ocrRun('$19.40', 300, 145),
    ocrRun('Credit Card', 40, 160), ocrRun('$19.', 300, 160),
  ]);
  assert.equal(card.fields.montant_ttc, 1940);
  // "RM53.4" is a looser guess than a total read whole, so that another reading's "RM53.45" wins.
  const total = (amount: string) => readFields([ocrRun('Grand Total', 40, 100), ocrRun(amount, 300, 100)]).confidence.montant_ttc!;
  assert.ok(total('RM53.4') < total('RM53.45'));
  assert.equal(readFields([ocrRun('NO. 130, LORONG MELATI 3,', 40, 10), ocrRun('41150 KLANG, SELANGOR', 40, 25)]).fields.numero, null);
});


test('receipts: a payment line does not corroborate the total it proves', () => {
  // "CASH $640" with its point lost, and no change: 640.00 is printed on that line only.
  const cash = readFields([
    ocrRun('Total Amount:', 400, 100), ocrRun('$6.40', 600, 100), ocrRun('GST @6%', 400, 115), ocrRun('$0.36', 600, 115),
    ocrRun('Net Total', 400, 130), ocrRun('$6.40', 600, 130), ocrRun('CASH', 400, 145), ocrRun('$640', 600, 145), ocrRun('Change', 400, 160), ocrRun('$0.00', 600, 160),
  ]);
  assert.equal(cash.fields.montant_ttc, 640);
  // A total read twice stands against a payment one digit away from it: "CASH $9.40" misread for $5.40.
  const misreadCash = readFields([ocrRun('Total Amount: $5.40', 400, 100), ocrRun('Nett Total: $5.40', 400, 130), ocrRun('CASH   $9.40', 400, 145), ocrRun('Change   $0.00', 400, 160)]);
  assert.equal(misreadCash.fields.montant_ttc, 540);
  // Cash less a change is an arithmetic of its own: it proves the total over a digit misread the same way twice.
  const misreadTotals = readFields([ocrRun('Total Sales : 15.00', 400, 100), ocrRun('Total Amount Payable : 15.00', 400, 115), ocrRun('Cash Received : 100.00', 400, 130), ocrRun('Change : 25.00', 400, 145)]);
  assert.equal(misreadTotals.fields.montant_ttc, 7500);
});

test('receipts: a "Nett Total" is the amount paid, which proves a net and a tax only as their exact sum; a cash rounding whose row went unread', () => {
  const read = (...texts: string[]) => readFields(texts.map((t, i) => ocrRun(t, 400, 100 + i * 15)));
  const exact = read('Total Excl. GST 845.43', 'GST 6% 50.73', 'Nett Total 896.16');
  assert.deepEqual([exact.fields.montant_ttc, exact.extra.amountsProof], [89616, 'equation']);
  // A cent off the net and tax: the rounding to 5 cents of a till paid in cash, not a VAT's rounding.
  const rounded = read('Total Excl. GST 845.43', 'GST 6% 50.73', 'Nett Total 896.15');
  assert.equal(rounded.fields.montant_ttc, 89615);
  assert.notEqual(rounded.extra.amountsProof, 'equation');
  // The exact sum printed as well, the rounded total below it: that one is paid, and nothing proves the step.
  const both = read('Total Excl. GST 845.43', 'GST 6% 50.73', 'Total Sales (Inclusive GST) 896.16', 'Nett Total 896.15');
  assert.deepEqual([both.fields.montant_ttc, both.extra.amountsProof], [89615, 'weak']);
});

test("receipts: where the page says its prices include the tax, a total read as a net is no net to add the tax to", () => {
  const read = (...texts: string[]) => readFields(texts.map((t, i) => ocrRun(t, 400, 100 + i * 15)));
  // "Nett Total" under the tax is the amount paid; 0.44 is 6 % of 7.40, so the tax at the printed
  // rate would make a total of 7.84 that no line prints.
  const included = read('GST @6%: $0.44', 'Nett Total $7.40', 'Payment Mode Amount', '(Price inclusive of GST)');
  assert.equal(included.fields.montant_ttc, 740);
  assert.equal(read('GST @6%: $0.44', 'Nett Total $7.40', 'Payment Mode Amount', '(Price inclusive GST)').fields.montant_ttc, 740);
  // Nothing says so: the tax at its rate completes the net, for a person to check.
  const added = read('GST @6%: $0.44', 'Nett Total $7.40', 'Payment Mode Amount');
  assert.equal(added.fields.montant_ttc, 784);
  assert.notEqual(decide(added, 'ocr').status, 'validated');
});

test("OCR's misreadings of \"Total\" on a till's print label its total, whole words only", () => {
  assert.deepEqual(['Totai Amount', 'TOTEL', 'Tetal:', 'Tota1', 'T0tal', 'Sub-Totai'].map(fold), ['total amount', 'total', 'total:', 'total', 'total', 'sub-total']);
  assert.deepEqual(['tonal', 'metal', 'Totals', 'totalement'].map(fold), ['tonal', 'metal', 'totals', 'totalement']);
  const receipt = readFields([ocrRun('Totel Amount $8.20', 400, 100), ocrRun('CASH $10.00', 400, 115), ocrRun('Change $1.80', 400, 130)]);
  assert.equal(receipt.fields.montant_ttc, 820);
});

test('receipts: a total the payment proves stands, though a service charge keeps the net and tax from adding up to it at the printed rate', () => {
  const inv = readFields([
    ocrRun('SUBTOTAL', 40, 100), ocrRun('3.00', 300, 100), ocrRun('Service Charge 10%', 40, 115), ocrRun('0.30', 300, 115),
    ocrRun('GST @ 6%', 40, 130), ocrRun('0.20', 300, 130), ocrRun('NET TOTAL', 40, 145), ocrRun('3.50', 300, 145),
    ocrRun('Cash Paid', 40, 175), ocrRun('50.00', 300, 175), ocrRun('Change Due', 40, 190), ocrRun('46.50', 300, 190),
  ]);
  assert.equal(inv.fields.montant_ttc, 350);
});

test('receipts\' suppliers on a photographed till: a lower-case "legal form", a centred name, a header in one size', () => {
  // The till's column sits right of the photo's middle (the table around it was photographed too);
  // OCR's noise at the foot reads "sa", which written so is no legal form.
  const supplier = readFields([
    ocrRun('PERDANA KOPITIAM SDN BHD', 420, 40), ocrRun('TAX INVOICE', 460, 55), ocrRun('TOTAL', 400, 100), ocrRun('RM12.60', 600, 100),
    ocrRun('sa -QST gen', 400, 160), ocrRun('Thank you', 440, 175),
  ]).fields.fournisseur;
  assert.equal(supplier, 'PERDANA KOPITIAM SDN BHD');
  // Left of the text's middle, not the photo's: the centred name is no addressee in a right-hand column.
  const centred = readFields([
    ocrRun('PERDANA KOPITIAM SDN BHD', 560, 40), ocrRun('FRANCHISEE KOPI MAJU SDN BHD', 400, 55), ocrRun('ITEM', 400, 180), ocrRun('AMOUNT', 840, 180),
    ocrRun('TOTAL', 400, 200), ocrRun('RM12.60', 860, 200), ocrRun('THANK YOU', 600, 300),
  ]).fields.fournisseur;
  assert.equal(centred, 'PERDANA KOPITIAM SDN BHD');
  // A till prints its header in one size: the topmost line is its name, not a "key: value" line
  // whose box OCR drew a pixel taller.
  const header = readFields([
    ocrRun('KEDAI KOPI SELERA', 400, 40), ocrRun('NO. 12, JALAN MAWAR 3', 400, 55), { ...ocrRun('CASHIER: ADMIN', 400, 70), h: 11 },
    ocrRun('TOTAL', 400, 200), ocrRun('RM12.60', 800, 200), ocrRun('THANK YOU', 450, 400),
  ]).fields.fournisseur;
  assert.equal(header, 'KEDAI KOPI SELERA');
  // Photographed on a table: the print starts a third of the way down, under the photo's dark edge,
  // which OCR read as letters with no confidence at all.
  const photographed = readFields([
    { ...ocrRun('EE —', 40, 0), h: 40, conf: 0 },
    ocrRun('KEDAI KOPI SELERA', 400, 1000), ocrRun('NO. 12, JALAN MAWAR 3', 400, 1015), ocrRun('TEL: 03-1234 5678', 400, 1030),
    ocrRun('ITEM', 400, 1100), ocrRun('NASI LEMAK', 400, 1115), ocrRun('TOTAL', 400, 1200), ocrRun('RM12.60', 800, 1200), ocrRun('THANK YOU', 450, 1400),
  ]).fields.fournisseur;
  assert.equal(photographed, 'KEDAI KOPI SELERA');
  // A name in the top quarter of the picture stays the name: an address line further down, its box
  // drawn taller, is no letterhead.
  const upper = readFields([
    ocrRun('KEDAI KOPI SELERA', 400, 500), { ...ocrRun('Taman Melati 81200 Johor Bahru', 400, 700), h: 16 },
    ocrRun('TOTAL', 400, 1800), ocrRun('RM12.60', 800, 1800), ocrRun('THANK YOU', 450, 2600),
  ]).fields.fournisseur;
  assert.equal(upper, 'KEDAI KOPI SELERA');
  // A field's label alone on its line, its value read elsewhere, is no letterhead.
  const label = readFields([
    { ...ocrRun('Date', 400, 40), h: 16 }, ocrRun('12/03/2018', 700, 60), ocrRun('KEDAI KOPI SELERA', 400, 80),
    ocrRun('TOTAL', 400, 1800), ocrRun('RM12.60', 800, 1800), ocrRun('THANK YOU', 450, 2600),
  ]).fields.fournisseur;
  assert.equal(label, 'KEDAI KOPI SELERA');
  // A text layer's first line may sit a point above the page's top: still the top of the picture.
  const above = readFields([
    { ...run('Cabinet Dupont', 40, -1), h: 14 }, run('200000 euros', 40, 17), run('CABINET MARTIN', 300, 126), run('Facture n° : 2022-11', 40, 140),
    run('Total TTC 195,48', 300, 670),
  ]).fields.fournisseur;
  assert.equal(above, 'Cabinet Dupont');
  // A PDF's page is the paper: no surround, so nothing is looked for below its top quarter.
  const paper = readFields([
    run('75011 Paris', 40, 150), { ...run('Kopie factuur', 40, 260), h: 14 }, run('Totaal 49,99', 300, 700),
  ]).fields.fournisseur;
  assert.equal(paper, null);
  // "SDN BHD" with its D read as an O is still the legal form: the name above the address, though
  // OCR boxed some of its words two lines tall.
  const word = (text: string, x: number, y: number, w: number, h: number): TextRun => ({ text, x, y, w, h, page: 1, conf: 0.9, ocrLine: `1:${Math.round(y / 30)}` });
  const misread = readFields([
    word('KEDAI', 97, 93, 87, 16), word('RUNCIT', 190, 93, 80, 16), word('AMAN', 279, 88, 50, 31), word('JAYA', 341, 93, 60, 16), word('SDN', 410, 88, 37, 31), word('BHO', 457, 88, 32, 31), word('(112233-K)', 501, 94, 96, 18),
    word('NO', 202, 120, 35, 18), word('8,', 250, 120, 20, 19), word('JALAN', 301, 120, 70, 18), word('MERAK', 380, 120, 85, 18),
    word('TAMAN', 242, 153, 77, 18), word('SENTOSA,', 327, 153, 124, 19), word('53300', 221, 185, 64, 19), word('KUALA', 293, 186, 74, 18), word('LUMPUR', 375, 186, 97, 18),
    word('TEL:', 248, 218, 40, 19), word('03-2036', 302, 218, 85, 19), word('6147', 395, 219, 51, 18), word('GST', 220, 251, 46, 19), word('ID', 276, 252, 22, 18), word(':', 304, 247, 11, 33), word('000112233445', 317, 252, 155, 18),
    word('Invoice', 96, 285, 72, 17), word('No.', 175, 285, 30, 17), word('29375', 217, 284, 64, 19),
    word('Grand', 96, 612, 60, 18), word('Total', 160, 612, 60, 18), word('48.55', 500, 612, 60, 18), word('THANK', 150, 810, 60, 18), word('YOU', 220, 810, 40, 18),
  ]).fields.fournisseur;
  assert.equal(misread, 'KEDAI RUNCIT AMAN JAYA SDN BHO');
});

test('receipts\' currency: a symbol glued to a product code is no money; "RM" in a column of its own is ringgit', () => {
  // A currency symbol glued to a product code's digit is no money: the till's company says ringgit.
  const currency = readFields([
    ocrRun('SERIMAS STATIONERY SDN BHD', 400, 40), ocrRun('GLUE STICK 1€ML', 400, 80), ocrRun('2.50', 800, 80),
    ocrRun('TOTAL', 400, 100), ocrRun('12.60', 800, 100),
  ]).fields.devise;
  assert.equal(currency, 'MYR');
  // Ringgit in a column of its own, before the figures, on a till whose company OCR misread ("SON BHD").
  const ringgit = readFields([
    ocrRun('SUN KAM TRADING SON BHD', 400, 40), ocrRun('Total', 400, 100), ocrRun('RM', 600, 100), ocrRun('64 30', 800, 100),
    ocrRun('Visa', 400, 115), ocrRun('RM', 600, 115), ocrRun('64.30', 800, 115),
  ]).fields.devise;
  assert.equal(ringgit, 'MYR');
});

test('receipts\' currency: a code inside a product\'s name, a column\'s unit, noise before a registration number', () => {
  const currency = (...texts: string[]) => readFields([
    ...texts.map((t, i) => ocrRun(t, 400, 40 + 15 * i)), ocrRun('TOTAL', 400, 200), ocrRun('12.60', 800, 200),
  ]).fields.devise;
  // Read once by OCR, a code in a product's name is no currency: the seller's GST registration says ringgit.
  assert.equal(currency('KEDAI UBAT SEJATI', 'GST Reg 000123456789', '121095079 GDN MC H/W ENG RON'), 'MYR');
  // A column's unit in brackets is ringgit, as "(EUR)" is euros.
  assert.equal(currency('KEDAI UBAT SEJATI', 'GST Summary   Amount(RM)   Tax(RM)'), 'MYR');
  // Ringgit before the payment's name; a GST number of Malaysia's 12 digits without "Reg".
  assert.equal(currency('KEDAI UBAT SEJATI', 'RM CASH   100.00'), 'MYR');
  assert.equal(currency('KEDAI UBAT SEJATI', 'GST : 002008047616'), 'MYR');
  assert.equal(currency('WS RETAIL SERVICES', 'Price is inclusive of Promotional Discount of Rs -40.00,', 'Grand Total   319.00'), 'INR', 'rupees');
  assert.equal(currency('Timeless Kitchenette Sdn Bnd', 'A 0% € 9 VA'), 'MYR', 'a stray symbol against a company read "Sdn Bnd"');
  // A lower-case "es" before a company's registration number is no Spanish VAT number.
  assert.equal(currency('KEDAI UBAT SEJATI', 'es H1101085-T'), null);
  assert.equal(currency('KEDAI UBAT SEJATI', 'ESB12345678'), 'EUR', 'a VAT number of the euro area');
  // A whole number under a total's heading is no money: a date read "20-0€" votes for nothing.
  assert.equal(currency('KEDAI UBAT SEJATI', 'Total', '20-0€ -2018'), null);
  // One amount read beside a smudge's "£" on a Malaysian company's receipt: kept for want of
  // better, but under the registration another reading of the page finds.
  const reading = (...texts: string[]) => readFields([...texts.map((t, i) => ocrRun(t, 400, 40 + 15 * i)), ocrRun('TOTAL', 400, 200), ocrRun('12.60', 800, 200)]);
  const smudged = reading('KEDAI UBAT SEJATI SDN BHD', 'S 6% £11.89 0.71');
  const clean = reading('KEDAI UBAT SEJATI SDN BHD', 'S 6% 11.89 0.71');
  assert.equal(smudged.fields.devise, 'GBP');
  assert.ok(smudged.confidence.devise! < clean.confidence.devise!, 'the registration outweighs one stray symbol');
  assert.equal(reading('ACME TRADING LTD', 'S 20% £11.89 2.38').confidence.devise, 0.9, 'no registration to contradict it');
});

test('a total below the net it includes is no total: the net and the VAT imply it, for review', () => {
  // The total's digits lost in its leader dots, on a sole trader's invoice without VAT.
  const lost = readFields([
    ocrRun('Montant HT', 100, 700), ocrRun('5 049,32 €', 400, 700), ocrRun('TVA', 100, 715), ocrRun('0,00 €', 400, 715),
    ocrRun('Net à payer TTC', 100, 730), ocrRun('Wg asedsesscor- AND /3 4 €', 250, 730), ocrRun('TVA non applicable, art. 293 B du CGI', 100, 900),
  ]);
  assert.deepEqual([lost.fields.montant_ttc, lost.extra.amountsProof], [504932, 'none']);
  // Only the amount left to pay after a deposit was read: the total is the net and its VAT.
  const deposit = readFields([
    ocrRun('Total HT', 100, 700), ocrRun('1 000,00 €', 400, 700), ocrRun('TVA 20 %', 100, 715), ocrRun('200,00 €', 400, 715),
    ocrRun('Net à payer', 100, 745), ocrRun('300,00 €', 400, 745),
  ]);
  assert.deepEqual([deposit.fields.montant_ttc, deposit.extra.amountsProof], [120000, 'none']);
  // A receipt's total a little under its subtotal, a discount between them: as read.
  const discount = readFields([
    ocrRun('SUBTOTAL', 100, 700), ocrRun('100.00', 400, 700), ocrRun('DISCOUNT', 100, 715), ocrRun('-10.00', 400, 715),
    ocrRun('GST 6%', 100, 730), ocrRun('5.40', 400, 730), ocrRun('TOTAL', 100, 745), ocrRun('95.40', 400, 745),
  ]);
  assert.equal(discount.fields.montant_ttc, 9540);
});

test('an equation that proves a total is not trusted when the same total splits another way, or a stronger total disagrees', () => {
  // The same total, split two ways that each add up with about the same support.
  const split = readFields([
    ocrRun('Total HT', 100, 700), ocrRun('100,00', 400, 700), ocrRun('TVA 20 %', 100, 715), ocrRun('4,90', 400, 715),
    ocrRun('Montant HT', 100, 730), ocrRun('104,90', 400, 730), ocrRun('TVA 0 %', 100, 745), ocrRun('0,00', 400, 745),
    ocrRun('Total TTC', 100, 760), ocrRun('104,90', 400, 760),
  ]);
  assert.equal(split.fields.montant_ttc, 10490);
  assert.equal(split.extra.amountsProof, 'weak');
  // A net misread "30.00" for 38.00 and no tax: the equation closes on a line's amount under the
  // items table's "Total" heading, while the total labelled as such says 38.00.
  const outranked = readFields([
    ocrRun('Qty', 100, 600), ocrRun('Description', 150, 600), ocrRun('Total', 400, 600), ocrRun('1', 100, 615), ocrRun('Fish', 150, 615), ocrRun('30.00', 400, 615),
    ocrRun('Noodle item', 150, 630),
    ocrRun('Total (Excluding GST):', 100, 700), ocrRun('30.00', 400, 700), ocrRun('GST 0%', 100, 715), ocrRun('0.00', 400, 715),
    ocrRun('Total (Inclusive of GST):', 100, 730), ocrRun('38.00', 400, 730),
  ]);
  assert.deepEqual([outranked.fields.montant_ttc, outranked.extra.amountsProof], [3800, 'weak'], 'the total labelled as such is reported');
  // The same page read right proves its total.
  const read = readFields([
    ocrRun('Total (Excluding GST):', 100, 700), ocrRun('38.00', 400, 700), ocrRun('GST 0%', 100, 715), ocrRun('0.00', 400, 715),
    ocrRun('Total (Inclusive of GST):', 100, 730), ocrRun('38.00', 400, 730),
  ]);
  assert.deepEqual([read.fields.montant_ttc, read.extra.amountsProof], [3800, 'equation']);
  // The amount left to pay after a deposit, under a label as strong as a total's and read more
  // surely than the total: the total proved less the deposit printed between them, not a total
  // that disagrees.
  const deposit = readFields([
    ocrRun('Subtotal', 100, 700), ocrRun('£612.40', 400, 700), ocrRun('VAT 20%', 100, 715), ocrRun('£122.48', 400, 715),
    { ...ocrRun('Total', 100, 730), conf: 0.5 }, { ...ocrRun('£734.88', 400, 730), conf: 0.5 }, ocrRun('Less deposit', 100, 745), ocrRun('-£300.00', 400, 745),
    ocrRun('Amount payable', 100, 760), ocrRun('£434.88', 400, 760),
  ]);
  assert.deepEqual([deposit.fields.montant_ttc, deposit.extra.amountsProof], [73488, 'equation']);
});

test('a table of one row per VAT rate: the sum row proves the totals, a rate\'s row above an unread sum proves nothing', () => {
  const table = (rows: string[][]) => readFields([
    ocrRun('Nettobetrag', 100, 700), ocrRun('MwSt-Betrag', 250, 700), ocrRun('MwSt-%', 400, 700), ocrRun('Endbetrag', 500, 700),
    ...rows.flatMap((r, i) => r.map((cell, c) => ocrRun(cell, 110 + [0, 150, 300, 400][c]!, 715 + 15 * i))),
  ]);
  // The 19 % row adds up; the 7 % row and the sum row were misread.
  const unreadSum = table([['100,00', '19,00', '19,0', '119,00'], ['50,00', '3,50', '7,0', '58,50'], ['150,00', '22,50', 'EUR', '1?2,50']]);
  assert.equal(unreadSum.extra.amountsProof, 'weak');
  const read = table([['100,00', '19,00', '19,0', '119,00'], ['50,00', '3,50', '7,0', '53,50'], ['150,00', '22,50', 'EUR', '172,50']]);
  assert.deepEqual([read.fields.montant_ttc, read.extra.amountsProof], [17250, 'equation']);
  assert.equal(table([['100,00', '19,00', '19,0', '119,00']]).extra.amountsProof, 'equation', 'a single row is the sum');
  // The sum row's total unread, the other rate's total misread: the net's column still ends in the
  // sum of the rows above it, so the one row that adds up is a part.
  const partOfSum = table([['100,00', '19,00', '19,0', '118,00'], ['50,00', '3,50', '7,0', '53,50'], ['150,00', '22,50', 'EUR', '-B,5O']]);
  assert.equal(partOfSum.extra.amountsProof, 'weak');
  // The sum row's total lost altogether: the 7 % row's net and VAT each have a row below them in
  // their column, so the row that adds up is still one rate's.
  const cells = (row: number, values: Array<[number, string]>) => values.map(([c, v]) => ocrRun(v, 110 + [0, 150, 300, 400][c]!, 715 + 15 * row));
  const totalLost = readFields([
    ocrRun('Nettobetrag', 100, 700), ocrRun('MwSt-Betrag', 250, 700), ocrRun('MwSt-%', 400, 700), ocrRun('Endbetrag', 500, 700),
    ...cells(0, [[1, '19,00'], [2, '19,0'], [3, '119,00']]), ...cells(1, [[0, '50,00'], [1, '3,50'], [2, '7,0'], [3, '53,50']]),
    ...cells(2, [[0, '150,00'], [1, '22,50'], [2, 'EUR']]),
  ]);
  assert.equal(totalLost.extra.amountsProof, 'weak');
  // The 19 % row's net unread and the sum row lost altogether: the 7 % row adds up alone, and its
  // total is the last of the Endbetrag column, under a row (119,00) it does not sum.
  const sumRowLost = readFields([
    ocrRun('Nettobetrag', 100, 700), ocrRun('MwSt-Betrag', 250, 700), ocrRun('MwSt-%', 400, 700), ocrRun('Endbetrag', 500, 700),
    ...cells(0, [[1, '19,00'], [2, '19,0'], [3, '119,00']]), ...cells(1, [[0, '50,00'], [1, '3,50'], [2, '7,0'], [3, '53,50']]),
  ]);
  assert.deepEqual([sumRowLost.fields.montant_ttc, sumRowLost.extra.amountsProof], [5350, 'weak']);
});

test('a row of headings: columns end at neighbouring headings that are no labels', () => {
  const inv = readFields([
    run('Warenwert', 50, 700), run('Skonto', 150, 700), run('Nettobetrag', 250, 700), run('MwSt-Betrag', 350, 700), run('Endbetrag', 450, 700),
    run('840,00', 50, 712), run('-16,80', 160, 712), run('823,20', 262, 712), run('156,41', 362, 712), run('979,61', 450, 712),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc], [82320, 15641, 97961]);
});

test('boxes of totals: headings left-aligned over amounts right-aligned, one value dropped by OCR', () => {
  const inv = readFields([
    ocrRun('Base HT', 40, 800), ocrRun('Total TVA', 240, 800), ocrRun('Total T.T.C.', 440, 800), ocrRun('Montant à régler', 640, 800),
    ocrRun('€ 2480,50', 140, 830), ocrRun('€ 496,10', 345, 830), ocrRun('€ 2976,60', 540, 830),
  ]);
  assert.deepEqual([inv.fields.montant_ht, inv.fields.montant_tva, inv.fields.montant_ttc], [248050, 49610, 297660]);
  // Each amount ends under its own heading (session 15; before, only the equation among any cells
  // of the row picked them), and the three prove each other.
  assert.equal(inv.extra.amountsProof, 'equation');
});

test('insurance tax in the VAT\'s place is the tax total; insurance tax included in the net is not', () => {
  const separate = readFields([run('Gesamtbeitrag 80,00 €', 40, 400), run('Versicherungsteuer 19 % 15,20 €', 40, 412), run('Rechnungsbeitrag 95,20 €', 40, 424)]);
  assert.deepEqual([separate.fields.montant_ht, separate.fields.montant_tva, separate.fields.montant_ttc], [8000, 1520, 9520]);
  const included = readFields([run('Enthält 19% Versicherungssteuer = 15,20 Euro', 40, 380), run('Nettobetrag 95,20', 40, 400), run('MwSt. 0 % 0,00', 40, 412), run('Gesamtbetrag 95,20', 40, 424)]);
  assert.deepEqual([included.fields.montant_ht, included.fields.montant_tva, included.fields.montant_ttc], [9520, 0, 9520]);
});

test('the amount left out is implied by the others, and never validates', () => {
  const noNet = readFields([run('Product Price Tax Total', 40, 200), run('Total    412.50    57.75    470.25', 40, 212), run('Grand Total 470.25', 40, 240), run('Tax 57.75', 40, 252)]);
  assert.equal(noNet.fields.montant_ht, 41250);
  assert.ok(noNet.confidence.montant_ht! < 0.8);
  // A tax that is no plausible share of the net or of the total (a tax summary's net taken for its
  // tax) implies nothing.
  const noTotal = readFields([ocrRun('SUB-TOTAL', 40, 100), ocrRun('31.00', 400, 100), ocrRun('GST', 40, 115), ocrRun('27.30', 400, 115)]);
  assert.deepEqual([noTotal.fields.montant_ht, noTotal.fields.montant_tva, noTotal.fields.montant_ttc], [3100, 2730, null]);
  const noNetRead = readFields([ocrRun('Total Amount', 40, 100), ocrRun('63.40', 400, 100), ocrRun('GST', 40, 115), ocrRun('$52.00', 400, 115)]);
  assert.deepEqual([noNetRead.fields.montant_ht, noNetRead.fields.montant_ttc], [null, 6340]);
  // A tax the total includes, as OCR reads a receipt's "GST @ 6% INCLUDED IN TOTAL": the net is the total.
  for (const note of ['%6ST @ 6% INCLUDED IN TOTAL', 'G5T @ 6% INCLUDED IN TOTAL']) {
    const included = readFields([ocrRun('SUB-TOTAL', 40, 100), ocrRun('21.20', 400, 100), ocrRun('GST', 40, 115), ocrRun('1.20', 400, 115), ocrRun(note, 40, 130)]);
    assert.equal(included.fields.montant_ttc, 2120, note);
  }
  const noVat = readFields([run('Total HT 312,40', 40, 600), run('Total TVA %', 40, 612), run('Total TTC 312,40', 40, 624)]);
  assert.equal(noVat.fields.montant_tva, 0, 'a net equal to the total: no VAT');
  assert.equal(decide(noVat, 'pdf-text').status, 'pending');
});

test('supplier: a letter-spaced letterhead gets its word breaks from the seller\'s domain; the customer above "À l\'attention" is not it', () => {
  const spaced = readFields([
    run('J E A N N E R O U X E I', 180, 39, 18),
    run('j.roux@orange.fr – www.jeanne-roux.fr', 40, 91),
    run('Bastide Immobilier SAS', 40, 137),
    run('Total HT 100,00', 40, 600),
  ]);
  assert.equal(spaced.fields.fournisseur, 'JEANNE ROUX EI');
  const generic = readFields([run('VENDOR SHOP NAME', 40, 63), run('LA BOUTIQUE SARL', 40, 73), run('EMAIL : contact@vendor.com', 40, 110)]);
  assert.equal(generic.fields.fournisseur, 'LA BOUTIQUE SARL', 'a domain that is only part of a line names nothing');
  const attention = readFields([run('ACME Habitat', 40, 39, 18), run('Orvane Habitat SARL', 300, 128), run("À l'attention de Madame Petit", 300, 140), run('Total TTC 120,00', 40, 800)]);
  assert.equal(attention.fields.fournisseur, 'ACME Habitat');
});

test('the date of an associated invoice is not the invoice date', () => {
  const inv = readFields([
    run('Date : 28/02/2023', 350, 20),
    run('Date de facture associée : 15/01/2023', 350, 35),
  ]);
  assert.equal(inv.fields.date_facture, '2023-02-28');
  // A deposit's row dates the deposit: with the invoice date's line lost, no date is better than it.
  const deposit = readFields([
    run('Fällig am: 26. Februar 2025', 350, 20), run('Rechnungsbetrag 2.032,12 €', 350, 300),
    run('abzgl. Anzahlung vom 16. Dezember 2024 -406,00 €', 350, 315), run('Offener Betrag 1.626,12 €', 350, 330),
  ]);
  assert.equal(deposit.fields.date_facture, null);
  assert.equal(readFields([run('Lieferung vom 16. Dezember 2024', 350, 20), run('Gesamt 1.626,12 €', 350, 300)]).fields.date_facture, null, 'a delivery, as before');
  assert.equal(readFields([run('Paris, le 16 décembre 2024', 350, 20), run('Total TTC 1 626,12 €', 350, 300)]).fields.date_facture, '2024-12-16', 'a bare date, as before');
});

test('a bare "Date" cell beside its value is the invoice date, not the due date below it', () => {
  const inv = readFields([
    run('Date', 300, 20), run('04/03/2024', 400, 20), run('Date de livraison', 520, 20), run('01/03/2024', 640, 20),
    // The due-date label as OCR garbles it: no label is left to tell this date apart.
    run('Aréglerav ant le', 300, 35), run('03/04/2024', 400, 35),
  ]);
  assert.equal(inv.fields.date_facture, '2024-03-04');
});

test('invoice number: the strongest label wins; a title word alone, a bare "No." column and a customer number do not', () => {
  const numero = (...runs: TextRun[]) => readFields(runs).fields.numero;
  // A title alone in its cell, then the real label on the next line.
  assert.equal(numero(run('Facture', 40, 20), run('12 rue des Lilas', 300, 20), run('Facture N° FV-2031-77', 40, 40)), 'FV-2031-77');
  // A row of headings over a row of values; the customer number beside its own label is not it.
  assert.equal(numero(
    run('N° client', 40, 10), run('CL-5521', 140, 10),
    run('Facture n°', 40, 60), run('Date', 200, 60), run('Échéance', 320, 60),
    run('AZ-19-0042', 40, 72), run('03-02-2022', 200, 72), run('05-03-2022', 320, 72),
  ), 'AZ-19-0042');
  // A bare "No." heading a table of lines; the title followed by its number.
  assert.equal(numero(run('Invoice 55871', 40, 20), run('No.', 40, 300), run('Description', 200, 300), run('7731-K', 40, 312), run('Widget', 200, 312)), '55871');
  // A German type code between the title and "Nr.", a date after the number; a dated "Date facture" is no number.
  assert.equal(numero(run('Handelsrechnung (380) Nr. 88210 vom 07.08.2019', 40, 20)), '88210');
  assert.equal(numero(run('Date facture', 40, 20), run('05/02/25', 200, 20), run('Numéro', 40, 35), run('FB-2025-0310', 200, 35)), 'FB-2025-0310');
  // The label in the next cell of an address's line is a label; the invoice a credit note corrects is not ours.
  assert.equal(numero(run('14 allée des Tilleuls', 40, 20), run('Facture N° :', 300, 20), run('2023/04/1187', 420, 20)), '2023/04/1187');
  assert.equal(numero(
    run("N° d'avoir", 40, 10), run('Date', 200, 10), run('AV2405-31', 40, 22), run('12/05/2024', 200, 22),
    run('Avoir sur facture n° FC2403-118 du 02/03/2024', 40, 60),
  ), 'AV2405-31');
  assert.equal(numero(run('Avoir AV2405-31', 40, 10), run('Avoir sur notre facture FC2403-118', 40, 60)), 'AV2405-31');
  assert.equal(numero(run('Gutschrift Nr. G-2405', 40, 10), run('Gutschrift zur Rechnungsnummer 4711', 40, 60)), 'G-2405');
  // A street's number stays one when OCR parts the address in cells.
  assert.equal(numero(run('No.', 40, 20), run('130, Jalan Ampang', 200, 20), run('50450 Kuala Lumpur', 40, 35)), null);
});

test('invoice number: elided and accounting labels, a voucher heading, and what is no label at all', () => {
  const numero = (...runs: TextRun[]) => readFields(runs).fields.numero;
  // "N° d'avoir" elides "de"; "Pièce n°" is the accounting document's number, in a row of headings too.
  assert.equal(numero(run('Avoir', 40, 10), run("N° d'avoir :", 40, 30), run('AV-3110-27', 200, 30)), 'AV-3110-27');
  assert.equal(numero(
    run('Date', 40, 60), run('Pièce n°', 200, 60), run('Réf. client', 360, 60),
    run('14/09/2024', 40, 72), run('PC-88412', 200, 72), run('55120', 360, 72),
  ), 'PC-88412');
  // A German voucher number heading its column.
  assert.equal(numero(run('Beleg-Nr.', 40, 60), run('Datum', 200, 60), run('B77-310', 40, 72), run('03.02.2025', 200, 72)), 'B77-310');
  // A British postcode is no "Nr." label: the weaker "Référence" that opens its own cell names the number.
  assert.equal(numero(run('Référence :', 40, 20), run('2025/07/431', 200, 20), run('NR4 7TJ Norwich', 40, 40)), '2025/07/431');
  // An article's reference inside a line's description is not the invoice's: the title's number is.
  assert.equal(numero(run('Facture F-7781', 40, 20), run('Câble HDMI 2 m - réf. 63', 40, 300), run('4', 300, 300), run('12,90', 400, 300)), 'F-7781');
});

test('invoice number: a bare "Numéro" heading in the row of the invoice date\'s heading; a credit note\'s own number, not the invoice it corrects', () => {
  const numero = (...runs: TextRun[]) => readFields(runs).fields.numero;
  // The row that heads the invoice's references: its number is under a bare "Numéro".
  assert.equal(numero(
    run('Numéro', 40, 60), run('Facture du', 200, 60), run('Échéance', 360, 60),
    run('007214', 40, 72), run('11/02/2025', 200, 72), run('13/03/2025', 360, 72),
  ), '007214');
  assert.equal(numero(
    run('Émise le', 40, 60), run('Numéro', 200, 60), run('Réf. commande', 360, 60),
    run('11/02/2025', 40, 72), run('FC-2025-412', 200, 72), run('BC-5571', 360, 72),
  ), 'FC-2025-412');
  // A table of lines with a date column numbers its rows; a row of headings without the invoice date is not the invoice's.
  assert.equal(numero(run('N°', 40, 300), run('Date', 120, 300), run('Désignation', 240, 300), run('12', 40, 312), run('03/02/2025', 120, 312), run('Intervention', 240, 312)), null);
  assert.equal(numero(run('Numéro', 40, 300), run('Désignation', 240, 300), run('4471-B', 40, 312), run('Vis inox', 240, 312)), null);
  assert.equal(numero(
    run('Number', 40, 300), run('Description', 120, 300), run('Date', 300, 300), run('Amount', 400, 300),
    run('2215-K', 40, 312), run('Office chair', 120, 312), run('03/02/25', 300, 312), run('248.00', 400, 312),
  ), null, 'an article number in a table of lines with a date column');
  assert.equal(numero(
    run('N°', 40, 60), run('Facture du', 200, 60), run('Échéance', 360, 60),
    run('007214', 40, 72), run('11/02/2025', 200, 72), run('13/03/2025', 360, 72),
  ), null, 'a bare "N°" heads line numbers as often: only the spelled-out word looks below');
  // "Gutschriftsnummer" names the credit note's number; "Korrektur der Rechnung" names another invoice.
  assert.equal(numero(run('Rechnungskorrektur - Gutschriftsnummer GS-7730-12', 40, 20), run('Korrektur der Rechnung RE-5518 vom 02.03.2025', 40, 60)), 'GS-7730-12');
  assert.equal(numero(run('Korrektur der Rechnung RE-5518 vom 02.03.2025', 40, 60)), null);
  assert.equal(numero(run('Bitte unter Angabe der Rechnungsnummer RE-5518 überweisen', 40, 60)), 'RE-5518', 'not every "der" names another invoice');
});

test('supplier: a monogram is no name; a labelled name under a seller heading; a legal form spelled out', () => {
  const german = readFields([
    run('NW', 40, 10, 30),
    run('Kundennummer: 1234567', 40, 60),
    run('Verkäufer', 40, 75),
    run('Name:', 40, 90), run('Nordwerk GmbH & Co. KG', 200, 90),
    run('Käufer', 40, 120),
    run('Name:', 40, 135), run('Südhaus Technik GmbH', 200, 135),
  ]);
  assert.equal(german.fields.fournisseur, 'Nordwerk GmbH & Co. KG');
  const french = readFields([
    run('LB', 40, 10, 30),
    run('Lumen Bureautique – Société par actions simplifiée au capital de 10.000 euros – RCS Metz', 40, 780, 7),
  ]);
  assert.equal(french.fields.fournisseur, 'Lumen Bureautique');
});

test('supplier: a street address and a postcode\'s town are no names, as Malaysian tills print them too', () => {
  const till = [run('ITEM', 40, 120), run('QTY', 200, 120), run('AMOUNT', 300, 120), run('PAINT BRUSH 2"', 40, 135), run('2', 200, 135), run('13.80', 300, 135),
    run('TOTAL', 40, 160), run('13.80', 300, 160), run('CASH', 40, 175), run('20.00', 300, 175), run('CHANGE', 40, 190), run('6.20', 300, 190)];
  const supplier = (...head: TextRun[]) => readFields([...head, ...till]).fields.fournisseur;
  // The name lost to OCR: what is left of the letterhead is an address, which names nobody.
  assert.equal(supplier(run('NO. 18, JALAN MEWAH 2', 40, 10), run('81200 JOHOR BAHRU, JOHOR', 40, 25), run('TEL: 07-555 1234', 40, 40)), null);
  assert.equal(supplier(run('41150 KLANG, SELANGOR', 40, 10), run('TEL: 03-3344 1234', 40, 25)), null);
  assert.equal(supplier(run('75011 PARIS', 40, 10), run('TEL: 01 45 55 12 12', 40, 25)), null);
  assert.equal(supplier(run('KEDAI MURNI HARDWARE', 40, 5), run('NO. 18, JALAN MEWAH 2', 40, 20), run('81200 JOHOR BAHRU, JOHOR', 40, 35)), 'KEDAI MURNI HARDWARE');
  // A registration's line names nobody either.
  assert.equal(supplier(run('COMPANY NO. 432989-D', 40, 5), run('GST REG NO : 075017206008', 40, 20)), null);
  // The company's registration number in brackets after its name is no part of it.
  assert.equal(supplier(run('CAHAYA FARMASI SDN BHD (455310-X)', 40, 5), run('NO. 18, JALAN MEWAH 2', 40, 20)), 'CAHAYA FARMASI SDN BHD');
});

test('supplier: the trade name under a seller heading beats the legal mentions; label lines are not names', () => {
  const trade = readFields([
    run('SELLER TRADE NAME', 40, 72), run('CLIENT :', 350, 72),
    run('Ébène Conseil', 40, 85), run('Garage Martin', 350, 85),
    run('Ébène Conseil et Associés SARL au capital de 5 000 EUR - RCS Lyon 552 100 554', 40, 780, 7),
  ]);
  assert.equal(trade.fields.fournisseur, 'Ébène Conseil', 'the leading accented capital is kept');
  const labelled = readFields([
    run('Stylesheet zur Lesbarmachung der XML-Daten von elektronischen Rechnungen', 40, 10, 16),
    run('Verkäufer', 40, 75),
    run('Nummer:', 40, 90), run('22 00 0 001 00001', 200, 90),
    run('Name:', 40, 105), run('Beispiel Handel', 200, 105),
  ]);
  assert.equal(labelled.fields.fournisseur, 'Beispiel Handel');
});

test('German sums: net and gross with their (excl./inkl. USt.) qualifier; the small-business exemption', () => {
  const taxed = readFields([
    run('Rechnungssumme Netto (excl. USt.)', 40, 400), run('100,00', 480, 400),
    run('Steuerbasisbetrag USt. 19%', 40, 415), run('100,00', 400, 415), run('19,00', 480, 415),
    run('Rechnungssumme Brutto (inkl. USt.)', 40, 430), run('119,00', 480, 430),
  ]);
  assert.deepEqual([taxed.fields.montant_ht, taxed.fields.montant_tva, taxed.fields.montant_ttc], [10000, 1900, 11900]);
  const exempt = readFields([
    run('Summe Waren', 40, 400), run('7,40', 480, 400),
    run('Rechnungssumme', 40, 415), run('7,40', 480, 415),
    run('Im Rechnungsbetrag ist gemäß § 19 UStG keine Umsatzsteuer enthalten.', 40, 450),
  ]);
  assert.deepEqual([exempt.fields.montant_ht, exempt.fields.montant_tva, exempt.fields.montant_ttc], [740, 0, 740]);
});

test('dates with month names joined by hyphens, as "5-Mar-2025" prints them', () => {
  assert.deepEqual(findDates('Invoice Date : 27-Aug-2022', 'dmy').map((d) => d.iso), ['2022-08-27']);
  assert.deepEqual(findDates('Période : 1-févr-2024 - 29-févr-2024', 'dmy').map((d) => d.iso), ['2024-02-01', '2024-02-29']);
});

test('a speck read between a month and its year: a date after a date label only', () => {
  assert.deepEqual(findDates(' 5 mai ; 2026', 'dmy', true).map((d) => d.iso), ['2026-05-05']);
  assert.deepEqual(findDates(' 25 février Let 2024', 'dmy', true).map((d) => d.iso), ['2024-02-25']);
  assert.deepEqual(findDates('Livré le 5 mai ; 2026'), [], 'unlabelled, it is no date');
  assert.deepEqual(findDates(' 5 mai dernier 2026', 'dmy', true), [], 'a word is no speck');
  // A colon read as a quote mark or a semicolon still ends a bare "Date".
  for (const label of ['Date \u2018', 'Date ;']) {
    const invoice = readFields([run(`${label} 9 août R 2024`, 300, 40), run("Date d'échéance : 8 octobre 2024", 300, 60)]);
    assert.equal(invoice.fields.date_facture, '2024-08-09', label);
  }
});

test("a month's name that OCR misread by one letter, between a day and a year, is still that month", () => {
  const iso = (text: string) => findDates(text, 'dmy').map((d) => d.iso);
  assert.deepEqual(iso("Date d'émission : 23 aolt 2026"), ['2026-08-23']);
  assert.deepEqual(iso('Le 3 fevrler 2024, 4 Septernber 2024'), ['2024-02-03', '2024-09-04'], 'a letter changed; "rn" read for "m"');
  assert.deepEqual(iso('5 jun 2025'), ['2025-06-05'], 'a short name is read only as printed');
  assert.deepEqual(findDates('01 rnai 2026   12 rnars 2026', 'dmy').map((d) => [d.iso, Boolean(d.guessedMonth)]), [['2026-05-01', false], ['2026-03-12', false]],
    'a name whose "m" was read "rn" is that month, whole: no guess');
  assert.deepEqual(findDates('Datum : 19. Miirz 2022', 'dmy').map((d) => [d.iso, Boolean(d.guessedMonth)]), [['2022-03-19', false]], 'the "ä" of "März" read "ii"');
  assert.deepEqual(findDates('15 jiin 2026, 3 julii 2026', 'dmy').map((d) => [d.iso, Boolean(d.guessedMonth)]), [['2026-06-15', false], ['2026-07-03', true]], '"ii" is no umlaut in a short name');
  assert.deepEqual(iso('Date of issue   April 11,2026   March 4, 2026'), ['2026-04-11', '2026-03-04'], 'a comma without its space');
  assert.deepEqual(iso('Émise le : ler avril 2024; Ier mai 2024'), ['2024-04-01', '2024-05-01'], 'the 1 of "1er" read as a letter');
  assert.deepEqual(iso('12 mois 2026, 15 jours 2026, page 2 sur 2026'), [], 'words no month is one letter from');
});

test("an amount that opens with a separator lost its first digits to OCR: its tail, headless", () => {
  assert.deepEqual(findAmounts('Total   €,632.65   Tax ,500.00 €').map((a) => [a.cents, a.headless]), [[63265, true], [50000, true]]);
  assert.deepEqual(findAmounts('Total toutes taxes comprises   .2 352,18 EUR').map((a) => [a.cents, a.headless]), [[235218, undefined]], 'a leader dot left before it');
  assert.deepEqual(findAmounts('Summe inkl. MwSt. 952,00 €   Total, 632.65   Nr. 123,45').map((a) => a.headless), [undefined, undefined, undefined], 'a point or a comma before a space is no lost digit');
  assert.deepEqual(findAmounts('Total TTC ........48,90   Total 2,632.65').map((a) => [a.cents, a.headless]), [[4890, undefined], [263265, undefined]], 'leader dots; a whole amount');
});

test('a minus or parenthesis glued before the currency makes the amount negative', () => {
  assert.deepEqual(findAmounts('-EUR 11,373.62   (£1,234.56)   -€ 12,00').map((a) => a.cents), [-1137362, -123456, -1200]);
  assert.deepEqual(findAmounts('Total - EUR 12,00').map((a) => a.cents), [1200], 'a spaced dash is a separator');
});

test("an accounting negative whose closing parenthesis OCR lost stays negative; a parenthesis that closes later is no sign", () => {
  assert.deepEqual(findAmounts('Total H.T.   (1.234,50 ©').map((a) => a.cents), [-123450]);
  assert.deepEqual(findAmounts('TVA (20 %)   (246,90').map((a) => a.cents), [-24690]);
  assert.deepEqual(findAmounts('Acompte (300,00 € HT)').map((a) => a.cents), [30000]);
});

test('receipts: a rounding just below the total, whose rounded total OCR misread, lands the total on the cash step', () => {
  const ocr = (text: string, y: number) => ocrRun(text, 40, y);
  // "TOTAL 83.45" read with a digit lost: the rounding of the sign OCR left unsure that lands on 5 cents.
  const lost = readFields([ocr('Grand Total 83.47', 100), ocr('Round Adj 0.02', 115), ocr('TOTAL 8.45', 130), ocr('Thank you', 145)]);
  assert.equal(lost.fields.montant_ttc, 8345);
  const changed = readFields([ocr('Grand Total 83.47', 100), ocr('Round Adj 0.02', 115), ocr('TOTAL 88.45', 130)]);
  assert.equal(changed.fields.montant_ttc, 8345, 'a digit misread');
  // The total below says the total itself, or something that is no misread of the rounded one, or
  // the rounding is no step to the nearest 5 cents: the total read stands.
  for (const [rounding, below] of [['0.02', 'TOTAL 83.47'], ['0.02', 'Total Savings 5.00'], ['0.07', 'TOTAL 8.40']]) {
    const kept = readFields([ocr('Grand Total 83.47', 100), ocr(`Round Adj ${rounding}`, 115), ocr(below!, 130)]);
    assert.equal(kept.fields.montant_ttc, 8347, `${rounding}, ${below}`);
  }
  // Proven by net + tax, the rounded total is reported but proves nothing.
  const proven = readFields([ocr('Sub Total 78.75', 85), ocr('GST 6% 4.72', 100), ocr('Grand Total 83.47', 115), ocr('Round Adj -0.02', 130), ocr('TOTAL 8.45', 145)]);
  assert.deepEqual([proven.fields.montant_ttc, proven.extra.amountsProof], [8345, 'weak']);
  // No total labelled below the rounding (its line unread): the step alone says the amount paid, weakly.
  const none = readFields([ocr('Grand Total 83.47', 100), ocr('Round Adj 0.02', 115), ocr('CHANGE 6.55', 130)]);
  assert.deepEqual([none.fields.montant_ttc, none.extra.amountsProof], [8345, 'none']);
  // A payment line between the total and the rounding: the rounding settles the change.
  const change = readFields([ocr('Grand Total 83.47', 100), ocr('Cash 90.00', 115), ocr('Round Adj 0.02', 130), ocr('TOTAL 8.45', 145)]);
  assert.equal(change.fields.montant_ttc, 8347);
});

test('receipts: of two readings, the one that found the rounded total keeps the amounts over one whose rounding did not read', () => {
  const ocr = (text: string, y: number) => ocrRun(text, 40, y);
  const unread = readFields([ocr('Total GST 3.28', 85), ocr('TOTAL 57.93', 100), ocr('ROUNDING ADJ', 115)]);
  const found = readFields([ocr('Total GST 3.28', 85), ocr('TOTAL 57.93', 100), ocr('ROUNDING ADJ -0.03', 115), ocr('Total Rounded 57.90', 130)]);
  assert.equal(combineReadings(unread, found).fields.montant_ttc, 5790);
  assert.equal(combineReadings(found, unread).fields.montant_ttc, 5790);
});

test('dates: a digit with a degree sign between the month and the year, after a label; a dotted date with one dot read as a comma by OCR; amounts and other numbers are no dates', () => {
  assert.deepEqual(findDates(' 9 octobre 4° 2024', 'dmy', true).map((d) => d.iso), ['2024-10-09']);
  assert.deepEqual(findDates('Livré le 9 octobre 4° 2024'), [], 'unlabelled, it is no date');
  assert.deepEqual(findDates(' 9 octobre 42 2024', 'dmy', true), [], 'a number is no speck');
  assert.deepEqual(findDates('Date/Time : 23,07.2019 16:42:10').map((d) => d.iso), ['2019-07-23']);
  assert.deepEqual(findDates('Datum 03.11,2024').map((d) => d.iso), ['2024-11-03']);
  assert.deepEqual(findDates('Date 07,23.2019', 'mdy').map((d) => d.iso), ['2019-07-23']);
  for (const text of ['Total 1,234.50', 'Qty 12,50.2018x', 'Ref 12,10.2018,5', 'Ref 23,07.20191', '23,07,2019', '1.234,5678']) assert.deepEqual(findDates(text), [], text);
});

test('invoice number: a label colon OCR read as a character or two is skipped for the reference after it; a short number of its own stays', () => {
  const numero = (...runs: TextRun[]) => readFields(runs).fields.numero;
  assert.equal(numero(run('Facture n° 0.', 40, 60), run('F2031-4417', 200, 60)), 'F2031-4417');
  assert.equal(numero(run('Pièce n° 5s', 40, 60), run('PC2207-318', 200, 60)), 'PC2207-318');
  // What follows a short number is a label, a date or an amount, none of them a reference.
  assert.equal(numero(run('Facture n° 12', 40, 60), run('Date : 12/03/2026', 200, 60)), '12');
  assert.equal(numero(run('Facture n° 12', 40, 60), run('12/03/2026', 200, 60)), '12');
  assert.equal(numero(run('Facture n° 7', 40, 60), run('1 250,00 €', 200, 60)), '7');
});

test("invoice number: a deposit row's invoice number is that deposit invoice's; the kind of invoice may stand between its title and number", () => {
  const numero = (...runs: TextRun[]) => readFields(runs).fields.numero;
  assert.equal(numero(run('Facture de solde N° SL-7720', 40, 60), run('Acompte facture N° AC-7702 du 03/02/2026', 40, 300), run('- 450,00 €', 400, 300)), 'SL-7720');
  assert.equal(numero(run('Acompte facture N° AC-7702 du 03/02/2026', 40, 300), run('- 450,00 €', 400, 300)), null);
  assert.equal(numero(run("Facture d'acompte n° AC-7702", 40, 60)), 'AC-7702');
});

test('amounts: a minus printed after the cents, as ERP credit memos and tills print it, is a minus', () => {
  assert.deepEqual(findAmounts('Gesamtbetrag 416,50-').map((a) => a.cents), [-41650]);
  assert.deepEqual(findAmounts('REFUND TOTAL 18.35-').map((a) => a.cents), [-1835]);
  // Not a range, nor a dash before words.
  assert.deepEqual(findAmounts('Tarif 12,00-18,00 selon volume').map((a) => a.cents)[0], 1200);
  assert.deepEqual(findAmounts('Total 416,50 - réglé').map((a) => a.cents), [41650]);
});

test('US dates: a "$" page with signs of elsewhere (GST, ABN, Pty Ltd) and a dotted date are day-first, with no rival', () => {
  const evidence = (...runs: TextRun[]) => readFields(runs).extra.dateEvidence?.rivals;
  const amounts = [run('Subtotal', 350, 400), run('$250.00', 480, 400), run('GST 10%', 350, 415), run('$25.00', 480, 415), run('Total', 350, 430), run('$275.00', 480, 430)];
  assert.deepEqual(evidence(run('Harbourside Pty Ltd  ABN 51 824 753 556', 40, 20), run('Invoice Date: 05/06/2026', 350, 60), ...amounts), []);
  const usd = [run('Subtotal', 350, 400), run('$250.00', 480, 400), run('Sales Tax', 350, 415), run('$20.00', 480, 415), run('Total', 350, 430), run('$270.00', 480, 430)];
  assert.deepEqual(evidence(run('Invoice Date: 05/06/2026', 350, 60), ...usd), ['2026-05-06']);
  assert.deepEqual(evidence(run('Rechnungsdatum: 05.06.2026', 350, 60), ...usd), []);
});

test('invoice number: a real number of one or two digits stays, whatever the next cell holds', () => {
  const numero = (...runs: TextRun[]) => readFields(runs).fields.numero;
  assert.equal(numero(run('Facture N° 12', 40, 60), run('75011 PARIS', 300, 60)), '12');
  assert.equal(numero(run('Invoice # 42', 40, 60), run('1200 Market Street', 300, 60)), '42');
  assert.equal(numero(run('Invoice Date: March 4, 2026', 40, 60), run('Amount Paid: $0.00', 300, 60), run('Invoice No: 5521', 40, 80)), '5521');
});
