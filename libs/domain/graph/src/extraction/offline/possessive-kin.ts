import { KIN_NOUNS } from './cues';
import { Discourse } from './discourse';
import { keyOf } from './keys';
import type { Mention } from './mentions';
import { rel } from './owners';
import type { SentenceRelation } from './relations';

// Kinship read through a possessive: a couple's "their" child, and the speaker's relatives to each other.

/** Kin of the two latest people of `before` (a couple's son is the child of both), read owner first. */
export function kinOfPair(before: Mention[], named: Mention, noun: string, raw: string): SentenceRelation[] {
  const pair: Mention[] = [];
  for (const m of [...before].reverse())
    if (m.type === 'person' && !pair.some((p) => p.keys[0] === m.keys[0])) pair.push(m);
  const kin = KIN_NOUNS.get(noun);
  if (pair.length < 2 || !kin || pair.slice(0, 2).some((p) => p.keys[0] === named.keys[0])) return [];
  named.type = 'person';
  named.evidence = 'strong';
  return pair.slice(0, 2).map((owner) => rel(owner, named, kin, raw, named.end));
}

/** The kinds of relative a kinship noun names, as the speaker's relatives are related to each other. */
const KIN_KINDS = new Map<string, 'parent' | 'mother' | 'father' | 'sibling' | 'spouse' | 'child'>(
  Object.entries({
    mum: 'mother',
    mom: 'mother',
    mother: 'mother',
    dad: 'father',
    father: 'father',
    parent: 'parent',
    brother: 'sibling',
    sister: 'sibling',
    sibling: 'sibling',
    twin: 'sibling',
    husband: 'spouse',
    wife: 'spouse',
    spouse: 'spouse',
    son: 'child',
    daughter: 'child',
    child: 'child',
    kid: 'child',
  }),
);

/**
 * What the speaker's relatives are to each other (whether or not the text names the speaker):
 * "my brother Luca … our mum Giovanna" (Luca is her child), "my dad Ramesh … my mum Lakshmi"
 * (married), "my husband Daniel … our son Oliver" (Oliver is his child), two of one's children
 * or siblings (siblings).
 */
export function kinOfKin(
  discourse: Discourse,
  noun: string,
  named: Mention,
  raw: string,
): SentenceRelation[] {
  const kind = KIN_KINDS.get(noun);
  if (!kind) return [];
  const out: SentenceRelation[] = [];
  const parent = (k: string) => k === 'parent' || k === 'mother' || k === 'father';
  for (const earlier of discourse.speakerKin()) {
    if (keyOf(earlier.mention.name) === keyOf(named.name)) continue;
    const pair = [kind, earlier.kind];
    const [a, b] = [named, earlier.mention];
    if (pair.includes('sibling') && pair.some(parent)) {
      const [child, of] = kind === 'sibling' ? [a, b] : [b, a];
      out.push(rel(child, of, 'child of', raw, named.end, 0.6));
    } else if (pair.includes('spouse') && pair.includes('child')) {
      const [child, of] = kind === 'child' ? [a, b] : [b, a];
      out.push(rel(child, of, 'child of', raw, named.end, 0.6));
    } else if (
      (kind === 'mother' && earlier.kind === 'father') ||
      (kind === 'father' && earlier.kind === 'mother')
    ) {
      out.push(rel(a, b, 'married to', raw, named.end, 0.6));
    } else if (kind === earlier.kind && (kind === 'sibling' || kind === 'child')) {
      out.push(rel(a, b, 'sibling of', raw, named.end, 0.6));
    }
  }
  discourse.rememberSpeakerKin(kind, named);
  return out;
}
