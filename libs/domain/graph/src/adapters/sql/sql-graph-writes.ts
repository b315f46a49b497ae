import { SqlExecutor } from '@trove/platform-database';
import { GraphScope, SourceFacts } from '../../ports/graph-store';
import { keyLookups, resolveSources } from '../../resolution/resolve-mentions';
import { ResolutionRace } from '../../resolution/write-rules';

/** Deletes the sources' relations and mentions (one statement); returns the entities they mentioned. */
export async function forgetSources(
  tx: SqlExecutor,
  scope: GraphScope,
  sourceIds: string[],
): Promise<{ entities: string[]; sources: number }> {
  const rows = await tx.query<{ source_id: string; entity_id: string | null }>(
    `WITH r AS (
       DELETE FROM graph.relations WHERE tenant_id = $1 AND sub_tenant_id = $2 AND source_id = ANY($3::text[])
       RETURNING source_id
     ), m AS (
       DELETE FROM graph.mentions WHERE tenant_id = $1 AND sub_tenant_id = $2 AND source_id = ANY($3::text[])
       RETURNING source_id, entity_id
     )
     SELECT source_id, NULL::text AS entity_id FROM r UNION ALL SELECT source_id, entity_id FROM m`,
    [scope.tenant_id, scope.sub_tenant_id, sourceIds],
  );
  const entities = new Set<string>();
  for (const row of rows) if (row.entity_id !== null) entities.add(row.entity_id);
  return { entities: [...entities], sources: new Set(rows.map((row) => row.source_id)).size };
}

/** Entities among `candidates` that no mention holds any more (their keys go with them). */
export async function removeOrphans(tx: SqlExecutor, scope: GraphScope, candidates: string[]): Promise<void> {
  if (candidates.length === 0) return;
  await tx.query(
    `DELETE FROM graph.entities e
     WHERE e.tenant_id = $1 AND e.sub_tenant_id = $2 AND e.entity_id = ANY($3::text[])
       AND NOT EXISTS (SELECT 1 FROM graph.mentions m WHERE m.tenant_id = e.tenant_id
         AND m.sub_tenant_id = e.sub_tenant_id AND m.entity_id = e.entity_id)`,
    [scope.tenant_id, scope.sub_tenant_id, candidates],
  );
}

/**
 * Resolves the sources' mentions to entities (creating the missing ones), each source as if
 * written after the one before it, then writes all their entities, keys, mentions and relations:
 * two statements (a key look-up, then the writes), whatever the number of sources.
 */
export async function recordFacts(tx: SqlExecutor, scope: GraphScope, sources: SourceFacts[]): Promise<void> {
  const { tenant_id, sub_tenant_id } = scope;
  const pairs = keyLookups(sources.flatMap((source) => source.chunks));
  if (pairs.length === 0) return;
  const existing = await tx.query<{ type: string; key: string; entity_id: string }>(
    `SELECT k.type, k.key, k.entity_id FROM graph.entity_keys k
     JOIN unnest($3::text[], $4::text[]) AS p(type, key) ON p.type = k.type AND p.key = k.key
     WHERE k.tenant_id = $1 AND k.sub_tenant_id = $2`,
    [tenant_id, sub_tenant_id, pairs.map((p) => p.type), pairs.map((p) => p.key)],
  );
  const plans = resolveSources(sources, existing);
  const created = plans.flatMap((plan) => plan.created);
  const newKeys = plans.flatMap((plan) => plan.newKeys);
  const mentions = plans.flatMap((plan, i) =>
    plan.mentions.map((m) => ({ ...m, source_id: sources[i]!.source_id })),
  );
  const relations = plans.flatMap((plan, i) =>
    plan.relations.map((r) => ({ ...r, source_id: sources[i]!.source_id })),
  );

  // One statement: the new entities, their keys, the mentions and the relations. The foreign keys
  // of keys, mentions and relations to entities made by the same statement are checked at its end.
  const claimedRows = await tx.query<{ type: string; key: string }>(
    `WITH e AS (
       INSERT INTO graph.entities (tenant_id, sub_tenant_id, entity_id, name, type, namespace, identifier)
       SELECT $1, $2, e.entity_id, e.name, e.type, e.namespace, e.identifier
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         AS e(entity_id, name, type, namespace, identifier)
     ), k AS (
       INSERT INTO graph.entity_keys (tenant_id, sub_tenant_id, type, key, entity_id)
       SELECT $1, $2, k.type, k.key, k.entity_id FROM unnest($8::text[], $9::text[], $10::text[]) AS k(type, key, entity_id)
       ON CONFLICT DO NOTHING RETURNING type, key
     ), m AS (
       INSERT INTO graph.mentions (tenant_id, sub_tenant_id, source_id, chunk_id, entity_id, context)
       SELECT $1, $2, m.source_id, m.chunk_id, m.entity_id, m.context
       FROM unnest($11::text[], $12::text[], $13::text[], $14::text[]) AS m(source_id, chunk_id, entity_id, context)
       ON CONFLICT DO NOTHING
     ), x AS (
       INSERT INTO graph.relations (tenant_id, sub_tenant_id, relationship_id, source_id, chunk_id, ordinal,
         source_entity_id, target_entity_id, canonical_predicate, raw_predicate, context, confidence,
         temporal_details, happened_at)
       SELECT $1, $2, x.relationship_id, x.source_id, x.chunk_id, x.ordinal, x.source_entity_id, x.target_entity_id,
         x.canonical_predicate, x.raw_predicate, x.context, x.confidence, x.temporal_details, x.happened_at
       FROM unnest($15::text[], $16::text[], $17::text[], $18::int[], $19::text[], $20::text[], $21::text[],
         $22::text[], $23::text[], $24::float8[], $25::text[], $26::timestamptz[])
         AS x(relationship_id, source_id, chunk_id, ordinal, source_entity_id, target_entity_id, canonical_predicate,
           raw_predicate, context, confidence, temporal_details, happened_at)
     )
     SELECT type, key FROM k`,
    [
      tenant_id,
      sub_tenant_id,
      created.map((e) => e.entity_id),
      created.map((e) => e.name),
      created.map((e) => e.type),
      created.map((e) => e.namespace),
      created.map((e) => e.identifier),
      newKeys.map((k) => k.type),
      newKeys.map((k) => k.key),
      newKeys.map((k) => k.entity_id),
      mentions.map((m) => m.source_id),
      mentions.map((m) => m.chunk_id),
      mentions.map((m) => m.entity_id),
      mentions.map((m) => m.context),
      relations.map((x) => x.relationship_id),
      relations.map((x) => x.source_id),
      relations.map((x) => x.chunk_id),
      relations.map((x) => x.ordinal),
      relations.map((x) => x.source_entity_id),
      relations.map((x) => x.target_entity_id),
      relations.map((x) => x.canonical_predicate),
      relations.map((x) => x.raw_predicate),
      relations.map((x) => x.context),
      relations.map((x) => x.confidence),
      relations.map((x) => x.temporal_details),
      relations.map((x) => (x.timestamp ? x.timestamp.toISOString() : null)),
    ],
  );
  // A new entity whose first key another writer claimed meanwhile is a duplicate of that
  // writer's entity: run again (the transaction is rolled back), and resolve to it.
  const claimed = new Set(claimedRows.map((row) => JSON.stringify([row.type, row.key])));
  if (created.some((e) => !claimed.has(JSON.stringify([e.type, e.primaryKey])))) {
    throw new ResolutionRace('an entity was created concurrently');
  }
}
