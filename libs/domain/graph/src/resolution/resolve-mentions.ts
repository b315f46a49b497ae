import { randomUUID } from 'node:crypto';
import { ChunkFacts } from '../ports/graph-store';

/** A resolution key an entity holds in the store, as read before resolving. */
export interface HeldKey {
  type: string;
  key: string;
  entity_id: string;
}

export interface NewEntity {
  entity_id: string;
  name: string;
  type: string;
  namespace: string;
  identifier: string | null;
  /** The key that made it: if another writer holds it by the time it is written, resolve again. */
  primaryKey: string;
}

export interface PlannedRelation {
  relationship_id: string;
  chunk_id: string;
  ordinal: number;
  source_entity_id: string;
  target_entity_id: string;
  canonical_predicate: string;
  raw_predicate: string;
  context: string;
  confidence: number;
  temporal_details: string | null;
  timestamp: Date | null;
}

/** What a store writes for one source once its mentions are resolved. */
export interface ResolutionPlan {
  created: NewEntity[];
  /** Keys no entity held: each goes to the entity its mention resolved to. */
  newKeys: HeldKey[];
  /** One per chunk and entity. */
  mentions: { chunk_id: string; entity_id: string; context: string }[];
  relations: PlannedRelation[];
}

const pairKey = (type: string, key: string) => `${type}\u0000${key}`;

/**
 * Resolves every mention of a source to an entity, the same way for every GraphStore adapter:
 * a mention takes the entity that holds the first of its keys (held in the store, or claimed by an
 * earlier mention of this source), trying its keys in order; with none held, it makes a new entity.
 * Either way the entity claims the mention's keys and aliases that nobody holds yet. Types never
 * mix: "Jaguar" the company and "jaguar" the animal stay two entities.
 */
export function resolveMentions(chunks: ChunkFacts[], held: HeldKey[]): ResolutionPlan {
  const owners = new Map<string, string>();
  for (const row of held) owners.set(pairKey(row.type, row.key), row.entity_id);
  const plan: ResolutionPlan = { created: [], newKeys: [], mentions: [], relations: [] };
  const seenMentions = new Set<string>();
  let ordinal = 0;

  for (const chunk of chunks) {
    const resolved = chunk.entities.map((mention) => {
      const owner = mention.keys.map((key) => owners.get(pairKey(mention.type, key))).find(Boolean);
      let entityId = owner;
      if (!entityId) {
        entityId = randomUUID();
        plan.created.push({
          entity_id: entityId,
          name: mention.name,
          type: mention.type,
          namespace: mention.namespace ?? 'default',
          identifier: mention.identifier ?? null,
          primaryKey: mention.keys[0]!,
        });
      }
      for (const key of [...mention.keys, ...(mention.aliases ?? [])]) {
        const pair = pairKey(mention.type, key);
        if (owners.has(pair)) continue;
        owners.set(pair, entityId);
        plan.newKeys.push({ type: mention.type, key, entity_id: entityId });
      }
      const seen = `${chunk.chunk_id}\u0000${entityId}`;
      if (!seenMentions.has(seen)) {
        seenMentions.add(seen);
        plan.mentions.push({ chunk_id: chunk.chunk_id, entity_id: entityId, context: mention.context ?? '' });
      }
      return entityId;
    });
    for (const relation of chunk.relations) {
      plan.relations.push({
        relationship_id: randomUUID(),
        chunk_id: chunk.chunk_id,
        ordinal: ordinal++,
        source_entity_id: resolved[relation.source]!,
        target_entity_id: resolved[relation.target]!,
        canonical_predicate: relation.canonical_predicate,
        raw_predicate: relation.raw_predicate,
        context: relation.context,
        confidence: relation.confidence,
        temporal_details: relation.temporal_details,
        timestamp: relation.timestamp,
      });
    }
  }
  return plan;
}
