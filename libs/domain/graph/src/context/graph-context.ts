import {
  GraphChunkRelation,
  GraphContext,
  GraphEntity,
  GraphQueryPath,
  GraphTriplet,
} from '@trove/contracts';
import { keyOf } from '../extraction/offline/mentions';
import { readSentences } from '../extraction/offline/sentences';
import { GraphEdge, GraphScope, GraphStore } from '../ports/graph-store';
import { evidenceOf } from '../triplets';

export interface GraphContextOptions {
  /** Query paths returned, best first. */
  maxPaths: number;
  /** Relations of the result chunks returned, best first. */
  maxChunkRelations: number;
  /** Relations read per hop of the walk. */
  edgesPerHop: number;
}

export const DEFAULT_GRAPH_CONTEXT: GraphContextOptions = {
  maxPaths: 10,
  maxChunkRelations: 50,
  edgesPerHop: 100,
};

/** How sure a co-mention is as a link: two names in one chunk are related somehow, not said how. */
const CO_MENTION_CONFIDENCE = 0.3;
/** Entities the second hop starts from, at most. */
const MAX_FRONTIER = 50;
/** Longest name looked up in a query, in words. */
const MAX_NAME_WORDS = 4;
/** At most this many entities start the walk: the longest names the query holds. */
const MAX_SEEDS = 8;
/** A path of two relations is worth this much of one of one relation, confidence for confidence. */
const SECOND_HOP = 0.85;
/** Added (up to 1) when a path joins two of the query's entities: it answers how they relate. */
const BRIDGE_BONUS = 0.15;
/** Added (up to 1) when a path's evidence lies in a chunk the search returned. */
const IN_RESULTS_BONUS = 0.1;

/**
 * The knowledge graph's part of a hybrid search (`graph_context: true`, docs/api.md): the query's
 * entities are found by name (every 1–4-word span of the query, as resolution keys, so case and
 * accents do not matter), the graph is walked two hops from them, and the paths are scored:
 *
 *   score = mean confidence of the path's relations × 0.85^(relations − 1)
 *           + 0.15 when the path joins two of the query's entities
 *           + 0.10 when one of its relations was read from a result chunk      (at most 1)
 *
 * The result chunks' own relations come beside them, scored by confidence (× 0.6 when they touch
 * none of the query's entities), and each chunk lists the paths it gave evidence for.
 */
export class GraphContextBuilder {
  constructor(
    private readonly store: GraphStore,
    private readonly options: GraphContextOptions = DEFAULT_GRAPH_CONTEXT,
  ) {}

  async build(scope: GraphScope, query: string, chunkIds: string[]): Promise<GraphContext> {
    const seeds = await this.seeds(scope, query);
    const seedIds = new Set(seeds.map((e) => e.entity_id));
    const inResults = new Set(chunkIds);
    const paths = seeds.length > 0 ? await this.paths(scope, seeds, inResults) : [];
    const chunkEdges = chunkIds.length > 0 ? await this.store.edgesOfChunks(scope, chunkIds) : [];
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
    paths.forEach((path) => {
      for (const t of path.triplets) {
        const chunk = t.relation.chunk_id;
        if (!chunk) continue;
        const list = groups.get(chunk) ?? [];
        if (!list.includes(path.group_id)) list.push(path.group_id);
        groups.set(chunk, list);
      }
    });
    return { query_paths: paths, chunk_relations, chunk_id_to_group_ids: Object.fromEntries(groups) };
  }

  /** The entities the query names, longest names first; a word inside a longer match does not count alone. */
  private async seeds(scope: GraphScope, query: string): Promise<GraphEntity[]> {
    const words = readSentences(query.slice(0, 2_000))
      .flatMap((s) => s.tokens)
      .filter((t) => t.kind !== 'punctuation')
      .map((t) => ({ key: keyOf(t.text), stop: t.stop }));
    const spans = new Map<string, { from: number; to: number }>();
    for (let from = 0; from < words.length; from++) {
      for (let to = from + 1; to <= Math.min(words.length, from + MAX_NAME_WORDS); to++) {
        const span = words.slice(from, to);
        if (span.every((w) => w.stop) || span[0]!.stop || span[span.length - 1]!.stop) continue;
        const key = span
          .map((w) => w.key)
          .join(' ')
          .trim();
        if (key && !spans.has(key)) spans.set(key, { from, to });
      }
    }
    if (spans.size === 0) return [];
    const found = await this.store.entitiesByKeys(scope, [...spans.keys()]);
    const matched = [...found.keys()].map((key) => ({ key, ...spans.get(key)! }));
    matched.sort((a, b) => b.to - b.from - (a.to - a.from));
    const covered = new Set<number>();
    const seeds = new Map<string, GraphEntity>();
    for (const m of matched) {
      const free = Array.from({ length: m.to - m.from }, (_, i) => m.from + i).some((i) => !covered.has(i));
      if (!free) continue;
      for (let i = m.from; i < m.to; i++) covered.add(i);
      for (const entity of found.get(m.key) ?? [])
        if (seeds.size < MAX_SEEDS) seeds.set(entity.entity_id, entity);
    }
    return [...seeds.values()];
  }

  /**
   * Two hops from the seeds. Each hop follows the relations around its entities and, beside them,
   * their co-mentions (entities named in the same chunk, as "mentioned with" links of confidence
   * 0.3), so that two sources meet through an entity they share even where no relation between
   * them was read.
   */
  private async paths(
    scope: GraphScope,
    seeds: GraphEntity[],
    inResults: Set<string>,
  ): Promise<GraphQueryPath[]> {
    const seedIds = new Set(seeds.map((e) => e.entity_id));
    const known = new Map<string, GraphEntity>(seeds.map((e) => [e.entity_id, e]));
    const hop = async (ids: string[]): Promise<GraphEdge[]> => {
      const [relations, mentions] = await Promise.all([
        this.store.edgesAround(scope, ids, this.options.edgesPerHop),
        this.store.coMentions(scope, ids, this.options.edgesPerHop),
      ]);
      for (const e of relations) for (const end of [e.source, e.target]) known.set(end.entity_id, end);
      const links = mentions.flatMap((m): GraphEdge[] => {
        const from = known.get(m.from_entity_id);
        if (!from) return [];
        known.set(m.entity.entity_id, m.entity);
        return [
          {
            relationship_id: `co:${m.source_id}:${m.chunk_id}:${m.from_entity_id}:${m.entity.entity_id}`,
            source: from,
            target: m.entity,
            canonical_predicate: 'mentioned with',
            raw_predicate: 'mentioned with',
            context: m.context,
            confidence: CO_MENTION_CONFIDENCE,
            temporal_details: null,
            timestamp: null,
            source_id: m.source_id,
            chunk_id: m.chunk_id,
          },
        ];
      });
      return [...relations, ...links];
    };
    const first = await hop([...seedIds]);
    const frontier = new Set<string>();
    for (const edge of first) {
      for (const end of [edge.source.entity_id, edge.target.entity_id])
        if (!seedIds.has(end)) frontier.add(end);
    }
    const firstIds = new Set(first.map((e) => e.relationship_id));
    const second =
      frontier.size > 0
        ? (await hop([...frontier].slice(0, MAX_FRONTIER))).filter((e) => !firstIds.has(e.relationship_id))
        : [];
    const candidates: GraphEdge[][] = first.map((edge) => [edge]);
    for (const a of first) {
      const seedEnd = seedIds.has(a.source.entity_id) ? a.source.entity_id : a.target.entity_id;
      const middle = seedEnd === a.source.entity_id ? a.target.entity_id : a.source.entity_id;
      for (const b of second) {
        const touches = b.source.entity_id === middle || b.target.entity_id === middle;
        const far = b.source.entity_id === middle ? b.target.entity_id : b.source.entity_id;
        if (touches && far !== seedEnd) candidates.push([a, b]);
      }
    }
    const scored = candidates.map((edges) => ({ edges, score: this.score(edges, seedIds, inResults) }));
    scored.sort((x, y) => y.score - x.score);
    const seen = new Set<string>();
    const out: GraphQueryPath[] = [];
    for (const { edges, score } of scored) {
      const id = edges
        .map((e) => e.relationship_id)
        .sort()
        .join('|');
      if (seen.has(id)) continue;
      seen.add(id);
      const contexts = [...new Set(edges.map((e) => e.context).filter(Boolean))];
      out.push({
        triplets: edges.map(triplet),
        relevancy_score: round(score),
        combined_context: contexts.join(' '),
        group_id: String(out.length),
      });
      if (out.length >= this.options.maxPaths) break;
    }
    return out;
  }

  private score(edges: GraphEdge[], seedIds: Set<string>, inResults: Set<string>): number {
    const mean = edges.reduce((sum, e) => sum + e.confidence, 0) / edges.length;
    let score = mean * SECOND_HOP ** (edges.length - 1);
    const ends = new Set(
      edges.flatMap((e) => [e.source.entity_id, e.target.entity_id]).filter((id) => seedIds.has(id)),
    );
    if (ends.size >= 2) score += BRIDGE_BONUS;
    if (edges.some((e) => inResults.has(e.chunk_id))) score += IN_RESULTS_BONUS;
    return Math.min(1, score);
  }
}

function triplet(edge: GraphEdge): GraphTriplet {
  return { source: edge.source, target: edge.target, relation: evidenceOf(edge) };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
