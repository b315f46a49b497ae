import type { ChunkFacts } from '../../ports/graph-store';

/**
 * "I'm working with Keiko on the animation" … "Keiko Mori? Your old roommate?": a person named by
 * a first name alone is the one person of the chunk whose full name starts with it, whichever came
 * first. Her relations move to the full name, and the first name becomes one of its aliases. Two
 * people of that first name ("Keiko Mori", "Keiko Sato") leave it alone. A surname alone is read
 * the same way when no full name starts with it ("Marie Curie" and "Pierre Curie" leave "Curie" alone).
 */
export function mergeFirstNames(facts: ChunkFacts): ChunkFacts {
  const { entities, relations } = facts;
  const byFirstName = new Map<string, number[]>();
  const byLastName = new Map<string, number[]>();
  entities.forEach((e, i) => {
    const words = e.keys[0]!.split(' ');
    if (e.type !== 'person' || words.length < 2) return;
    byFirstName.set(words[0]!, [...(byFirstName.get(words[0]!) ?? []), i]);
    byLastName.set(words.at(-1)!, [...(byLastName.get(words.at(-1)!) ?? []), i]);
  });
  const into = new Map<number, number>();
  entities.forEach((e, i) => {
    if (e.type !== 'person' || e.keys[0]!.includes(' ')) return;
    // ("Sato-san started it" … "yep, Takeshi Sato": a surname alone is the one full name ending on
    // it, when no full name starts with it.)
    const full = byFirstName.get(e.keys[0]!) ?? byLastName.get(e.keys[0]!);
    if (full?.length === 1) into.set(i, full[0]!);
  });
  if (into.size === 0) return facts;
  const kept: number[] = [];
  const at = new Map<number, number>();
  entities.forEach((_, i) => {
    if (into.has(i)) return;
    at.set(i, kept.length);
    kept.push(i);
  });
  const newEntities = kept.map((i) => ({ ...entities[i]! }));
  for (const [short, full] of into) {
    const target = newEntities[at.get(full)!]!;
    const alias = entities[short]!.keys[0]!;
    target.aliases = [...new Set([...(target.aliases ?? []), alias])];
  }
  const indexOf = (i: number) => at.get(into.get(i) ?? i)!;
  const seen = new Set<string>();
  const newRelations = relations.flatMap((r) => {
    const source = indexOf(r.source);
    const target = indexOf(r.target);
    const key = JSON.stringify([source, r.canonical_predicate, target, r.context]);
    if (source === target || seen.has(key)) return [];
    seen.add(key);
    return [{ ...r, source, target }];
  });
  return { ...facts, entities: newEntities, relations: newRelations };
}
