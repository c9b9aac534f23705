// The supplier's name is chosen by a fitted model over each candidate's evidence: what the rules say,
// where the name sits, what the seller's domain spells, and whether other rules agree.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFields } from '../../src/extraction/fields/read-fields.ts';
import { SUPPLIER_FEATURES, supplierModel, supplierProbability, type SupplierFeatures } from '../../src/extraction/fields/supplier-model.ts';
import { buildLines } from '../../src/extraction/layout/lines.ts';
import type { TextRun } from '../../src/extraction/layout/text-run.ts';
import { supplierCandidates } from '../../src/extraction/fields/supplier.ts';
import { fitLogistic } from '../../tools/fit/logistic.ts';

const run = (text: string, x: number, y: number, h = 10, conf = 1): TextRun => ({ text, x, y, w: text.length * h * 0.5, h, page: 1, conf });
const body = [run('Facture n° F-2026-031', 350, 120), run('Total TTC', 350, 600), run('120,00 €', 480, 600)];
const none = (): SupplierFeatures => Object.fromEntries(SUPPLIER_FEATURES.map((f) => [f, 0])) as SupplierFeatures;

test('each candidate carries the evidence of its rule; rules that name the same seller agree', () => {
  const lines = buildLines([
    run('Atelier Corbin', 40, 20, 20),
    run('contact@atelier-corbin.fr', 40, 45),
    ...body,
    run('Atelier Corbin SARL au capital de 8 000 € - RCS Lyon 812 345 678', 40, 780, 8),
  ]);
  const candidates = supplierCandidates(lines);
  const letterhead = candidates.find((c) => c.features.letterhead === 1)!;
  const legal = candidates.find((c) => c.features.legal_form === 1)!;
  assert.equal(letterhead.name, 'Atelier Corbin');
  assert.equal(legal.name, 'Atelier Corbin SARL');
  assert.equal(legal.features.legal_mentions, 1);
  assert.equal(legal.features.top, 0, 'a footer is not the top of the page');
  assert.equal(letterhead.features.domain_agrees, 1, 'the domain spells the name');
  assert.ok(letterhead.features.agreement > 0 && legal.features.agreement > 0, 'the letterhead and the legal mentions agree');
});

test('a name no other evidence supports is less sure than the same name confirmed', () => {
  const alone = readFields([run('Atelier Corbin', 40, 20, 20), ...body]);
  const confirmed = readFields([
    run('Atelier Corbin', 40, 20, 20), ...body,
    run('Atelier Corbin SARL au capital de 8 000 € - RCS Lyon 812 345 678', 40, 780, 8),
  ]);
  assert.ok(confirmed.confidence.fournisseur! > alone.confidence.fournisseur!, `${confirmed.confidence.fournisseur} > ${alone.confidence.fournisseur}`);
  assert.ok(confirmed.extra.supplierCandidates!.length >= 2);
});

test('the fit learns which evidence marks the seller, deterministically', () => {
  const at = (f: (typeof SUPPLIER_FEATURES)[number]) => SUPPLIER_FEATURES.indexOf(f);
  const rows = Array.from({ length: 240 }, (_, i) => {
    const x = SUPPLIER_FEATURES.map(() => 0);
    const legal = i % 3 === 0;
    x[at('legal_form')] = legal ? 1 : 0;
    x[at('letterhead')] = legal ? 0 : 1;
    x[at('line_conf')] = 0.7 + (i % 7) / 20;
    // Legal forms name the seller; a bare letterhead does one time in two.
    return { x, y: (legal || i % 2 === 0 ? 1 : 0) as 0 | 1, file: `f${i}` };
  });
  const a = fitLogistic(rows);
  assert.deepEqual(a, fitLogistic(rows));
  assert.ok(a.w[at('legal_form')]! > a.w[at('letterhead')]!);
});

test('the committed model names every feature, and its bar is a probability no lower than one half', () => {
  const model = supplierModel();
  for (const f of [...SUPPLIER_FEATURES, 'bias'] as const) assert.equal(typeof model.weights[f], 'number', f);
  assert.ok(model.threshold >= 0.5 && model.threshold < 1);
  const p = supplierProbability({ ...none(), legal_form: 1, top: 1, line_conf: 1 }, model);
  assert.ok(p > 0 && p < 1);
});

test('a legal form alone names nobody: no candidate, and no agreement with the name it ends', () => {
  const lines = buildLines([run('Bei Spiel', 40, 20, 12), run('GmbH', 40, 34, 12), run('Bei Spiel GmbH · Ecke 12 · 12345 Stadthausen', 40, 60, 7), ...body]);
  const candidates = supplierCandidates(lines);
  assert.ok(!candidates.some((c) => c.name === 'GmbH'), JSON.stringify(candidates.map((c) => c.name)));
});

test('a return-address line cut at its bullets gives the name alone, and a name spelled again elsewhere counts as repeated', () => {
  const lines = buildLines([
    run('Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen', 40, 60, 7), ...body,
    run('Kontoinhaber: Bei Spiel GmbH', 40, 760, 8),
    run('Spielwaren Beispielhaus', 300, 20, 14),
  ]);
  const candidates = supplierCandidates(lines);
  const legal = candidates.find((c) => c.features.legal_form === 1)!;
  assert.equal(legal.name, 'Bei Spiel GmbH');
  assert.equal(legal.features.repeated, 0.5, 'the bank details spell it once more');
  // "Bei Spiel" inside "Beispielhaus" is no repetition: words are compared whole.
  const twice = supplierCandidates(buildLines([run('Bei Spiel GmbH ● Ecke 12', 40, 60, 7), ...body, run('Beispielhaus Bei Spielwaren', 40, 760, 8)]));
  assert.equal(twice.find((c) => c.features.legal_form === 1)!.features.repeated, 0);
});

test('a block heading is no name: "Rechnungsersteller" opens the seller block instead of heading the page', () => {
  const lines = buildLines([
    run('Rechnungsersteller', 40, 20, 14),
    run('Lieferant GmbH', 40, 40, 10),
    run('Lieferantenstraße 20', 40, 54, 10),
    ...body,
  ]);
  const candidates = supplierCandidates(lines);
  assert.ok(!candidates.some((c) => /rechnungsersteller/i.test(c.name)), JSON.stringify(candidates.map((c) => c.name)));
  assert.ok(candidates.some((c) => c.name === 'Lieferant GmbH' && c.features.seller_block === 1));
});

test('a quantity with its unit is no legal form: "1 kg" of coffee names no Kommanditgesellschaft', () => {
  const lines = buildLines([run('Atelier Corbin', 40, 20, 20), run('Café en grains 1 kg', 40, 300), ...body, run('Muster GmbH & Co. KG', 40, 760, 8)]);
  const names = supplierCandidates(lines).filter((c) => c.features.legal_form === 1).map((c) => c.name);
  assert.deepEqual(names, ['Muster GmbH & Co. KG']);
});

test("a party block's key whose colon OCR lost ('Ansprechpartner   Kontaktperson') is no name", () => {
  const lines = buildLines([
    run('Verkäufer', 40, 400, 10),
    run('Ansprechpartner', 40, 415, 10), run('Kontaktperson', 200, 415, 10),
    run('Contact person', 40, 430, 10), run('Jane Roe', 200, 430, 10),
    ...body,
  ]);
  const names = supplierCandidates(lines).map((c) => c.name);
  assert.ok(!names.some((n) => /ansprechpartner|contact person/i.test(n)), JSON.stringify(names));
});
