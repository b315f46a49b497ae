import type { GraphContext, GraphEntity, GraphTriplet, ResultChunk } from '@trove/contracts';

/**
 * Graph-aware ranking (docs/api.md, Search: graph-aware ranking). Framework-free and without
 * runtime imports, so that the gateway, which orchestrates search and graph, and the benchmarks run
 * the same code.
 *
 * A chunk's graph evidence `e` is the highest confidence among the relations read from it that
 * either lie on one of the query's paths (`query_paths`) or join two of the query's entities; its
 * score becomes `1 − (1 − score)(1 − w·e)`: a probabilistic OR, so scores stay in [0, 1], a chunk
 * without evidence keeps its score, and evidence lifts a weak chunk more than a strong one.
 */

/** Widest candidate list asked of the search service: the API's own max_chunks bound. */
const MAX_WIDTH = 1001;

/**
 * How many candidates to ask the search service for when the graph re-ranks `maxChunks` results:
 * `min(1001, max(10, 2 × max_chunks))`. Measured on HotpotQA dev (bench/graph-ranking.bench.mjs,
 * top 5): 2× did as well as 4× and 6× or better, and each extra chunk id costs the graph call time
 * (p50 107 ms with 10 ids, 152 ms with 30).
 */
export function graphCandidateCount(maxChunks: number, factor = 2, minWidth = 10): number {
  return Math.min(MAX_WIDTH, Math.max(minWidth, factor * maxChunks));
}

export interface GraphRankingOptions {
  /** SEARCH_GRAPH_WEIGHT, 0 to 1: how much full evidence (e = 1) lifts a chunk. */
  weight: number;
  /** Results kept after re-ranking (the request's max_chunks). */
  keep: number;
  /**
   * The query text: an entity whose name the query holds (case, accents and punctuation aside) is
   * one of the query's entities, as the graph's own seeds are found by name (query-seeds.ts).
   */
  query: string;
  /** Co-mentions on query paths (`co:` links, confidence 0.3) count as evidence too. Default true. */
  coMentions?: boolean;
}

export interface GraphRanking {
  chunks: ResultChunk[];
  graph_context: GraphContext;
}

/**
 * Each chunk's evidence `e` in [0, 1], for the chunks that have any: relations of query paths by
 * their `chunk_id`, and chunk relations whose both ends are query entities.
 */
export function graphEvidence(
  context: GraphContext,
  query: string,
  options: { coMentions?: boolean } = {},
): Map<string, number> {
  const coMentions = options.coMentions ?? true;
  const evidence = new Map<string, number>();
  const note = (t: GraphTriplet) => {
    const chunk = t.relation.chunk_id;
    if (!chunk) return;
    if (!coMentions && t.relation.relationship_id.startsWith('co:')) return;
    const confidence = clamp01(t.relation.confidence);
    if (confidence > (evidence.get(chunk) ?? 0)) evidence.set(chunk, confidence);
  };
  for (const path of context.query_paths) for (const t of path.triplets) note(t);
  const seeds = queryEntities(context, query);
  for (const r of context.chunk_relations) {
    if (seeds.has(r.source.entity_id) && seeds.has(r.target.entity_id) && r.source.entity_id !== r.target.entity_id)
      note(r);
  }
  return evidence;
}

/**
 * The query's entities, as far as the context shows them: the start of every path of two relations
 * or more (the walk starts from the query's entities: the end of the first relation that the second
 * does not share), and every entity of the context whose name the query holds as whole words.
 */
export function queryEntities(context: GraphContext, query: string): Set<string> {
  const ids = new Set<string>();
  const text = ` ${normalise(query)} `;
  const consider = (e: GraphEntity) => {
    const key = normalise(e.name).replace(/^the /, '');
    if (key.length >= 2 && text.includes(` ${key} `)) ids.add(e.entity_id);
  };
  for (const path of context.query_paths) {
    const [first, second] = path.triplets;
    if (first && second) {
      const shared = new Set([second.source.entity_id, second.target.entity_id]);
      if (!shared.has(first.source.entity_id)) ids.add(first.source.entity_id);
      else if (!shared.has(first.target.entity_id)) ids.add(first.target.entity_id);
    }
    for (const t of path.triplets) {
      consider(t.source);
      consider(t.target);
    }
  }
  for (const r of context.chunk_relations) {
    consider(r.source);
    consider(r.target);
  }
  return ids;
}

/**
 * Re-scores `chunks` (best first) by their graph evidence, sorts them by the new score (ties keep
 * their order), keeps the best `keep`, and restricts the context to them (restrictGraphContext).
 * With `explain` on a chunk, `explain.graph = w·e` (for chunks with evidence) and `explain.final`
 * is the new score.
 */
export function rankByGraphEvidence(
  chunks: ResultChunk[],
  context: GraphContext,
  options: GraphRankingOptions,
): GraphRanking {
  const w = clamp01(options.weight);
  const evidence = graphEvidence(context, options.query, { coMentions: options.coMentions });
  const scored = chunks.map((chunk, i) => {
    const lift = w * (evidence.get(chunk.chunk_uuid) ?? 0);
    if (lift <= 0) return { chunk, i };
    const score = 1 - (1 - clamp01(chunk.relevancy_score)) * (1 - lift);
    const explain = chunk.explain ? { ...chunk.explain, graph: lift, final: score } : undefined;
    return { chunk: { ...chunk, relevancy_score: score, ...(explain ? { explain } : {}) }, i };
  });
  scored.sort((a, b) => b.chunk.relevancy_score - a.chunk.relevancy_score || a.i - b.i);
  const kept = scored.slice(0, Math.max(0, options.keep)).map((s) => s.chunk);
  const dropped = new Set(scored.slice(kept.length).map((s) => s.chunk.chunk_uuid));
  return { chunks: kept, graph_context: restrictGraphContext(context, kept.map((c) => c.chunk_uuid), dropped) };
}

/**
 * The context of the kept chunks only: chunk relations and chunk groups of kept chunks; the query
 * paths whose evidence lies only in dropped chunks go (a path with evidence in a kept chunk, or in
 * a chunk the search never returned, stays, as it would without re-ranking). Every group listed
 * still names a path of the list.
 */
export function restrictGraphContext(context: GraphContext, kept: string[], dropped: Set<string>): GraphContext {
  const keep = new Set(kept);
  const query_paths = context.query_paths.filter((path) =>
    path.triplets.some((t) => !t.relation.chunk_id || !dropped.has(t.relation.chunk_id)),
  );
  const groups = new Set(query_paths.map((p) => p.group_id));
  const chunk_id_to_group_ids: Record<string, string[]> = {};
  for (const [chunk, ids] of Object.entries(context.chunk_id_to_group_ids)) {
    if (dropped.has(chunk)) continue;
    const left = ids.filter((id) => groups.has(id));
    if (left.length > 0) chunk_id_to_group_ids[chunk] = left;
  }
  return {
    query_paths,
    chunk_relations: context.chunk_relations.filter((r) => r.relation.chunk_id && keep.has(r.relation.chunk_id)),
    chunk_id_to_group_ids,
  };
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
