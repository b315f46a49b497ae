import { KIN_NOUNS } from './cues';
import { isNationalityWord } from './lexicon';
import { ROLE_ABBREVIATIONS } from './name-words';
import { nounPredicate } from './noun-predicates';
import { OpeningRule, POSSESSIVE_PRONOUNS, retype, same } from './pair-rules';
import { isVerbLike, matchPredicate } from './predicates';
import { opensGerund } from './predicate-verbs';
import { CLAUSE_BREAKS } from './predicate-words';
import { joinsWords, phrase, Token } from './sentences';

// Opening pair rules: clauses too far apart or broken, possessives and roles, "-based" descriptions.

/** Too many words, or a `;` or `:`, between the two: they are in different clauses. */
export const tooFarApart: OpeningRule = ({ between }, reading) => {
  if (between.length > 16 || between.some((t) => [';', ':'].includes(t.text))) {
    reading.previous = undefined;
    return true;
  }
  return false;
};

/** Verbs that say what a name is: "is", "became", "remains". */
const COPULAS = new Set(['be', 'become', 'remain']);

/** Words of when before a role: "Ridgeback's former head of sustainability". */
const ROLE_TIMES = new Set([
  'former',
  'new',
  'current',
  'longtime',
  'long-time',
  'interim',
  'acting',
  'then',
]);

/**
 * "Ryan Gellert, Patagonia's CEO": the apposition names the role and whose it is. (A target
 * followed by "'s" is read here or not at all.)
 */
export const possessiveApposition: OpeningRule = ({ source, target, between }, { tokens, found }) => {
  if (!["'s", '’s'].includes(tokens[target.end]?.lower ?? '')) return false;
  // ("Chidi Okafor is Paystride's chief operating officer", "Ana Ruiz is Ximena's sister",
  // "Brightline Media is Skyloom's launch partner for Nimbus 2.0": the same after a copula.)
  if (between.some((t) => t.pos !== 'ADV') && between.every((t) => t.pos === 'ADV' || COPULAS.has(t.lemma))) {
    let k = target.end + 1;
    while (
      tokens[k] !== undefined &&
      (tokens[k]!.text === tokens[k]!.lower || ROLE_ABBREVIATIONS.has(tokens[k]!.lower)) &&
      (['ADJ', 'NOUN', 'VERB', 'PROPN'].includes(tokens[k]!.pos) || joinsWords(tokens[k]))
    )
      k++;
    const head = tokens[k - 1];
    if (k === target.end + 1 || !['NOUN', 'PROPN'].includes(head?.pos ?? '')) return true;
    const raw = phrase(tokens, target.end, k);
    const kin = KIN_NOUNS.get(head.lower);
    const role = kin ? undefined : nounPredicate(head.lower);
    // (A firm's partner is its partner too: "Brightline Media is Skyloom's launch partner".)
    if (kin === 'partner of' && source.type !== 'person' && target.type !== 'person')
      found.push({ source, target, canonical: kin, raw, confidence: 0.75, end: k });
    else if (kin && source.type === 'person' && target.type === 'person')
      // (Read from whose relative it is: "Tom is Ana's father" makes Ana his child.)
      found.push({ source: target, target: source, canonical: kin, raw, confidence: 0.75, end: k });
    else if (role && role.canonical !== 'located in' && target.type !== 'location') {
      retype(source, role.sourceType);
      found.push({ source, target, canonical: role.canonical, raw, confidence: 0.75, end: k });
    }
    return true;
  }
  // ("Dana Whitcombe, Ridgeback's former head of sustainability": past a word of when.)
  const at = ROLE_TIMES.has(tokens[target.end + 1]?.lower ?? '') ? target.end + 2 : target.end + 1;
  const role =
    between.length === 1 && between[0]!.text === ',' ? nounPredicate(tokens[at]?.lower ?? '') : undefined;
  if (role && role.canonical !== 'located in') {
    retype(source, role.sourceType);
    // ("Grace Adebayo, Payvault's head of reliability": the head of a function works for the firm.)
    const ofFunction =
      tokens[at + 1]?.lower === 'of' &&
      ['NOUN', 'ADJ'].includes(tokens[at + 2]?.pos ?? '') &&
      tokens[at + 2]!.text === tokens[at + 2]!.lower;
    // ("Camila Ferreira, Verde's chief product officer": a chief officer of a function other than
    // the executive one works for the firm.)
    const chiefOfFunction =
      tokens[at]?.lower === 'chief' &&
      tokens[at + 1]?.lower !== 'executive' &&
      tokens
        .slice(at + 1, at + 4)
        .some((t, k, words) => t.lower === 'officer' && words.slice(0, k).every((w) => w.text === w.lower));
    found.push({
      source,
      target,
      canonical: role.canonical === 'leads' && (ofFunction || chiefOfFunction) ? 'works at' : role.canonical,
      raw: phrase(tokens, target.end, at + 1),
      confidence: 0.75,
      end: at + 1,
    });
  }
  return true;
};

/**
 * "Nestwell's managing director, Ravi Kapoor": a possessor, its role and the holder are read by
 * the possessive construction (the holder leads Nestwell); "managing" is no verb between them.
 */
export const possessorsRole: OpeningRule = ({ between }) => {
  // (Only a possessive's "'s": "he's moving" is a verb.)
  if (!["'s", '’s'].includes(between[0]?.lower ?? '') || between[0]!.pos === 'AUX') return false;
  const words = between.slice(1).filter((t) => t.text !== ',');
  if (words.length > 0 && words.every((t) => t.text === t.lower && ['NOUN', 'ADJ', 'VERB'].includes(t.pos)))
    return true;
  // "Denys Johnson-Davies's English translation appeared in …": the possessed noun is the verb's
  // subject, not the possessor.
  let k = 0;
  while (
    words[k] &&
    ((['NOUN', 'ADJ'].includes(words[k]!.pos) && words[k]!.text === words[k]!.lower) ||
      isNationalityWord(words[k]!.text))
  )
    k++;
  return k > 0 && words[k] !== undefined && isVerbLike(words[k]!);
};

/**
 * "her husband Callum", "its founder, Yvon Chouinard": the construction reads these. After a verb
 * of the vocabulary the noun phrase is only an aside on the name: "Satyajit Ray married his cousin
 * Bijoya Das" is read from "married" (and the aside by the construction).
 */
export const possessedRole: OpeningRule = (pair) => {
  const at = ownedRole(pair.between);
  if (at < 0) return false;
  let verb = pair.between.slice(0, at);
  // ("retired in 2015 and was succeeded by her son, X": the clause after "and", of the same subject;
  // "was succeeded as programme director by her former student X": past the post, to "by".)
  // (Only when the first name is the subject of the verb right after it: not "directed by Valentina
  // Roca and written by her husband".)
  const and = verb.map((t) => t.lower).lastIndexOf('and');
  const subject = verb[0] !== undefined && (isVerbLike(verb[0]) || verb[0].pos === 'AUX');
  if (and > 0 && subject && verb.slice(and + 1).some(isVerbLike))
    verb = verb.slice(and + 1).filter((t) => t.pos !== 'ADV');
  const as = verb.findIndex((t) => t.lower === 'as');
  const by = verb.findIndex((t, k) => k > as && t.lower === 'by');
  if (
    as > 0 &&
    by === verb.length - 1 &&
    verb.slice(as + 1, by).every((t) => ['NOUN', 'ADJ', 'DET'].includes(t.pos) && t.text === t.lower)
  )
    verb = [...verb.slice(0, as), ...verb.slice(by)];
  // (Only a finite verb right after the first name: in "a nonprofit …, under a structure designed
  // by its founder, X" what was designed is the structure; "…, working with her partner Sven" is
  // said of the sentence's subject.)
  // ("was founded in 2020 by its chief executive, X": past a date.)
  const dated = verb.filter(
    (t, k) => t.pos !== 'NUM' && t.pos !== 'ADV' && !(t.pos === 'ADP' && verb[k + 1]?.pos === 'NUM'),
  );
  const onlyVerb =
    dated.length <= 4 &&
    verb.some(isVerbLike) &&
    !/ing$/.test(verb[0]!.lower) &&
    !verb.some((t) => ['NOUN', 'PROPN', 'PRON', 'PUNCT'].includes(t.pos));
  if (!onlyVerb || !matchPredicate(verb, pair.source, pair.target)?.known) return true;
  pair.between = verb;
  return false;
};

/**
 * Where the possessive starts, when the words end on a possessive and a role or kinship noun
 * ("… and her husband", "… by its founder,"); -1 otherwise.
 */
function ownedRole(between: Token[]): number {
  let k = between.length - 1;
  if (between[k]?.text === ',') k--;
  if (k < 1 || between[k]!.pos !== 'NOUN') return -1;
  while (k > 0 && ['NOUN', 'ADJ'].includes(between[k]!.pos) && between[k]!.lower === between[k]!.text) k--;
  return POSSESSIVE_PRONOUNS.has(between[k]!.lower) ? k : -1;
}

/**
 * "The Santa Monica, California-based publisher had been headed by …": a description of the
 * latest organisation, which is where the description says, and the subject of the verb after.
 */
export const basedDescription: OpeningRule = (pair, { tokens, chain, discourse, found }) => {
  const { i, source, target, between } = pair;
  if (!(between[0]?.text === '-' && between[1]?.lower === 'based')) return false;
  let n = 2;
  while (between[n]?.pos === 'NOUN' && between[n]!.text === between[n]!.lower && !isVerbLike(between[n]!))
    n++;
  // ("Novo Holdings A/S, the Copenhagen-based investment firm that controls …": the name the
  // apposition follows; else the sentence's organisation before the place; else the latest named.)
  const place0 = i > 0 && chain[i - 1]!.type === 'location' ? i - 1 : i;
  const before = chain[place0 - 1];
  const appositive =
    before &&
    ['the', 'a', 'an'].includes(tokens[chain[place0]!.start - 1]?.lower ?? '') &&
    tokens[chain[place0]!.start - 2]?.text === ','
      ? before
      : undefined;
  const earlier = [...chain.slice(0, place0)].reverse().find((m) => m.type === 'organization');
  const described =
    source.type === 'location' && n > 2 && n < between.length
      ? (appositive ?? earlier ?? discourse.latest('organization'))
      : undefined;
  if (!described || same(described, target)) return true;
  const place =
    i > 0 && chain[i - 1]!.type === 'location' && phrase(tokens, chain[i - 1]!.end, source.start) === ','
      ? chain[i - 1]!
      : source;
  found.push({
    source: described,
    target: place,
    canonical: 'located in',
    raw: 'based in',
    confidence: 0.7,
    end: source.end,
  });
  pair.source = described;
  pair.between = between.slice(n);
  return false;
};

/** Words that close a clause ("when", "because", …) end the pairing; "after 1945", "since 2010" do not. */
export const clauseBreak: OpeningRule = ({ between }, reading) => {
  // ("before 1990" is a date; "before joining the institute" goes on with the clause's subject.)
  const breaks = (t: Token, b: number) =>
    CLAUSE_BREAKS.has(t.lower) && between[b + 1]?.pos !== 'NUM' && !opensGerund(between, b);
  if (between.some(breaks)) {
    reading.previous = undefined;
    return true;
  }
  return false;
};
