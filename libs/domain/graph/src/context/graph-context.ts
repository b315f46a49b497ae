import { GraphChunkRelation, GraphContext, GraphQueryPath, GraphTriplet } from '@trove/contracts';
import { GraphEdge, GraphScope, GraphStore } from '../ports/graph-store';
import { evidenceOf } from '../triplets';
import { GraphWalk, ScoredPath } from './graph-walk';
import { querySeeds } from './query-seeds';

/** Paths returned that start with the same relation, at most. */
const MAX_PATHS_PER_START = 2;

export interface GraphContextOptions {
  /** Query paths returned, best first. */
  maxPaths: number;
  /** Relations of the result chunks returned, best first. */
  maxChunkRelations: number;
  /** Relations, and co-mentions, read by the first hop of the walk; the second reads half as many. */
  edgesPerHop: number;
  /** Entities the second hop starts from, at most. */
  maxFrontier: number;
}

export const DEFAULT_GRAPH_CONTEXT: GraphContextOptions = {
  maxPaths: 10,
  maxChunkRelations: 50,
  edgesPerHop: 100,
  maxFrontier: 24,
};

/**
 * The knowledge graph's part of a hybrid search (`graph_context: true`, docs/api.md): the query's
 * entities are found by name (query-seeds.ts), the graph is walked two hops from them and the
 * paths are scored (graph-walk.ts, scorePath: the formula, as docs/api.md states it).
 * The result chunks' own relations come beside them, scored by confidence (× 0.6 when they touch
 * none of the query's entities), and each chunk lists the paths it gave evidence for. Six reads in
 * all, whatever the graph's size: the seeds and the result chunks' relations, then two per hop.
 */
export class GraphContextBuilder {
  private readonly walk: GraphWalk;

  constructor(
    private readonly store: GraphStore,
    private readonly options: GraphContextOptions = DEFAULT_GRAPH_CONTEXT,
  ) {
    this.walk = new GraphWalk(store, {
      edgesPerHop: options.edgesPerHop,
      maxFrontier: options.maxFrontier,
    });
  }

  async build(scope: GraphScope, query: string, chunkIds: string[]): Promise<GraphContext> {
    const [{ seeds, words }, chunkEdges] = await Promise.all([
      querySeeds(this.store, scope, query),
      chunkIds.length > 0 ? this.store.edgesOfChunks(scope, chunkIds) : Promise.resolve([]),
    ]);
    const seedIds = new Set(seeds.map((e) => e.entity_id));
    const scored = seeds.length > 0 ? await this.walk.paths(scope, seeds, words, new Set(chunkIds)) : [];
    const paths: GraphQueryPath[] = diverse(scored, this.options.maxPaths).map(({ edges, score }, i) => ({
      triplets: edges.map(triplet),
      relevancy_score: round(score),
      combined_context: [...new Set(edges.map((e) => e.context).filter(Boolean))].join(' '),
      group_id: String(i),
    }));
    const chunk_relations: GraphChunkRelation[] = chunkEdges
      .map((edge) => ({
        ...triplet(edge),
        relevancy_score: round(
          edge.confidence *
            (seedIds.has(edge.source.entity_id) || seedIds.has(edge.target.entity_id) ? 1 : 0.6),
        ),
      }))
      .sort((a, b) => b.relevancy_score - a.relevancy_score)
      .slice(0, this.options.maxChunkRelations);
    const groups = new Map<string, string[]>();
    for (const path of paths) {
      for (const t of path.triplets) {
        const chunk = t.relation.chunk_id;
        if (!chunk) continue;
        const list = groups.get(chunk) ?? [];
        if (!list.includes(path.group_id)) list.push(path.group_id);
        groups.set(chunk, list);
      }
    }
    return { query_paths: paths, chunk_relations, chunk_id_to_group_ids: Object.fromEntries(groups) };
  }
}

/** The best paths, at most two of them starting with the same relation, so that one hub does not fill the list. */
function diverse(scored: ScoredPath[], max: number): ScoredPath[] {
  const starts = new Map<string, number>();
  const out: ScoredPath[] = [];
  for (const path of scored) {
    const start = path.edges[0]!.relationship_id;
    const n = starts.get(start) ?? 0;
    if (n >= MAX_PATHS_PER_START) continue;
    starts.set(start, n + 1);
    out.push(path);
    if (out.length >= max) break;
  }
  return out;
}

function triplet(edge: GraphEdge): GraphTriplet {
  return { source: edge.source, target: edge.target, relation: evidenceOf(edge) };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
