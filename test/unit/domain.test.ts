import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isValidIsoDate } from '../../src/domain/dates.ts';
import { frenchVatNumber, isValidSiren, isValidSiret, luhnValid, sirenFromFrenchVat } from '../../src/domain/identifiers.ts';
import { looksLikeId, newId } from '../../src/domain/ids.ts';
import { sniffFileType } from '../../src/domain/invoice.ts';
import { centsToDecimal, decimalToCents } from '../../src/domain/money.ts';

test('money: decimal strings to cents and back, exactly', () => {
  assert.equal(decimalToCents('83.33'), 8333);
  assert.equal(decimalToCents('-0.5'), -50);
  assert.equal(decimalToCents('1.005'), 101);
  assert.equal(decimalToCents('12'), 1200);
  assert.equal(decimalToCents('1,2'), null);
  assert.equal(centsToDecimal(-5), '-0.05');
  assert.equal(centsToDecimal(123456789), '1234567.89');
});

test('dates: real calendar dates only', () => {
  assert.ok(isValidIsoDate('2024-02-29'));
  assert.ok(!isValidIsoDate('2025-02-29'));
  assert.ok(!isValidIsoDate('2025-02-30'));
  assert.ok(!isValidIsoDate('2025-13-01'));
  assert.ok(!isValidIsoDate('25-01-01'));
});

test('SIREN, SIRET and French VAT keys', () => {
  assert.ok(luhnValid('732829320'));
  assert.ok(isValidSiren('732829320'));
  assert.ok(!isValidSiren('732829321'));
  assert.ok(isValidSiret('73282932000074'));
  assert.ok(!isValidSiret('7328293200007'), '13 digits is not a SIRET');
  assert.ok(isValidSiret('35600000000015'), 'La Poste establishments use the digit-sum rule');
  assert.equal(frenchVatNumber('732829320'), 'FR44732829320');
  assert.equal(sirenFromFrenchVat('FR 44 732 829 320'), '732829320');
  assert.equal(sirenFromFrenchVat('FR45732829320'), null, 'a wrong key is refused');
});

test('file types come from the bytes', () => {
  assert.equal(sniffFileType(Buffer.from('%PDF-1.7\n')), 'application/pdf');
  assert.equal(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])), 'image/jpeg');
  assert.equal(sniffFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'image/png');
  assert.equal(sniffFileType(Buffer.from('GIF89a..')), null);
  assert.equal(sniffFileType(Buffer.from('  %PDF-1.7')), null);
});

test('ids are prefixed and opaque', () => {
  const id = newId('inv');
  assert.ok(looksLikeId('inv', id), id);
  assert.notEqual(newId('inv'), id);
});
