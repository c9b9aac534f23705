// `npm run fit -- DETAILS.jsonl...`: fits the validation model (src/extraction/checks/gate-model.ts)
// on evaluation details and writes its weights and threshold to gate-model.json, and the rows it
// fitted on (features and label, no document values) to tools/fit/gate-rows.jsonl, so that
// `npm run fit -- tools/fit/gate-rows.jsonl` makes the same model again.
//
// The details come from `npm run eval -- CORPUS --details FILE`, which writes the tune half only: the
// tune half of ../shared/corpus and of generated sets. The check half and the generated held-out seed
// are never fitted on; they are where the fitted model is measured.
//
// Rows: text and OCR readings that no rule already sends to review (the model only decides among
// those). Label: every known amount and the date right (`bookable`, the corpus scoring rule). The
// fit is a plain L2-regularised logistic regression by gradient descent, deterministic from its data.
// The threshold sits just under the last reading at which the fitted rows keep precision at or above
// TARGET_PRECISION, and never below MIN_THRESHOLD.
import fs from 'node:fs';
import { GATE_FEATURES, GATE_MODEL_PATH, type GateFeature, type GateModel } from '../../src/extraction/checks/gate-model.ts';

const TARGET_PRECISION = 0.995;
/** However clean the fitted data, a reading under this probability is never booked unattended. */
const MIN_THRESHOLD = 0.5;
const L2 = 0.01;
const LEARNING_RATE = 0.5;
const EPOCHS = 4000;

interface Row { x: number[]; y: 0 | 1; file: string }
type SavedRow = { features: Record<GateFeature, number>; bookable: boolean; kind: string };
type Details = { kind: string; prediction: { gate?: { features: Record<GateFeature, number>; ruledOut: boolean } }; score: { bookable: boolean; file: string } };

export const ROWS_PATH = new URL('./gate-rows.jsonl', import.meta.url);

/** Evaluation details (from npm run eval --details), or rows saved by an earlier fit. */
function readRows(files: string[]): { rows: Row[]; saved: SavedRow[] } {
  const saved: SavedRow[] = [];
  for (const file of files) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const d = JSON.parse(line) as Details | SavedRow;
      if ('features' in d) { saved.push(d); continue; }
      const gate = d.prediction.gate;
      if (!gate || gate.ruledOut) continue;
      saved.push({ features: gate.features, bookable: d.score.bookable, kind: d.kind });
    }
  }
  const rows = saved.map((r, i) => ({ x: GATE_FEATURES.map((f) => r.features[f] ?? 0), y: (r.bookable ? 1 : 0) as 0 | 1, file: `${r.kind}#${i}` }));
  return { rows, saved };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function fitLogistic(rows: Row[]): { bias: number; w: number[] } {
  let bias = 0;
  const w = GATE_FEATURES.map(() => 0);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    let gb = 0;
    const gw = w.map(() => 0);
    for (const r of rows) {
      const err = sigmoid(bias + r.x.reduce((s, v, i) => s + v * w[i]!, 0)) - r.y;
      gb += err;
      r.x.forEach((v, i) => { gw[i]! += err * v; });
    }
    bias -= (LEARNING_RATE * gb) / rows.length;
    w.forEach((_, i) => { w[i]! -= LEARNING_RATE * (gw[i]! / rows.length + L2 * w[i]!); });
  }
  return { bias, w };
}

/**
 * The cut between the readings to book and the rest: below the last reading (by probability) at which
 * the fitted precision still reaches the target, halfway to the next one. When every reading is
 * right down to the lowest, the data show no reason to refuse any, and the floor applies.
 */
export function chooseThreshold(scored: Array<{ p: number; y: 0 | 1 }>): { threshold: number; precision: number; kept: number } {
  const sorted = [...scored].sort((a, b) => b.p - a.p);
  let cut = -1;
  let precisionAtCut = 1;
  let right = 0;
  sorted.forEach((s, i) => {
    right += s.y;
    const precision = right / (i + 1);
    // Ties must stay together: a threshold between equal probabilities does not exist.
    const next = sorted[i + 1];
    if (precision >= TARGET_PRECISION && (!next || next.p < s.p)) { cut = i; precisionAtCut = precision; }
  });
  if (cut === sorted.length - 1) return { threshold: MIN_THRESHOLD, precision: precisionAtCut, kept: sorted.length };
  const above = cut === -1 ? 1 : sorted[cut]!.p;
  return { threshold: Math.max(MIN_THRESHOLD, (above + sorted[cut + 1]!.p) / 2), precision: precisionAtCut, kept: cut + 1 };
}

function main(files: string[]) {
  if (!files.length) {
    process.stderr.write('Usage: npm run fit -- DETAILS.jsonl... (from npm run eval -- CORPUS --details FILE)\n');
    return 2;
  }
  const { rows, saved } = readRows(files);
  const positives = rows.filter((r) => r.y).length;
  process.stdout.write(`${rows.length} readings no rule sends to review, ${positives} right, ${rows.length - positives} wrong\n`);
  const { bias, w } = fitLogistic(rows);
  const scored = rows.map((r) => ({ p: sigmoid(bias + r.x.reduce((s, v, i) => s + v * w[i]!, 0)), y: r.y }));
  const { threshold, precision, kept } = chooseThreshold(scored);
  const model: GateModel = {
    weights: { bias: round(bias), ...Object.fromEntries(GATE_FEATURES.map((f, i) => [f, round(w[i]!)])) } as GateModel['weights'],
    threshold: round(threshold),
    fitted: {
      date: new Date().toISOString().slice(0, 10),
      command: `npm run fit -- ${files.join(' ')}`,
      data: files.map((f) => f.replace(/^.*\//, '')),
      documents: rows.length,
      note: `On the fitted rows: ${kept} of ${rows.length} at or above the threshold, precision ${(100 * precision).toFixed(1)}%.`,
    },
  };
  fs.writeFileSync(GATE_MODEL_PATH, `${JSON.stringify(model, null, 2)}\n`);
  fs.writeFileSync(ROWS_PATH, saved.map((r) => JSON.stringify(r)).join('\n') + '\n');
  process.stdout.write(`${JSON.stringify(model, null, 2)}\n`);
  return 0;
}

const round = (n: number) => Math.round(n * 1e4) / 1e4;

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
