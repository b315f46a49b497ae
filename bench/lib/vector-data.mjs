// Deterministic vector data for the vector-index benchmarks: seeded random numbers and clustered
// unit vectors shaped like text embeddings (seeded by mulberry32, as the other benchmarks).
import { mulberry32 as rng } from './speed-data.mjs';

export function gaussian(rand) {
  return Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
}
export function normalize(v, offset, d) {
  let n = 0;
  for (let j = 0; j < d; j++) n += v[offset + j] * v[offset + j];
  n = 1 / Math.sqrt(n);
  for (let j = 0; j < d; j++) v[offset + j] *= n;
}
/**
 * n unit vectors of d dimensions, flat. Text embeddings have a low intrinsic dimension, so each of
 * the 100 clusters spreads mostly inside its own 24-dimensional subspace, plus a little isotropic
 * noise. `isotropic` spreads every cluster over all d dimensions instead (a much harder case for
 * every ANN index: nearest neighbours are then hardly nearer than any cluster mate).
 */
export function clusteredUnitVectors(n, d, seed, isotropic = false) {
  const rand = rng(1); // cluster structure shared by data and queries
  const centers = new Float32Array(100 * d).map(() => gaussian(rand));
  for (let c = 0; c < 100; c++) normalize(centers, c * d, d);
  const R = 24;
  const bases = new Float32Array(100 * R * d).map(() => gaussian(rand) / Math.sqrt(d));
  const pointRand = rng(seed);
  const out = new Float32Array(n * d);
  const z = new Float32Array(R);
  for (let i = 0; i < n; i++) {
    const c = Math.floor(pointRand() * 100);
    const o = i * d;
    if (isotropic) {
      for (let j = 0; j < d; j++)
        out[o + j] = centers[c * d + j] + (1.2 / Math.sqrt(d)) * gaussian(pointRand);
    } else {
      for (let r = 0; r < R; r++) z[r] = 0.6 * gaussian(pointRand);
      for (let j = 0; j < d; j++)
        out[o + j] = centers[c * d + j] + (0.15 / Math.sqrt(d)) * gaussian(pointRand);
      for (let r = 0; r < R; r++) {
        const b = (c * R + r) * d;
        for (let j = 0; j < d; j++) out[o + j] += z[r] * bases[b + j];
      }
    }
    normalize(out, o, d);
  }
  return out;
}
