/**
 * A multinomial logistic regression over a pair's features (pair-features.ts): which canonical
 * predicate two names of a sentence hold, and in which direction, or none. Classes are written
 * "works at>" (the first name works at the second), "works at<" (the second at the first) and
 * NO_RELATION. Trained with AdaGrad and L2, in a fixed order, so the same examples always give the
 * same model (tools/train-pair-model.mjs writes the shipped one).
 */
export const NO_RELATION = 'NONE';

/** A feature's weights: those of the classes it moves (`index`), the rest 0. */
export interface PairWeights {
  readonly index: Uint16Array;
  readonly value: Float64Array;
}

export interface PairModel {
  readonly classes: readonly string[];
  readonly weights: ReadonlyMap<string, PairWeights>;
}

export interface PairExample {
  features: string[];
  label: string;
}

export interface PairReading {
  /** The predicate read, or undefined for no relation. */
  predicate: string | undefined;
  /** True when the first name of the pair is the relation's source. */
  forward: boolean;
  /** The predicate's probability (NaN when none is read). */
  probability: number;
}

/** The shipped model's file: its classes, and per feature the classes' weights that count. */
export interface PairModelFile {
  classes: string[];
  /** [feature, class index, weight, class index, weight, …]: an array, not an object, as feature names are words of texts. */
  weights: (string | number)[][];
}

export interface TrainingOptions {
  epochs?: number;
  rate?: number;
  l2?: number;
}

export function trainPairModel(examples: PairExample[], options: TrainingOptions = {}): PairModel {
  const { epochs = 15, rate = 0.2, l2 = 1e-4 } = options;
  const classes = [...new Set(examples.map((e) => e.label))].sort();
  const index = new Map(classes.map((c, i) => [c, i]));
  const all = Uint16Array.from(classes, (_, c) => c);
  const weights = new Map<string, PairWeights>();
  /** Each feature's sum of squared gradients, by class (AdaGrad's step sizes). */
  const squares = new Map<string, Float64Array>();
  const model = { classes, weights };
  const order = [...examples];
  for (let epoch = 0; epoch < epochs; epoch++) {
    // A fixed shuffle: the same examples train the same model.
    for (let n = order.length - 1; n > 0; n--) {
      const k = Math.floor(Math.abs(Math.sin(n * 9301 + epoch * 49297)) * (n + 1));
      [order[n], order[k]] = [order[k]!, order[n]!];
    }
    for (const e of order) {
      const p = probabilities(model, e.features);
      const y = index.get(e.label)!;
      for (const f of e.features) {
        let g = squares.get(f);
        if (!g) {
          squares.set(f, (g = new Float64Array(classes.length)));
          weights.set(f, { index: all, value: new Float64Array(classes.length) });
        }
        const w = weights.get(f)!.value;
        for (let c = 0; c < classes.length; c++) {
          const grad = p[c]! - (c === y ? 1 : 0) + l2 * w[c]!;
          g[c]! += grad * grad;
          w[c]! -= (rate * grad) / Math.sqrt(g[c]! + 1e-8);
        }
      }
    }
  }
  return model;
}

/** Each class's summed weight for these features (its probability before the softmax). */
function scores(model: PairModel, features: string[]): Float64Array {
  const z = new Float64Array(model.classes.length);
  for (const f of features) {
    const w = model.weights.get(f);
    if (w) for (let i = 0; i < w.index.length; i++) z[w.index[i]!]! += w.value[i]!;
  }
  return z;
}

/** Each class's probability for these features (softmax of the summed weights). */
export function probabilities(model: PairModel, features: string[]): Float64Array {
  return softmax(scores(model, features));
}

function softmax(z: Float64Array): Float64Array {
  let max = -Infinity;
  for (const v of z) max = Math.max(max, v);
  let sum = 0;
  for (let c = 0; c < z.length; c++) sum += z[c] = Math.exp(z[c]! - max);
  for (let c = 0; c < z.length; c++) z[c]! /= sum;
  return z;
}

/** The most probable class, as a predicate and a direction. */
export function readPair(model: PairModel, features: string[]): PairReading {
  const z = scores(model, features);
  let best = 0;
  for (let c = 1; c < z.length; c++) if (z[c]! > z[best]!) best = c;
  const label = model.classes[best]!;
  // (Most pairs are read as no relation: their probability is not needed.)
  if (label === NO_RELATION) return { predicate: undefined, forward: true, probability: NaN };
  const p = softmax(z)[best]!;
  return { predicate: label.slice(0, -1), forward: label.endsWith('>'), probability: p };
}

/**
 * The model as a file, features in sorted order. A feature adds its weights to every class's
 * score, so moving all of them by one amount changes no probability: each feature's weights are
 * first moved so that their median is 0 (most classes then weigh nothing). Weights below
 * `minWeight` in size are then left out and the rest rounded to `digits` decimals. The defaults
 * keep a file of about 0.5 MB that reads as well as the whole model, left one set out
 * (bench/graph-pair-classifier.bench.mjs, --min-weight).
 */
export function pairModelToFile(model: PairModel, minWeight = 0.5, digits = 2): PairModelFile {
  const weights: (string | number)[][] = [];
  for (const feature of [...model.weights.keys()].sort()) {
    const row: (string | number)[] = [feature];
    const w = new Float64Array(model.classes.length);
    const { index, value } = model.weights.get(feature)!;
    index.forEach((c, i) => (w[c] = value[i]!));
    const median = [...w].sort((x, y) => x - y)[w.length >> 1]!;
    w.forEach((weight, c) => {
      const centred = weight - median;
      if (Math.abs(centred) >= minWeight) row.push(c, Number(centred.toFixed(digits)));
    });
    if (row.length > 1) weights.push(row);
  }
  return { classes: [...model.classes], weights };
}

export function pairModelFromFile(file: PairModelFile): PairModel {
  if (!Array.isArray(file.classes) || !Array.isArray(file.weights) || !file.classes.includes(NO_RELATION))
    throw new Error('not a pair model file: it needs classes (with NONE) and weights');
  const weights = new Map<string, PairWeights>();
  for (const [feature, ...pairs] of file.weights) {
    const index = new Uint16Array(pairs.length >> 1);
    const value = new Float64Array(pairs.length >> 1);
    for (let i = 0; i < index.length; i++) {
      index[i] = Number(pairs[2 * i]);
      value[i] = Number(pairs[2 * i + 1]);
      if (!(index[i]! < file.classes.length) || !Number.isFinite(value[i]))
        throw new Error(`pair model file: feature ${String(feature)} has a bad weight`);
    }
    weights.set(String(feature), { index, value });
  }
  return { classes: file.classes, weights };
}
