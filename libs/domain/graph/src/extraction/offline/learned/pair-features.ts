import { Discourse } from '../discourse';
import { Mention } from '../mentions';
import { Sentence, Token } from '../sentences';

/** Farthest apart, in words, two names of a sentence may be for the model to read them as a pair. */
export const MAX_PAIR_DISTANCE = 15;

/** One end of a pair: a name, or a pronoun standing for one ("he", "she", "I", "my"). */
export interface PairEnd {
  mention: Mention;
  /** The type when the sentence was read (a later sentence may retype the mention). */
  type: Mention['type'];
  start: number;
  end: number;
  pronoun: boolean;
}

/** Two names of one sentence, first in the text first (pairFeatures describes them). */
export interface PairCandidate {
  first: PairEnd;
  second: PairEnd;
  /** The names (and pronouns standing for names) between the two. */
  between: PairEnd[];
  tokens: Token[];
}

const GENDERED = new Map<string, 'female' | 'male'>([
  ['he', 'male'],
  ['she', 'female'],
]);

/**
 * The sentence's pairs of names at most MAX_PAIR_DISTANCE words apart, other than dates. "He" and
 * "she" stand for the person the text is about (Discourse.person, without typing anyone), "I"
 * and "my" for the turn's speaker. Read once the rules have read the sentence, so the discourse
 * is where the rules left it.
 */
export function pairCandidates(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): PairCandidate[] {
  const ends: PairEnd[] = mentions
    .filter((m) => m.type !== 'date')
    .map((m) => ({ mention: m, type: m.type, start: m.start, end: m.end, pronoun: false }));
  sentence.tokens.forEach((token, i) => {
    const gender = GENDERED.get(token.lower);
    const stands = gender
      ? discourse.person(undefined, gender, false, { adopt: false })
      : token.lower === 'i' || token.lower === 'my'
        ? discourse.speaker
        : undefined;
    // (A name nothing typed is no person until a rule says so: the model does not guess it.)
    if (stands && (!gender || stands.type === 'person'))
      ends.push({ mention: stands, type: 'person', start: i, end: i + 1, pronoun: true });
  });
  ends.sort((a, b) => a.start - b.start);
  const out: PairCandidate[] = [];
  for (let i = 0; i < ends.length; i++)
    for (let j = i + 1; j < ends.length; j++) {
      const [first, second] = [ends[i]!, ends[j]!];
      if (first.mention.keys[0] === second.mention.keys[0]) continue;
      if (second.start < first.end || second.start - first.end > MAX_PAIR_DISTANCE) continue;
      out.push({ first, second, between: ends.slice(i + 1, j), tokens: sentence.tokens });
    }
  return out;
}

/** Distance in words, in bands. */
function band(d: number): string {
  return d <= 1 ? String(d) : d <= 3 ? '2-3' : d <= 6 ? '4-6' : d <= 10 ? '7-10' : '11+';
}

/**
 * A sentence's feature strings, made once and shared by all its pairs: a string met again keeps
 * the hash the model's Map computed for it, where a new copy would be hashed again.
 */
class SentenceWords {
  private readonly lemmas: string[];
  private readonly made = new Map<string, string[]>();

  constructor(private readonly tokens: Token[]) {
    this.lemmas = tokens.map((t) => t.lemma.toLowerCase());
  }

  lemma(i: number): string {
    return this.lemmas[i]!;
  }

  /** `${prefix}${lemma of token i}`, the same string each time. */
  word(prefix: string, i: number): string {
    let row = this.made.get(prefix);
    if (!row) this.made.set(prefix, (row = new Array<string>(this.tokens.length)));
    return (row[i] ??= prefix + this.lemmas[i]!);
  }
}

const sentenceWords = new WeakMap<Token[], SentenceWords>();

function wordsOf(tokens: Token[]): SentenceWords {
  let words = sentenceWords.get(tokens);
  if (!words) sentenceWords.set(tokens, (words = new SentenceWords(tokens)));
  return words;
}

/**
 * What the model reads of a pair: the names' types, the lemmas between them (each also with the
 * types), the first verb between, two words on each side, the distance, the whole gap when it is
 * short, which end is a pronoun, and the names between them (how many, of which types).
 */
export function pairFeatures({ tokens, first: a, second: b, between }: PairCandidate): string[] {
  const words = wordsOf(tokens);
  const types = `${a.type}-${b.type}`;
  const typed = `${types}|b:`;
  const d = b.start - a.end;
  const f = [`T:${types}`, `D:${band(d)}`, 'bias'];
  let verb = -1;
  for (let i = a.end; i < b.start; i++) {
    const t = tokens[i]!;
    if (t.pos === 'DET') continue;
    if (t.pos === 'PUNCT' && t.lemma !== ',') f.push(words.word('bp:', i));
    else f.push(words.word('b:', i), words.word(typed, i));
    if (verb < 0 && t.pos === 'VERB') verb = i;
  }
  f.push(verb >= 0 ? words.word('v:', verb) : 'noverb');
  if (verb >= 0) f.push(words.word(`${types}|v:`, verb));
  for (const k of [1, 2]) if (tokens[a.start - k]) f.push(words.word(`pre${k}:`, a.start - k));
  for (const k of [0, 1]) if (tokens[b.end + k]) f.push(words.word(`post${k}:`, b.end + k));
  if (d <= 3) {
    const gap: string[] = [];
    for (let i = a.end; i < b.start; i++) gap.push(words.lemma(i));
    f.push(`${types}|bw:${gap.join('_')}`);
  }
  if (a.pronoun) f.push('apron');
  if (b.pronoun) f.push('bpron');
  // ("Mira, Tom's sister, …": a name between the two is often what one of them relates to.)
  const names = between.length === 0 ? 'N:0' : between.length === 1 ? 'N:1' : 'N:2+';
  f.push(names, `${types}|${names}`);
  for (const m of between) f.push(`mid:${m.type}`);
  return f;
}
