import type { ChunkFacts } from '../../ports/graph-store';
import { deskCompanies, helpDeskNames, legalShortNames } from './legal-names';
import { keyOf } from './keys';

/**
 * "I'm working with Keiko on the animation" … "Keiko Mori? Your old roommate?": a person named by
 * a first name alone is the one person of the chunk whose full name starts with it, whichever came
 * first. Her relations move to the full name, and the first name becomes one of its aliases. Two
 * people of that first name ("Keiko Mori", "Keiko Sato") leave it alone. A surname alone is read
 * the same way when no full name starts with it ("Marie Curie" and "Pierre Curie" leave "Curie" alone),
 * and so are two or more words that begin or end one longer name, and a first name nothing typed.
 * A company written without its legal suffix is the one written with it (legal-names.ts).
 */
export function mergeFirstNames(chunk: ChunkFacts): ChunkFacts {
  // (A help desk named after a company the chunk names only in its products' names is the company.)
  const renamed = deskCompanies(chunk.entities);
  const facts =
    renamed.size === 0
      ? chunk
      : {
          ...chunk,
          entities: chunk.entities.map((e, i) => {
            const name = renamed.get(i);
            return name === undefined
              ? e
              : {
                  ...e,
                  name,
                  type: 'organization',
                  keys: [keyOf(name)],
                  aliases: [...(e.aliases ?? []), e.keys[0]!],
                };
          }),
        };
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
  /** Codes read as a product's model: what they were said to cause or hurt as errors is gone. */
  const asModels = new Set<number>();
  entities.forEach((e, i) => {
    const key = e.keys[0]!;
    // ("the Vireo NS-400" … "our NS-400 shows …": a code that ends one product's name is its model.)
    if (e.type === 'error_code') {
      const models = entities.flatMap((f, j) =>
        f.type === 'product' && f.keys[0]!.endsWith(` ${key}`) ? [j] : [],
      );
      if (models.length === 1) {
        into.set(i, models[0]!);
        asModels.add(i);
      }
      return;
    }
    if (key.includes(' ')) {
      // ("Carvalho Menezes now lives in Lisbon", "Fatima Zahra" signing Fatima Zahra Benali's
      // e-mail: two or more words that begin or end one longer name of the chunk are that person.)
      if (e.type !== 'person') return;
      const longer = entities.flatMap((f, j) =>
        f.type === 'person' &&
        f.keys[0]!.length > key.length &&
        (f.keys[0]!.startsWith(`${key} `) || f.keys[0]!.endsWith(` ${key}`))
          ? [j]
          : [],
      );
      if (longer.length === 1) into.set(i, longer[0]!);
      return;
    }
    // ("Linh wrote the story" … "My friend Linh Tran": a first name nothing typed is the one full
    // name starting with it; not a surname, which may be a firm's: Ford.)
    if (e.type === 'concept') {
      const full = byFirstName.get(key);
      if (full?.length === 1 && !byLastName.has(key)) into.set(i, full[0]!);
      return;
    }
    if (e.type !== 'person') return;
    // ("Sato-san started it" … "yep, Takeshi Sato": a surname alone is the one full name ending on
    // it, when no full name starts with it.)
    const full = byFirstName.get(key) ?? byLastName.get(key);
    if (full?.length === 1) into.set(i, full[0]!);
  });
  for (const [short, full] of legalShortNames(entities)) if (!into.has(short)) into.set(short, full);
  const companies = new Set<number>();
  for (const [desk, company] of helpDeskNames(entities)) {
    if (into.has(desk) || into.has(company)) continue;
    into.set(desk, company);
    // (Who works at the desk works at a company, whatever the company's name alone was read as.)
    if (entities[desk]!.type === 'organization') companies.add(company);
  }
  if (into.size === 0) return facts;
  const kept: number[] = [];
  const at = new Map<number, number>();
  entities.forEach((_, i) => {
    if (into.has(i)) return;
    at.set(i, kept.length);
    kept.push(i);
  });
  const newEntities = kept.map((i) => ({
    ...entities[i]!,
    ...(companies.has(i) ? { type: 'organization' as const } : {}),
  }));
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
    if (
      asModels.has(r.source) &&
      (r.canonical_predicate === 'affects' || r.canonical_predicate === 'caused by')
    )
      return [];
    seen.add(key);
    return [{ ...r, source, target }];
  });
  return { ...facts, entities: newEntities, relations: newRelations };
}
