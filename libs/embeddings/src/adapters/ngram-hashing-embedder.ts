import { Embedder, EmbedderFallback } from '../ports/embedder';
import { embedInBatches, l2Normalize } from '../vectors';
import {
  bigramHash,
  FeatureBuffer,
  forEachToken,
  hashWord,
  hashWordAt,
  normalizeText,
  pushCharNgrams,
} from './ngram-features';
import { ENGLISH_STOPWORDS } from './stopwords';

/** A variant of the n-gram hashing embedder. Every field is part of the model id. */
export interface NgramHashingOptions {
  /** Number of hash buckets, a power of two. */
  dimension?: number;
  /** Smallest and largest character n-gram of boundary-padded words; `[0, 0]` for none. */
  charNgrams?: readonly [number, number];
  /** Longest word n-gram: 0 none, 1 words, 2 words and word bigrams. */
  wordNgrams?: 0 | 1 | 2;
  /** Weight of the word block against the character block (each block has length 1 before weighting). */
  wordWeight?: number;
  /** Count a feature seen tf times as 1 + ln(tf) rather than tf. */
  sublinearTf?: boolean;
  /** Give each feature a hash-derived sign, so that colliding features cancel out on average instead of adding up. */
  signed?: boolean;
  /** Leave out common English function words (stateless: a fixed list, not corpus statistics). */
  dropStopwords?: boolean;
  /** Texts per batch; embedding is CPU-bound and synchronous per text. */
  maxBatchSize?: number;
}

/**
 * The default variant, chosen by measurement on SciFact (bench/embeddings-quality.bench.mjs).
 */
export const DEFAULT_NGRAM_HASHING_OPTIONS: Required<NgramHashingOptions> = {
  dimension: 1024,
  charNgrams: [3, 4],
  wordNgrams: 1,
  wordWeight: 0.5,
  sublinearTf: true,
  signed: false,
  dropStopwords: true,
  maxBatchSize: 256,
};

const STOPWORD_HASHES = new Set([...ENGLISH_STOPWORDS].map(hashWord));

/**
 * Offline embedder with no weights: feature hashing of character n-grams (and words) into a
 * fixed number of buckets. It matches spelling, not meaning; see the README for what that buys.
 * Stateless and deterministic, so any process computes the same vector for the same text.
 */
export class NgramHashingEmbedder extends Embedder {
  readonly modelId: string;
  readonly dimension: number;
  readonly maxBatchSize: number;
  /**
   * Measured on SciFact (default variant): query–document pairs judged unrelated score p50 0.28,
   * p99 0.42, max 0.54; judged related p50 0.42. Above 0.45 a pair is very rarely unrelated.
   */
  override readonly relatedCosine = 0.45;
  /** bench/fusion-calibration.bench.mjs --model hashing: best hit when nothing is relevant p50 0.07–0.11. */
  override readonly cosineCalibration = { mid: 0.4, scale: 0.04 };
  override readonly weighsWords = true;
  override readonly fallback?: EmbedderFallback;
  readonly options: Readonly<Required<NgramHashingOptions>>;
  private readonly mask: number;
  private readonly chars = new FeatureBuffer();
  private readonly words = new FeatureBuffer();

  /**
   * `fallback`: set when this embedder stands in for a model that could not be loaded
   * (createEmbedder), so that /readyz can say so.
   */
  constructor(options: NgramHashingOptions = {}, fallback?: EmbedderFallback) {
    super();
    this.fallback = fallback;
    const o = { ...DEFAULT_NGRAM_HASHING_OPTIONS, ...options };
    const [min, max] = o.charNgrams;
    if (!Number.isInteger(o.dimension) || o.dimension < 2 || (o.dimension & (o.dimension - 1)) !== 0) {
      throw new RangeError(`dimension must be a power of two, got ${o.dimension}`);
    }
    if (!(min === 0 && max === 0) && !(Number.isInteger(min) && min >= 1 && max >= min && max <= 9)) {
      throw new RangeError(`charNgrams must be [0, 0] or 1 ≤ min ≤ max ≤ 9, got [${min}, ${max}]`);
    }
    if (max === 0 && o.wordNgrams === 0)
      throw new RangeError('at least one of charNgrams and wordNgrams is needed');
    this.options = o;
    this.dimension = o.dimension;
    this.maxBatchSize = o.maxBatchSize;
    this.mask = o.dimension - 1;
    this.modelId = ngramHashingModelId(o);
  }

  embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return embedInBatches(texts, this.maxBatchSize, async (batch) =>
      batch.map((text) => this.embedText(text)),
    );
  }

  /** Synchronous core, exposed for callers that embed in a tight loop. */
  embedText(text: string): Float32Array {
    const { charNgrams, wordNgrams, wordWeight } = this.options;
    const [min, max] = charNgrams;
    const normalized = normalizeText(text);
    this.chars.clear();
    this.words.clear();
    this.features(normalized, (start, end, word, previous) => {
      if (max > 0) pushCharNgrams(normalized, start, end, min, max, this.chars);
      if (wordNgrams >= 1) this.words.push(word);
      if (wordNgrams >= 2 && previous >= 0) this.words.push(bigramHash(previous, word));
    });
    const vector = new Float32Array(this.dimension);
    this.accumulate(this.chars, 1, vector);
    this.accumulate(this.words, wordWeight, vector);
    return l2Normalize(vector);
  }

  override wordsOf(text: string): string[] {
    const normalized = normalizeText(text);
    const words = new Set<string>();
    this.features(normalized, (start, end) => words.add(normalized.slice(start, end)));
    return [...words];
  }

  override async embedWeighted(
    texts: string[],
    weights: ReadonlyMap<string, number>,
  ): Promise<Float32Array[]> {
    return texts.map((text) => this.embedWeightedText(text, weights));
  }

  /**
   * embedText with every feature of a word scaled by that word's weight (a feature several words
   * share takes their mean weight). With every weight 1 it equals embedText up to rounding.
   */
  embedWeightedText(text: string, weights: ReadonlyMap<string, number>): Float32Array {
    const { charNgrams, wordNgrams, wordWeight } = this.options;
    const [min, max] = charNgrams;
    const normalized = normalizeText(text);
    const chars = new WeightedFeatures();
    const words = new WeightedFeatures();
    let previousWeight = 1;
    this.features(normalized, (start, end, word, previous) => {
      const weight = weights.get(normalized.slice(start, end)) ?? 1;
      if (max > 0) {
        this.chars.clear();
        pushCharNgrams(normalized, start, end, min, max, this.chars);
        for (let i = 0; i < this.chars.length; i++) chars.add(this.chars.values[i]!, weight);
      }
      if (wordNgrams >= 1) words.add(word, weight);
      if (wordNgrams >= 2 && previous >= 0)
        words.add(bigramHash(previous, word), (weight + previousWeight) / 2);
      previousWeight = weight;
    });
    const vector = new Float32Array(this.dimension);
    this.accumulateWeighted(chars, 1, vector);
    this.accumulateWeighted(words, wordWeight, vector);
    return l2Normalize(vector);
  }

  /** Calls `onWord` for each token of normalised text that is not a dropped stop word. */
  private features(
    normalized: string,
    onWord: (start: number, end: number, word: number, previous: number) => void,
  ): void {
    let previous = -1;
    forEachToken(normalized, (start, end) => {
      const word = hashWordAt(normalized, start, end);
      if (this.options.dropStopwords && STOPWORD_HASHES.has(word)) return;
      onWord(start, end, word, previous);
      previous = word;
    });
  }

  /** accumulate() for features carrying a weight: (1 + ln tf or tf) × their mean weight. */
  private accumulateWeighted(features: WeightedFeatures, weight: number, vector: Float32Array): void {
    if (features.size === 0 || weight === 0) return;
    const { sublinearTf, signed } = this.options;
    const values: [number, number][] = [];
    let sumSquares = 0;
    for (const [hash, [tf, weightSum]] of features.entries()) {
      const w = (sublinearTf ? 1 + Math.log(tf) : tf) * (weightSum / tf);
      values.push([hash, w]);
      sumSquares += w * w;
    }
    if (sumSquares === 0) return;
    const scale = weight / Math.sqrt(sumSquares);
    for (const [hash, w] of values)
      vector[hash & this.mask] += signed && hash >= 0x80000000 ? -w * scale : w * scale;
  }

  /** Adds one block of features, scaled so the block alone would have length `weight`. */
  private accumulate(features: FeatureBuffer, weight: number, vector: Float32Array): void {
    if (features.length === 0 || weight === 0) return;
    const hashes = features.values.subarray(0, features.length).sort();
    const { sublinearTf, signed } = this.options;
    let sumSquares = 0;
    for (let pass = 0; pass < 2; pass++) {
      const scale = pass === 0 ? 0 : weight / Math.sqrt(sumSquares);
      for (let i = 0; i < hashes.length;) {
        const hash = hashes[i];
        let j = i + 1;
        while (j < hashes.length && hashes[j] === hash) j++;
        const tf = j - i;
        const w = sublinearTf ? 1 + Math.log(tf) : tf;
        if (pass === 0) sumSquares += w * w;
        else vector[hash & this.mask] += signed && hash >= 0x80000000 ? -w * scale : w * scale;
        i = j;
      }
    }
  }
}

/** Feature hash → [occurrences, sum of the occurring words' weights]. */
class WeightedFeatures {
  private readonly sums = new Map<number, [number, number]>();

  get size(): number {
    return this.sums.size;
  }

  add(hash: number, weight: number): void {
    const sum = this.sums.get(hash);
    if (sum) {
      sum[0]++;
      sum[1] += weight;
    } else this.sums.set(hash, [1, weight]);
  }

  entries(): IterableIterator<[number, [number, number]]> {
    return this.sums.entries();
  }
}

/** The model id names every option, so a change of variant changes the id (and forces a re-index). */
export function ngramHashingModelId(o: Required<NgramHashingOptions>): string {
  const parts = ['trove-ngram-hash-v1'];
  if (o.charNgrams[1] > 0) parts.push(`char${o.charNgrams[0]}to${o.charNgrams[1]}`);
  if (o.wordNgrams > 0) parts.push(`word1to${o.wordNgrams}x${o.wordWeight}`);
  if (o.sublinearTf) parts.push('logtf');
  if (o.signed) parts.push('signed');
  if (o.dropStopwords) parts.push('stop');
  parts.push(String(o.dimension));
  return parts.join('-');
}
