// The label vocabularies: each phrase is recognised with its role, decoy dates never become the
// invoice date, and the per-language lists compile into sound patterns. All strings are invented.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findLabels } from '../../src/extraction/fields/labelled-values.ts';
import { AMOUNT_LABELS, DATE_LABELS, ITEM_HEADING, STREET_ADDRESS, type Label } from '../../src/extraction/fields/labels.ts';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import { alt } from '../../src/extraction/fields/vocabulary/build.ts';
import { DE } from '../../src/extraction/fields/vocabulary/de.ts';
import { EN } from '../../src/extraction/fields/vocabulary/en.ts';
import { FR } from '../../src/extraction/fields/vocabulary/fr.ts';
import { NL } from '../../src/extraction/fields/vocabulary/nl.ts';
import { buildLines } from '../../src/extraction/layout/lines.ts';
import { fold } from '../../src/extraction/fields/text-normalise.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';

const run = (text: string, x: number, y: number, h = 10): TextRun => ({ text, x, y, w: text.length * h * 0.5, h, page: 1 });

/** The labels found on one line of text, as "role:label" (the label folded, trimmed). */
function labelsOn<R extends string>(text: string, labels: Label<R>[]): string[] {
  return findLabels(buildLines([run(text, 40, 100)]), labels).map((h) => `${h.role}:${h.label.trim()}`);
}

/** The one role a line's labels give, or a list of them when they disagree. */
function roleOf<R extends string>(text: string, labels: Label<R>[]): string {
  return [...new Set(labelsOn(text, labels).map((l) => l.split(':')[0]))].join(',') || 'none';
}

const INVOICE_DATES = [
  "Date d'émission : 05/02/2031", 'Émise le 05/02/2031', 'Émis le 05/02/2031', 'Date de facturation : 05/02/2031',
  'Date de la facture : 05/02/2031', 'Facturé le 05/02/2031', 'Fait le 05/02/2031', 'Fait à Quimper le 05/02/2031',
  "Date d'établissement : 05/02/2031",
  'Rechnungsdatum: 05.02.2031', 'Datum der Rechnung: 05.02.2031', 'Ausgestellt am 05.02.2031',
  'Invoice date: 02/05/2031', 'Date of issue: 02/05/2031', 'Issued: 5 February 2031', 'Issued 02/05/2031',
  'Date issued: 02/05/2031', 'Billing date: 02/05/2031', 'Document date: 02/05/2031',
];

const DUE_DATES = [
  'Date limite de paiement : 07/03/2031', 'À régler avant le 07/03/2031', 'À payer avant le 07/03/2031', 'Échéance : 07/03/2031',
  "Date d'échéance : 07/03/2031", 'Payable le 07/03/2031', 'Payable avant le 07/03/2031', 'soit au plus tard le 07/03/2031',
  'Au plus tard le 07/03/2031', 'Paiement à réception', 'Date de règlement : 07/03/2031', 'Délai de paiement : 07/03/2031',
  'Fällig am 07.03.2031', 'Zahlbar bis 07.03.2031', 'Fälligkeitsdatum: 07.03.2031', 'Zahlungsfrist: 07.03.2031',
  'Due date: 03/07/2031', 'Payment due: 03/07/2031', 'Pay by 03/07/2031', 'Vervaldatum: 07-03-2031',
];

const OTHER_DATES = [
  'Date de livraison : 28/01/2031', 'Livré le 28/01/2031', 'Date de commande : 28/01/2031', 'Bon de commande du 28/01/2031',
  'Période du 01/01/2031 au 31/01/2031', 'Date de prestation : 28/01/2031', "Date d'exécution : 28/01/2031",
  "Date d'intervention : 28/01/2031", 'Prestation réalisée le 28/01/2031',
  'Lieferdatum: 28.01.2031', 'Leistungszeitraum: 01.01.2031 - 31.01.2031', 'Abrechnungszeitraum: 01.01.2031 - 31.01.2031',
  'Delivery date: 01/28/2031', 'Order date: 01/28/2031', 'Service period: 01/01/2031 - 01/31/2031', 'Service date: 01/28/2031',
  'Leverdatum: 28-01-2031', 'Acompte perçu le 28/01/2031', 'Facture réglée le 28/01/2031', 'Paid on 01/28/2031',
  'Anzahlung erhalten am 28.01.2031', 'Bezahlt am 28.01.2031',
];

test("a net whose label holds a total's words is the net; a doubled joining s still names the VAT", () => {
  // factur-x-kit's three languages print "Montant total net / brut", "Net / Gross Total Amount" and
  // "Umsatzssteuer (19,00 % von …)": a net read as a total had left every zero-rated invoice unproven.
  const cases: [string, string][] = [
    ['Montant total net 410,00', 'ht'], ['Montant total HT 410,00', 'ht'], ['Montant total brut 492,00', 'ttc'], ['Montant total 492,00', 'ttc'],
    ['Net Total Amount 410.00', 'ht'], ['Nett total amount 410.00', 'ht'], ['Gross Total Amount 492.00', 'ttc'], ['Total amount 492.00', 'ttc'],
    ['Umsatzssteuer (19,00 % von 410,00 €) 77,90', 'tva'], ['Umsatzsteuer 77,90', 'tva'],
  ];
  for (const [text, role] of cases) assert.equal(roleOf(text, AMOUNT_LABELS), role, `${text}: ${labelsOn(text, AMOUNT_LABELS).join(' ')}`);
});

test('a net "exc." or "ex" its tax is the net, and that tax no VAT amount', () => {
  // invoice-it's English labels "Total exc. VAT / Total VAT / Total inc. VAT": the net's value had been
  // read as the VAT, and no English invoice of that template was proven.
  const cases: [string, string][] = [
    ['Total exc. VAT 24082.11', 'ht'], ['Total ex VAT 24082.11', 'ht'], ['Total (ex. GST) 24082.11', 'ht'],
    ['Total VAT 3630.04', 'tva'], ['Total inc. VAT 27712.15', 'ttc'], ['VAT exc. 24082.11', 'none'],
  ];
  for (const [text, role] of cases) assert.equal(roleOf(text, AMOUNT_LABELS), role, `${text}: ${labelsOn(text, AMOUNT_LABELS).join(' ')}`);
});

test('a mark OCR read from a box border between "inc." and the tax\'s cell leaves the tax part of the total\'s label', () => {
  // "Total inc. = | VAT | 6303.29" on a render of invoice-it's boxed totals: "VAT" had labelled the total as the VAT.
  const roles = (cells: string[]) => findLabels(buildLines(cells.map((c, i) => run(c, 40 + i * 100, 100))), AMOUNT_LABELS).map((h) => h.role);
  assert.deepEqual(roles(['Total inc. =', 'VAT', '6303.29']), ['ttc']);
  assert.deepEqual(roles(['Total exc. |', 'VAT', '6303.29']), ['ht']);
  assert.deepEqual(roles(['Total', 'VAT', '0.00']), ['tva']);
  // A closing bracket ends the qualifier: the tax after it is the one the total includes, an amount of its own.
  assert.deepEqual(roles(['(Inclusive) GST 6%', '23.70']), ['tva']);
});

test('invoice-date vocabulary: each phrase labels the invoice date', () => {
  for (const text of INVOICE_DATES) assert.equal(roleOf(text, DATE_LABELS), 'invoice', text);
});

test('due-date vocabulary: each phrase labels a due date, never the invoice date', () => {
  for (const text of DUE_DATES) assert.equal(roleOf(text, DATE_LABELS), 'due', text);
});

test('delivery, order, period and service dates are decoys, never the invoice date', () => {
  for (const text of OTHER_DATES) {
    const labels = labelsOn(text, DATE_LABELS);
    assert.ok(labels.some((l) => l.startsWith('decoy:')), `${text}: ${labels.join(' ')}`);
    // A bare "date" after "Delivery" may be found; the date reader sets it aside as qualified.
    assert.ok(labels.every((l) => !l.startsWith('invoice:') || /^invoice:date:?$/.test(l)), `${text}: ${labels.join(' ')}`);
  }
});

test("a deposit invoice's own date is not a payment date", () => {
  assert.equal(roleOf("Facture d'acompte du 12/03/2031", DATE_LABELS), 'invoice');
  assert.equal(roleOf('Anzahlungsrechnung vom 12.03.2031', DATE_LABELS), 'invoice');
});

test('a date just after "issued at" is the invoice date; a place after it is not', () => {
  assert.equal(roleOf('Invoice # RX-2031/77 issued at 2031-02-05', DATE_LABELS), 'invoice');
  assert.equal(roleOf('Certificate issued at Lisbon on the same day', DATE_LABELS), 'none');
});

test("the date of the invoice a credit note corrects is accounted for: it is no rival of the credit note's own", () => {
  for (const mention of ['Korrektur der Rechnung RE-2031-12 vom 8. Juli 2031', 'Credit against invoice INV-2031-12 dated 8 July 2031']) {
    const inv = readFields([
      run('Hafner Tischlerei GmbH', 40, 20, 18), run('Graz, 7. August 2031', 350, 20),
      run('Gutschrift Nr. GS-2031-5', 40, 80), run(mention, 40, 95),
    ]);
    assert.equal(inv.fields.date_facture, '2031-08-07', mention);
    assert.deepEqual(inv.extra.dateEvidence?.rivals, [], mention);
  }
});

test('a delivery date read from the row under its heading is accounted for: it is no rival of the invoice date beside it', () => {
  const inv = readFields([
    run('Fenwick Joinery Ltd', 40, 20, 18),
    run('Delivery date', 40, 100), run('Account No.', 200, 100), run('Invoice No.', 320, 100), run('Date', 450, 100),
    run('20 December 2031', 40, 115), run('K880936', 200, 115), run('INV-07996', 320, 115), run('22 December 2031', 450, 115),
  ]);
  assert.equal(inv.fields.date_facture, '2031-12-22');
  assert.deepEqual(inv.extra.dateEvidence?.rivals, []);
});

test('street addresses, abbreviated or not, in French, English and German; names are none', () => {
  for (const text of ['81 chemin du Moulin', '12 bis av. Foch', '3 bd. de la Liberté', '4 Station Road', 'Lindenstraße 4', 'Bahnstr. 42']) {
    assert.ok(STREET_ADDRESS.test(fold(text)), text);
  }
  for (const text of ['Thomas Giraud', 'Boulangerie du Moulin SARL', '3 Suisses Conseil', 'Avenir Plomberie']) assert.ok(!STREET_ADDRESS.test(fold(text)), text);
});

test("a table's item headings, as the first words of a cell; a total's or a VAT's headings, or an item word inside a sentence, are none", () => {
  const cells = (...texts: string[]) => fold(texts.join(' \u2003 '));
  for (const row of [cells('Désignation', 'Qté', 'PU HT', 'Montant HT'), cells('Beschreibung', 'Anz.', 'Preis netto', 'Gesamt brutto'), cells('Pos', 'Menge', 'Einzelpreis'), cells('Item', 'Unit price', 'Amount'), cells('Omschrijving', 'Aantal', 'Bedrag')]) {
    assert.ok(ITEM_HEADING.test(row), row);
  }
  for (const row of [cells('Taux', 'Base HT', 'TVA', 'Total TTC'), cells('Netto', 'USt.', 'Brutto'), cells('Subtotal', 'Tax', 'Total'), cells('Merci pour votre commande de 3 articles')]) {
    assert.ok(!ITEM_HEADING.test(row), row);
  }
});

test('"Issued" mid-sentence labels nothing', () => {
  assert.equal(roleOf('Issued by the seller on behalf of the buyer', DATE_LABELS), 'none');
  assert.equal(roleOf('Certificate issued at Lisbon', DATE_LABELS), 'none');
});

test('amount vocabulary: each phrase labels its amount', () => {
  const cases: [string, string][] = [
    ['Montant net HT 410,00', 'ht'], ['Total hors taxes 410,00', 'ht'], ['Total HTVA 410,00', 'ht'], ['Total hors TVA 410,00', 'ht'],
    ['Total TVA 82,00', 'tva'], ['Montant de la TVA 82,00', 'tva'], ['Taxe sur la valeur ajoutée 20 % 82,00', 'tva'],
    // Its first word lost to a column's edge.
    ['e sur la valeur ajoutée 20% 82,00', 'tva'],
    ['Montant TTC 492,00', 'ttc'], ['Total général 492,00', 'ttc'], ['Total TVAC 492,00', 'ttc'], ['Total TVA comprise 492,00', 'ttc'],
    ['Gesamtbetrag 492,00', 'ttc'], ['Rechnungsendbetrag 492,00', 'ttc'], ['Gesamtbetrag netto 410,00', 'ht'],
    ['Total à payer 492,00', 'due'], ['Net à payer 492,00', 'due'], ['Total à régler 492,00', 'due'], ['Montant à régler 492,00', 'due'],
    ['Reste dû 92,00', 'due'], ['Amount due 492.00', 'due'], ['Balance due 92.00', 'due'], ['Total amount due 492.00', 'due'],
    ['Amount to pay 492.00', 'due'], ['Zahlungsbetrag 492,00', 'due'],
    // A till's lines with their "Total" lost to OCR; the tax they exclude or include is no VAT label.
    ['Sales (Excluding GST) 41.30', 'ht'], ['tal Sales (Excluding GST) 41.30', 'ht'], ['Sales (Inclusive GST) 43.78', 'ttc'],
  ];
  for (const [text, role] of cases) assert.equal(roleOf(text, AMOUNT_LABELS), role, `${text}: ${labelsOn(text, AMOUNT_LABELS).join(' ')}`);
});

test('an invoice with due, delivery and period dates: the labelled invoice date wins', () => {
  const inv = readFields([
    run('Menuiserie Kerbrat SARL', 40, 20, 18),
    run('Facture n° MK-7781', 350, 20),
    run('Période du 01/01/2031 au 31/01/2031', 350, 35),
    run('Date de livraison : 28/01/2031', 350, 50),
    run("Date d'émission : 05/02/2031", 350, 65),
    run('À régler avant le 07/03/2031', 350, 80),
  ]);
  assert.equal(inv.fields.date_facture, '2031-02-05');
});

test('due, delivery and service dates alone never become the invoice date', () => {
  for (const decoy of [...DUE_DATES, ...OTHER_DATES].filter((t) => /\d/.test(t))) {
    const inv = readFields([run('Menuiserie Kerbrat SARL', 40, 20, 18), run('Facture n° MK-7781', 350, 20), run(decoy, 350, 50)]);
    assert.equal(inv.fields.date_facture, null, decoy);
  }
});

test('the vocabularies compile: every entry is a valid pattern that cannot match an empty string', () => {
  for (const [language, vocabulary] of Object.entries({ FR, EN, DE, NL })) {
    for (const [list, entries] of Object.entries(vocabulary)) {
      for (const entry of entries ?? []) {
        const re = new RegExp(`^(${entry})$`);
        assert.ok(!re.test(''), `${language}.${list}: ${entry} matches nothing at all`);
      }
    }
  }
  assert.throws(() => alt([]), /empty/);
});

test("one document's labels leave nothing behind that changes how the next one is read", () => {
  const next = [run('Menuiserie Kerbrat SARL', 40, 20, 18), run('Facture n° MK-7781', 350, 20), run('Delivery date: 01/28/2031', 350, 50)];
  const alone = readFields(next);
  // A document whose last line is an order reference without a date: a decoy date label, unused.
  readFields([run('Atelier Morvan SAS', 40, 20, 18), run('Total TTC 120,00 €', 350, 300), run('Commande BC-2207', 40, 320)]);
  const after = readFields(next);
  assert.deepEqual(after.fields, alone.fields);
  assert.equal(after.fields.date_facture, null, 'a delivery date is not the invoice date');
});

test('a speck OCR read between the words of a date label (";", a quote mark) leaves it the same label', () => {
  const date = readFields([run('Établie ; le :   3 mars 2031', 40, 100), run('Date limite de ‘ paiement :   2 avril 2031', 40, 115)]);
  assert.deepEqual([date.fields.date_facture, date.extra.dateEvidence], ['2031-03-03', { label: 'explicit', rivals: [], wordConfidence: 1 }]);
  assert.equal(roleOf('À ; régler le 02/04/2031', DATE_LABELS), 'due');
  assert.equal(roleOf('Acompte reçu ; le 01/03/2031', DATE_LABELS), 'decoy');
});
