import { createHash } from 'node:crypto';
import { dot, Embedder } from '@trove/embeddings';
import { splitSentences } from '@trove/text';
import { RankedId, semanticScore } from '../fusion/fusion';
import { ChunkStore } from '../ports/chunk-store';
import { IndexScope } from '../ports/index-scope';
import { headThenRest } from './reorder';

/**
 * Candidates rescored by their sentences unless configured (SEARCH_ACCURATE_SENTENCES): none.
 * Measured at depth 10, weight 0.3 (bench/accurate-sentences.bench.mjs, docs/benchmarks.md):
 * HotpotQA dev recall@5 0.925 → 0.934, both in top 5 0.868 → 0.887; the blind bridge set the
 * same at top 5 and worse at top 2 (0.900 → 0.883); SciFact ±0.005 (noise); and ~10 chunks
 * embedded per search (p50 12 → 830 ms on a slow 2-core machine). Not worth its cost by default.
 */
export const DEFAULT_SENTENCE_DEPTH = 0;
/** Weight of the best sentence against the score so far (SEARCH_ACCURATE_SENTENCE_WEIGHT). */
export const DEFAULT_SENTENCE_WEIGHT = 0.3;

/** Sentences shorter than this (in characters) join the next one: a heading is not a claim. */
const MIN_SENTENCE = 40;
/** At most this many pieces per chunk are embedded (the first ones). */
const MAX_PIECES = 24;
/**
 * Chunks whose sentence vectors are kept, over all scopes: ~10 pieces of 384 floats a chunk,
 * ~15 kB, so ~30 MB at most.
 */
const CACHE_CHUNKS = 2000;

export interface SentenceRerankOptions {
  /** How many of the best candidates are rescored (0: the stage is off). */
  depth: number;
  /** Weight w of the best sentence: score = (1 − w) · score + w · sentence. */
  weight: number;
}

/**
 * The pieces of a chunk that are scored alone: its sentences (splitSentences), each shorter than
 * MIN_SENTENCE characters joined to the one after it, at most MAX_PIECES.
 */
export function sentencePieces(text: string): string[] {
  const pieces: string[] = [];
  let pending = '';
  for (const unit of splitSentences(text)) {
    const sentence = text.slice(unit.start, unit.end).trim();
    if (sentence.length === 0) continue;
    pending = pending ? `${pending} ${sentence}` : sentence;
    if (pending.length >= MIN_SENTENCE) {
      pieces.push(pending);
      pending = '';
      if (pieces.length === MAX_PIECES) return pieces;
    }
  }
  if (pending) {
    if (pieces.length > 0 && pending.length < MIN_SENTENCE) pieces[pieces.length - 1] += ` ${pending}`;
    else pieces.push(pending);
  }
  return pieces;
}

/**
 * Accurate mode's offline rerank (docs/api.md, Search: accurate mode): the best candidates are
 * rescored by their best sentence against the query, with the embedding model.
 *
 *   sentence(c) = calibrated cosine of the query and c's closest sentence (semanticScore)
 *   score(c)    = (1 − w) · score(c) + w · sentence(c)            for the `depth` best candidates
 *
 * The others follow, their scores capped at the lowest rescored one. A chunk's sentence vectors
 * are kept (by scope, chunk and content) for the next searches. Only a contextual model with a
 * cosine calibration takes part (the local ONNX models): hashed n-grams and static word vectors
 * do not read a sentence in context, and a remote model's cosines are not calibrated here.
 */
export class SentenceRerank {
  private readonly cache = new Map<string, Float32Array[]>();

  constructor(
    private readonly embedder: Embedder,
    private readonly chunks: ChunkStore,
    private readonly options: SentenceRerankOptions,
  ) {}

  /** Whether the stage runs at all: a depth, a weight, and a model that reads meaning. */
  get enabled(): boolean {
    return (
      this.options.depth > 0 &&
      this.options.weight > 0 &&
      this.embedder.contextual &&
      this.embedder.cosineCalibration !== undefined
    );
  }

  async rerank(
    scope: IndexScope,
    query: string,
    scored: RankedId[],
    signal: AbortSignal,
  ): Promise<RankedId[]> {
    const calibration = this.embedder.cosineCalibration;
    if (!calibration) return scored;
    const head = scored.slice(0, this.options.depth);
    if (head.length === 0) return scored;
    const records = await this.chunks.getMany(
      scope,
      head.map((hit) => hit.id),
    );
    // This search's sentence vectors by chunk, read or embedded; held here, so that the cache
    // dropping its oldest entries while this search adds new ones cannot take any away.
    const found = new Map<string, Float32Array[]>();
    const missing: { id: string; key: string; pieces: string[] }[] = [];
    for (const record of records) {
      const key = cacheKey(scope, record.chunk_uuid, record.content);
      const cached = this.cache.get(key);
      if (cached) {
        found.set(record.chunk_uuid, cached);
        this.remember(key, cached);
      } else missing.push({ id: record.chunk_uuid, key, pieces: sentencePieces(record.content) });
    }
    const texts = missing.flatMap((m) => m.pieces);
    const [queryVector, vectors] = await Promise.all([
      this.embedder.embedQuery(query),
      texts.length > 0 ? this.embedder.embedDocuments(texts) : Promise.resolve([]),
    ]);
    // Kept even when the search gave up waiting: the next search of these chunks finds them.
    let at = 0;
    for (const { id, key, pieces } of missing) {
      const sentences = vectors.slice(at, (at += pieces.length));
      found.set(id, sentences);
      this.remember(key, sentences);
    }
    signal.throwIfAborted();
    const w = this.options.weight;
    const rescored = head.map((hit) => {
      const sentences = found.get(hit.id);
      if (!sentences || sentences.length === 0) return hit;
      let best = -1;
      for (const vector of sentences) best = Math.max(best, dot(vector, queryVector));
      const sentence = semanticScore(best, calibration);
      return { id: hit.id, score: (1 - w) * hit.score + w * sentence, parts: { ...hit.parts, sentence } };
    });
    return headThenRest(rescored, scored.slice(head.length));
  }

  /** Keeps a chunk's vectors as the most recently used; the least recently used go first. */
  private remember(key: string, vectors: Float32Array[]): void {
    this.cache.delete(key);
    this.cache.set(key, vectors);
    if (this.cache.size > CACHE_CHUNKS) this.cache.delete(this.cache.keys().next().value!);
  }
}

/** Scope, chunk and content: an edited chunk under the same id is embedded again. */
function cacheKey(scope: IndexScope, chunkId: string, content: string): string {
  const digest = createHash('sha1').update(content).digest('base64url');
  return JSON.stringify([scope.tenantId, scope.subTenantId, chunkId, digest]);
}
