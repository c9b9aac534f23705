// The harness's scoring must match ../shared/corpus/README.md exactly; these cases pin each rule.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldCorrect, normaliseSupplier, precisionAndCoverage, scoreDocument, summarise, supplierMatches, type TruthEntry } from '../../src/evaluation/scoring.ts';

const truth = (expected: TruthEntry['expected'], kind = 'digital-pdf'): TruthEntry => ({ file: `f-${Math.random()}`, kind, primary: true, expected });
const result = (fields: Record<string, string | number | null>, status: 'validated' | 'pending' = 'validated') => ({ status, duration_ms: 10, ...fields });

describe('evaluation scoring', () => {
  it('amounts are right within half a cent, and a missing prediction is wrong', () => {
    assert.equal(fieldCorrect('montant_ttc', 100.004, '100.00'), true);
    assert.equal(fieldCorrect('montant_ttc', 100.005, '100.00'), false);
    assert.equal(fieldCorrect('montant_ttc', -8.79, '-8.79'), true);
    assert.equal(fieldCorrect('montant_ttc', null, '0.00'), false);
    assert.equal(fieldCorrect('montant_tva', 0, '0.00'), true);
  });

  it('numbers ignore whitespace and case; dates, SIRET and currency are exact', () => {
    assert.equal(fieldCorrect('numero', 'fa 2024-01', 'FA2024-01'), true);
    assert.equal(fieldCorrect('numero', 'FA2024-1', 'FA2024-01'), false);
    assert.equal(fieldCorrect('date_facture', '2025-03-12', '2025-03-12'), true);
    assert.equal(fieldCorrect('date_facture', '2025-12-03', '2025-03-12'), false);
    assert.equal(fieldCorrect('siret', '73282932000074', '73282932000074'), true);
    assert.equal(fieldCorrect('siret', '732829320', '73282932000074'), false);
    assert.equal(fieldCorrect('devise', 'eur', 'EUR'), false);
  });

  it('supplier names are normalised: accents, case, punctuation and legal forms', () => {
    assert.equal(normaliseSupplier('Société Générale S.A.S.'), 'societe generale');
    assert.equal(normaliseSupplier('UNIHAKKA INTERNATIONAL SDN BHD'), 'unihakka international');
    assert.equal(normaliseSupplier('Acme  GmbH & Co. KG'), 'acme');
    assert.equal(supplierMatches('ÉLODIE HAMON', 'Élodie Hamon'), true);
  });

  it('supplier containment needs 4 characters on each side; otherwise 60% shared words', () => {
    assert.equal(supplierMatches('Gandi', 'Gandi SAS, 63-65 boulevard Massena'), true);
    assert.equal(supplierMatches('Sté', 'Sté Dupont'), false); // "ste" is under 4 characters
    assert.equal(supplierMatches('Boulangerie Martin Paris', 'Martin Boulangerie Lyon'), false); // 2 of 4 words
    assert.equal(supplierMatches('Le Fournil de Martin', 'Fournil de Martin Le'), true);
    assert.equal(supplierMatches('LOGO Vendeur', 'ATELIER DURAND'), false);
    assert.equal(supplierMatches('', 'ACME'), false);
  });

  it('null truth is not scored; an error line counts every known field wrong', () => {
    const t = truth({ montant_ttc: '8.20', fournisseur: 'Shop', montant_ht: null, date_facture: null });
    const scored = scoreDocument(t, result({ montant_ttc: 8.2, fournisseur: 'Shop', montant_ht: 99 }));
    assert.deepEqual(scored.fields, { montant_ttc: true, fournisseur: true });
    assert.equal(scored.bookable, true);
    const failed = scoreDocument(t, { error: { code: 'timeout', message: 'x' } });
    assert.deepEqual(failed.fields, { montant_ttc: false, fournisseur: false });
    assert.equal(failed.validated, false);
  });

  it('precision counts validated documents whose known amounts and date are all right; coverage the share validated', () => {
    const t = truth({ montant_ht: '10.00', montant_tva: '2.00', montant_ttc: '12.00', date_facture: '2025-01-02', fournisseur: 'A' });
    const right = scoreDocument(t, result({ montant_ht: 10, montant_tva: 2, montant_ttc: 12, date_facture: '2025-01-02', fournisseur: 'Wrong name' }));
    const wrongDate = scoreDocument(t, result({ montant_ht: 10, montant_tva: 2, montant_ttc: 12, date_facture: '2025-02-01' }));
    const pending = scoreDocument(t, result({}, 'pending'));
    const p = precisionAndCoverage([right, wrongDate, pending]);
    assert.equal(p.precision, 0.5); // the supplier does not count toward precision; the date does
    assert.equal(p.coverage, 2 / 3);
    assert.deepEqual(p.wrongValidated, [wrongDate.file]);
    assert.deepEqual(p.supplier, { right: 0, known: 2 }, 'reported beside precision: both validated documents name the supplier wrongly');
    const summary = summarise('digital-pdf', [right, wrongDate, pending]);
    assert.deepEqual(summary.fields.montant_ttc, { correct: 2, known: 3 });
    assert.equal(summary.validated, 2);
    assert.equal(summary.medianMs, 10);
  });

  it('reports accuracy over printed values beside the official one, which counts every known value', () => {
    const t: TruthEntry = {
      ...truth({ montant_ttc: '12.00', date_facture: '2025-01-02' }),
      visible_on_page1: { montant_ttc: false, date_facture: true },
    };
    const scored = scoreDocument(t, result({ montant_ttc: null, date_facture: '2025-01-02' }));
    assert.deepEqual(scored.fields, { montant_ttc: false, date_facture: true });
    assert.deepEqual(scored.printed, { date_facture: true });
    const summary = summarise('rendered-from-facturx', [scored]);
    assert.deepEqual(summary.fields.montant_ttc, { correct: 0, known: 1 });
    assert.equal(summary.printedFields.montant_ttc, undefined);
  });
});
