import { DomainError } from '@trove/contracts';

/**
 * A unit-length copy of `vector`, so that cosine similarity is a dot product. Refuses a wrong
 * dimension, non-finite values and the zero vector (whose cosine is undefined).
 */
export function unitVector(vector: Float32Array, dimension: number, what: string): Float32Array {
  if (!(vector instanceof Float32Array) || vector.length !== dimension) {
    const length = vector instanceof Float32Array ? vector.length : typeof vector;
    throw new DomainError(
      'DIMENSION_MISMATCH',
      `${what} has ${length} dimensions, but this vector space holds ${dimension}-dimensional vectors`,
    );
  }
  let norm = 0;
  for (let i = 0; i < dimension; i++) norm += vector[i]! * vector[i]!;
  if (!Number.isFinite(norm) || norm === 0) {
    throw new DomainError(
      'INVALID_PARAMETERS',
      `${what} must be finite and non-zero to have a cosine similarity`,
    );
  }
  const scale = 1 / Math.sqrt(norm);
  const unit = new Float32Array(dimension);
  for (let i = 0; i < dimension; i++) unit[i] = vector[i]! * scale;
  return unit;
}

/** Dot product of `query` with the row starting at `offset` of `block`; unrolled by four. */
export function dotAt(block: Float32Array, offset: number, query: Float32Array): number {
  const d = query.length;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let j = 0;
  for (; j + 3 < d; j += 4) {
    s0 += block[offset + j]! * query[j]!;
    s1 += block[offset + j + 1]! * query[j + 1]!;
    s2 += block[offset + j + 2]! * query[j + 2]!;
    s3 += block[offset + j + 3]! * query[j + 3]!;
  }
  for (; j < d; j++) s0 += block[offset + j]! * query[j]!;
  // Rounding can carry a unit-vector dot product a hair outside [-1, 1].
  return Math.max(-1, Math.min(1, s0 + s1 + s2 + s3));
}

/** The k best (slot, score) pairs seen so far, best first; ties keep the earlier-offered slot. */
export class TopK {
  readonly slots: number[] = [];
  readonly scores: number[] = [];

  constructor(private readonly k: number) {}

  /** The score a new entry must beat to enter. */
  get floor(): number {
    return this.slots.length < this.k ? -Infinity : this.scores[this.k - 1]!;
  }

  offer(slot: number, score: number): void {
    if (this.k <= 0 || score <= this.floor) return;
    let p = Math.min(this.slots.length, this.k - 1);
    if (this.slots.length < this.k) {
      this.slots.push(slot);
      this.scores.push(score);
    }
    while (p > 0 && this.scores[p - 1]! < score) {
      this.slots[p] = this.slots[p - 1]!;
      this.scores[p] = this.scores[p - 1]!;
      p--;
    }
    this.slots[p] = slot;
    this.scores[p] = score;
  }
}
