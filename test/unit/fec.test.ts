// The FEC and CSV writers: pure functions over a batch's snapshot. The FEC is parsed back and held
// to article A47 A-1's format (18 columns, TAB, YYYYMMDD, comma decimals) and to balanced entries.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../src/config/config.ts';
import { csvField, CSV_COLUMNS, renderCsv } from '../../src/domain/csv.ts';
import { bookingDay, compareExported, exportFileName, exportTotals, fecGap, type ExportedInvoice } from '../../src/domain/exports.ts';
import { assertBalanced, fecAmount, FEC_COLUMNS, invoicePostings, renderFec, supplierAuxAccount, vatAmounts } from '../../src/domain/fec.ts';

function invoice(overrides: Partial<ExportedInvoice>): ExportedInvoice {
  return {
    id: 'inv_a', dossier_id: 'dos_1', numero: 'F-1', date_facture: '2026-03-12', fournisseur: 'Boulangerie Martin', siret: '73282932000074',
    vat_id: null, montant_ht: '100.00', montant_tva: '20.00', montant_ttc: '120.00', devise: 'EUR', source: 'facturx',
    file_name: 'f.pdf', file_sha256: 'abc', imported_at: '2026-03-13T10:00:00.000Z', vat_breakdown: [], ...overrides,
  };
}

const OPTIONS = { chargeAccount: '606000', validDate: '2026-04-01' };

/** The file parsed back: the header and every line as a record keyed by column name. */
function parseFec(text: string) {
  assert.ok(text.endsWith('\r\n'));
  const [header, ...lines] = text.slice(0, -2).split('\r\n').map((line) => line.split('\t'));
  return { header: header!, records: lines.map((cells) => Object.fromEntries(cells.map((c, i) => [header![i], c])) as Record<string, string>), widths: lines.map((l) => l.length) };
}

const cents = (amount: string) => Math.round(Number(amount.replace(',', '.')) * 100);

function balanceByEntry(records: Array<Record<string, string>>) {
  const sums = new Map<string, number>();
  for (const r of records) sums.set(r.EcritureNum!, (sums.get(r.EcritureNum!) ?? 0) + cents(r.Debit!) - cents(r.Credit!));
  return sums;
}

test('FEC: 18 TAB-separated columns, YYYYMMDD dates, comma decimals, entries numbered and balanced', () => {
  const rows = [invoice({}), invoice({ id: 'inv_b', numero: 'F-2', date_facture: '2026-03-20', montant_ht: '1234.50', montant_tva: '246.90', montant_ttc: '1481.40' })];
  const { header, records, widths } = parseFec(renderFec(rows, OPTIONS));
  assert.deepEqual(header, [...FEC_COLUMNS]);
  assert.equal(header.length, 18);
  assert.ok(widths.every((w) => w === 18));
  assert.equal(records.length, 6);
  for (const r of records) {
    assert.equal(r.JournalCode, 'AC');
    assert.equal(r.JournalLib, 'Achats');
    for (const d of [r.EcritureDate, r.PieceDate, r.ValidDate]) assert.match(d!, /^\d{8}$/);
    for (const a of [r.Debit, r.Credit]) assert.match(a!, /^\d+,\d{2}$/);
    assert.equal(r.ValidDate, '20260401');
    assert.equal(r.Idevise, '');
  }
  assert.deepEqual([...new Set(records.map((r) => r.EcritureNum))], ['1', '2']);
  assert.deepEqual([...balanceByEntry(records).values()], [0, 0]);
  const second = records.filter((r) => r.EcritureNum === '2');
  assert.deepEqual(second.map((r) => [r.CompteNum, r.CompAuxNum, r.Debit, r.Credit]), [
    ['401000', 'F732829320', '0,00', '1481,40'], ['606000', '', '1234,50', '0,00'], ['44566', '', '246,90', '0,00'],
  ]);
  assert.equal(second[0]!.CompAuxLib, 'Boulangerie Martin');
  assert.equal(second[0]!.PieceRef, 'F-2');
  assert.equal(second[0]!.EcritureDate, '20260320');
});

test('FEC: a credit note (negative TTC) reverses every side', () => {
  const postings = invoicePostings(invoice({ montant_ht: '-50.00', montant_tva: '-10.00', montant_ttc: '-60.00' }), '606000');
  assert.deepEqual(postings.map((p) => [p.account, p.amount]), [['401000', 6000], ['606000', -5000], ['44566', -1000]]);
  const { records } = parseFec(renderFec([invoice({ montant_ht: '-50.00', montant_tva: '-10.00', montant_ttc: '-60.00' })], OPTIONS));
  assert.deepEqual(records.map((r) => [r.CompteNum, r.Debit, r.Credit]), [['401000', '60,00', '0,00'], ['606000', '0,00', '50,00'], ['44566', '0,00', '10,00']]);
});

test('FEC: a VAT breakdown gives one 44566 line per rate; a stale one gives a single line', () => {
  const multi = invoice({
    montant_ht: '150.00', montant_tva: '22.75', montant_ttc: '172.75',
    vat_breakdown: [{ rate: 20, basis: '100.00', tax: '20.00' }, { rate: 5.5, basis: '50.00', tax: '2.75' }],
  });
  const { records } = parseFec(renderFec([multi], OPTIONS));
  const vat = records.filter((r) => r.CompteNum === '44566');
  assert.deepEqual(vat.map((r) => [r.Debit, r.EcritureLib]), [['20,00', 'Boulangerie Martin F-1 TVA 20 %'], ['2,75', 'Boulangerie Martin F-1 TVA 5,5 %']]);
  assert.deepEqual([...balanceByEntry(records).values()], [0]);
  // A reviewer corrected the VAT: the breakdown no longer adds up, so the invoice's VAT is one line.
  assert.deepEqual(vatAmounts(2300, multi.vat_breakdown), [{ rate: null, tax: 2300 }]);
  // An unsigned breakdown on a credit note follows the note's sign.
  assert.deepEqual(vatAmounts(-2275, multi.vat_breakdown), [{ rate: 20, tax: -2000 }, { rate: 5.5, tax: -275 }]);
  assert.deepEqual(vatAmounts(0, []), []);
});

test('FEC: a rounding difference between HT + TVA and TTC goes to the charge line, so the entry balances', () => {
  const postings = invoicePostings(invoice({ montant_ht: '83.33', montant_tva: '16.67', montant_ttc: '100.01' }), '607000');
  assert.deepEqual(postings.map((p) => [p.account, p.amount]), [['401000', -10001], ['607000', 8334], ['44566', 1667]]);
  assert.equal(postings[1]!.accountLabel, 'Achats de marchandises');
  assert.throws(() => assertBalanced('inv_x', [{ ...postings[0]!, amount: -100 }, { ...postings[1]!, amount: 99 }]), /does not balance: debit 99 != credit 100/);
});

test('FEC: foreign currency fills Montantdevise and Idevise; text never carries a TAB or a line break', () => {
  const { records, widths } = parseFec(renderFec([invoice({ devise: 'USD', fournisseur: 'ACME\tInc.\r\nUS', numero: null })], OPTIONS));
  assert.ok(widths.every((w) => w === 18));
  assert.deepEqual(records.map((r) => [r.Montantdevise, r.Idevise]), [['120,00', 'USD'], ['100,00', 'USD'], ['20,00', 'USD']]);
  assert.equal(records[0]!.CompAuxLib, 'ACME Inc. US');
  assert.equal(records[0]!.PieceRef, 'inv_a');
});

test('FEC: the supplier auxiliary account is derived from the SIREN, else deterministically from the name', () => {
  assert.equal(supplierAuxAccount({ siret: '73282932000074', fournisseur: 'X' }).num, 'F732829320');
  const a = supplierAuxAccount({ siret: null, fournisseur: 'Électricité de Normandie' });
  assert.match(a.num, /^FELECTRIC[0-9A-F]{4}$/);
  assert.equal(supplierAuxAccount({ siret: null, fournisseur: 'electricite de normandie' }).num, a.num);
  assert.notEqual(supplierAuxAccount({ siret: null, fournisseur: 'Électricité de Bretagne' }).num, a.num);
  assert.equal(supplierAuxAccount({ siret: null, fournisseur: null }).num, 'FDIVERS');
});

test('FEC: amounts, gaps, totals, order and file names', () => {
  assert.equal(fecAmount(123456), '1234,56');
  assert.equal(fecAmount(-5), '0,05');
  assert.equal(fecAmount(100000000), '1000000,00');
  assert.equal(fecGap(invoice({ date_facture: null })), 'date_facture is missing');
  assert.equal(fecGap(invoice({ montant_ttc: null })), 'montant_ttc is missing');
  assert.equal(fecGap(invoice({})), null);
  assert.deepEqual(exportTotals([invoice({}), invoice({ montant_ht: '0.10', montant_tva: null, montant_ttc: '-0.20' })]),
    { montant_ht: '100.10', montant_tva: '20.00', montant_ttc: '119.80' });
  const sorted = [invoice({ id: 'c', date_facture: null }), invoice({ id: 'b', numero: 'F-2' }), invoice({ id: 'a', date_facture: '2026-01-01' })].sort(compareExported);
  assert.deepEqual(sorted.map((r) => r.id), ['a', 'b', 'c']);
  // 23:30 UTC on 31 March is already 1 April in Paris.
  assert.equal(bookingDay(new Date('2026-03-31T23:30:00Z')), '2026-04-01');
  assert.equal(exportFileName('fec', 'exp_1', new Date('2026-03-31T23:30:00Z')), 'fec-20260401-exp_1.txt');
  assert.equal(exportFileName('csv', 'exp_1', new Date('2026-03-31T10:00:00Z')), 'invoices-20260331-exp_1.csv');
});

/** A strict RFC 4180 reader, to prove the writer's quoting round-trips. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') { field += '"'; i += 2; } else if (text[i] === '"') { i++; break; } else field += text[i++];
      }
    } else if (text[i] === ',') { row.push(field); field = ''; i++; } else if (text.startsWith('\r\n', i)) { row.push(field); rows.push(row); row = []; field = ''; i += 2; } else field += text[i++];
  }
  return rows;
}

test('CSV: a header, one row per invoice, RFC 4180 quoting, and formulas neutralised', () => {
  assert.equal(csvField('plain'), 'plain');
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField('two\r\nlines'), '"two\r\nlines"');
  const rows = [invoice({ fournisseur: 'Dupont, "Fils" & Cie\nLyon' }), invoice({ id: 'inv_b', numero: '=HYPERLINK("http://x")', montant_ttc: '-12.00', siret: null })];
  const parsed = parseCsv(renderCsv(rows, 'exp_1'));
  assert.deepEqual(parsed[0], [...CSV_COLUMNS]);
  assert.equal(parsed.length, 3);
  assert.ok(parsed.every((r) => r.length === CSV_COLUMNS.length));
  const record = (i: number) => Object.fromEntries(parsed[i]!.map((v, c) => [CSV_COLUMNS[c], v]));
  assert.equal(record(1).fournisseur, 'Dupont, "Fils" & Cie\nLyon');
  assert.equal(record(1).export_id, 'exp_1');
  assert.equal(record(1).status, 'exported');
  assert.equal(record(2).numero, '\'=HYPERLINK("http://x")');
  assert.equal(record(2).montant_ttc, '-12.00');
  assert.equal(record(2).siret, '');
});

test('config: FEC_CHARGE_ACCOUNT defaults to 606000 and must be a class 6 account', () => {
  assert.equal(loadConfig({}).fec.chargeAccount, '606000');
  assert.equal(loadConfig({ FEC_CHARGE_ACCOUNT: '6071' }).fec.chargeAccount, '6071');
  for (const bad of ['401000', '60', '6060000000000', '606 000']) {
    assert.throws(() => loadConfig({ FEC_CHARGE_ACCOUNT: bad }), /FEC_CHARGE_ACCOUNT must be a class 6 account/);
  }
});
