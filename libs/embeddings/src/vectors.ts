/** Scales `vector` in place to length 1 and returns it; a zero vector stays zero. */
export function l2Normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  if (sum > 0) {
    const scale = 1 / Math.sqrt(sum);
    for (let i = 0; i < vector.length; i++) vector[i] *= scale;
  }
  return vector;
}

/** Dot product; for the L2-normalised vectors of an embedder this is their cosine similarity. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/** Splits `items` into consecutive slices of at most `size` items. */
export function toBatches<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`batch size must be a positive integer, got ${size}`);
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** Runs `embedBatch` over `texts` in batches of `size`, one batch at a time, and keeps the order. */
export async function embedInBatches(
  texts: readonly string[],
  size: number,
  embedBatch: (batch: string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (const batch of toBatches(texts, size)) vectors.push(...(await embedBatch(batch)));
  return vectors;
}
