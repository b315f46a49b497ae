/** Test data for the vector index suites: small literal vectors and seeded clustered ones. */

export const vec = (...values: number[]): Float32Array => Float32Array.from(values);

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
}

/** n vectors around 10 cluster centres shared by every seed (so queries fall near the data). */
export function clusteredVectors(n: number, d: number, seed: number): Float32Array[] {
  const shared = rng(1);
  const centres = Array.from({ length: 10 }, () => Float32Array.from({ length: d }, () => gaussian(shared)));
  const rand = rng(seed);
  return Array.from({ length: n }, () => {
    const centre = centres[Math.floor(rand() * centres.length)]!;
    return Float32Array.from(centre, (c) => c + 0.5 * gaussian(rand));
  });
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

/** The exact k nearest of `data` to `query` by cosine, best first. */
export function bruteForce(
  data: Float32Array[],
  query: Float32Array,
  k: number,
): { index: number; score: number }[] {
  return data
    .map((v, index) => ({ index, score: cosine(v, query) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}
