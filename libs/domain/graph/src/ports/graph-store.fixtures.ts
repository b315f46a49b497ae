import { EntityMention, RelationMention } from './graph-store';

/** Mentions and relations the graph store contract suites write. */
export const person = (name: string, ...aliases: string[]): EntityMention => ({
  name,
  type: 'person',
  keys: [name.toLowerCase()],
  aliases,
});
export const place = (name: string): EntityMention => ({
  name,
  type: 'location',
  keys: [name.toLowerCase()],
});
export const org = (name: string): EntityMention => ({
  name,
  type: 'organization',
  keys: [name.toLowerCase()],
});

export function said(
  source: number,
  predicate: string,
  target: number,
  extra: Partial<RelationMention> = {},
): RelationMention {
  return {
    source,
    target,
    canonical_predicate: predicate,
    raw_predicate: predicate.replace(/ /g, 's '),
    context: `sentence about ${predicate}`,
    confidence: 0.8,
    temporal_details: null,
    timestamp: null,
    ...extra,
  };
}
