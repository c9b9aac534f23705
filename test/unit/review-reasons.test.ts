import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REASON_CODES, reasonText, type ReasonCode, type ReasonParams } from '../../src/domain/review-reasons.ts';
import { duplicateReviewReason } from '../../src/domain/duplicates.ts';
import { INVOICE_FIELDS } from '../../src/domain/invoice-fields.ts';
import { decide } from '../../src/extraction/checks/decision.ts';
import type { ExtractedInvoice } from '../../src/extraction/types.ts';
// @ts-expect-error: the web UI is plain JavaScript served without a build, and has no type declarations
import { labelsIn, reasonCodes, reasonSentence } from '../../src/web/public/reasons.js';

/** Every code, sample parameters, and the sentence the engine printed before reasons had codes. */
const SAMPLES: Record<ReasonCode, [ReasonParams, string]> = {
  field_not_found: [{ field: 'fournisseur' }, 'fournisseur not found'],
  field_missing: [{ field: 'montant_ttc' }, 'montant_ttc is missing'],
  field_uncertain: [{ field: 'montant_ht' }, 'montant_ht is uncertain'],
  totals_mismatch: [{ difference: -1 }, 'HT + TVA differs from TTC by -1.00'],
  vat_line_mismatch: [{ rate: 5.5, basis: 100, expected: 5.5, tax: 6 }, 'VAT at 5.5 % on 100.00 should be 5.50, not 6.00'],
  vat_lines_sum_mismatch: [{ sum: 20.1, total: 20 }, 'VAT lines add up to 20.10, the VAT total is 20.00'],
  vat_rate_not_in_force: [{ rate: 30 }, 'VAT rate 30 % is not a rate in force'],
  vat_rate_not_in_force_france: [{ rate: 7 }, 'VAT rate 7 % is not a rate in force in France'],
  vat_implausible: [{ vat: 50, net: 100 }, 'VAT 50.00 is not a plausible share of the net 100.00'],
  siret_checksum: [{ siret: '99999999800010' }, 'SIRET 99999999800010 fails its checksum'],
  date_too_old: [{ date: '1985-02-01' }, 'Invoice date 1985-02-01 is implausibly old'],
  date_in_future: [{ date: '2099-02-01' }, 'Invoice date 2099-02-01 is in the future'],
  not_sure_enough: [{ probability: 0.412, threshold: 0.9 },
    'The reading is not sure enough to book unattended (0.412 against 0.900): check the amounts and the date'],
  rival_totals: [{ totals: '120.00, 240.00' }, "Other amounts on the page also add up (total 120.00, 240.00): check which are the invoice's totals"],
  date_unlabelled: [{ date: '2026-01-27' }, 'date_facture 2026-01-27 has no label naming it the invoice date: check it'],
  date_rivals: [{ date: '2026-01-27', rivals: '2026-02-26, 2026-03-01' },
    'date_facture 2026-01-27 competes with 2026-02-26, 2026-03-01: check which is the invoice date'],
  likely_duplicate: [{ of: 'inv_1', rule: 'same_supplier_date_amount' },
    'Likely duplicate of inv_1 (same supplier, date and total): compare the two, and dismiss the flag if they are different invoices'],
};

test('every code renders to the exact English sentence of before', () => {
  for (const code of REASON_CODES) {
    const [params, text] = SAMPLES[code];
    assert.equal(reasonText({ code, params }), text, code);
  }
  assert.deepEqual(Object.keys(SAMPLES).sort(), [...REASON_CODES].sort(), 'one sample per code');
});

test('the duplicate reason names the identifier that matched, as before', () => {
  const flag = { duplicate_of: 'inv_9', duplicate_rule: 'same_seller_and_number' as const, duplicate_dismissed_at: null, seller_key: 'vat:DE1' };
  assert.deepEqual(duplicateReviewReason(flag), { code: 'likely_duplicate', params: { of: 'inv_9', rule: 'same_seller_and_number', seller: 'vat' } });
  assert.match(reasonText(duplicateReviewReason({ ...flag, seller_key: 'siren:1' })!), /\(same SIREN\/SIRET and invoice number\)/);
  assert.match(reasonText(duplicateReviewReason({ ...flag, duplicate_rule: 'same_file' })!), /\(the same file, in another folder\)/);
});

test('the engine keeps codes and sentences side by side, in the same order', () => {
  const invoice: ExtractedInvoice = {
    fields: { montant_ht: 10000, montant_tva: 2000, montant_ttc: 12100, fournisseur: null, siret: '99999999800010', date_facture: '2026-01-27', numero: 'F1', devise: 'EUR' },
    confidence: {}, extra: {},
  };
  const decision = decide(invoice, 'facturx');
  assert.deepEqual(decision.reasons.map((r) => r.code), ['field_not_found', 'totals_mismatch', 'siret_checksum']);
  assert.deepEqual(decision.reviewReasons, ['fournisseur not found', 'HT + TVA differs from TTC by -1.00', 'SIRET 99999999800010 fails its checksum']);
  // The stored parameters survive JSON, as the jsonb column keeps them.
  assert.deepEqual(JSON.parse(JSON.stringify(decision.reasons)).map(reasonText), decision.reviewReasons);
});

test('the web UI says every code in French and in English, with French formats', () => {
  // The UI names fields with the registry's labels, which the server serves as /fields.js.
  const labels = { fr: labelsIn(INVOICE_FIELDS, 'fr'), en: labelsIn(INVOICE_FIELDS, 'en') };
  for (const language of ['fr', 'en']) assert.deepEqual([...reasonCodes(language)].sort(), [...REASON_CODES].sort(), language);
  for (const code of REASON_CODES) {
    const [params, english] = SAMPLES[code];
    const fr = reasonSentence('fr', { code, params }, labels.fr);
    assert.ok(fr && fr !== english && !/undefined|NaN/.test(fr), `${code}: ${fr}`);
    assert.ok(!/undefined|NaN/.test(reasonSentence('en', { code, params }, labels.en)), code);
  }
  const say = (code: ReasonCode) => reasonSentence('fr', { code, params: SAMPLES[code][0] }, labels.fr);
  assert.equal(say('field_uncertain'), 'Montant HT : lecture incertaine');
  assert.equal(say('totals_mismatch'), 'HT + TVA diffère du TTC de -1,00');
  assert.equal(say('siret_checksum'), 'Le SIRET 99999999800010 a une clé de contrôle invalide');
  assert.match(say('date_rivals')!, /^Le 27\/01\/2026 est en concurrence avec 26\/02\/2026, 01\/03\/2026 :/);
  assert.match(say('likely_duplicate')!, /même fournisseur, même date et même TTC/);
  assert.equal(reasonSentence('en', { code: 'field_not_found', params: { field: 'fournisseur' } }, labels.en), 'Supplier: not found in the document');
  assert.equal(reasonSentence('fr', { code: 'no_such_code', params: {} }, labels.fr), null, 'an unknown code falls back to the English sentence');
});
