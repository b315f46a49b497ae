import { Transaction } from 'neo4j-driver';
import { ChunkFacts, GraphScope } from '../../ports/graph-store';
import { keyLookups, resolveMentions } from '../../resolution/resolve-mentions';
import { ResolutionRace } from '../../resolution/write-rules';
import { params, toNumber } from './neo4j-records';

const pairKey = (type: string, key: string) => `${type}\u0000${key}`;

/** An entity resolved from a key vanished before it could be written to: another writer removed it. */
function expectWritten(written: unknown, expected: number): void {
  if (toNumber(written ?? 0) !== expected) throw new ResolutionRace('an entity was removed concurrently');
}

/** Deletes the sources' relations and mentions; returns the entities they mentioned. */
export async function forgetSources(
  tx: Transaction,
  scope: GraphScope,
  sourceIds: string[],
): Promise<{ entities: string[]; sources: number }> {
  const params = { t: scope.tenant_id, s: scope.sub_tenant_id, ids: [...new Set(sourceIds)] };
  const relations = await tx.run(
    `UNWIND $ids AS sid
     MATCH ()-[r:RELATION {tenant_id: $t, sub_tenant_id: $s, source_id: sid}]->()
     DELETE r
     RETURN DISTINCT sid`,
    params,
  );
  // Deleting a source node takes its MENTIONS with it.
  const mentions = await tx.run(
    `UNWIND $ids AS sid
     MATCH (src:Source {tenant_id: $t, sub_tenant_id: $s, source_id: sid})
     OPTIONAL MATCH (src)-[:MENTIONS]->(e:Entity)
     WITH src, sid, collect(DISTINCT e.entity_id) AS entities
     DETACH DELETE src
     RETURN sid, entities`,
    params,
  );
  const sources = new Set<string>([
    ...relations.records.map((r) => r.get('sid') as string),
    ...mentions.records.map((r) => r.get('sid') as string),
  ]);
  const entities = new Set(mentions.records.flatMap((r) => r.get('entities') as string[]));
  return { entities: [...entities], sources: sources.size };
}

/**
 * Entities among `candidates` that no source mentions any more, with their keys. A plain DELETE,
 * not DETACH: should a concurrent writer attach a mention meanwhile, the delete fails at commit
 * and the transaction runs again, instead of taking that writer's facts with it.
 */
export async function removeOrphans(tx: Transaction, scope: GraphScope, candidates: string[]): Promise<void> {
  if (candidates.length === 0) return;
  await tx.run(
    `UNWIND $ids AS id
     MATCH (e:Entity {tenant_id: $t, sub_tenant_id: $s, entity_id: id})
     WHERE NOT EXISTS { (e)<-[:MENTIONS]-() }
     OPTIONAL MATCH (k:EntityKey {tenant_id: $t, sub_tenant_id: $s, entity_id: id})
     WITH e, collect(k) AS keys
     FOREACH (k IN keys | DELETE k)
     DELETE e`,
    { t: scope.tenant_id, s: scope.sub_tenant_id, ids: candidates },
  );
}

/** Resolves the mentions to entities (creating the missing ones), then writes mentions and relations. */
export async function recordSource(
  tx: Transaction,
  scope: GraphScope,
  sourceId: string,
  chunks: ChunkFacts[],
): Promise<void> {
  const pairs = keyLookups(chunks);
  if (pairs.length === 0) return;
  const held = await tx.run(
    `UNWIND $pairs AS p
     MATCH (k:EntityKey {tenant_id: $t, sub_tenant_id: $s, type: p.type, key: p.key})
     RETURN DISTINCT k.type AS type, k.key AS key, k.entity_id AS entity_id`,
    { ...params(scope), pairs },
  );
  const plan = resolveMentions(
    chunks,
    held.records.map((r) => ({ type: r.get('type'), key: r.get('key'), entity_id: r.get('entity_id') })),
  );

  if (plan.created.length > 0) {
    await tx.run(
      `UNWIND $created AS e
       CREATE (:Entity {tenant_id: $t, sub_tenant_id: $s, entity_id: e.entity_id, name: e.name,
         type: e.type, namespace: e.namespace, identifier: e.identifier})`,
      { ...params(scope), created: plan.created },
    );
  }
  if (plan.newKeys.length > 0) {
    // MERGE on the constrained key waits for a concurrent creator of the same key to commit,
    // then finds its key: "claimed" tells whether this writer's entity got it.
    const merged = await tx.run(
      `UNWIND $keys AS k
       MERGE (n:EntityKey {tenant_id: $t, sub_tenant_id: $s, type: k.type, key: k.key})
         ON CREATE SET n.entity_id = k.entity_id
       RETURN k.type AS type, k.key AS key, n.entity_id = k.entity_id AS claimed`,
      { ...params(scope), keys: plan.newKeys },
    );
    const claimed = new Set(
      merged.records
        .filter((r) => r.get('claimed') === true)
        .map((r) => pairKey(r.get('type'), r.get('key'))),
    );
    // A new entity whose first key another writer claimed meanwhile is a duplicate of that
    // writer's entity: run again, and resolve to it.
    if (plan.created.some((e) => !claimed.has(pairKey(e.type, e.primaryKey)))) {
      throw new ResolutionRace('an entity was created concurrently');
    }
  }
  if (plan.mentions.length > 0) {
    const written = await tx.run(
      `MERGE (src:Source {tenant_id: $t, sub_tenant_id: $s, source_id: $sourceId})
       WITH src
       UNWIND $mentions AS m
       MATCH (e:Entity {tenant_id: $t, sub_tenant_id: $s, entity_id: m.entity_id})
       CREATE (src)-[:MENTIONS {chunk_id: m.chunk_id, context: m.context}]->(e)
       RETURN count(e) AS written`,
      { ...params(scope), sourceId, mentions: plan.mentions },
    );
    expectWritten(written.records[0]?.get('written'), plan.mentions.length);
  }
  if (plan.relations.length > 0) {
    const relations = plan.relations.map((x) => ({
      ...x,
      timestamp: x.timestamp ? x.timestamp.toISOString() : null,
    }));
    const written = await tx.run(
      `UNWIND $relations AS x
       MATCH (a:Entity {tenant_id: $t, sub_tenant_id: $s, entity_id: x.source_entity_id})
       MATCH (b:Entity {tenant_id: $t, sub_tenant_id: $s, entity_id: x.target_entity_id})
       CREATE (a)-[:RELATION {tenant_id: $t, sub_tenant_id: $s, relationship_id: x.relationship_id,
         source_id: $sourceId, chunk_id: x.chunk_id, ordinal: toInteger(x.ordinal),
         canonical_predicate: x.canonical_predicate, raw_predicate: x.raw_predicate, context: x.context,
         confidence: toFloat(x.confidence), temporal_details: x.temporal_details,
         happened_at: datetime(x.timestamp)}]->(b)
       RETURN count(*) AS written`,
      { ...params(scope), sourceId, relations },
    );
    expectWritten(written.records[0]?.get('written'), plan.relations.length);
  }
}
