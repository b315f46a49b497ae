import { randomUUID } from 'node:crypto';
import { ChunkFacts, EntityMention, SourceFacts } from '../ports/graph-store';

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

/** The types a name with no type of its own may take from the one entity known by that name. */
const NAMED_TYPES = ['person', 'organization', 'location', 'product', 'event'];

/**
 * Whether a mention is a name nothing typed: a concept written as a proper name ("Lumora", "the
 * Orbit app" is not one). Such a mention joins the one typed entity holding its key (see
 * resolveMentions); "the battery" or "jaguar" never do.
 */
const untypedName = (mention: EntityMention) =>
  mention.type === 'concept' && /^\p{Lu}/u.test(mention.name.replace(/^the\s+/i, ''));

/**
 * The (type, key) pairs a store reads before resolving `chunks`: each mention's keys under its own
 * type, and an untyped name's under every named type too.
 */
export function keyLookups(chunks: ChunkFacts[]): { type: string; key: string }[] {
  const pairs = new Map<string, { type: string; key: string }>();
  for (const mention of chunks.flatMap((chunk) => chunk.entities)) {
    const types = untypedName(mention) ? [mention.type, ...NAMED_TYPES] : [mention.type];
    for (const key of mention.keys) for (const type of types) pairs.set(pairKey(type, key), { type, key });
  }
  return [...pairs.values()];
}

/** The one entity of a named type holding `key`, if exactly one does. */
function onlyNamedOwner(owners: Map<string, string>, key: string): string | undefined {
  const ids = new Set(NAMED_TYPES.map((type) => owners.get(pairKey(type, key))).filter(Boolean));
  return ids.size === 1 ? [...ids][0] : undefined;
}

/**
 * Resolves every mention of a source to an entity, the same way for every GraphStore adapter:
 * a mention takes the entity that holds the first of its keys (held in the store, or claimed by an
 * earlier mention of this source), trying its keys in order; with none held, it makes a new entity.
 * Either way the entity claims the mention's keys and aliases that nobody holds yet. Types never
 * mix: "Jaguar" the company and "jaguar" the animal stay two entities. One exception: a proper
 * name the extractor could not type ("we switched to Lumora") is the entity of a named type that
 * holds its key, when exactly one does ("Lumora acquired Brightwave" made it an organisation); it
 * claims no key then, so the typed entity's keys stay its own. `held` must hold the pairs
 * keyLookups names.
 */
export function resolveMentions(chunks: ChunkFacts[], held: HeldKey[]): ResolutionPlan {
  const owners = new Map<string, string>();
  for (const row of held) owners.set(pairKey(row.type, row.key), row.entity_id);
  const plan: ResolutionPlan = { created: [], newKeys: [], mentions: [], relations: [] };
  const seenMentions = new Set<string>();

  const resolve = (chunk: ChunkFacts, mention: EntityMention): string => {
    const owner = mention.keys.map((key) => owners.get(pairKey(mention.type, key))).find(Boolean);
    const typed = owner || !untypedName(mention) ? undefined : onlyNamedOwner(owners, mention.keys[0]!);
    let entityId = owner ?? typed;
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
    for (const key of typed ? [] : [...mention.keys, ...(mention.aliases ?? [])]) {
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
  };
  // Typed mentions first, so that an untyped name finds the type this source gives it later on.
  const resolved = chunks.map((chunk) => chunk.entities.map(() => ''));
  for (const untyped of [false, true]) {
    chunks.forEach((chunk, c) =>
      chunk.entities.forEach((mention, m) => {
        if (untypedName(mention) === untyped) resolved[c]![m] = resolve(chunk, mention);
      }),
    );
  }

  let ordinal = 0;
  chunks.forEach((chunk, c) => {
    for (const relation of chunk.relations) {
      plan.relations.push({
        relationship_id: randomUUID(),
        chunk_id: chunk.chunk_id,
        ordinal: ordinal++,
        source_entity_id: resolved[c]![relation.source]!,
        target_entity_id: resolved[c]![relation.target]!,
        canonical_predicate: relation.canonical_predicate,
        raw_predicate: relation.raw_predicate,
        context: relation.context,
        confidence: relation.confidence,
        temporal_details: relation.temporal_details,
        timestamp: relation.timestamp,
      });
    }
  });
  return plan;
}

/**
 * Resolves several sources of one scope as if each were written after the one before it: a later
 * source finds the entities and keys an earlier one made. `held` must hold the pairs keyLookups
 * names for all their chunks.
 */
export function resolveSources(sources: SourceFacts[], held: HeldKey[]): ResolutionPlan[] {
  const known = [...held];
  return sources.map(({ chunks }) => {
    const plan = resolveMentions(chunks, known);
    known.push(...plan.newKeys);
    return plan;
  });
}
