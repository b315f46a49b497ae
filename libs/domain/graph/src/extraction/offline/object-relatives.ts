import { KIN_NOUNS } from './cues';
import { WORK_NOUNS } from './name-words';
import { Mention } from './mentions';
import { rel } from './owners';
import { isVerbLike, matchPredicate } from './predicates';
import type { SentenceRelation } from './relations';
import { hyphenBased, phrase, Sentence, Token } from './sentences';

const RELATIVES = new Set(['which', 'that', 'whom']);
const POSSESSIVE = new Set(['his', 'her', 'their', 'my', 'our']);
/** Verbs of making that, said of an organisation, are leading it: "which she directed". */
const LEADING = new Set(['direct', 'run', 'head', 'manage']);
/** What an organisation does to a thing in such a clause: "the app that Mercado Libre bought", "… use". */
const COMPANY_DEEDS = new Set(['acquired', 'owns', 'uses']);
/** Past forms the endings above miss: "which Ashworth set up", "which she ran", "that he led". */
const IRREGULAR_PASTS = new Set(['set', 'ran', 'led', 'won', 'wrote', 'took', 'began', 'sold']);
/** Auxiliaries before the relative clause's verb ("had founded"); "was" would make it passive. */
const PERFECT = new Set(['had', 'has', 'have']);

/**
 * Where the relative clause's person ends its words before the verb: after "his daughter,
 * Sachiko Oyamada Lima," the verb follows the closing comma. -1 when no verb follows.
 */
function verbAfter(tokens: Token[], at: number, plural = false): number {
  let k = at;
  if (tokens[k]?.text === ',') k++;
  while (tokens[k] && (PERFECT.has(tokens[k]!.lower) || tokens[k]!.pos === 'ADV')) k++;
  const verb = tokens[k];
  // (A plural subject's verb in its base form may be tagged a noun: "that BVG and Rhein-Bahn use".)
  if (plural && verb?.pos === 'NOUN' && verb.lower === verb.lemma && tokens[k + 1]?.pos !== 'NOUN')
    verb.pos = 'VERB';
  if (!verb || !isVerbLike(verb)) return -1;
  // (Past, or the present of one who still does it: "which she still runs", "that BVG and
  // Rhein-Bahn use".)
  const past = /(ed|en|wn|lt|ght|de|id)$/.test(verb.lower) || IRREGULAR_PASTS.has(verb.lower);
  const present = verb.pos === 'VERB' && (plural ? verb.lower === verb.lemma : /[^s]s$/.test(verb.lower));
  return past || present ? k : -1;
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
    // ("Tessellate, a mapping startup his cousin Efua Mensah founded": with no relative at all,
    // after a common noun the clause's subject follows.)
    const article = RELATIVES.has(token.lower) ? -1 : contactClause(tokens, mentions, at);
    const contact = article >= 0;
    if (!RELATIVES.has(token.lower) && !contact) return;
    // ("with whom she co-authored": the clause's verb is with that person, not done to them.)
    if (tokens[at - 1]?.pos === 'ADP') return;
    // The person: right after the relative, or after "his daughter," before the name.
    let k = contact ? at : at + 1;
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
    // ("the software that BVG and Rhein-Bahn use": two subjects.)
    const second =
      tokens[person.end]?.lower === 'and'
        ? mentions.find((m) => m.start === person.end + 1 && m.type !== 'location' && m.type !== 'date')
        : undefined;
    const verb = verbAfter(tokens, (second ?? person).end, second !== undefined);
    if (verb < 0) return;
    // (A clause with no relative has no object of its own: not "the board Maria told Zeta".)
    if (contact && ['PROPN', 'NOUN', 'DET', 'PRON', 'NUM'].includes(tokens[verb + 1]?.pos ?? '')) return;
    // The thing: the name right before the relative, or before "in" a place there ("the X centre
    // in Lyon, which …").
    // (With no relative, the thing is what the noun's phrase stands beside: "Tessellate, a … startup".)
    const comma = contact
      ? tokens[article - 1]?.text === ','
        ? article - 1
        : article
      : tokens[at - 1]?.text === ','
        ? at - 1
        : at;
    // (What stands between it and the relative says only what it is or where: "community centre in Lyon".)
    // ("Zoe Adeyemi, whom he married": "whom" stands for a person, the others for things.)
    const whom = token.lower === 'whom';
    const candidates = mentions.filter(
      (m) =>
        m.end <= comma &&
        // (At most six words between: "the farm-to-table delivery app" is four.)
        tokens.slice(m.end, comma).filter((t) => t.space !== '').length <= (contact ? 0 : 6) &&
        (whom
          ? m.type === 'person' && m.keys[0] !== person.keys[0]
          : !['person', 'location', 'date'].includes(m.type)) &&
        // ("Cine Ixchel, a Mérida-based company that …": "-based" only says where it is.)
        !tokens.slice(m.end, comma).some((t, n, words) => isVerbLike(t) && !hyphenBased(words, n)) &&
        !mentions.some((o) => o.start >= m.end && o.end <= comma && o.type !== 'location'),
    );
    const thing = candidates[candidates.length - 1];
    if (!thing) return;
    // ("which Ashworth set up in 2015": a verb's particle is part of it.)
    const verbEnd = ['up', 'out'].includes(tokens[verb + 1]?.lower ?? '') ? verb + 2 : verb + 1;
    const match = matchPredicate(tokens.slice(verb, verbEnd), person, thing);
    if (!match?.known || match.inverted) return;
    const company = person.type === 'organization' || COMPANY_DEEDS.has(match.canonical);
    if (company ? !COMPANY_DEEDS.has(match.canonical) : match.sourceType && match.sourceType !== 'person')
      return;
    // ("which she directed": one directs an organisation by leading it, and makes only things.)
    // ("Second Act, the podcast I started": a work one starts one made.)
    const work = contact && match.canonical === 'founded' && WORK_NOUNS.has(tokens[at - 1]!.lemma);
    const canonical = work
      ? 'created'
      : thing.type === 'organization' && match.canonical === 'created'
        ? LEADING.has(tokens[verb]!.lemma)
          ? 'leads'
          : undefined
        : match.canonical;
    if (!canonical) return;
    // (What uses a thing may be a program as well as a company: "the driver that ScanDesk relies on".)
    if (person.evidence === 'none' && canonical !== 'uses')
      Object.assign(person, { type: company ? 'organization' : 'person', evidence: 'weak' });
    const raw = phrase(tokens, at, verbEnd);
    out.push(rel(person, thing, canonical, raw, verbEnd, 0.6));
    if (second && second.keys[0] !== thing.keys[0]) {
      if (second.evidence === 'none' && person.evidence !== 'none')
        Object.assign(second, { type: person.type, evidence: 'weak' });
      out.push(rel(second, thing, canonical, raw, verbEnd, 0.6));
    }
    const partner = canonical === 'founded' ? foundedWith(tokens, mentions, verbEnd) : undefined;
    if (partner && partner.keys[0] !== person.keys[0]) {
      if (partner.type !== 'person') Object.assign(partner, { type: 'person', evidence: 'weak' });
      out.push(rel(partner, thing, canonical, phrase(tokens, at, partner.start), partner.end, 0.6));
    }
  });
  return out;
}

/**
 * Where the noun phrase opens (its article) when a relative clause with no relative word opens at
 * `at`: a common noun of a phrase ("a mapping startup", "the bakery") right before a person's
 * name, or before "his cousin" and the name: "Tessellate, a mapping startup his cousin Efua
 * Mensah founded". -1 when none does.
 */
function contactClause(tokens: Token[], mentions: Mention[], at: number): number {
  const noun = tokens[at - 1];
  if (noun?.pos !== 'NOUN' || noun.text !== noun.lower) return -1;
  // (The noun's phrase opens on an article: "a mapping startup", "the bakery".)
  let d = at - 2;
  while (
    d >= at - 4 &&
    tokens[d] &&
    ['ADJ', 'NOUN'].includes(tokens[d]!.pos) &&
    tokens[d]!.text === tokens[d]!.lower
  )
    d--;
  if (!['a', 'an', 'the'].includes(tokens[d]?.lower ?? '')) return -1;
  const k =
    POSSESSIVE.has(tokens[at]?.lower ?? '') && KIN_NOUNS.has(tokens[at + 1]?.lower ?? '') ? at + 2 : at;
  return mentions.some((m) => m.start === k && m.type === 'person') ? d : -1;
}

/**
 * Whom a founding was done with, after the clause's verb at `from`: "that Ortiz co-founded with her
 * brother, Andrés Ortiz", "set up in 2015 with his school friend Ravi Chauhan" (past a year and the
 * partner's relation to the founder).
 */
function foundedWith(tokens: Token[], mentions: Mention[], from: number): Mention | undefined {
  let at = from;
  if (tokens[at]?.lower === 'in' && tokens[at + 1]?.pos === 'NUM') at += 2;
  if (tokens[at]?.lower !== 'with') return undefined;
  let w = at + 1;
  if (POSSESSIVE.has(tokens[w]?.lower ?? '')) {
    let n = w + 1;
    while (n < w + 4 && tokens[n]?.pos === 'NOUN' && tokens[n]!.text === tokens[n]!.lower) n++;
    if (n > w + 1 && KIN_NOUNS.has(tokens[n - 1]!.lower)) w = n;
  }
  if (tokens[w]?.text === ',') w++;
  return mentions.find((m) => m.start === w && (m.type === 'person' || m.evidence === 'none'));
}
