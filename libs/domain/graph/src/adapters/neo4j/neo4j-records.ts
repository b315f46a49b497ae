import { GraphEntity } from '@trove/contracts';
import { DateTime, isDateTime, isInt, Integer, Record as Neo4jRecord } from 'neo4j-driver';
import { GraphEdge, GraphScope } from '../../ports/graph-store';

/** The projection of a relation `r` from entity `a` to entity `b` that every edge read returns. */
export const EDGE_RETURN = `r {
    .relationship_id, .source_id, .chunk_id, .ordinal, .canonical_predicate, .raw_predicate, .context,
    .confidence, .temporal_details, .happened_at
  } AS r,
  a { .entity_id, .name, .type, .namespace, .identifier } AS a,
  b { .entity_id, .name, .type, .namespace, .identifier } AS b`;

interface RelationMap {
  relationship_id: string;
  source_id: string;
  chunk_id: string;
  ordinal: Integer | number;
  canonical_predicate: string;
  raw_predicate: string;
  context: string;
  confidence: number;
  temporal_details: string | null;
  happened_at: DateTime | null;
}

/** Neo4j integers arrive as the driver's 64-bit Integer; every count here fits a JS number. */
export function toNumber(value: unknown): number {
  return isInt(value) ? (value as Integer).toNumber() : Number(value);
}

export function entityOf(map: Record<string, unknown>): GraphEntity {
  return {
    entity_id: map['entity_id'] as string,
    name: map['name'] as string,
    type: map['type'] as string,
    namespace: map['namespace'] as string,
    // A null property is no property at all in Neo4j: it reads back as null.
    identifier: (map['identifier'] as string | null | undefined) ?? null,
  };
}

/** ISO 8601 with milliseconds in UTC, as the SQL adapter and docs/api.md give timestamps. */
function isoOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (isDateTime(value)) return (value as DateTime).toStandardDate().toISOString();
  return new Date(String(value)).toISOString();
}

export function edgeOf(record: Neo4jRecord): GraphEdge {
  const r = record.get('r') as RelationMap;
  return {
    relationship_id: r.relationship_id,
    source: entityOf(record.get('a') as Record<string, unknown>),
    target: entityOf(record.get('b') as Record<string, unknown>),
    canonical_predicate: r.canonical_predicate,
    raw_predicate: r.raw_predicate,
    context: r.context,
    confidence: toNumber(r.confidence),
    temporal_details: r.temporal_details ?? null,
    timestamp: isoOf(r.happened_at),
    source_id: r.source_id,
    chunk_id: r.chunk_id,
  };
}

/** The scope parameters every statement filters on. */
export function params(scope: GraphScope): { t: string; s: string } {
  return { t: scope.tenant_id, s: scope.sub_tenant_id };
}
