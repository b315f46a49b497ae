import { KIN_NOUNS } from './cues';
import { Mention } from './mentions';
import { rel } from './owners';
import { isVerbLike, matchPredicate } from './predicates';
import type { SentenceRelation } from './relations';
import { hyphenBased, phrase, Sentence, Token } from './sentences';

const RELATIVES = new Set(['which', 'that', 'whom']);
const POSSESSIVE = new Set(['his', 'her', 'their', 'my', 'our']);
/** Verbs of making that, said of an organisation, are leading it: "which she directed". */
const LEADING = new Set(['direct', 'run', 'head', 'manage']);
/** What an organisation does to a thing in such a clause: "the app that Mercado Libre bought". */
const COMPANY_DEEDS = new Set(['acquired', 'owns']);
/** Auxiliaries before the relative clause's verb ("had founded"); "was" would make it passive. */
const PERFECT = new Set(['had', 'has', 'have']);

/**
 * Where the relative clause's person ends its words before the verb: after "his daughter,
 * Sachiko Oyamada Lima," the verb follows the closing comma. -1 when no verb follows.
 */
function verbAfter(tokens: Token[], at: number): number {
  let k = at;
  if (tokens[k]?.text === ',') k++;
  while (tokens[k] && (PERFECT.has(tokens[k]!.lower) || tokens[k]!.pos === 'ADV')) k++;
  const verb = tokens[k];
  if (!verb || !isVerbLike(verb)) return -1;
  // (Past, or the present of one who still does it: "which she still runs".)
  const past = /(ed|en|wn|lt|ght|de|id)$/.test(verb.lower);
  return past || (verb.pos === 'VERB' && /[^s]s$/.test(verb.lower)) ? k : -1;
}

/**
 * "the Maison des Sources community centre in Lyon, which Lê designed", "a company that his uncle
 * Per Dahl had founded in 1950", "which his daughter, Sachiko Oyamada Lima, directed": a relative
 * clause whose subject is a person says what the person did to the thing before it.
 */
export function objectRelatives(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    if (!RELATIVES.has(token.lower)) return;
    // ("with whom she co-authored": the clause's verb is with that person, not done to them.)
    if (tokens[at - 1]?.pos === 'ADP') return;
    // The person: right after the relative, or after "his daughter," before the name.
    let k = at + 1;
    if (POSSESSIVE.has(tokens[k]?.lower ?? '') && KIN_NOUNS.has(tokens[k + 1]?.lower ?? '')) {
      k += 2;
      if (tokens[k]?.text === ',') k++;
    }
    // (A name nothing typed is the person when the verb is a person's: "which Lê designed"; an
    // organisation may buy, own or make the thing: "the app that Mercado Libre bought".)
    const person = mentions.find(
      (m) =>
        m.start === k &&
        (m.type === 'person' || m.type === 'organization' || (m.type === 'concept' && m.evidence === 'none')),
    );
    if (!person) return;
    const verb = verbAfter(tokens, person.end);
    if (verb < 0) return;
    // The thing: the name right before the relative, or before "in" a place there ("the X centre
    // in Lyon, which …").
    const comma = tokens[at - 1]?.text === ',' ? at - 1 : at;
    // (What stands between it and the relative says only what it is or where: "community centre in Lyon".)
    // ("Zoe Adeyemi, whom he married": "whom" stands for a person, the others for things.)
    const whom = token.lower === 'whom';
    const candidates = mentions.filter(
      (m) =>
        m.end <= comma &&
        // (At most six words between: "the farm-to-table delivery app" is four.)
        tokens.slice(m.end, comma).filter((t) => t.space !== '').length <= 6 &&
        (whom
          ? m.type === 'person' && m.keys[0] !== person.keys[0]
          : !['person', 'location', 'date'].includes(m.type)) &&
        // ("Cine Ixchel, a Mérida-based company that …": "-based" only says where it is.)
        !tokens.slice(m.end, comma).some((t, n, words) => isVerbLike(t) && !hyphenBased(words, n)) &&
        !mentions.some((o) => o.start >= m.end && o.end <= comma && o.type !== 'location'),
    );
    const thing = candidates[candidates.length - 1];
    if (!thing) return;
    const match = matchPredicate([tokens[verb]!], person, thing);
    if (!match?.known || match.inverted) return;
    const company = person.type === 'organization' || COMPANY_DEEDS.has(match.canonical);
    if (company ? !COMPANY_DEEDS.has(match.canonical) : match.sourceType && match.sourceType !== 'person')
      return;
    // ("which she directed": one directs an organisation by leading it, and makes only things.)
    const canonical =
      thing.type === 'organization' && match.canonical === 'created'
        ? LEADING.has(tokens[verb]!.lemma)
          ? 'leads'
          : undefined
        : match.canonical;
    if (!canonical) return;
    if (person.evidence === 'none')
      Object.assign(person, { type: company ? 'organization' : 'person', evidence: 'weak' });
    out.push(rel(person, thing, canonical, phrase(tokens, at, verb + 1), verb + 1, 0.6));
    // ("that Ortiz co-founded with her brother, Andrés Ortiz": the one it was done with did it too.)
    if (tokens[verb + 1]?.lower === 'with' && canonical === 'founded') {
      let w = verb + 2;
      if (POSSESSIVE.has(tokens[w]?.lower ?? '') && KIN_NOUNS.has(tokens[w + 1]?.lower ?? '')) w += 2;
      if (tokens[w]?.text === ',') w++;
      const partner = mentions.find((m) => m.start === w && (m.type === 'person' || m.evidence === 'none'));
      if (partner && partner.keys[0] !== person.keys[0]) {
        if (partner.type !== 'person') Object.assign(partner, { type: 'person', evidence: 'weak' });
        out.push(rel(partner, thing, canonical, phrase(tokens, at, w), partner.end, 0.6));
      }
    }
  });
  return out;
}
