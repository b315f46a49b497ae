import { Discourse } from './discourse';
import { Mention } from './mentions';
import { ownerOf, rel } from './owners';
import type { SentenceRelation } from './relations';
import { joinsWords, phrase, Sentence, Token } from './sentences';

/** Nouns for a kind of thing a company makes, after its name: "its Kizuna platform". */
const MADE_KINDS = new Set([
  'app',
  'application',
  'platform',
  'software',
  'tool',
  'suite',
  'service',
  'engine',
  'jacket',
  'shoe',
  'phone',
  'smartphone',
  'handset',
  'camera',
  'model',
  'range',
  'line',
  'series',
  'panel',
  'chip',
  'processor',
  'console',
  'game',
  'device',
  'drone',
  'robot',
  'car',
  'vehicle',
  'truck',
  'bike',
  'e-bike',
  'sensor',
  'headphones',
  'laptop',
  'tablet',
  'watch',
  'card',
  'drink',
  'beer',
  'brand',
  'product',
  'vaccine',
  'drug',
]);
/** A lower-case noun or adjective (or an -ing modifier: "vibration-sensing"). */
const lowerWord = (t: Token | undefined) =>
  t !== undefined &&
  t.text === t.lower &&
  (['NOUN', 'ADJ'].includes(t.pos) || (t.pos === 'VERB' && /ing$/.test(t.lower)));

/**
 * Whether a noun of the words says the name is of a kind of thing a company makes (any of them:
 * the tagger reads a verb after it as a noun as often as not, "jacket copies").
 */
function madeKind(tokens: Token[], from: number, to: number): boolean {
  return tokens.slice(from, to).some((word) => {
    if (word.pos !== 'NOUN' || word.text !== word.lower) return false;
    return MADE_KINDS.has(word.lower) || MADE_KINDS.has(word.lower.replace(/(?<=[a-z]{2})s$/, ''));
  });
}

/** The owner a possessive right before `at` names: "its" (what the text is about) or "Hanwa's". */
function possessor(
  tokens: Token[],
  at: number,
  mentions: Mention[],
  discourse: Discourse,
): Mention | undefined {
  const word = tokens[at];
  if (word?.lower === 'its' || word?.lower === 'their') return ownerOf(word.lower, at, mentions, discourse);
  if (/^['’]s$/.test(word?.lower ?? '')) return mentions.find((m) => m.end === at);
  return undefined;
}

/**
 * "its Kizuna vibration-sensor platform", "Ridgeline's TrailShell jacket", "Orbit, Hanwa's
 * fleet-management platform": a company's named product is one it made. (Not "X, its …": whose
 * "its" is there is too often another company's.)
 */
export function ownedProducts(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  const made = (owner: Mention | undefined, named: Mention, kind: boolean, from: number) => {
    // (A company's, or a name nothing typed: not a product's, a person's or a place's.)
    const company =
      owner?.type === 'organization' || (owner?.type === 'concept' && owner.evidence === 'none');
    if (!owner || !kind || !company || owner.keys[0] === named.keys[0]) return;
    if (named.evidence === 'none') Object.assign(named, { type: 'product', evidence: 'weak' });
    out.push(rel(owner, named, 'created', phrase(tokens, from, named.end), named.end, 0.6));
  };
  for (const named of mentions) {
    if (!['product', 'concept'].includes(named.type)) continue;
    // The name, then what kind of thing it is: "TrailShell jacket", "Kizuna vibration-sensor platform".
    let end = named.end;
    while (end < named.end + 4 && (lowerWord(tokens[end]) || joinsWords(tokens[end]))) end++;
    let before = named.start - 1;
    while (before > named.start - 3 && lowerWord(tokens[before]) && tokens[before]!.pos === 'ADJ') before--;
    if (end > named.end)
      made(possessor(tokens, before, mentions, discourse), named, madeKind(tokens, named.end, end), before);
    // The name, then a comma and its owner's kind of thing: "Orbit, Hanwa's fleet-management platform".
    if (tokens[named.end]?.text !== ',') continue;
    const owner = mentions.find(
      (m) => m.start === named.end + 1 && /^['’]s$/.test(tokens[m.end]?.lower ?? ''),
    );
    if (!owner) continue;
    const at = owner.end + 1;
    let last = at;
    while (last < at + 5 && (lowerWord(tokens[last]) || joinsWords(tokens[last]))) last++;
    if (last > at && [',', '.', ';', undefined].includes(tokens[last]?.text))
      made(owner, named, madeKind(tokens, at, last), named.start);
  }
  return out;
}
