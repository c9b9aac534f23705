// The normalised keys that make two renderings of one invoice meet, and the reason a reviewer reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { duplicateReviewReason, numeroKey, sellerKey, supplierKey } from '../../src/domain/duplicates.ts';
import { reasonText } from '../../src/domain/review-reasons.ts';

test('the seller key is the SIREN whether the invoice shows a SIRET, a SIREN or a French VAT number', () => {
  const key = 'siren:732829320';
  assert.equal(sellerKey({ siret: '73282932000074', siren: null, vatId: null }), key);
  assert.equal(sellerKey({ siret: null, siren: '732 829 320', vatId: null }), key);
  assert.equal(sellerKey({ siret: null, siren: null, vatId: 'FR 44 732829320' }), key);
  assert.equal(sellerKey({ siret: null, siren: null, vatId: 'FR45732829320' }), 'vat:FR45732829320', 'a wrong key is not a SIREN');
  assert.equal(sellerKey({ siret: null, siren: null, vatId: 'de123456789' }), 'vat:DE123456789');
  assert.equal(sellerKey({ siret: null, siren: null, vatId: null }), null);
});

test('the number key ignores case, spaces, dashes, dots, slashes and leading zeros of digit runs', () => {
  for (const same of ['F-2022-0023', 'f 2022 0023', 'F.2022/0023', 'F20220023', 'F–2022–0023']) assert.equal(numeroKey(same), 'f20220023', same);
  assert.equal(numeroKey('INV-0042'), numeroKey('inv42'));
  assert.equal(numeroKey('000'), '0');
  assert.notEqual(numeroKey('F-2022-0023'), numeroKey('F-2022-0024'));
  assert.equal(numeroKey(' - '), null);
  assert.equal(numeroKey(null), null);
});

test('the supplier key ignores case, accents, punctuation and the legal form', () => {
  assert.equal(supplierKey('Boulangerie Martin SARL'), 'boulangerie martin');
  assert.equal(supplierKey('BOULANGERIE  MARTIN, sarl'), 'boulangerie martin');
  assert.equal(supplierKey('Électricité Dupré & Fils'), 'electricite dupre fils');
  assert.notEqual(supplierKey('Martin Boulangerie'), supplierKey('Boulangerie Martin'));
  assert.equal(supplierKey('SAS'), null);
});

test('the review reason says which invoice and what matched, and disappears once dismissed', () => {
  const flag = { duplicate_of: 'inv_1', duplicate_rule: 'same_seller_and_number' as const, duplicate_dismissed_at: null, seller_key: 'vat:DE1' };
  assert.match(reasonText(duplicateReviewReason(flag)!), /^Likely duplicate of inv_1 \(same VAT number and invoice number\)/);
  assert.match(reasonText(duplicateReviewReason({ ...flag, seller_key: 'siren:1' })!), /same SIREN\/SIRET and invoice number/);
  assert.equal(duplicateReviewReason({ ...flag, duplicate_dismissed_at: new Date() }), null);
  assert.equal(duplicateReviewReason({ ...flag, duplicate_of: null, duplicate_rule: null }), null);
});
