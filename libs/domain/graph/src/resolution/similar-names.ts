import { dot, Embedder } from '@trove/embeddings';
import { keyOf } from '../extraction/offline/keys';
import { NAME_SUFFIXES } from '../extraction/offline/short-names';
import { ChunkFacts, EntityMention, GraphScope, GraphStore } from '../ports/graph-store';

/** A person's name as words: lower case, without dots ("Gerald R. Ford" → gerald, r, ford). */
function words(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/\./g, ' ')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** Two words of a name agree: the same word, or an initial and a word it starts. */
function agree(a: string, b: string): boolean {
  if (a === b) return true;
  return (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));
}

/**
 * Whether two people's names can be one person's: the same first and last names (an initial
 * matching its name), the same suffix or none (Jr. and Sr. are father and son), and middle names
 * that agree where both have one ("Henry J. Kaiser" and "Henry John Kaiser"; not "Henry James
 * Kaiser"). "Marie Curie" and "Pierre Curie" never can.
 */
export function compatiblePersonNames(a: string, b: string): boolean {
  const x = words(a);
  const y = words(b);
  const suffix = (w: string[]) => (NAME_SUFFIXES.has(w[w.length - 1]!) ? w.pop()! : '');
  if (suffix(x) !== suffix(y)) return false;
  if (x.length < 2 || y.length < 2) return false;
  if (x[x.length - 1] !== y[y.length - 1] || !agree(x[0]!, y[0]!)) return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  // Each middle word of the shorter name agrees with a middle word of the longer, in order.
  let at = 1;
  for (const middle of short.slice(1, -1)) {
    while (at < long.length - 1 && !agree(middle, long[at]!)) at++;
    if (at >= long.length - 1) return false;
    at++;
  }
  return true;
}

export interface SimilarNamesOptions {
  /** Least cosine similarity of the two names' embeddings (GRAPH_RESOLVE_MIN_COSINE). */
  minCosine: number;
}

/**
 * Entity resolution by similarity, before a source's facts are written: a person named in a way
 * no entity holds yet ("Gerald R. Ford") joins the sub-tenant's person whose surname alias it
 * shares ("Gerald Ford") when the two names are compatible (compatiblePersonNames) and their
 * embeddings are similar (at least `minCosine`): the mention then carries that entity's key, and
 * resolveMentions makes it that entity. Nothing is looked up outside the scope.
 */
export class SimilarNames {
  constructor(
    private readonly store: GraphStore,
    private readonly embedder: Embedder,
    private readonly options: SimilarNamesOptions,
  ) {}

  /** Links the chunks' person mentions to similar entities; returns how many names were linked. */
  async link(scope: GraphScope, chunks: ChunkFacts[]): Promise<number> {
    const people = new Map<string, EntityMention[]>();
    for (const chunk of chunks) {
      for (const mention of chunk.entities) {
        if (mention.type !== 'person' || !mention.aliases?.length || mention.keys.length === 0) continue;
        const same = people.get(mention.keys[0]!) ?? [];
        same.push(mention);
        people.set(mention.keys[0]!, same);
      }
    }
    if (people.size === 0) return 0;
    const first = [...people.values()].map((mentions) => mentions[0]!);
    const held = await this.store.entitiesByKeys(scope, [
      ...new Set(first.flatMap((m) => [...m.keys, ...(m.aliases ?? [])])),
    ]);
    const pairs: { mention: EntityMention; name: string; key: string }[] = [];
    for (const mention of first) {
      // A name some person already holds resolves as it is.
      if (mention.keys.some((key) => held.get(key)?.some((e) => e.type === 'person'))) continue;
      const seen = new Set<string>();
      for (const alias of mention.aliases ?? []) {
        for (const entity of held.get(alias) ?? []) {
          if (entity.type !== 'person' || seen.has(entity.entity_id)) continue;
          seen.add(entity.entity_id);
          if (compatiblePersonNames(mention.name, entity.name)) {
            // An entity holds the key of the name it was made with.
            pairs.push({ mention, name: entity.name, key: keyOf(entity.name) });
          }
        }
      }
    }
    if (pairs.length === 0) return 0;
    const vectors = await this.embedder.embedDocuments(pairs.flatMap((p) => [p.mention.name, p.name]));
    const best = new Map<string, { key: string; score: number }>();
    pairs.forEach((pair, i) => {
      // Embedders return unit vectors: the dot product is the cosine.
      const score = dot(vectors[2 * i]!, vectors[2 * i + 1]!);
      const current = best.get(pair.mention.keys[0]!);
      if (score >= this.options.minCosine && (!current || score > current.score)) {
        best.set(pair.mention.keys[0]!, { key: pair.key, score });
      }
    });
    for (const [ownKey, { key }] of best) {
      for (const mention of people.get(ownKey)!) if (!mention.keys.includes(key)) mention.keys.push(key);
    }
    return best.size;
  }
}
