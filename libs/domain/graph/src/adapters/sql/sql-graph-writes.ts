import { SqlExecutor } from '@trove/platform-database';
import { GraphScope, SourceFacts } from '../../ports/graph-store';
import { keyLookups, resolveSources } from '../../resolution/resolve-mentions';
import { ResolutionRace } from '../../resolution/write-rules';

/** Deletes the sources' relations and mentions; returns the entities they mentioned. */
export async function forgetSources(
  tx: SqlExecutor,
  scope: GraphScope,
  sourceIds: string[],
): Promise<{ entities: string[]; sources: number }> {
  const params = [scope.tenant_id, scope.sub_tenant_id, sourceIds];
  const relations = await tx.query<{ source_id: string }>(
    `DELETE FROM graph.relations WHERE tenant_id = $1 AND sub_tenant_id = $2 AND source_id = ANY($3::text[])
     RETURNING source_id`,
    params,
  );
  const mentions = await tx.query<{ source_id: string; entity_id: string }>(
    `DELETE FROM graph.mentions WHERE tenant_id = $1 AND sub_tenant_id = $2 AND source_id = ANY($3::text[])
     RETURNING source_id, entity_id`,
    params,
  );
  const sources = new Set([...relations, ...mentions].map((row) => row.source_id));
  return { entities: [...new Set(mentions.map((row) => row.entity_id))], sources: sources.size };
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
 * written after the one before it, then writes all their mentions and relations: one statement per
 * table, whatever the number of sources.
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

  if (created.length > 0) {
    await tx.query(
      `INSERT INTO graph.entities (tenant_id, sub_tenant_id, entity_id, name, type, namespace, identifier)
       SELECT $1, $2, e.entity_id, e.name, e.type, e.namespace, e.identifier
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         AS e(entity_id, name, type, namespace, identifier)`,
      [
        tenant_id,
        sub_tenant_id,
        created.map((e) => e.entity_id),
        created.map((e) => e.name),
        created.map((e) => e.type),
        created.map((e) => e.namespace),
        created.map((e) => e.identifier),
      ],
    );
  }
  if (newKeys.length > 0) {
    const inserted = await tx.query<{ type: string; key: string }>(
      `INSERT INTO graph.entity_keys (tenant_id, sub_tenant_id, type, key, entity_id)
       SELECT $1, $2, k.type, k.key, k.entity_id FROM unnest($3::text[], $4::text[], $5::text[]) AS k(type, key, entity_id)
       ON CONFLICT DO NOTHING RETURNING type, key`,
      [
        tenant_id,
        sub_tenant_id,
        newKeys.map((k) => k.type),
        newKeys.map((k) => k.key),
        newKeys.map((k) => k.entity_id),
      ],
    );
    // A new entity whose first key another writer claimed meanwhile is a duplicate of that
    // writer's entity: run again, and resolve to it.
    const claimed = new Set(inserted.map((row) => JSON.stringify([row.type, row.key])));
    if (created.some((e) => !claimed.has(JSON.stringify([e.type, e.primaryKey])))) {
      throw new ResolutionRace('an entity was created concurrently');
    }
  }
  if (mentions.length > 0) {
    await tx.query(
      `INSERT INTO graph.mentions (tenant_id, sub_tenant_id, source_id, chunk_id, entity_id, context)
       SELECT $1, $2, m.source_id, m.chunk_id, m.entity_id, m.context
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) AS m(source_id, chunk_id, entity_id, context)
       ON CONFLICT DO NOTHING`,
      [
        tenant_id,
        sub_tenant_id,
        mentions.map((m) => m.source_id),
        mentions.map((m) => m.chunk_id),
        mentions.map((m) => m.entity_id),
        mentions.map((m) => m.context),
      ],
    );
  }
  if (relations.length > 0) {
    const r = relations;
    await tx.query(
      `INSERT INTO graph.relations (tenant_id, sub_tenant_id, relationship_id, source_id, chunk_id, ordinal,
         source_entity_id, target_entity_id, canonical_predicate, raw_predicate, context, confidence,
         temporal_details, happened_at)
       SELECT $1, $2, x.relationship_id, x.source_id, x.chunk_id, x.ordinal, x.source_entity_id, x.target_entity_id,
         x.canonical_predicate, x.raw_predicate, x.context, x.confidence, x.temporal_details, x.happened_at
       FROM unnest($3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[],
         $11::text[], $12::float8[], $13::text[], $14::timestamptz[])
         AS x(relationship_id, source_id, chunk_id, ordinal, source_entity_id, target_entity_id, canonical_predicate,
           raw_predicate, context, confidence, temporal_details, happened_at)`,
      [
        tenant_id,
        sub_tenant_id,
        r.map((x) => x.relationship_id),
        r.map((x) => x.source_id),
        r.map((x) => x.chunk_id),
        r.map((x) => x.ordinal),
        r.map((x) => x.source_entity_id),
        r.map((x) => x.target_entity_id),
        r.map((x) => x.canonical_predicate),
        r.map((x) => x.raw_predicate),
        r.map((x) => x.context),
        r.map((x) => x.confidence),
        r.map((x) => x.temporal_details),
        r.map((x) => (x.timestamp ? x.timestamp.toISOString() : null)),
      ],
    );
  }
}
