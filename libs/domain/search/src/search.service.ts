import { Inject, Injectable } from '@nestjs/common';
import {
  BatchReply,
  CountsReply,
  DeleteSourcesResult,
  AccurateReport,
  FullTextSearchRequest,
  HybridSearchRequest,
  IndexChunksRequest,
  ResultChunk,
  IndexChunksResult,
  SearchMode,
  SearchResult,
  unwrapOutcome,
} from '@trove/contracts';
import { Embedder, l2Normalize } from '@trove/embeddings';
import { ChunkStore } from './ports/chunk-store';
import { chooseAlpha } from './fusion/auto-alpha';
import { candidateCount, fuse, fuseCalibrated, keywordScore, RankedId, recencyDecay } from './fusion/fusion';
import { CHUNK_SPACES, IndexScope, ScoredId, SearchFilter } from './ports/index-scope';
import { KeywordIndex } from './ports/keyword-index';
import { VectorIndex } from './ports/vector-index';
import { indexKind } from './indexing/index-kind';
import { SourceIndexer } from './indexing/source-indexer';
import { ChunkSpaces, SpaceTarget } from './reembedding/chunk-spaces';
import { DEFAULT_PERSONALISE_WEIGHT, PersonalMemories } from './query/personal-memories';
import { DEFAULT_EXTRA_CONTEXT_WEIGHT, QueryVectors, Steer } from './query/query-vectors';
import { ChunkRanking } from './query/ranking';
import {
  AccurateOptions,
  AccurateSearch,
  CandidateSearch,
  DEFAULT_HOPS_TIMEOUT_MS,
} from './accurate/accurate-search';
import { checkSearchRequest, scopeOf } from './search.validation';

export interface SearchServiceOptions {
  /** Half-life of the recency decay, in days (docs/api.md, Search: configurable, default 30). */
  recencyHalfLifeDays: number;
  /** The alpha `auto` falls back to when the query has no telling shape. */
  defaultAlpha: number;
  /** Overrides the embedder's relatedCosine for relevant_only searches (SEARCH_SEMANTIC_FLOOR). */
  semanticFloor?: number;
  /**
   * Pseudo-relevance feedback for the semantic query (Rocchio): the query vector plus
   * `feedbackWeight` × the mean vector of the `feedbackDocs` best keyword hits. 0 turns it off;
   * unset: 3 with an embedder that weighs words, 0 with a learned model (see feedbackDocs()).
   */
  feedbackDocs?: number;
  feedbackWeight?: number;
  /**
   * With an embedder that weighs words (the offline default), each word of the semantic query and
   * of its feedback chunks weighs its BM25 idf in the searched scope (SEARCH_QUERY_WORD_WEIGHTS).
   * Default true.
   */
  queryWordWeights?: boolean;
  /** Weight of a search's extra_context vector against its query's (SEARCH_EXTRA_CONTEXT_WEIGHT). */
  extraContextWeight?: number;
  /** Weight of the user's memories in a personalised search's scores (SEARCH_PERSONALISE_WEIGHT). */
  personaliseWeight?: number;
  /** Accurate mode's time boxes and optional endpoints (default: second hops in 2 s, no endpoints). */
  accurate?: AccurateOptions;
}

export const SEARCH_SERVICE_OPTIONS = Symbol('SearchServiceOptions');

export { indexKind };
export { DROPPED_WORD_WEIGHT } from './query/query-vectors';

/**
 * A semantic list, the list of the query's own vector that relevance is judged by, and the
 * embedder that made the query vector.
 */
interface SemanticHits {
  hits: ScoredId[];
  ofQuery: ScoredId[];
  embedder?: Embedder;
  /** The query's own vector (before feedback and steering). */
  plain?: Float32Array;
}

const NO_SEMANTIC_HITS: SemanticHits = { hits: [], ofQuery: [] };

function isZero(vector: Float32Array): boolean {
  for (const x of vector) if (x !== 0) return false;
  return true;
}

function kindsOf(mode: SearchMode): string[] {
  return mode === 'memories'
    ? [indexKind('memories', 'original'), indexKind('memories', 'inferred')]
    : [indexKind('sources', 'original'), indexKind('sources', 'inferred')];
}

/**
 * The rules of search: every source's chunks embedded once and written to the chunk store and
 * both indexes; queries answered by fusing keyword and semantic candidates (see fusion.ts for
 * the exact formula) inside one tenant and sub-tenant.
 */
@Injectable()
export class SearchService {
  private readonly indexer: SourceIndexer;
  private readonly queryVectors: QueryVectors;
  private readonly personal: PersonalMemories;
  private readonly ranking: ChunkRanking;
  private readonly accurate: AccurateSearch;

  constructor(
    private readonly embedder: Embedder,
    private readonly vectors: VectorIndex,
    private readonly keywords: KeywordIndex,
    private readonly chunks: ChunkStore,
    private readonly spaces: ChunkSpaces,
    @Inject(SEARCH_SERVICE_OPTIONS) private readonly options: SearchServiceOptions,
  ) {
    this.indexer = new SourceIndexer(embedder, vectors, keywords, chunks, spaces);
    this.queryVectors = new QueryVectors(chunks, keywords, options);
    this.personal = new PersonalMemories(vectors, options.personaliseWeight ?? DEFAULT_PERSONALISE_WEIGHT);
    this.ranking = new ChunkRanking(chunks, options.recencyHalfLifeDays);
    this.accurate = new AccurateSearch(
      chunks,
      options.accurate ?? { hopsTimeoutMs: DEFAULT_HOPS_TIMEOUT_MS },
      embedder,
    );
  }

  async indexChunks(request: IndexChunksRequest): Promise<IndexChunksResult> {
    return unwrapOutcome((await this.indexMany([request])).outcomes[0]!);
  }

  /**
   * Indexes many sources at once (memory adds written together); each request succeeds or fails
   * on its own (SourceIndexer).
   */
  indexMany(requests: IndexChunksRequest[]): Promise<BatchReply<IndexChunksResult>> {
    return this.indexer.indexMany(requests);
  }

  async hybrid(request: HybridSearchRequest): Promise<SearchResult> {
    checkSearchRequest(request);
    const scope = scopeOf(request);
    const alpha =
      request.alpha === 'auto' ? chooseAlpha(request.query, this.options.defaultAlpha).alpha : request.alpha;
    const n = candidateCount(request.max_chunks);
    const filter = { kinds: kindsOf(request.search_mode), sourceIds: request.source_ids };
    const relevantOnly = request.relevant_only === true;
    const personalise = request.personalise === true;
    // The tenant's active space, with its own model's embedder while a re-embedding is under way.
    const target =
      alpha > 0 || relevantOnly || personalise ? await this.spaces.readTarget(scope.tenantId) : null;
    const { fused: first, semantic } = await this.candidates(
      scope,
      request,
      { alpha, n, filter, relevantOnly },
      target,
    );
    let fused = first;
    let accurate: AccurateReport | undefined;
    if (request.mode === 'accurate') {
      // Each further query is searched as this one is (alpha, filters, space), without steering.
      const how = { alpha, n, filter, relevantOnly: false };
      const plain = semantic.plain;
      const search: CandidateSearch = {
        query: async (query, vector) => (await this.candidates(scope, { query }, how, target, vector)).fused,
        // A passage's second hop by meaning: the query's vector plus the passage's stored one.
        vectorsWith:
          plain && target
            ? async (ids) => {
                const stored = await this.vectors.vectorsOf(scope, target.space, ids);
                return new Map(
                  [...stored].map(([id, v]) => [id, l2Normalize(v.map((x, i) => x + plain[i]!))]),
                );
              }
            : undefined,
      };
      const outcome = await this.accurate.run(
        scope,
        request.query,
        first,
        search,
        request.max_chunks,
        request.search_mode,
      );
      fused = outcome.scored;
      accurate = outcome.report;
    }
    if (personalise && target && semantic.plain) {
      fused = await this.personal.rerank(scope, target.space, semantic.plain, fused, target.embedder);
    }
    const chunks = await this.ranking.rank(
      scope,
      fused,
      request.max_chunks,
      request.recency_bias,
      request.num_related_chunks,
    );
    if (request.explain === true) this.explain(chunks, fused, request.recency_bias);
    return {
      chunks,
      alpha,
      graph_context: { query_paths: [], chunk_relations: [], chunk_id_to_group_ids: {} },
      ...(accurate ? { accurate } : {}),
    };
  }

  /**
   * `explain: true` (docs/api.md, Search: explain): each chunk's score parts, as the steps that
   * ran recorded them, with the recency decay (when recency_bias weighs) and the final score.
   */
  private explain(chunks: ResultChunk[], ranked: RankedId[], recencyBias: number): void {
    const parts = new Map(ranked.map((hit) => [hit.id, hit.parts]));
    const now = new Date();
    for (const chunk of chunks) {
      chunk.explain = {
        ...parts.get(chunk.chunk_uuid),
        ...(recencyBias > 0
          ? {
              recency: recencyDecay(
                new Date(chunk.source_last_updated_time),
                now,
                this.options.recencyHalfLifeDays,
              ),
            }
          : {}),
        final: chunk.relevancy_score,
      };
    }
  }

  /** The fused keyword and semantic candidates of one query (fusion.ts), relevant ones only if asked. */
  private async candidates(
    scope: IndexScope,
    request: Pick<HybridSearchRequest, 'query' | 'extra_context'>,
    how: { alpha: number; n: number; filter: SearchFilter; relevantOnly: boolean },
    target: SpaceTarget | null,
    /** A semantic query vector made already (accurate mode's second hops): used as it is. */
    vector?: Float32Array,
  ): Promise<{ fused: RankedId[]; semantic: SemanticHits }> {
    const { alpha, n, filter, relevantOnly } = how;
    const feedback = target !== null && this.queryVectors.feedbackDocs(target.embedder) > 0;
    // The keyword statistics calibrated fusion needs depend on the query alone: asked alongside
    // the candidates, not after them (a round trip saved when the index is a server). Only a
    // calibrated embedder's fusion reads them (below: the target's, or this one's).
    const calibrated = target?.embedder.cosineCalibration || this.embedder.cosineCalibration;
    const idfMass = calibrated ? this.idfMass(scope, request.query) : undefined;
    idfMass?.catch(() => undefined); // awaited below when used; never an unhandled rejection
    let semantic: SemanticHits;
    let keyword: ScoredId[];
    if (vector && target) {
      [semantic, keyword] = await Promise.all([
        this.vectors
          .search(scope, target.space, vector, n, filter)
          .then((hits) => ({ hits, ofQuery: hits, embedder: target.embedder, plain: vector })),
        alpha < 1 ? this.keywords.search(scope, request.query, n, filter) : Promise.resolve([]),
      ]);
    } else if (feedback) {
      // The semantic query learns from the best keyword hits, so it needs them first.
      keyword = await this.keywords.search(scope, request.query, n, filter);
      semantic = await this.semantic(scope, request, n, filter, relevantOnly, target, keyword);
    } else {
      [semantic, keyword] = await Promise.all([
        target ? this.semantic(scope, request, n, filter, relevantOnly, target) : NO_SEMANTIC_HITS,
        alpha < 1 || relevantOnly
          ? this.keywords.search(scope, request.query, n, filter)
          : Promise.resolve([]),
      ]);
    }
    // A list with weight 0 adds no candidates; it may still vouch for relevance below.
    const lists = { keyword: alpha < 1 ? keyword : [], semantic: alpha > 0 ? semantic.hits : [], alpha };
    const calibration = (semantic.embedder ?? this.embedder).cosineCalibration;
    let fused = calibration
      ? fuseCalibrated({ ...lists, calibration, idfMass: (await idfMass) ?? 0 })
      : fuse(lists);
    if (relevantOnly) fused = this.relevant(fused, keyword, semantic);
    return { fused, semantic };
  }

  async fullText(request: FullTextSearchRequest): Promise<SearchResult> {
    checkSearchRequest(request);
    const scope = scopeOf(request);
    const hits = await this.keywords.search(scope, request.query, request.max_chunks, {
      kinds: kindsOf(request.search_mode),
      operator: request.operator,
    });
    // BM25 scores have no upper bound: with a calibrated embedder, the saturating share of the
    // query's idf (as in hybrid fusion); otherwise relative to the best hit. Both lie in [0, 1].
    let scored: ScoredId[];
    if (this.embedder.cosineCalibration) {
      const idfMass = await this.idfMass(scope, request.query);
      scored = hits.map((hit) => ({ id: hit.id, score: keywordScore(hit.score, idfMass) }));
    } else {
      const best = hits[0]?.score ?? 1;
      scored = hits.map((hit) => ({ id: hit.id, score: best > 0 ? hit.score / best : 0 }));
    }
    const chunks = await this.ranking.rank(scope, scored, request.max_chunks, 0, 0);
    return {
      chunks,
      alpha: 0,
      graph_context: { query_paths: [], chunk_relations: [], chunk_id_to_group_ids: {} },
    };
  }

  async deleteSources(scope: IndexScope, sourceIds: string[]): Promise<DeleteSourcesResult> {
    if (sourceIds.length === 0) return { deleted_chunks: 0 };
    await Promise.all([
      ...CHUNK_SPACES.map((space) => this.vectors.deleteBySources(scope, space, sourceIds)),
      this.keywords.deleteBySources(scope, sourceIds),
    ]);
    return { deleted_chunks: await this.chunks.deleteBySources(scope, sourceIds) };
  }

  async deleteSubTenant(scope: IndexScope): Promise<void> {
    await Promise.all([this.vectors.deleteSubTenant(scope), this.keywords.deleteSubTenant(scope)]);
    await this.chunks.deleteSubTenant(scope);
  }

  async counts(tenantId: string): Promise<CountsReply> {
    const counts = await this.chunks.countBySubTenant(tenantId);
    return {
      by_sub_tenant: Object.fromEntries([...counts].map(([sub, c]) => [sub, { chunks: c.chunks }])),
    };
  }

  /**
   * Candidates with a keyword match, or whose cosine with the query itself reaches the related
   * threshold. The query itself, not the one feedback expanded: feedback from the keyword hits
   * lifts every document's cosine alike (on SciFact, 57% of unrelated documents reach 0.45 with it,
   * none without; bench/quality-scifact.bench.mjs, the relevance floor), so only the query's own
   * cosine tells related from unrelated.
   */
  private relevant(fused: RankedId[], keyword: ScoredId[], semantic: SemanticHits): RankedId[] {
    const matched = new Set(keyword.map((hit) => hit.id));
    const floor = this.options.semanticFloor ?? semantic.embedder?.relatedCosine;
    const cosine = new Map(semantic.ofQuery.map((hit) => [hit.id, hit.score]));
    return fused.filter(
      (hit) => matched.has(hit.id) || (floor !== undefined && (cosine.get(hit.id) ?? -1) >= floor),
    );
  }

  /**
   * The semantic list (the query vector with feedback from `keywordHits`), and for relevant_only
   * the list of the query's own vector when feedback changed it.
   */
  private async semantic(
    scope: IndexScope,
    request: Pick<HybridSearchRequest, 'query' | 'extra_context'>,
    n: number,
    filter: SearchFilter,
    relevantOnly: boolean,
    target: SpaceTarget,
    keywordHits: ScoredId[] = [],
  ): Promise<SemanticHits> {
    const { space, embedder } = target;
    const built = await this.queryVectors.build(scope, request.query, keywordHits, embedder);
    const plain = built.plain;
    // A query the embedder finds nothing in (only stop words, with the hashing fallback) has no
    // direction: it matches nothing by meaning, and keyword search answers alone.
    if (isZero(built.expanded)) return NO_SEMANTIC_HITS;
    // Turned towards what the caller's extra_context means (docs/api.md, Search).
    const steers: Steer[] = request.extra_context
      ? [
          {
            text: request.extra_context,
            weight: this.options.extraContextWeight ?? DEFAULT_EXTRA_CONTEXT_WEIGHT,
          },
        ]
      : [];
    const expanded = await this.queryVectors.steer(built.expanded, steers, embedder);
    const hits = await this.vectors.search(scope, space, expanded, n, filter);
    const ofQuery =
      relevantOnly && expanded !== plain
        ? isZero(plain)
          ? []
          : await this.vectors.search(scope, space, plain, n, filter)
        : hits;
    return { hits, ofQuery, embedder, plain };
  }

  /** Σ idf, in this scope, of the distinct words of the query that the keyword analyser keeps. */
  private async idfMass(scope: IndexScope, query: string): Promise<number> {
    const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
    if (words.length === 0) return 0;
    let mass = 0;
    for (const idf of (await this.keywords.idf(scope, words)).values()) mass += idf;
    return mass;
  }
}
