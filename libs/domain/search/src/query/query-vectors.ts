import { Embedder, l2Normalize } from '@trove/embeddings';
import { ChunkStore } from '../ports/chunk-store';
import { IndexScope, ScoredId } from '../ports/index-scope';
import { KeywordIndex } from '../ports/keyword-index';

/**
 * Weight of a word the keyword analyser drops (its stop words beyond the embedder's own list):
 * near nothing, as BM25 gives it nothing.
 */
export const DROPPED_WORD_WEIGHT = 0.05;

/** What shapes the semantic query's vector (SearchServiceOptions has the same fields). */
export interface QueryVectorOptions {
  feedbackDocs?: number;
  feedbackWeight?: number;
  queryWordWeights?: boolean;
}

/**
 * How much a search's extra_context weighs against its query, unless configured: alike
 * (bench/steering.bench.mjs: 0.5 steered 78% of senses, 1 95%, 2 100% with no answer off the query).
 */
export const DEFAULT_EXTRA_CONTEXT_WEIGHT = 1;

/** A text that turns the semantic query towards its meaning, with its weight against the query. */
export interface Steer {
  text: string;
  weight: number;
}

/** `base` plus each vector times its weight, normalised to length 1 (a zero sum stays zero). */
function normalised(base: Float32Array, added: { vector: Float32Array; weight: number }[]): Float32Array {
  const out = Float32Array.from(base);
  for (const { vector, weight } of added) for (let i = 0; i < out.length; i++) out[i]! += weight * vector[i]!;
  return l2Normalize(out);
}

/**
 * The semantic query's vector: the query's own, expanded by pseudo-relevance feedback from the
 * best keyword hits and, with an embedder that weighs words, with every word weighing its idf in
 * the searched scope.
 */
export class QueryVectors {
  constructor(
    private readonly chunks: ChunkStore,
    private readonly keywords: KeywordIndex,
    private readonly options: QueryVectorOptions,
  ) {}

  /**
   * Feedback documents for the semantic query: as configured, else 3 for an embedder that weighs
   * words (hashing) and none for a learned model, which feedback from keyword hits only pulls
   * towards them (bench/fusion-calibration.bench.mjs: SciFact nDCG@10 0.832 → 0.805 with bge-small).
   */
  feedbackDocs(embedder: Embedder): number {
    return this.options.feedbackDocs ?? (embedder.weighsWords ? 3 : 0);
  }

  /**
   * The semantic query's vector, `expanded` by Rocchio pseudo-relevance feedback: the query's own
   * vector (`plain`) plus feedbackWeight × the mean vector of the feedbackDocs best keyword hits,
   * normalised (the same vector without hits). With word weights (queryWordWeights), the query and
   * those hits are embedded with every word weighing its idf, so that rare words lead, as they do
   * in BM25.
   */
  async build(
    scope: IndexScope,
    query: string,
    keywordHits: ScoredId[],
    embedder: Embedder,
  ): Promise<{ expanded: Float32Array; plain: Float32Array }> {
    const docs = this.feedbackDocs(embedder);
    const records =
      docs > 0 && keywordHits.length > 0
        ? await this.chunks.getMany(
            scope,
            keywordHits.slice(0, docs).map((hit) => hit.id),
          )
        : [];
    const feedbackTexts = records.map((record) => record.content);
    const weights = await this.wordWeights(scope, [query, ...feedbackTexts], embedder);
    const [vector, ...feedback] = weights
      ? await embedder.embedWeighted([query, ...feedbackTexts], weights)
      : [
          await embedder.embedQuery(query),
          ...(feedbackTexts.length > 0 ? await embedder.embedDocuments(feedbackTexts) : []),
        ];
    const plain = vector!;
    if (feedback.length === 0) return { expanded: plain, plain };
    const weight = (this.options.feedbackWeight ?? 1) / feedback.length;
    return {
      expanded: normalised(
        plain,
        feedback.map((doc) => ({ vector: doc, weight })),
      ),
      plain,
    };
  }

  /**
   * The query's vector turned towards what `steers` mean (a search's extra_context): each text
   * embedded as a query and added with its weight, then normalised. No texts: the vector itself.
   */
  async steer(vector: Float32Array, steers: Steer[], embedder: Embedder): Promise<Float32Array> {
    const wanted = steers.filter((s) => s.text.trim() !== '' && s.weight > 0);
    if (wanted.length === 0) return vector;
    const embedded = await Promise.all(wanted.map((s) => embedder.embedQuery(s.text)));
    return normalised(
      vector,
      embedded.map((v, i) => ({ vector: v, weight: wanted[i]!.weight })),
    );
  }

  /** Word → its idf in this scope, for every word of `texts`; undefined when not weighing. */
  private async wordWeights(
    scope: IndexScope,
    texts: string[],
    embedder: Embedder,
  ): Promise<Map<string, number> | undefined> {
    if (this.options.queryWordWeights === false || !embedder.weighsWords) return undefined;
    const words = new Set<string>();
    for (const text of texts) for (const word of embedder.wordsOf(text)) words.add(word);
    if (words.size === 0) return undefined;
    const idf = await this.keywords.idf(scope, [...words]);
    if (idf.size === 0) return undefined;
    const weights = new Map<string, number>();
    for (const word of words) weights.set(word, Math.max(DROPPED_WORD_WEIGHT, idf.get(word) ?? 0));
    return weights;
  }
}
