import type { GraphContext, GraphEntity, GraphTriplet } from '@trove/contracts';

/**
 * Graph-aware ranking (docs/api.md, Search: graph-aware ranking), run by the graph service when a
 * context request carries `rank` (GraphContextRequest). Framework-free and without runtime
 * imports, so that the service and the benchmark (bench/graph-ranking.bench.mjs) run the same code.
 *
 * A chunk's graph evidence `e` is the highest confidence among the relations read from it that
 * either lie on one of the query's paths (`query_paths`) or join two of the query's entities; its
 * score becomes `1 − (1 − score)(1 − w·e)`: a probabilistic OR, so scores stay in [0, 1], a chunk
 * without evidence keeps its score, and evidence lifts a weak chunk more than a strong one.
 */

/** A candidate to re-rank: a chunk id and its search score, with the parts of that score if any. */
export interface RankCandidate {
  chunk_id: string;
  score: number;
  explain?: Record<string, number>;
}

/** A kept candidate: its new score, the lift `w·e` (0 without evidence), and explain with graph and final. */
export interface RankedCandidate {
  chunk_id: string;
  score: number;
  graph: number;
  explain?: Record<string, number>;
}

export interface GraphRankingOptions {
  /** GRAPH_RANKING_WEIGHT, 0 to 1: how much full evidence (e = 1) lifts a chunk; 0: no re-ranking. */
  weight: number;
  /** Candidates kept after re-ranking (the request's max_chunks). */
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
  /** The kept candidates, best first. */
  ranking: RankedCandidate[];
  /** The context restricted to the kept candidates (restrictGraphContext). */
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
 * Re-scores `candidates` (best first) by their graph evidence, sorts them by the new score (ties
 * keep their order), keeps the best `keep`, and restricts the context to them
 * (restrictGraphContext). Weight 0: no re-scoring, the candidates in their order, cut to `keep`.
 * A candidate with `explain` comes back with `explain.graph = w·e` (when > 0) and `explain.final`
 * = the new score.
 */
export function rankByGraphEvidence(
  candidates: RankCandidate[],
  context: GraphContext,
  options: GraphRankingOptions,
): GraphRanking {
  const w = clamp01(options.weight);
  const evidence = w > 0 ? graphEvidence(context, options.query, { coMentions: options.coMentions }) : new Map<string, number>();
  const scored = candidates.map((candidate, i): { ranked: RankedCandidate; i: number } => {
    const graph = w * (evidence.get(candidate.chunk_id) ?? 0);
    const score = graph > 0 ? 1 - (1 - clamp01(candidate.score)) * (1 - graph) : candidate.score;
    const explain = candidate.explain
      ? { ...candidate.explain, ...(graph > 0 ? { graph } : {}), final: score }
      : undefined;
    return { ranked: { chunk_id: candidate.chunk_id, score, graph, ...(explain ? { explain } : {}) }, i };
  });
  if (w > 0) scored.sort((a, b) => b.ranked.score - a.ranked.score || a.i - b.i);
  const keep = Math.max(0, Math.floor(options.keep));
  const ranking = scored.slice(0, keep).map((s) => s.ranked);
  const dropped = new Set(scored.slice(ranking.length).map((s) => s.ranked.chunk_id));
  for (const r of ranking) dropped.delete(r.chunk_id);
  return {
    ranking,
    graph_context: restrictGraphContext(
      context,
      ranking.map((r) => r.chunk_id),
      dropped,
    ),
  };
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
