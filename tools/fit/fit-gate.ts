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
import { chooseThreshold, fitLogistic, round, sigmoid, type Row } from './logistic.ts';

export { chooseThreshold, fitLogistic };

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

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
