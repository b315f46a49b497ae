import { PairRule, rawOf, retype } from './pair-rules';
import { DASHES, DEPARTMENTS, UNIT_NOUNS } from './name-words';
import { nounPredicate } from './noun-predicates';
import { isVerbLike } from './predicates';
import { GROUP_WORDS, TRAVEL_PARTICLES } from './predicate-words';
import { personalName } from './short-names';
import { isTeam } from './teams';

// Pair rules for where a person works or is a member: "Priya Raman from Northwind", "of the QA team", signatures.

/**
 * "Priya Raman from Northwind reported …": someone from an organisation works there; "Aiko Sato
 * of the Atlas QA team", "Filipe Carvalho of Hospitality Systems Iberia Lda": someone of one too
 * (a member of a team).
 */
export const memberFrom: PairRule = ({ i, source, target, between }, { tokens, chain, found }) => {
  const of =
    between[0]?.lower === 'of' &&
    (between.length === 1 || (between.length === 2 && between[1]!.lower === 'the'));
  if (of && source.type === 'person' && target.type === 'organization' && source.start === chain[i]!.start) {
    const canonical = isTeam(target) ? 'member of' : 'works at';
    found.push({ source, target, canonical, raw: rawOf(between), confidence: 0.65, end: target.start });
    // ("the herpetologists Andrea Múnera and Felipe Restrepo of the University of Antioquia": both.)
    const first = chain[i - 1];
    if (first?.type === 'person' && first.end === source.start - 1 && tokens[first.end]?.lower === 'and')
      found.push({
        source: first,
        target,
        canonical,
        raw: rawOf(between),
        confidence: 0.6,
        end: target.start,
      });
    return true;
  }
  // ("Mayor Lindiwe Khumalo of Cape Town", "Governor Ana Silva of Bahia": a leader's title before
  // the name, the place or body after.)
  const title = tokens[source.start - 1];
  if (
    between.length === 1 &&
    between[0]!.lower === 'of' &&
    source.type === 'person' &&
    title !== undefined &&
    /^\p{Lu}\p{Ll}+$/u.test(title.text) &&
    nounPredicate(title.lower)?.canonical === 'leads' &&
    ['location', 'organization'].includes(target.type)
  ) {
    found.push({
      source,
      target,
      canonical: 'leads',
      raw: `${title.text} … of`,
      confidence: 0.65,
      end: target.start,
    });
    return true;
  }
  // "Marta Kowalczyk of Warsaw": a person's full name and their town.
  if (
    between.length === 1 &&
    between[0]!.lower === 'of' &&
    source.type === 'person' &&
    source.keys[0]!.includes(' ') &&
    target.type === 'location' &&
    target.evidence !== 'none' &&
    source.start === chain[i]!.start
  ) {
    found.push({ source, target, canonical: 'lives in', raw: 'of', confidence: 0.6, end: target.start });
    return true;
  }
  // ("and Kenji at Marlow Shipping says their drivers love it": a person at an organisation,
  // the subject of the verb after it, works there.)
  if (
    between.length === 1 &&
    between[0]!.lower === 'at' &&
    source.start === chain[i]!.start &&
    (source.type === 'person' ||
      (source.evidence === 'none' &&
        source.end - source.start <= 2 &&
        tokens[source.start]?.pos === 'PROPN')) &&
    target.type === 'organization' &&
    ['VERB', 'AUX'].includes(tokens[target.end]?.pos ?? '') &&
    !['VERB', 'AUX', 'ADP'].includes(tokens[source.start - 1]?.pos ?? '')
  ) {
    retype(source, 'person');
    found.push({ source, target, canonical: 'works at', raw: 'at', confidence: 0.6, end: target.start });
    return true;
  }
  if (
    between.length === 1 &&
    between[0]!.lower === 'from' &&
    source.start === chain[i]!.start &&
    ((source.type === 'person' && target.type === 'organization') ||
      // ("Oh, and Mairi from Wood Group phoned.": a name nothing typed, the subject of a verb.)
      (source.evidence === 'none' &&
        tokens[source.start]?.pos === 'PROPN' &&
        target.type === 'organization' &&
        isVerbLike(tokens[target.end] ?? between[0]!)) ||
      ((source.type === 'person' || (source.evidence === 'none' && source.keys[0]!.includes(' '))) &&
        target.evidence === 'none' &&
        isVerbLike(tokens[target.end] ?? between[0]!)) ||
      // ("lunch with Mateo from Spotify?": a one-word name nothing typed, ending the clause.)
      (source.type === 'person' &&
        target.evidence === 'none' &&
        target.end - target.start === 1 &&
        !DEPARTMENTS.has(target.keys[0]!) &&
        (tokens[target.end] === undefined || ['?', '!', '.', ',', ';'].includes(tokens[target.end]!.text))))
  ) {
    retype(source, 'person');
    retype(target, 'organization');
    const canonical = isTeam(target) ? 'member of' : 'works at';
    found.push({ source, target, canonical, raw: 'from', confidence: 0.6, end: target.start });
    return true;
  }
  // ("bringing my sister Amina down from Leeds", "Kofi is flying in from Accra": a person coming
  // from a town lives there; not one who moved from it.)
  const words = between.map((t) => t.lower);
  const fromAt = words.lastIndexOf('from');
  if (
    fromAt === words.length - 1 &&
    source.type === 'person' &&
    target.type === 'location' &&
    target.evidence !== 'none' &&
    // ("I'm from Ibadan", "she's from Accra": where one comes from may be one's birthplace only.)
    !/^i['’]m$/i.test(tokens[source.start]?.text ?? '') &&
    between
      .slice(0, fromAt)
      .every((t) => t.pos === 'AUX' || COMING.has(t.lemma) || TRAVEL_PARTICLES.has(t.lower)) &&
    // (Not "Kofi is from Accra", where one comes from may be one's birthplace only.)
    (fromAt === 0 ||
      between.slice(0, fromAt).some((t) => COMING.has(t.lemma) || TRAVEL_PARTICLES.has(t.lower)))
  ) {
    found.push({
      source,
      target,
      canonical: 'lives in',
      raw: rawOf(between),
      confidence: 0.6,
      end: target.start,
    });
    // ("Tomek and I are driving down from Gdańsk", "My wife Chioma and I will drive down from
    // Lagos": both who come.)
    const first = chain[i - 1];
    if (first?.type === 'person' && first.end === source.start - 1 && tokens[first.end]?.lower === 'and')
      found.push({
        source: first,
        target,
        canonical: 'lives in',
        raw: rawOf(between),
        confidence: 0.6,
        end: target.start,
      });
    return true;
  }
  // ("Hi Tunde, it's Ewa from Northgate Talent", "this is Ravi from Bluecrest": whom one speaks
  // for on introducing oneself, whatever typed it, unless it is a place by name.)
  const introduced = [tokens[source.start - 2]?.lower, tokens[source.start - 1]?.lower].join(' ');
  if (
    between.length === 1 &&
    between[0]!.lower === 'from' &&
    INTRODUCTIONS.has(introduced) &&
    (source.type === 'person' || source.evidence === 'none') &&
    (target.type === 'organization' || target.evidence === 'none')
  ) {
    retype(source, 'person');
    retype(target, 'organization');
    found.push({ source, target, canonical: 'works at', raw: 'from', confidence: 0.6, end: target.start });
    return true;
  }
  // ("I'm Matteo from the FibraNet technical team": a firm's unit, in lower case after its name.)
  let unit = target.end;
  while (
    unit < target.end + 3 &&
    ['ADJ', 'NOUN'].includes(tokens[unit]?.pos ?? '') &&
    !UNIT_NOUNS.has(tokens[unit]!.text)
  )
    unit++;
  if (
    between.length === 2 &&
    between[0]!.lower === 'from' &&
    between[1]!.lower === 'the' &&
    (target.type === 'organization' || target.evidence === 'none') &&
    UNIT_NOUNS.has(tokens[unit]?.text ?? '') &&
    tokens.slice(target.end, unit).every((t) => t.text === t.lower) &&
    source.type === 'person' &&
    source.start === chain[i]!.start
  ) {
    retype(target, 'organization');
    found.push({
      source,
      target,
      canonical: 'works at',
      raw: 'from the',
      confidence: 0.6,
      end: target.start,
    });
    return true;
  }
  // ("My colleague Sofie Jansen from the Integrations team": a member of a team named after "the".)
  if (
    between.length === 2 &&
    between[0]!.lower === 'from' &&
    between[1]!.lower === 'the' &&
    target.type === 'organization' &&
    isTeam(target) &&
    (source.type === 'person' || (source.evidence === 'none' && source.keys[0]!.includes(' '))) &&
    source.start === chain[i]!.start
  ) {
    retype(source, 'person');
    found.push({
      source,
      target,
      canonical: 'member of',
      raw: 'from the',
      confidence: 0.6,
      end: target.start,
    });
    return true;
  }
  return false;
};

/** Verbs of travelling to the speaker, before TRAVEL_PARTICLES, "from" and a town: "flying in from Abuja". */
const COMING = new Set(['fly', 'come', 'drive', 'travel', 'visit']);

/** Words that introduce oneself before one's name: "it's Ewa", "this is Ravi", "I'm Matteo". */
const INTRODUCTIONS = new Set(["it 's", 'it ’s', 'this is', "i 'm", 'i ’m', 'i am', 'name is']);

/**
 * "— Julien Faure, Faure & Fils": a signature, the writer then the organisation they write for.
 * (A line of names with no verb, opened by a dash or by the name.)
 */
export const signedAffiliation: PairRule = ({ source, target, between }, { tokens, found }) => {
  const signs = source.start === 0 || DASHES.has(tokens[source.start - 1]?.text ?? '');
  if (
    between.length === 1 &&
    between[0]!.text === ',' &&
    signs &&
    source.type === 'person' &&
    target.type === 'organization' &&
    !tokens.slice(target.end).some((t) => /\p{L}/u.test(t.text)) &&
    !tokens.slice(source.start).some(isVerbLike)
  ) {
    found.push({ source, target, canonical: 'works at', raw: ',', confidence: 0.6, end: target.end });
    return true;
  }
  return false;
};

/** Prepositions that say where a person named before them is from: "Marco Bellini from Support Tooling". */
const AFFILIATING = new Set(['from', 'at', 'of']);

/**
 * "Marco Bellini from Support Tooling is leading the migration and will be working closely with
 * Aisha Darwish": the verb after a person's affiliation is the person's, not the affiliation's.
 * (Only a finite verb right after: "… from Acme, who …" and "… from Acme leading …" say other things.)
 */
export const affiliatedSubject: PairRule = (pair, { tokens, chain }) => {
  const { i, source, between } = pair;
  const person = chain[i - 1];
  const prep = tokens[source.start - 1];
  if (!person || person.type !== 'person' || source.type === 'person') return false;
  if (!prep || !AFFILIATING.has(prep.lower) || person.end !== source.start - 1) return false;
  const first = between.find((t) => t.pos !== 'ADV');
  if (!first || !(first.pos === 'AUX' || (first.pos === 'VERB' && !/ing$/.test(first.lower)))) return false;
  pair.source = person;
  return false;
};

/** Adverbs of a job held before: "Jonas Berg, previously at Remedy Entertainment". */
const FORMERLY = new Set(['previously', 'formerly', 'once']);

/**
 * "Jonas Berg, previously at Remedy Entertainment, …", "bassist Federico Sanz, formerly of Los
 * Brujos del Sur": an aside on a person of where they were before: a job there (a band's member).
 */
export const formerlyAt: PairRule = ({ source, target, between }, { found }) => {
  const words = between.map((t) => t.lower);
  if (
    words.length === 3 &&
    words[0] === ',' &&
    FORMERLY.has(words[1]!) &&
    ['at', 'of', 'with'].includes(words[2]!) &&
    (source.type === 'person' || (source.evidence === 'none' && personalName(source))) &&
    target.type !== 'person' &&
    target.type !== 'location' &&
    target.type !== 'date'
  ) {
    retype(source, 'person');
    retype(target, 'organization');
    const canonical = GROUP_WORDS.test(target.name) ? 'member of' : 'works at';
    found.push({
      source,
      target,
      canonical,
      raw: rawOf(between.slice(1)),
      confidence: 0.6,
      end: target.start,
    });
    return true;
  }
  return false;
};
