/**
 * The graph's schema in Neo4j (Community edition 5.x: property uniqueness constraints, composite
 * ones included, and range indexes on node and relationship properties; no node-key constraints).
 *
 *   (:Entity {tenant_id, sub_tenant_id, entity_id, name, type, namespace, identifier})
 *   (:EntityKey {tenant_id, sub_tenant_id, type, key, entity_id})   one per resolution key
 *   (:Source {tenant_id, sub_tenant_id, source_id})-[:MENTIONS {chunk_id}]->(:Entity)
 *   (:Entity)-[:RELATION {tenant_id, sub_tenant_id, relationship_id, source_id, chunk_id, ordinal,
 *     canonical_predicate, raw_predicate, context, confidence, temporal_details, happened_at}]->(:Entity)
 *
 * The uniqueness of (tenant, sub-tenant, type, key) is what makes two writers creating the same
 * entity at once collide: MERGE on a constrained key takes its lock, so the second writer waits
 * for the first and then finds the key taken. Every other statement is scoped by the first two
 * properties of these indexes.
 */
export const NEO4J_SCHEMA: readonly string[] = [
  `CREATE CONSTRAINT trove_entity_id IF NOT EXISTS FOR (e:Entity)
     REQUIRE (e.tenant_id, e.sub_tenant_id, e.entity_id) IS UNIQUE`,
  `CREATE CONSTRAINT trove_entity_key IF NOT EXISTS FOR (k:EntityKey)
     REQUIRE (k.tenant_id, k.sub_tenant_id, k.type, k.key) IS UNIQUE`,
  `CREATE CONSTRAINT trove_source_id IF NOT EXISTS FOR (s:Source)
     REQUIRE (s.tenant_id, s.sub_tenant_id, s.source_id) IS UNIQUE`,
  // Counts and sub-tenant deletes (a composite index answers only equality on all its properties).
  `CREATE INDEX trove_entity_scope IF NOT EXISTS FOR (e:Entity) ON (e.tenant_id, e.sub_tenant_id)`,
  `CREATE INDEX trove_entity_tenant IF NOT EXISTS FOR (e:Entity) ON (e.tenant_id)`,
  // entitiesByKeys asks by key whatever the type; an orphan's keys go with it.
  `CREATE INDEX trove_key_lookup IF NOT EXISTS FOR (k:EntityKey) ON (k.tenant_id, k.sub_tenant_id, k.key)`,
  `CREATE INDEX trove_key_entity IF NOT EXISTS FOR (k:EntityKey) ON (k.tenant_id, k.sub_tenant_id, k.entity_id)`,
  `CREATE INDEX trove_key_scope IF NOT EXISTS FOR (k:EntityKey) ON (k.tenant_id, k.sub_tenant_id)`,
  `CREATE INDEX trove_source_scope IF NOT EXISTS FOR (s:Source) ON (s.tenant_id, s.sub_tenant_id)`,
  `CREATE INDEX trove_relation_source IF NOT EXISTS FOR ()-[r:RELATION]-()
     ON (r.tenant_id, r.sub_tenant_id, r.source_id)`,
  `CREATE INDEX trove_relation_chunk IF NOT EXISTS FOR ()-[r:RELATION]-()
     ON (r.tenant_id, r.sub_tenant_id, r.chunk_id)`,
  `CREATE INDEX trove_relation_scope IF NOT EXISTS FOR ()-[r:RELATION]-() ON (r.tenant_id, r.sub_tenant_id)`,
];
