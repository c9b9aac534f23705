// The validation model's fit: deterministic, it learns which evidence tells right readings from
// wrong ones, and its threshold keeps the fitted precision at the target.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GATE_FEATURES, gateModel } from '../../src/extraction/checks/gate-model.ts';
import { chooseThreshold, fitLogistic } from '../../tools/fit/fit-gate.ts';

const at = (name: (typeof GATE_FEATURES)[number]) => GATE_FEATURES.indexOf(name);

/** Invented readings: a date under an explicit label is right, an unsure OCR date is often wrong. */
function rows() {
  const out: Array<{ x: number[]; y: 0 | 1; file: string }> = [];
  for (let i = 0; i < 200; i++) {
    const x = GATE_FEATURES.map(() => 0);
    const explicit = i % 2 === 0;
    x[at('date_label_explicit')] = explicit ? 1 : 0;
    x[at('date_label_generic')] = explicit ? 0 : 1;
    x[at('ocr')] = i % 3 === 0 ? 1 : 0;
    x[at('date_confidence')] = 0.8 + (i % 10) / 50;
    x[at('amount_confidence')] = 0.9;
    const y = explicit || i % 5 !== 1 ? 1 : 0;
    out.push({ x, y, file: `f${i}` });
  }
  return out;
}

test('the fit is deterministic and weighs an explicit date label up', () => {
  const a = fitLogistic(rows());
  const b = fitLogistic(rows());
  assert.deepEqual(a, b);
  assert.ok(a.w[at('date_label_explicit')]! > a.w[at('date_label_generic')]!);
});

test('the threshold keeps precision at the target on the fitted rows, and ties stay together', () => {
  const scored = [
    { p: 0.99, y: 1 as const }, { p: 0.97, y: 1 as const }, { p: 0.95, y: 1 as const },
    { p: 0.9, y: 0 as const }, { p: 0.9, y: 1 as const }, { p: 0.6, y: 1 as const },
  ];
  const { threshold, precision, kept } = chooseThreshold(scored);
  assert.equal(threshold, (0.95 + 0.9) / 2, 'halfway between the last reading kept and the tie that holds a wrong one');
  assert.equal(kept, 3);
  assert.equal(precision, 1);
  assert.equal(chooseThreshold([{ p: 0.9, y: 1 }, { p: 0.7, y: 1 }]).threshold, 0.5, 'no wrong reading: the floor');
});

test('the committed model names every feature and a threshold', () => {
  const model = gateModel();
  for (const f of [...GATE_FEATURES, 'bias'] as const) assert.equal(typeof model.weights[f], 'number', f);
  assert.ok(model.threshold >= 0 && model.threshold < 1);
});
