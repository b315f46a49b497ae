import { isPersonNoun } from './cues';
import { Mention } from './mentions';
import { LIST_WORDS, OpeningRule, PairRule, same } from './pair-rules';
import { isVerbLike } from './predicates';
import { Token } from './sentences';

// The pair rules that go on with the relation before: a list of its objects or subjects, a
// second object after "and later at", a second founder after "with".

/** Words of a place's description that end a list: "east of", "near", "outside". */
const NOT_A_LIST_ITEM = new Set(['of', 'near', 'outside', 'beyond', 'from']);

/** A list: the previous relation again, with the next item. */
export const listContinues: PairRule = ({ source, target }, reading, { noVerb, listed, listOnly }) => {
  const { previous, tokens, found } = reading;
  // ("by singer Orla Keane and guitarist Declan Moriarty": what each person is may stand before them.)
  let words = listed;
  if (target.type === 'person' || target.evidence === 'none') {
    let end = listed.length;
    // ("his brother-in-law Ian McAllister": the tagger splits an in-law's name of kin.)
    if (
      listed
        .slice(end - 4)
        .map((t) => t.lower)
        .join(' ') === '- in - law'
    )
      end -= 4;
    while (
      end > 0 &&
      (isPersonNoun(listed[end - 1]) ||
        (listed[end - 1]!.pos === 'ADJ' && listed[end - 1]!.text === listed[end - 1]!.lower))
    )
      end--;
    // ("and the civil engineer Samuel Adeyemi": with its article.)
    if (end < listed.length && listed[end - 1]?.pos === 'DET' && listed[end - 1]!.lower === 'the') end--;
    // ("by the engineer Doug Henare and his brother-in-law Ian McAllister": or whose relative they are.)
    else if (end < listed.length && ['his', 'her', 'their'].includes(listed[end - 1]?.lower ?? '')) end--;
    if (end < listed.length) words = listed.slice(0, end);
  }
  // ("depends on the Ledgerline database cluster and on Stripe": the previous relation's
  // preposition again after the list's word.)
  const lastWord = words[words.length - 1];
  if (
    previous &&
    words.length >= 2 &&
    lastWord?.pos === 'ADP' &&
    // (Not "of", which a noun further back may take: "the birthplace of X, author of Y, and of Z".)
    lastWord.lower !== 'of' &&
    LIST_WORDS.has(words[words.length - 2]!.lower) &&
    previous.raw.toLowerCase().split(/\s+/).includes(lastWord.lower)
  )
    words = words.slice(0, -1);
  const onlyList =
    words === listed ? listOnly : words.length > 0 && words.every((t) => LIST_WORDS.has(t.lower));
  // (A list's item may carry words of its own before the comma ("PostgreSQL for storage and
  // Redis"), but not a place's distance or nearness: ", about 40 km east of the provincial
  // capital, Castelverde" is where the town is not.)
  const ownWords = !onlyList && words.some((t) => t.pos === 'NUM' || NOT_A_LIST_ITEM.has(t.lower));
  if (!(previous && noVerb && (onlyList || LIST_WORDS.has(words[words.length - 1]?.lower ?? ''))) || ownWords)
    return false;
  // ("Hemi Walker, Head of Platform Reliability, Kiwipay": two names a comma alone joins, with no
  // "and" after, are no list; a leader's unit, then the organisation at the line's end, is where
  // the leader works.)
  const after = tokens[target.end]?.lower ?? '';
  if (words.length === 1 && words[0]!.text === ',' && ![',', 'and', 'or', '&'].includes(after)) {
    const employer =
      previous.canonical === 'leads' &&
      !previous.inverted &&
      previous.source.type === 'person' &&
      ['', '.', ')'].includes(after) &&
      (target.type === 'organization' || target.evidence === 'none');
    if (employer)
      found.push({ ...previous, target, canonical: 'works at', confidence: 0.6, end: target.start });
    return employer;
  }
  const continues = previous.inverted ? previous.source : previous.target;
  // (A list of agents after "was built by" takes no places: "by VEB Werft in Wismar, East Germany".)
  const placeAsAgent = previous.inverted && target.type === 'location';
  if (
    same(continues, source) &&
    !startsClause(tokens, target) &&
    compatible(source, target) &&
    !placeAsAgent
  ) {
    reading.previous = previous.inverted
      ? { ...previous, source: target, confidence: 0.7, end: target.start }
      : { ...previous, target, confidence: 0.7, end: target.start };
    found.push(reading.previous);
    return true;
  }
  return false;
};

/**
 * "studied English at Makerere University in Kampala and later at the University of Leeds", "was
 * educated at Achimota School and later at the LSE": a second object of the person's verb, after
 * "and" and the same preposition.
 */
export const secondObject: PairRule = ({ source, target, between }, { tokens, found }) => {
  const words = between.filter((t) => !['ADV', 'DET'].includes(t.pos) && t.text !== ',');
  if (words.length !== 2 || words[0]!.lower !== 'and' || words[1]!.pos !== 'ADP') return false;
  const prep = words[1]!.lower;
  const first = [...found]
    .reverse()
    .find(
      (r) =>
        r.source.type === 'person' &&
        r.target.end <= source.end &&
        r.canonical !== 'located in' &&
        r.raw.split(' ').pop() === prep,
    );
  // (Only when what comes between is the first object and where it is: "at X in Y and later at Z".)
  if (!first || tokens.slice(first.target.end, source.start).some((t) => isVerbLike(t) || t.text === ';'))
    return false;
  if (!compatible(first.target, target)) return false;
  found.push({ ...first, target, confidence: 0.7, end: target.end });
  return true;
};

/** True when the words after `mention` start a clause of its own ("…, and Andy Jassy succeeded him"). */
function startsClause(tokens: Token[], mention: Mention): boolean {
  const next = tokens[mention.end];
  if (next === undefined) return false;
  // ("… to run Accurate Online and we are losing money": a pronoun before "are" opens one too.)
  return isVerbLike(next) || (tokens[mention.start]?.pos === 'PRON' && next.pos === 'AUX');
}

function compatible(a: Mention, b: Mention): boolean {
  return a.type === b.type || a.evidence === 'none' || b.evidence === 'none';
}

/**
 * Whether `words[k]` is of what a person is, before their name: a person noun ("partner",
 * "engineer"), a lower-case adjective or article, or a noun before one ("network engineer").
 */
function describesPerson(words: Token[], k: number): boolean {
  const t = words[k]!;
  return (
    isPersonNoun(t) ||
    (['ADJ', 'DET'].includes(t.pos) && t.text === t.lower) ||
    (t.pos === 'NOUN' && t.text === t.lower && isPersonNoun(words[k + 1])) ||
    // ("with her Arup colleague Tunde Bakare": where the colleague is from.)
    (/^\p{Lu}/u.test(t.text) &&
      t.pos === 'PROPN' &&
      isPersonNoun(words[k + 1]) &&
      (k === 0 || POSSESSIVE_WORDS.has(words[k - 1]!.lower)))
  );
}

/** Possessive pronouns before a relative or a colleague: "with her former colleague …". */
const POSSESSIVE_WORDS = new Set(['her', 'his', 'their', 'its']);

/** "founded Apple with Steve Wozniak": a second founder (or creator) of the same thing. */
export const cofounder: OpeningRule = (
  { i, source, target, between },
  { previous, found, tokens, chain },
) => {
  // ("with her former colleague Mikko Salminen": "her" is the founder; the name after is the second.)
  const next = chain[i + 2];
  if (
    previous &&
    next &&
    POSSESSIVE_WORDS.has(tokens[target.start]?.lower ?? '') &&
    same(target, previous.source) &&
    next.type === 'person' &&
    tokens.slice(target.end, next.start).every((t, k, words) => t.text === ',' || describesPerson(words, k))
  )
    target = next;
  // ("co-founded Ferrous in 2011 with Eric Sato": a date may stand between.)
  // ("with bassist Hiroshi Ueda": what the second one is may stand before the name.)
  // ("with her former colleague Mikko Salminen", "together with his brother, Otávio": whose
  // relative or colleague, and the comma of an apposition, too.)
  let last = between.length - 1;
  if (between[last]?.text === ',') last--;
  // ("with her partner, the structural engineer Marc Delorme": an apposition after the relative.)
  const related = (k: number) => describesPerson(between, k) || POSSESSIVE_WORDS.has(between[k]!.lower);
  while (last > 0 && (related(last) || (between[last]!.text === ',' && related(last - 1)))) last--;
  // (And "Tallyfield, a payroll start-up, with …": an apposition on the thing founded.)
  // (Its words are lower-case and it closes with a comma before "with" or "together with".)
  const closing = between
    .slice(0, last)
    .map((t) => t.text)
    .lastIndexOf(',');
  const apposition =
    between[0]?.text === ',' &&
    between[1]?.pos === 'DET' &&
    closing > 1 &&
    between.slice(closing + 1, last).every((t) => t.pos === 'ADV') &&
    between.slice(1, closing).every((t) => t.text === t.lower);
  // (", together with …": a comma may open it.)
  const aside = (t: Token) =>
    ['ADP', 'NUM', 'ADV', 'DET'].includes(t.pos) ||
    apposition ||
    (t === between[0] && t.text === ',' && between[1]?.lower === 'together');
  const withAfter =
    between[last]?.lower === 'with' &&
    last <= 8 &&
    (last <= 4 || apposition) &&
    between.slice(0, last).every(aside);
  if (
    previous &&
    withAfter &&
    same(previous.target, source) &&
    ['founded', 'created'].includes(previous.canonical) &&
    target.type !== 'location'
  ) {
    found.push({
      ...previous,
      source: target,
      target: previous.target,
      confidence: 0.7,
      end: target.start,
    });
    return true;
  }
  return false;
};
