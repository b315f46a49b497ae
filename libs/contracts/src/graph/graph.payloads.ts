/**
 * The knowledge graph's records as the API returns them (docs/api.md, "Graph relations"). The
 * second entity of a triplet is named `target` (the source of the interface prints that row
 * garbled; `target` is what every relation field around it calls it).
 */

/** An entity of a sub-tenant's graph: one per real-world thing, whichever sources mention it. */
export interface GraphEntity {
  /** The entity's name as first seen, whitespace-normalised. */
  name: string;
  /** person, organization, location, product, event, date, concept, email, url, error_code, … */
  type: string;
  /** Context category; `default` unless the extractor says otherwise. */
  namespace: string;
  entity_id: string;
  /** A unique identifier the entity carries (an e-mail address, a URL, an error code), or null. */
  identifier: string | null;
}

/** One statement of a relation between two entities, with where it was read. */
export interface RelationEvidence {
  /** The predicate from the documented vocabulary (`works at`, `born in`, …), or the raw one. */
  canonical_predicate: string;
  /** The predicate as written in the text. */
  raw_predicate: string;
  /** The sentence the relation was read from. */
  context: string;
  relationship_id: string;
  /** 0 to 1. */
  confidence: number;
  /** The time phrase that dates the relation in the text ("in 1903"), or null. */
  temporal_details: string | null;
  /** When the relation took place, as ISO-8601 UTC, when the time phrase names a date; else null. */
  timestamp: string | null;
  chunk_id: string | null;
  source_entity_id: string | null;
  target_entity_id: string | null;
}

/** The relations between two entities read from one chunk. */
export interface TripletWithEvidence {
  source: GraphEntity;
  target: GraphEntity;
  relations: RelationEvidence[];
  chunk_id: string;
}
