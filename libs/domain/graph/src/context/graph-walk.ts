import { GraphEntity } from '@trove/contracts';
import { keyOf } from '../extraction/offline/keys';
import { CoMention, GraphEdge, GraphScope, GraphStore } from '../ports/graph-store';

/** How sure a co-mention is as a link: two names in one chunk are related somehow, not said how. */
export const CO_MENTION_CONFIDENCE = 0.3;
/** A path of two relations is worth this much of one of one relation, confidence for confidence. */
const SECOND_HOP = 0.85;
/** Added (up to 1) when a path joins two of the query's entities: it answers how they relate. */
const BRIDGE_BONUS = 0.15;
/** Added (up to 1) when a path's evidence lies in a chunk the search returned. */
const IN_RESULTS_BONUS = 0.1;
/** Weight of the share of the query's words that a path's evidence holds: what it says is what was asked. */
const QUERY_WORDS_WEIGHT = 0.5;
/** A named thing (not a concept) is a better place to go on from: it has its own paragraphs. */
const NAMED_FRONTIER_BONUS = 0.05;

export interface WalkOptions {
  /** Relations, and co-mentions, read by the first hop; the second reads half as many. */
  edgesPerHop: number;
  /** Entities the second hop starts from, at most: the best reached by the first. */
  maxFrontier: number;
}

export interface ScoredPath {
  edges: GraphEdge[];
  score: number;
}

/**
 * Two hops from the seeds, four reads in all: each hop asks the store once for the relations
 * around its entities and once for their co-mentions (entities named in the same chunk, as
 * "mentioned with" links of confidence 0.3), so that two sources meet through an entity they share
 * even where no relation between them was read. The store shares each read among the asked
 * entities, so a hub costs what any entity costs. The same fact read from several chunks is one
 * link (the copy in a result chunk, else the first). The second hop starts from the far ends of the
 * first that its best one-hop paths rank highest, named things first; it never repeats a
 * co-mention of the first edge's own chunk (the seed was named there too, so that link is one hop).
 */
export class GraphWalk {
  constructor(
    private readonly store: GraphStore,
    private readonly options: WalkOptions,
  ) {}

  async paths(
    scope: GraphScope,
    seeds: GraphEntity[],
    queryWords: Set<string>,
    inResults: Set<string>,
  ): Promise<ScoredPath[]> {
    const seedIds = new Set(seeds.map((e) => e.entity_id));
    const known = new Map<string, GraphEntity>(seeds.map((e) => [e.entity_id, e]));
    const score = (edges: GraphEdge[]) => scorePath(edges, seedIds, inResults, queryWords);
    const first = await this.hop(scope, [...seedIds], this.options.edgesPerHop, known, inResults);

    const priority = new Map<string, number>();
    for (const edge of first) {
      for (const end of [edge.source, edge.target]) {
        if (seedIds.has(end.entity_id)) continue;
        const p = score([edge]) + (end.type === 'concept' ? 0 : NAMED_FRONTIER_BONUS);
        priority.set(end.entity_id, Math.max(priority.get(end.entity_id) ?? 0, p));
      }
    }
    const frontier = [...priority]
      .sort((a, b) => b[1] - a[1])
      .slice(0, this.options.maxFrontier)
      .map(([id]) => id);
    const firstIds = new Set(first.map((e) => e.relationship_id));
    const second =
      frontier.length > 0
        ? (await this.hop(scope, frontier, Math.ceil(this.options.edgesPerHop / 2), known, inResults)).filter(
            (e) => !firstIds.has(e.relationship_id),
          )
        : [];
    const around = new Map<string, GraphEdge[]>();
    for (const edge of second) {
      for (const end of new Set([edge.source.entity_id, edge.target.entity_id])) {
        around.set(end, [...(around.get(end) ?? []), edge]);
      }
    }

    const candidates: GraphEdge[][] = first.map((edge) => [edge]);
    for (const a of first) {
      const seedEnd = seedIds.has(a.source.entity_id) ? a.source.entity_id : a.target.entity_id;
      const middle = seedEnd === a.source.entity_id ? a.target.entity_id : a.source.entity_id;
      for (const b of around.get(middle) ?? []) {
        const far = b.source.entity_id === middle ? b.target.entity_id : b.source.entity_id;
        if (far === seedEnd || far === middle) continue;
        if (isCoMention(b) && b.chunk_id === a.chunk_id) continue;
        candidates.push([a, b]);
      }
    }
    const seen = new Set<string>();
    return candidates
      .map((edges) => ({ edges, score: score(edges) }))
      .sort((x, y) => y.score - x.score)
      .filter(({ edges }) => {
        const id = edges
          .map((e) => e.relationship_id)
          .sort()
          .join('|');
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
  }

  /** One hop: relations and co-mentions around `ids`, each fact once. */
  private async hop(
    scope: GraphScope,
    ids: string[],
    limit: number,
    known: Map<string, GraphEntity>,
    inResults: Set<string>,
  ): Promise<GraphEdge[]> {
    const [relations, mentions] = await Promise.all([
      this.store.edgesAround(scope, ids, limit),
      this.store.coMentions(scope, ids, limit),
    ]);
    for (const e of relations) for (const end of [e.source, e.target]) known.set(end.entity_id, end);
    const links = mentions.flatMap((m): GraphEdge[] => {
      const from = known.get(m.from_entity_id);
      if (!from) return [];
      known.set(m.entity.entity_id, m.entity);
      return [coMentionEdge(from, m)];
    });
    const facts = new Map<string, GraphEdge>();
    for (const edge of [...relations, ...links]) {
      const key = factOf(edge);
      const held = facts.get(key);
      if (!held || (!inResults.has(held.chunk_id) && inResults.has(edge.chunk_id))) facts.set(key, edge);
    }
    return [...facts.values()];
  }
}

/**
 *   score = mean confidence of the path's relations × 0.85^(relations − 1)
 *           + 0.15 when the path joins two of the query's entities
 *           + 0.10 when one of its relations was read from a result chunk
 *           + 0.50 × the share of the query's words its evidence holds        (at most 1)
 */
export function scorePath(
  edges: GraphEdge[],
  seedIds: Set<string>,
  inResults: Set<string>,
  queryWords: Set<string>,
): number {
  const mean = edges.reduce((sum, e) => sum + e.confidence, 0) / edges.length;
  let score = mean * SECOND_HOP ** (edges.length - 1);
  const ends = new Set(
    edges.flatMap((e) => [e.source.entity_id, e.target.entity_id]).filter((id) => seedIds.has(id)),
  );
  if (ends.size >= 2) score += BRIDGE_BONUS;
  if (edges.some((e) => inResults.has(e.chunk_id))) score += IN_RESULTS_BONUS;
  if (queryWords.size > 0) {
    let held = 0;
    for (const word of queryWords) if (edges.some((e) => wordsOf(e).has(word))) held++;
    score += QUERY_WORDS_WEIGHT * (held / queryWords.size);
  }
  return Math.min(1, score);
}

const evidenceWords = new WeakMap<GraphEdge, Set<string>>();

/** The words of an edge's evidence sentence and of its two names, as resolution keys spell them. */
function wordsOf(edge: GraphEdge): Set<string> {
  let words = evidenceWords.get(edge);
  if (!words) {
    words = new Set(keyOf(`${edge.context} ${edge.source.name} ${edge.target.name}`).split(' '));
    evidenceWords.set(edge, words);
  }
  return words;
}

const isCoMention = (edge: GraphEdge) => edge.relationship_id.startsWith('co:');

/** What an edge says, wherever it was read: a co-mention has no direction. */
function factOf(edge: GraphEdge): string {
  const [s, t] = [edge.source.entity_id, edge.target.entity_id];
  if (isCoMention(edge)) return JSON.stringify(['co', ...[s, t].sort()]);
  return JSON.stringify([s, edge.canonical_predicate, t]);
}

function coMentionEdge(from: GraphEntity, m: CoMention): GraphEdge {
  return {
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
  };
}
