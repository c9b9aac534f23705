// The field registry's derived lists and conversions, and the review rules built on them: the
// orders a person reads (missing fields, failing checks) are those of before the registry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnValue } from '../../src/domain/field-input.ts';
import { fromStoredFields, toStoredFields, type InvoiceFields } from '../../src/domain/field-values.ts';
import { AMOUNT_FIELDS, BOOKING_FIELDS, FIELD_NAMES, INVOICE_FIELDS, LISTED_FIELDS, REQUIRED_FIELDS } from '../../src/domain/invoice-fields.ts';
import { totalsAddUp } from '../../src/domain/invoice-checks.ts';
import { fieldReasons } from '../../src/domain/validation.ts';

test('the derived lists keep the orders the API, the reasons and the scoring had', () => {
  assert.deepEqual(FIELD_NAMES, ['montant_ht', 'montant_tva', 'montant_ttc', 'fournisseur', 'siret', 'date_facture', 'numero', 'devise']);
  assert.deepEqual(AMOUNT_FIELDS, ['montant_ht', 'montant_tva', 'montant_ttc']);
  assert.deepEqual(BOOKING_FIELDS, ['montant_ht', 'montant_tva', 'montant_ttc', 'date_facture']);
  // A missing amount or date is named before a missing supplier, as decision.ts listed them.
  assert.deepEqual(REQUIRED_FIELDS, ['montant_ht', 'montant_tva', 'montant_ttc', 'date_facture', 'fournisseur']);
  assert.deepEqual(LISTED_FIELDS, FIELD_NAMES.filter((f) => f !== 'devise'));
  for (const spec of INVOICE_FIELDS) assert.equal(spec.column, spec.name, 'rows are read with SELECT *');
});

test('amounts change form between cents and decimal strings; every other field is copied', () => {
  const fields: InvoiceFields = {
    montant_ht: 8333, montant_tva: -1667, montant_ttc: null, fournisseur: 'ACME SAS', siret: null, date_facture: '2026-01-27', numero: '0012', devise: 'EUR',
  };
  const stored = toStoredFields(fields);
  assert.deepEqual(stored, { ...fields, montant_ht: '83.33', montant_tva: '-16.67', montant_ttc: null });
  assert.deepEqual(fromStoredFields(stored), fields);
});

test("a reviewer's fields: missing required ones first, in the registry's order, then the failing checks", () => {
  const empty = Object.fromEntries(FIELD_NAMES.map((f) => [f, null])) as InvoiceFields;
  assert.deepEqual(fieldReasons(empty).map((r) => [r.code, r.params.field]), REQUIRED_FIELDS.map((f) => ['field_missing', f]));
  const wrong = { ...empty, montant_ht: 10000, montant_tva: 2000, montant_ttc: 12100, fournisseur: 'ACME', date_facture: '2026-01-27', siret: '99999999800010' };
  assert.deepEqual(fieldReasons(wrong).map((r) => r.code), ['totals_mismatch', 'siret_checksum']);
});

test('a cash rounding printed between net plus VAT and the total paid is part of the sum', () => {
  const fields = { ...Object.fromEntries(FIELD_NAMES.map((f) => [f, null])) as InvoiceFields, montant_ht: 4127, montant_tva: 248, montant_ttc: 4380 };
  assert.equal(totalsAddUp({ fields, extra: {} })?.code, 'totals_mismatch', 'five cents off, with no rounding printed');
  assert.equal(totalsAddUp({ fields, extra: { cashRounding: 5 } }), null);
  assert.equal(totalsAddUp({ fields, extra: { cashRounding: -5 } })?.code, 'totals_mismatch', 'a rounding the other way');
});

test("a reviewer's value is normalised by its field's kind, or refused naming the field", () => {
  assert.equal(columnValue('montant_ttc', 120), '120.00');
  assert.equal(columnValue('montant_ttc', '-3.1'), '-3.10');
  assert.throws(() => columnValue('montant_ht', 1.234), /montant_ht: 1.234 is not an amount with at most two decimals/);
  assert.equal(columnValue('siret', '732 829 320 00074'), '73282932000074');
  assert.throws(() => columnValue('siret', '12345'), /siret: must be 14 digits/);
  assert.equal(columnValue('devise', 'eur'), 'EUR');
  assert.throws(() => columnValue('devise', 'euro'), /devise: must be an ISO 4217 code such as EUR/);
  assert.throws(() => columnValue('date_facture', '2026-02-30'), /date_facture: 2026-02-30 is not a calendar date/);
  assert.equal(columnValue('fournisseur', '  ACME  '), 'ACME');
  assert.equal(columnValue('numero', '   '), null);
  assert.equal(columnValue('numero', null), null);
});
