import { GraphEntity, TripletWithEvidence } from '@trove/contracts';
import { StoreLifecycle } from '@trove/platform-database';

/** A sub-tenant's graph: nothing is ever read or resolved across two scopes. */
export interface GraphScope {
  tenant_id: string;
  sub_tenant_id: string;
}

/** An entity as an extractor found it in one chunk. */
export interface EntityMention {
  /** As written, whitespace-normalised: the name a new entity is given. */
  name: string;
  type: string;
  /** Defaults to `default`. */
  namespace?: string;
  identifier?: string | null;
  /**
   * The names this mention is looked up by, most specific first (its normalised name, then other
   * spellings of the same name). The mention resolves to the entity of the same type in the same
   * sub-tenant holding the first of these keys; with none held, a new entity is made.
   */
  keys: string[];
  /** The sentence that names it, first in the chunk: the evidence of a co-mention. */
  context?: string;
  /**
   * Further keys the entity claims for later mentions, never used to look this one up: "curie"
   * for "Marie Curie", so that a later "Curie" finds her, while "Pierre Curie" does not. The first
   * entity to claim a key keeps it.
   */
  aliases?: string[];
}

/** A relation read from one chunk, between two of that chunk's mentions. */
export interface RelationMention {
  /** Indexes into the chunk's `entities`. */
  source: number;
  target: number;
  canonical_predicate: string;
  raw_predicate: string;
  context: string;
  confidence: number;
  temporal_details: string | null;
  timestamp: Date | null;
}

/** What extraction found in one chunk of a source. */
export interface ChunkFacts {
  chunk_id: string;
  entities: EntityMention[];
  relations: RelationMention[];
}

/** What extraction found in one source: the whole of what the source says. */
export interface SourceFacts {
  source_id: string;
  chunks: ChunkFacts[];
}

/** One relation with both its entities, as graph walks and chunk lookups return it. */
export interface GraphEdge {
  relationship_id: string;
  source: GraphEntity;
  target: GraphEntity;
  canonical_predicate: string;
  raw_predicate: string;
  context: string;
  confidence: number;
  temporal_details: string | null;
  timestamp: string | null;
  source_id: string;
  chunk_id: string;
}

/** Another entity named in the same chunk as one of the entities asked about. */
export interface CoMention {
  /** The entity asked about. */
  from_entity_id: string;
  entity: GraphEntity;
  source_id: string;
  chunk_id: string;
  /** The sentence of the chunk that names `entity`. */
  context: string;
}

export interface GraphCounts {
  entities: number;
  relations: number;
}

/**
 * Where the knowledge graph lives: entities resolved within a sub-tenant, the relations between
 * them, and which source and chunk each was read from (its evidence). An entity lives as long as
 * some source mentions it: replacing or deleting a source removes the entities it alone held.
 */
export abstract class GraphStore extends StoreLifecycle {
  /**
   * Makes `chunks` the whole of what `sourceId` says: its earlier relations and mentions go,
   * these take their place, and entities no source mentions any more are removed. Atomic: readers
   * see the old facts or the new ones. Calling it again with the same facts changes nothing but
   * relationship ids.
   */
  replaceSource(scope: GraphScope, sourceId: string, chunks: ChunkFacts[]): Promise<void> {
    return this.replaceSources(scope, [{ source_id: sourceId, chunks }]);
  }

  /**
   * replaceSource for several sources of one scope, in one transaction: the same graph as
   * replacing them one after another, in order, but for one thing: an entity only an earlier
   * source's old facts mentioned lives until the end of the batch, so a later source naming it
   * keeps its id. Each source appears once. A malformed source fails the batch before anything is
   * written.
   */
  abstract replaceSources(scope: GraphScope, sources: SourceFacts[]): Promise<void>;

  /**
   * Every relation read from the source, grouped per chunk and entity pair, in the order the
   * chunks and relations were given; empty when the source has none (or does not exist).
   */
  abstract relationsOfSource(scope: GraphScope, sourceId: string): Promise<TripletWithEvidence[]>;

  /** Removes what the sources said, and the entities left without a mention; returns how many sources had facts. */
  abstract deleteSources(scope: GraphScope, sourceIds: string[]): Promise<number>;

  /** Removes the sub-tenant's whole graph. */
  abstract deleteSubTenant(scope: GraphScope): Promise<void>;

  /** Entities holding any of `keys`, per key (of any type). */
  abstract entitiesByKeys(scope: GraphScope, keys: string[]): Promise<Map<string, GraphEntity[]>>;

  /**
   * Relations touching any of the entities (either end), at most `limit`: one hop of a walk. Each
   * entity gets an equal share of the limit (rounded up) and its most confident relations fill it,
   * so that a hub cannot take the whole hop; together, the most confident first. A two-hop walk
   * asks again from the entities this returned.
   */
  abstract edgesAround(scope: GraphScope, entityIds: string[], limit: number): Promise<GraphEdge[]>;

  /**
   * Entities named in a chunk that also names one of `entityIds`, at most `limit`. Each asked
   * entity gets an equal share (rounded up), read from its first chunks by source and chunk id (half
   * its share, 2 to 8): named things before concepts, and one from each chunk before a second from any. The
   * graph walk follows them where no relation was read, so that two sources meet through the
   * entity they share.
   */
  abstract coMentions(scope: GraphScope, entityIds: string[], limit: number): Promise<CoMention[]>;

  /** Relations read from any of the chunks, in chunk order then in the order they were given. */
  abstract edgesOfChunks(scope: GraphScope, chunkIds: string[]): Promise<GraphEdge[]>;

  abstract counts(scope: GraphScope): Promise<GraphCounts>;

  /** The counts of each of a tenant's sub-tenants that hold any entity. */
  abstract countsBySubTenant(tenantId: string): Promise<Map<string, GraphCounts>>;

  /** Resolves when the store's server answers; /readyz reports it. */
  abstract ping(): Promise<void>;
}
