import { isPersonNoun } from './cues';
import { Mention } from './mentions';
import { isDegree } from './name-words';
import { PairRule, rawOf, retype, same } from './pair-rules';
import { isVerbLike, matchPredicate } from './predicates';
import { COMPANIONS } from './predicate-words';
import type { SentenceRelation } from './relations';
import { Token } from './sentences';

// The pair rules that read a pair through the relation before it (`reading.previous`).

/** "worked at Columbia University with Bruce Heezen": a colleague there. */
export const colleague: PairRule = ({ source, target, between }, { previous, found }) => {
  if (
    previous?.canonical === 'works at' &&
    between.length === 1 &&
    between[0]!.lower === 'with' &&
    same(previous.target, source) &&
    target.type === 'person'
  ) {
    found.push({
      ...previous,
      target,
      canonical: 'works with',
      raw: 'worked with',
      confidence: 0.7,
      end: target.start,
    });
    return true;
  }
  return false;
};

/** "collaborated with G. H. Hardy at Trinity College": where the collaborator worked. */
export const collaboratorsPlace: PairRule = ({ source, target, between }, { previous, found }) => {
  if (
    previous?.canonical === 'works with' &&
    between.length === 1 &&
    between[0]!.lower === 'at' &&
    same(previous.target, source) &&
    target.type === 'organization'
  ) {
    found.push({
      ...previous,
      target,
      canonical: 'works at',
      raw: 'at',
      confidence: 0.7,
      end: target.start,
    });
    return true;
  }
  return false;
};

/**
 * "was founded in Sweden by Ingvar Kamprad", "a band formed in Lusaka in 2006 by guitarist Mwila
 * Chanda": the founder after the place (a date may stand before "by", what they are after it).
 */
export const founderAfterPlace: PairRule = ({ source, target, between }, reading) => {
  const { found, tokens } = reading;
  let { previous } = reading;
  const by = between.findIndex((t) => t.lower === 'by');
  // ("founded in 1993 in Tartu, Estonia, by …": past the town's region, set off by commas, the
  // founding's place is the town.)
  const region =
    between[0]?.text === ',' &&
    previous?.canonical === 'located in' &&
    source.type === 'location' &&
    previous.target.end === source.start - 1 &&
    tokens[source.start - 1]?.text === ','
      ? previous
      : undefined;
  if (region) previous = { ...region, target: source };
  const dated = between
    .slice(region ? 1 : 0, Math.max(by, 0))
    .every((t) => t.pos === 'ADP' || t.pos === 'NUM');
  const described = between
    .slice(by + 1)
    .every((t) => ['NOUN', 'ADJ', 'DET'].includes(t.pos) && t.text === t.lower);
  if (
    previous?.canonical === 'located in' &&
    /found|establish|form/.test(previous.raw) &&
    by >= 0 &&
    dated &&
    described &&
    same(previous.target, source) &&
    target.type !== 'location'
  ) {
    retype(target, 'person');
    // (The founder's relation is the one a list of more founders continues.)
    reading.previous = {
      ...previous,
      source: target,
      target: previous.source,
      canonical: 'founded',
      raw: 'founded by',
      end: target.start,
      inverted: true,
    };
    found.push(reading.previous);
    return true;
  }
  // "a consortium based in Vientiane, Laos, founded in 2008 by the hydrologist Somchai
  // Phommavong": a participle after the place is said of what is there.
  const participle =
    between[0]?.text === ',' && /^(founded|established|formed)$/.test(between[1]?.lower ?? '');
  if (
    participle &&
    by > 1 &&
    described &&
    source.type === 'location' &&
    target.type !== 'location' &&
    between.slice(2, by).every((t) => t.pos === 'ADP' || t.pos === 'NUM')
  ) {
    const there = (place: Mention) =>
      found.find((r) => r.canonical === 'located in' && same(r.target, place))?.source;
    let subject = there(source);
    if (subject?.type === 'location') subject = there(subject);
    // ("a folk-rock band from Galway, Ireland, formed in 1996 by …": else the sentence's subject.)
    subject ??= reading.chain[0];
    if (!subject || subject.type === 'location' || subject.type === 'person') return false;
    retype(target, 'person');
    reading.previous = {
      source: target,
      target: subject,
      canonical: 'founded',
      raw: 'founded by',
      confidence: 0.7,
      end: target.start,
      inverted: true,
    };
    found.push(reading.previous);
    return true;
  }
  return false;
};

/** "founded Apple in Cupertino": the place the founded organisation is in. */
export const foundedIn: PairRule = ({ target, between }, { previous, found }) => {
  if (
    previous &&
    between.length === 1 &&
    between[0]!.lower === 'in' &&
    previous.canonical === 'founded' &&
    target.type === 'location'
  ) {
    found.push({
      source: previous.target,
      target,
      canonical: 'located in',
      raw: 'founded in',
      confidence: 0.7,
      end: target.start,
    });
    return true;
  }
  return false;
};

/**
 * "moved to Toronto for a job at Shopify": a role noun after the previous relation is its
 * subject's; so is a second one "and" adds ("a PhD from ETH Zurich and an MBA from INSEAD").
 */
export const roleOfSubject: PairRule = ({ target, between }, reading, { noVerb }) => {
  const { previous, found } = reading;
  const subject = previous && (previous.inverted ? previous.target : previous.source);
  // ("born in Enugu, Nigeria, in 1962, the third child of …": past the comma that closes a place.)
  const words = between[0]?.text === ',' && between[1]?.pos === 'ADP' ? between.slice(1) : between;
  if (
    noVerb &&
    subject?.type === 'person' &&
    (words[0]?.pos === 'ADP' || (words[0]?.lower === 'and' && words[1]?.pos === 'DET')) &&
    words.some((t) => t.pos === 'NOUN' || isDegree(t.lower)) &&
    !same(subject, target)
  ) {
    const role = matchPredicate(words, subject, target);
    if (role?.known && role.sourceType === 'person') {
      // (Which a list goes on with: "the third child of A and the civil engineer B".)
      reading.previous = {
        source: subject,
        target,
        canonical: role.canonical,
        raw: rawOf(words),
        confidence: 0.7,
        end: target.start,
      };
      found.push(reading.previous);
      return true;
    }
  }
  return false;
};

/**
 * "she starred opposite Daniel Frears in Low Season": the name after "opposite", "alongside" or
 * "with" shares the verb with the subject before it, and both relate to the name after.
 */
export const companionOf: PairRule = ({ i, source, target, between }, { tokens, chain, found }) => {
  const word = tokens[source.start - 1];
  const verb = tokens[source.start - 2];
  const subject = chain[i - 1];
  if (
    !subject ||
    !word ||
    !verb ||
    !(COMPANIONS.has(word.lower) || word.lower === 'with') ||
    !isVerbLike(verb) ||
    subject.end !== source.start - 2 - (tokens[subject.end]?.pos === 'ADV' ? 1 : 0) ||
    between.length !== 1 ||
    between[0]!.pos !== 'ADP'
  )
    return false;
  const match = matchPredicate([verb, between[0]!], subject, target);
  if (!match?.known) return false;
  for (const who of [subject, source]) {
    const [from, to] = match.inverted ? [target, who] : [who, target];
    found.push({
      source: from,
      target: to,
      canonical: match.canonical,
      raw: rawOf([verb, between[0]!]),
      confidence: 0.7,
      end: target.start,
    });
  }
  return true;
};

/**
 * "founded by Reto Keller and his brother Urs Keller", "formed by guitarist Mwila Chanda and his
 * cousin, the drummer Joseph Banda": a relative joined to the agent of a passive did it too.
 */
export function relativeAgents(
  tokens: Token[],
  mentions: Mention[],
  found: SentenceRelation[],
): SentenceRelation[] {
  const out: SentenceRelation[] = [];
  const lowerNoun = (t: Token | undefined) =>
    t !== undefined && ['NOUN', 'ADJ'].includes(t.pos) && t.text === t.lower;
  for (const relation of found) {
    if (!relation.inverted) continue;
    let k = relation.source.end;
    if (tokens[k]?.lower !== 'and' || !['his', 'her', 'their'].includes(tokens[k + 1]?.lower ?? '')) continue;
    k += 2;
    while (lowerNoun(tokens[k]) && lowerNoun(tokens[k + 1])) k++;
    if (!isPersonNoun(tokens[k])) continue;
    k++;
    if (tokens[k]?.text === ',') k++;
    if (tokens[k]?.pos === 'DET') {
      k++;
      while (lowerNoun(tokens[k])) k++;
    }
    const relative = mentions.find((m) => m.start === k);
    if (!relative || (relative.type !== 'person' && relative.evidence === 'strong')) continue;
    out.push({ ...relation, source: relative, confidence: 0.7, end: relative.end });
  }
  return out;
}

/**
 * "It stars Kerem Yıldız as an ageing steelworker in Karabük and Elif Demirci as his daughter": a
 * cast list goes on past each player's role, to the next name "and" brings with a role of its own.
 */
export const castMember: PairRule = ({ target, between }, { tokens, found }) => {
  if (tokens[target.end]?.lower !== 'as' || between[between.length - 1]?.lower !== 'and') return false;
  const cast = [...found].reverse().find((r) => r.canonical === 'stars' && !r.inverted);
  if (!cast || tokens[cast.target.end]?.lower !== 'as' || target.type === 'location') return false;
  if (target.type !== 'person' && target.evidence === 'strong') return false;
  retype(target, 'person');
  found.push({ ...cast, target, confidence: 0.7, end: target.end });
  return true;
};
