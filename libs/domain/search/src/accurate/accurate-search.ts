import { AccurateReport, AccurateStage, SearchMode } from '@trove/contracts';
import { Embedder } from '@trove/embeddings';
import { ChatClient, RerankClient } from '@trove/platform-llm';
import { ChunkStore } from '../ports/chunk-store';
import { byScore, RankedId } from '../fusion/fusion';
import { IndexScope } from '../ports/index-scope';
import { combineHops, Hop, HopCandidate } from './bridges';
import { headThenRest } from './reorder';
import { REWRITE_SCHEMA, REWRITE_SYSTEM, rewritesOf } from './rewrites';
import { SentenceRerank, SentenceRerankOptions } from './sentence-rerank';

/** How accurate mode searches again, as the request's own query is searched. */
export interface CandidateSearch {
  /** The fused candidates of a query (its semantic side: `vector` when given, else the query's). */
  query(query: string, vector?: Float32Array): Promise<RankedId[]>;
  /**
   * For chunks, the semantic vector of the request's query joined with each chunk's stored vector
   * (absent: second hops embed their text).
   */
  vectorsWith?: (ids: string[]) => Promise<Map<string, Float32Array>>;
}

/** Time box of the second hops unless configured (SEARCH_ACCURATE_TIMEOUT_MS). */
export const DEFAULT_HOPS_TIMEOUT_MS = 2000;

/** Time box of the offline rerank by sentences unless configured (SEARCH_ACCURATE_SENTENCES_TIMEOUT_MS). */
export const DEFAULT_SENTENCES_TIMEOUT_MS = 2000;

export interface AccurateOptions {
  /** First-hop passages whose text starts a second search (default 3). */
  beam?: number;
  /** Candidates kept from each second search (default 10). */
  hopDepth?: number;
  /** Time box of the second hops, in ms. */
  hopsTimeoutMs: number;
  /**
   * How a second hop searches by meaning: `vectors` (default) adds the passage's stored vector to
   * the question's (no embedding), `text` embeds the question with the passage (SEARCH_ACCURATE_HOPS).
   */
  hops?: 'text' | 'vectors';
  /**
   * The offline rerank by sentences (sentence-rerank.ts), run when no `/rerank` endpoint is
   * configured; and its time box.
   */
  sentences?: SentenceRerankOptions;
  sentencesTimeoutMs?: number;
  /** Optional `/rerank` endpoint, and its time box. */
  reranker?: RerankClient;
  rerankTimeoutMs?: number;
  /** Candidates sent to the reranker (default 30). */
  rerankDepth?: number;
  /** Optional chat endpoint that rewrites the query, and its time box. */
  rewriter?: ChatClient;
  rewriteTimeoutMs?: number;
}

/** What accurate mode did: the scored candidates, the queries run and each stage's outcome. */
export interface AccurateOutcome {
  scored: RankedId[];
  report: AccurateReport;
}

class TimeBox extends Error {
  constructor(ms: number) {
    super(`took longer than its ${ms} ms time box`);
  }
}

/** `work`, or a TimeBox error after `ms` (the work itself is not cancelled; its result is dropped). */
async function within<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeBox(ms));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Accurate mode (docs/api.md, Search: accurate mode): more queries than one, fused, then
 * optionally reranked. Offline it runs the query's second hops: the question with each of the
 * best first passages' text, whose results count where that passage names their source
 * (bridges.ts). With endpoints configured it also asks a chat model for rewrites of the query
 * and a `/rerank` endpoint for the final order. Every stage is time-boxed; a stage that fails or
 * runs out of time is skipped and reported, so accurate mode degrades towards fast mode and
 * never fails the search.
 */
export class AccurateSearch {
  private readonly sentences?: SentenceRerank;

  constructor(
    private readonly chunks: ChunkStore,
    private readonly options: AccurateOptions,
    embedder?: Embedder,
  ) {
    if (embedder && options.sentences)
      this.sentences = new SentenceRerank(embedder, chunks, options.sentences);
  }

  async run(
    scope: IndexScope,
    query: string,
    first: RankedId[],
    search: CandidateSearch,
    maxChunks: number,
    searchMode: SearchMode,
  ): Promise<AccurateOutcome> {
    const stages: AccurateStage[] = [];
    const queries = [query];
    let scored = first;
    if (this.options.rewriter) {
      scored = await this.stage(stages, 'rewrite', this.options.rewriteTimeoutMs ?? 4000, scored, (signal) =>
        this.rewrite(query, scored, search, queries, signal),
      );
    }
    // Memories carry no titles of their own ("Memory of …") that a passage could name.
    if (searchMode === 'sources') {
      scored = await this.stage(stages, 'second_hops', this.options.hopsTimeoutMs, scored, () =>
        this.secondHops(scope, query, scored, search, queries),
      );
    }
    const sentences = this.sentences;
    if (searchMode === 'sources' && !this.options.reranker && sentences?.enabled) {
      scored = await this.stage(
        stages,
        'sentences',
        this.options.sentencesTimeoutMs ?? DEFAULT_SENTENCES_TIMEOUT_MS,
        scored,
        (signal) => sentences.rerank(scope, query, scored, signal),
      );
    }
    if (this.options.reranker) {
      scored = await this.stage(stages, 'rerank', this.options.rerankTimeoutMs ?? 2000, scored, (signal) =>
        this.rerank(scope, query, scored, maxChunks, signal),
      );
    }
    const degraded = stages.some((s) => s.status === 'failed');
    return { scored, report: { queries, stages, degraded } };
  }

  private async stage(
    stages: AccurateStage[],
    name: AccurateStage['stage'],
    timeoutMs: number,
    current: RankedId[],
    work: (signal: AbortSignal) => Promise<RankedId[]>,
  ): Promise<RankedId[]> {
    const started = performance.now();
    try {
      const next = await within(timeoutMs, work);
      stages.push({ stage: name, status: 'done', ms: Math.round(performance.now() - started) });
      return next;
    } catch (error: unknown) {
      stages.push({
        stage: name,
        status: 'failed',
        ms: Math.round(performance.now() - started),
        detail: reason(error),
      });
      return current;
    }
  }

  /** Each rewrite is searched like the query; a candidate keeps its best score over all of them. */
  private async rewrite(
    query: string,
    first: RankedId[],
    search: CandidateSearch,
    queries: string[],
    signal: AbortSignal,
  ): Promise<RankedId[]> {
    const answer = await this.options.rewriter!.completeJson({
      system: REWRITE_SYSTEM,
      user: query,
      schema: REWRITE_SCHEMA,
      schemaName: 'query_rewrites',
      maxTokens: 300,
      signal,
    });
    if (answer.invalidJson) throw new Error('the chat endpoint answered something that is not JSON');
    const rewrites = rewritesOf(answer.value, query);
    const lists = await Promise.all(rewrites.map((rewrite) => search.query(rewrite)));
    queries.push(...rewrites);
    const best = new Map(first.map((hit) => [hit.id, hit]));
    for (const list of lists) {
      for (const hit of list) if (hit.score > (best.get(hit.id)?.score ?? -Infinity)) best.set(hit.id, hit);
    }
    return [...best.values()].sort(byScore);
  }

  private async secondHops(
    scope: IndexScope,
    query: string,
    first: RankedId[],
    search: CandidateSearch,
    queries: string[],
  ): Promise<RankedId[]> {
    const beam = this.options.beam ?? 3;
    const head = first.slice(0, Math.max(10, beam * 3));
    const records = new Map(
      (
        await this.chunks.getMany(
          scope,
          head.map((h) => h.id),
        )
      ).map((r) => [r.chunk_uuid, r]),
    );
    const starts: Hop[] = [];
    for (const hit of head) {
      const record = records.get(hit.id);
      if (!record || starts.some((s) => s.sourceId === record.source_id)) continue;
      starts.push({ id: hit.id, sourceId: record.source_id, text: record.content, score: hit.score });
      if (starts.length === beam) break;
    }
    const hopQueries = starts.map((start) => `${query}\n${start.text}`);
    const vectors =
      this.options.hops !== 'text' && search.vectorsWith
        ? await search.vectorsWith(starts.map((s) => s.id))
        : undefined;
    const lists = await Promise.all(
      hopQueries.map(async (hopQuery, i) =>
        (await search.query(hopQuery, vectors?.get(starts[i]!.id))).slice(0, this.options.hopDepth ?? 10),
      ),
    );
    queries.push(...hopQueries);
    const found = new Map(
      (await this.chunks.getMany(scope, [...new Set(lists.flat().map((h) => h.id))])).map((r) => [
        r.chunk_uuid,
        r,
      ]),
    );
    const hops = starts.map((from, i) => ({
      from,
      found: lists[i]!.flatMap((hit): HopCandidate[] => {
        const record = found.get(hit.id);
        return record
          ? [{ id: hit.id, sourceId: record.source_id, title: record.source_title, score: hit.score }]
          : [];
      }),
    }));
    return combineHops(first, hops);
  }

  /**
   * The reranker orders the best candidates; each keeps a score in [0, 1]: the reranker's own
   * when it gives one in that range, else its logistic. The rest follow, below them.
   */
  private async rerank(
    scope: IndexScope,
    query: string,
    scored: RankedId[],
    maxChunks: number,
    signal: AbortSignal,
  ): Promise<RankedId[]> {
    const depth = Math.max(this.options.rerankDepth ?? 30, maxChunks);
    const head = scored.slice(0, depth);
    const records = new Map(
      (
        await this.chunks.getMany(
          scope,
          head.map((h) => h.id),
        )
      ).map((r) => [r.chunk_uuid, r]),
    );
    const present = head.filter((hit) => records.has(hit.id));
    if (present.length === 0) return scored;
    const scores = await this.options.reranker!.rerank(
      query,
      present.map((hit) => records.get(hit.id)!.content),
      { signal },
    );
    const inRange = scores.every((s) => s >= 0 && s <= 1);
    const reranked = present.map((hit, i) => {
      const score = inRange ? scores[i]! : 1 / (1 + Math.exp(-scores[i]!));
      return { id: hit.id, score, parts: { ...hit.parts, rerank: score } };
    });
    return headThenRest(reranked, scored.slice(depth));
  }
}
