// A plain L2-regularised logistic regression by gradient descent, deterministic from its data, and
// the threshold that keeps the fitted precision at a target: what the validation model (fit-gate.ts)
// and the supplier model (fit-supplier.ts) are fitted with.

/** The validation model's precision target; a model may ask for its own. */
const TARGET_PRECISION = 0.995;
/** However clean the fitted data, a reading under this probability is never booked unattended. */
const MIN_THRESHOLD = 0.5;
const L2 = 0.01;
const LEARNING_RATE = 0.5;
const EPOCHS = 4000;

export interface Row { x: number[]; y: 0 | 1; file: string }

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function fitLogistic(rows: Row[]): { bias: number; w: number[] } {
  let bias = 0;
  const w = (rows[0]?.x ?? []).map(() => 0);
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
export function chooseThreshold(scored: Array<{ p: number; y: 0 | 1 }>, target = TARGET_PRECISION): { threshold: number; precision: number; kept: number } {
  const sorted = [...scored].sort((a, b) => b.p - a.p);
  let cut = -1;
  let precisionAtCut = 1;
  let right = 0;
  sorted.forEach((s, i) => {
    right += s.y;
    const precision = right / (i + 1);
    // Ties must stay together: a threshold between equal probabilities does not exist.
    const next = sorted[i + 1];
    if (precision >= target && (!next || next.p < s.p)) { cut = i; precisionAtCut = precision; }
  });
  if (cut === sorted.length - 1) return { threshold: MIN_THRESHOLD, precision: precisionAtCut, kept: sorted.length };
  const above = cut === -1 ? 1 : sorted[cut]!.p;
  return { threshold: Math.max(MIN_THRESHOLD, (above + sorted[cut + 1]!.p) / 2), precision: precisionAtCut, kept: cut + 1 };
}

export const round = (n: number) => Math.round(n * 1e4) / 1e4;
