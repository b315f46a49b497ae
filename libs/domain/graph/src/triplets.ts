import { RelationEvidence, TripletWithEvidence } from '@trove/contracts';
import { GraphEdge } from './ports/graph-store';

/** A relation's evidence as the API shows it (docs/api.md, "Knowledge graph"). */
export function evidenceOf(edge: GraphEdge): RelationEvidence {
  return {
    canonical_predicate: edge.canonical_predicate,
    raw_predicate: edge.raw_predicate,
    context: edge.context,
    relationship_id: edge.relationship_id,
    confidence: edge.confidence,
    temporal_details: edge.temporal_details,
    timestamp: edge.timestamp,
    chunk_id: edge.chunk_id,
    source_entity_id: edge.source.entity_id,
    target_entity_id: edge.target.entity_id,
  };
}

/** Relations grouped per chunk and entity pair, in the order the edges come. */
export function groupIntoTriplets(edges: GraphEdge[]): TripletWithEvidence[] {
  const triplets = new Map<string, TripletWithEvidence>();
  for (const edge of edges) {
    const key = JSON.stringify([edge.chunk_id, edge.source.entity_id, edge.target.entity_id]);
    let triplet = triplets.get(key);
    if (!triplet) {
      triplet = { source: edge.source, target: edge.target, relations: [], chunk_id: edge.chunk_id };
      triplets.set(key, triplet);
    }
    triplet.relations.push(evidenceOf(edge));
  }
  return [...triplets.values()];
}
