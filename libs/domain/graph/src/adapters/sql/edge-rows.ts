import { GraphEntity } from '@trove/contracts';
import { GraphEdge } from '../../ports/graph-store';

/** A relation row joined with both its entities, as the reads select it. */
export interface EdgeRow {
  relationship_id: string;
  source_id: string;
  chunk_id: string;
  canonical_predicate: string;
  raw_predicate: string;
  context: string;
  confidence: number;
  temporal_details: string | null;
  happened_at: Date | null;
  s_id: string;
  s_name: string;
  s_type: string;
  s_namespace: string;
  s_identifier: string | null;
  t_id: string;
  t_name: string;
  t_type: string;
  t_namespace: string;
  t_identifier: string | null;
}

export const EDGE_SELECT = `
  SELECT r.relationship_id, r.source_id, r.chunk_id, r.canonical_predicate, r.raw_predicate, r.context,
    r.confidence, r.temporal_details, r.happened_at,
    s.entity_id AS s_id, s.name AS s_name, s.type AS s_type, s.namespace AS s_namespace, s.identifier AS s_identifier,
    t.entity_id AS t_id, t.name AS t_name, t.type AS t_type, t.namespace AS t_namespace, t.identifier AS t_identifier
  FROM graph.relations r
  JOIN graph.entities s ON s.tenant_id = r.tenant_id AND s.sub_tenant_id = r.sub_tenant_id
    AND s.entity_id = r.source_entity_id
  JOIN graph.entities t ON t.tenant_id = r.tenant_id AND t.sub_tenant_id = r.sub_tenant_id
    AND t.entity_id = r.target_entity_id
  WHERE r.tenant_id = $1 AND r.sub_tenant_id = $2`;

export function entity(row: EdgeRow, end: 's' | 't'): GraphEntity {
  return {
    entity_id: row[`${end}_id`],
    name: row[`${end}_name`],
    type: row[`${end}_type`],
    namespace: row[`${end}_namespace`],
    identifier: row[`${end}_identifier`],
  };
}

export function edge(row: EdgeRow): GraphEdge {
  return {
    relationship_id: row.relationship_id,
    source: entity(row, 's'),
    target: entity(row, 't'),
    canonical_predicate: row.canonical_predicate,
    raw_predicate: row.raw_predicate,
    context: row.context,
    confidence: Number(row.confidence),
    temporal_details: row.temporal_details,
    timestamp: row.happened_at ? row.happened_at.toISOString() : null,
    source_id: row.source_id,
    chunk_id: row.chunk_id,
  };
}
