// What the engine's fitted models share (the validation gate, checks/gate-model.ts, and the supplier,
// fields/supplier-model.ts): weights over named features in [0, 1] plus a bias, a bar, and the
// record of how they were fitted, kept in a JSON file beside the model's code (fitted by tools/fit/).
import fs from 'node:fs';

export interface LogisticModel<F extends string> {
  weights: Record<F | 'bias', number>;
  /** At or above this probability, the model's answer is sure enough to act on unattended. */
  threshold: number;
}

/** The model's probability for one set of features: the logistic of their weighted sum. */
export function logisticProbability<F extends string>(names: readonly F[], features: Record<F, number>, model: LogisticModel<F>): number {
  const z = names.reduce((sum, f) => sum + model.weights[f] * features[f], model.weights.bias);
  return 1 / (1 + Math.exp(-z));
}

/** A model file read once, on first use; a missing or malformed file is a packaging fault, not something to run without. */
export function modelFile<M>(path: URL): () => M {
  let loaded: M | undefined;
  return () => {
    loaded ??= JSON.parse(fs.readFileSync(path, 'utf8')) as M;
    return loaded;
  };
}
