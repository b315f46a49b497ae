import { byScore, RankedId } from '../fusion/fusion';

/**
 * What accurate mode's second hops link by (docs/api.md, Search: accurate mode): a candidate of a
 * second hop counts only when a first-hop passage names its source, by the source's title as a
 * reader would write it: without a file extension ("shirley_temple.txt" reads "shirley temple"),
 * a trailing "(…)" qualifier or a " - site" / " | site" suffix. A title must look like a name
 * (3–80 characters, at most 8 words); other titles link nothing.
 */
export function titleName(title: string): string | null {
  let name = title.replace(/\.[a-z0-9]{1,5}$/iu, '');
  if (name !== title) name = name.replace(/[_]+/gu, ' ');
  name = name.replace(/\s*\([^()]*\)\s*$/u, '');
  const cut = name.search(/\s[-|–—]\s/u);
  if (cut > 0) name = name.slice(0, cut);
  name = name.replace(/\s+/gu, ' ').trim().toLowerCase();
  if (name.length < 3 || name.length > 80 || name.split(' ').length > 8) return null;
  return name;
}

const WORD = /[\p{L}\p{N}]/u;

/** Whether `text` contains `name` (lower case) as whole words, case-insensitively. */
export function names(text: string, name: string): boolean {
  const haystack = text.toLowerCase();
  for (let at = haystack.indexOf(name); at >= 0; at = haystack.indexOf(name, at + 1)) {
    const before = at === 0 ? '' : haystack[at - 1]!;
    const after = haystack[at + name.length] ?? '';
    if (!WORD.test(before) && !WORD.test(after)) return true;
  }
  return false;
}

/** A first-hop passage: its chunk, source, text and fused score. */
export interface Hop {
  id: string;
  sourceId: string;
  text: string;
  score: number;
}

/** A candidate found from a first-hop passage, with its source's facts. */
export interface HopCandidate {
  id: string;
  sourceId: string;
  title: string;
  score: number;
}

/**
 * Combines the first search with the second hops (docs/api.md, Search: accurate mode):
 *
 *   chain(c) = max over first-hop passages p naming c's source of  s(p) · s_p(c)
 *   score(c) = 1 − (1 − s(c)) · (1 − chain(c))
 *
 * s(c) is c's fused score in the first search (0 when absent), s_p(c) its fused score in the
 * search for the question with p's text. A chain counts only when p names c's source
 * (titleName / names) and c is not of p's own source. Scores stay in [0, 1]. (Counting unnamed
 * second-hop candidates too, as pseudo-relevance feedback, cost SciFact nDCG@10: 0.844 → 0.838
 * at weight 0.3, 0.793 at 1.)
 */
export function combineHops(first: RankedId[], hops: { from: Hop; found: HopCandidate[] }[]): RankedId[] {
  const chained = new Map<string, number>();
  for (const { from, found } of hops) {
    for (const candidate of found) {
      if (candidate.sourceId === from.sourceId) continue;
      const name = titleName(candidate.title);
      if (name === null || !names(from.text, name)) continue;
      const chain = from.score * candidate.score;
      if (chain > (chained.get(candidate.id) ?? 0)) chained.set(candidate.id, chain);
    }
  }
  const byId = new Map(first.map((hit) => [hit.id, hit]));
  for (const [id, chain] of chained) {
    const hit = byId.get(id);
    byId.set(id, {
      id,
      score: 1 - (1 - (hit?.score ?? 0)) * (1 - chain),
      parts: { ...hit?.parts, second_hop: chain },
    });
  }
  return [...byId.values()].sort(byScore);
}
