import type { OnnxPooling } from './model-catalogue';

/**
 * One vector per row of a [rows, positions, dimension] output: the first position's (`cls`) or the
 * mean over the row's real tokens (`mean`; the first `lengths[row]` positions, the rest padding),
 * L2-normalised. A model that already pools gives [rows, dimension]: `positions` is then 1.
 */
export function poolHidden(
  hidden: Float32Array,
  lengths: number[],
  positions: number,
  dimension: number,
  pooling: OnnxPooling,
): Float32Array[] {
  return lengths.map((length, row) => {
    const base = row * positions * dimension;
    const vector = new Float32Array(dimension);
    if (pooling === 'cls' || positions === 1) {
      vector.set(hidden.subarray(base, base + dimension));
    } else {
      for (let t = 0; t < length; t++) {
        const offset = base + t * dimension;
        for (let i = 0; i < dimension; i++) vector[i]! += hidden[offset + i]!;
      }
      for (let i = 0; i < dimension; i++) vector[i]! /= Math.max(1, length);
    }
    return normalise(vector);
  });
}

/** The weighted mean of vectors (a long text's windows, weighted by their token counts), normalised. */
export function poolRows(vectors: Float32Array[], weights: number[], dimension: number): Float32Array {
  const mean = new Float32Array(dimension);
  vectors.forEach((vector, row) => {
    const weight = weights[row] ?? 1;
    for (let i = 0; i < dimension; i++) mean[i]! += weight * vector[i]!;
  });
  return normalise(mean);
}

export function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}
