import { isOrganizationNoun } from './cues';
import { companionsLive, coupleHome, theyFounded } from './inferred-households';
import type { Discourse } from './discourse';
import type { Mention } from './mentions';
import { rel } from './owners';
import { same } from './pair-rules';
import type { SentenceRelation } from './relations';
import { phrase, Token } from './sentences';

/**
 * Relations that follow from others read in the same sentence: founders of a band play in it,
 * whom a successor replaced led what the successor now leads; a household's relations
 * (inferred-households.ts); an incident's affected customers.
 */
export function inferredRelations(
  tokens: Token[],
  mentions: Mention[],
  discourse: Discourse,
  found: SentenceRelation[],
): SentenceRelation[] {
  // ("in 2011 the two formed the folk duo Salt & Cedar": the two founders play in it too.)
  const together = theyFounded(tokens, mentions, discourse, found);
  return [
    ...foundersPlayIn(tokens, [...found, ...together]),
    ...foundersLead(found),
    ...predecessorsLed(tokens, found, discourse),
    ...companionsLive(tokens, found, mentions),
    ...coupleHome(tokens, mentions, discourse, found),
    ...together,
    ...whollyOwned(found),
    ...supportingCast(tokens, mentions, found),
    ...castIncludes(tokens, mentions, discourse),
    ...starAs(tokens, mentions, discourse),
    ...calledIn(tokens, mentions, found),
    ...tookOverWhenLeft(tokens, mentions, found),
    ...bornToAfterPlace(tokens, mentions, found),
    ...affectedCustomers(tokens, mentions, discourse),
  ];
}

/** Nouns of a child after a birthplace: "…, the son of", "…, the youngest of three daughters of". */
const CHILD_NOUNS = new Set(['son', 'daughter', 'child', 'sons', 'daughters', 'children']);

/**
 * "was born in Białystok, the son of a railway clerk, Henryk Wierzbicki": an apposition of
 * parentage after the town one was born (or grew up) in is the person's, not the town's.
 */
function bornToAfterPlace(
  tokens: Token[],
  mentions: Mention[],
  found: SentenceRelation[],
): SentenceRelation[] {
  const out: SentenceRelation[] = [];
  for (const home of found) {
    if (!['born in', 'lives in'].includes(home.canonical) || home.source.type !== 'person') continue;
    const place = home.target;
    if (tokens[place.end]?.text !== ',' || place.start < home.source.end) continue;
    // ", the youngest of three sons of", ", the second daughter of": words of which child, then "of".
    let k = place.end + 1;
    while (k < place.end + 7 && tokens[k] && !CHILD_NOUNS.has(tokens[k]!.lower)) {
      if (!['DET', 'ADJ', 'NUM', 'ADP'].includes(tokens[k]!.pos)) break;
      k++;
    }
    if (!CHILD_NOUNS.has(tokens[k]?.lower ?? '') || tokens[k + 1]?.lower !== 'of') continue;
    // ("of a railway clerk, Henryk Wierzbicki", "of the potter Imai Sōsuke": past what the parent is.)
    const parent = mentions.find(
      (m) =>
        m.start > k + 1 &&
        m.start <= k + 7 &&
        tokens
          .slice(k + 2, m.start)
          .every((t) => ['DET', 'ADJ', 'NOUN', 'PUNCT'].includes(t.pos) && t.text !== '.'),
    );
    if (!parent || parent.type === 'location' || parent.type === 'organization' || same(parent, home.source))
      continue;
    if (parent.evidence === 'none') Object.assign(parent, { type: 'person', evidence: 'weak' });
    const raw = phrase(tokens, place.end + 1, parent.start).replace(/[\s,]+$/, '');
    out.push(rel(home.source, parent, 'child of', raw, parent.end, 0.7));
  }
  return out;
}

/** "Affected merchants included …", "Merchants including … reported failed orders": who an incident hit. */
const AFFECTED_LIST =
  /^(?:(?:the\s+)?affected\s+(?:customers|merchants|users|clients|tenants|sites|stores)\s+(?:include|included|includes|were|are)|(?:customers|merchants|clients|tenants)\s+(?:including|such\s+as))\b/i;

/**
 * "Affected merchants included Fjord Outfitters and Maison Lumière", "Merchants including Bókaland
 * and VeloMarkt GmbH reported failed card payments": in an incident report, the incident (the
 * first error code the text named, its title's) affects each organisation the list names.
 */
function affectedCustomers(tokens: Token[], mentions: Mention[], discourse: Discourse): SentenceRelation[] {
  const incident = discourse.firstErrorCode;
  if (!incident) return [];
  const match = AFFECTED_LIST.exec(
    tokens
      .slice(0, 5)
      .map((t) => t.text)
      .join(' '),
  );
  if (!match) return [];
  // (The words it matched, one token each.)
  const after = match[0].split(' ').length;
  return mentions
    .filter(
      (m) =>
        m.start >= after &&
        ['organization', 'concept'].includes(m.type) &&
        // (The list only: names joined by commas, "and" and the words that say what each is.)
        !tokens.slice(after, m.start).some((t) => t.pos === 'VERB'),
    )
    .map((m) => rel(incident, m, 'affects', match[0], m.end, 0.6));
}

/** Verbs of leaving a post, as written (the tagger may read "retired" as an adjective). */
const LEAVES =
  /^(?:left|leaves|leaving|retired|retires|retiring|resigned|resigns|quit|quits|died|dies|stepped|steps)$/;

/**
 * "Beatriz took it over when Helena retired to Braga", "she took over as CTO when Hiroshi Kato
 * left": who takes over when someone leaves succeeds them.
 */
function tookOverWhenLeft(
  tokens: Token[],
  mentions: Mention[],
  found: SentenceRelation[],
): SentenceRelation[] {
  const take = tokens.findIndex(
    (t, k) => t.lemma === 'take' && tokens.slice(k + 1, k + 3).some((o) => o.lower === 'over'),
  );
  if (take < 0) return [];
  const when = tokens.findIndex((t, k) => k > take && k <= take + 8 && t.lower === 'when');
  const left = mentions.find(
    (m) => m.start === when + 1 && (m.type === 'person' || (m.evidence === 'none' && m.type === 'concept')),
  );
  if (when < 0 || !left || !LEAVES.test(tokens[left.end]?.lower ?? '')) return [];
  // (The one taking over: the person right before "took", past auxiliaries and adverbs.)
  const successor = mentions
    .filter((m) => m.end <= take && (m.type === 'person' || m.evidence === 'none'))
    .pop();
  if (
    !successor ||
    !tokens.slice(successor.end, take).every((t) => ['AUX', 'ADV'].includes(t.pos)) ||
    same(successor, left) ||
    found.some((r) => r.canonical === 'succeeded' && same(r.source, successor))
  )
    return [];
  for (const m of [successor, left])
    if (m.type !== 'person') Object.assign(m, { type: 'person', evidence: 'weak' });
  return [rel(successor, left, 'succeeded', phrase(tokens, take, left.start), left.end, 0.6)];
}

/**
 * "a small startup in Fukuoka called Hanamori Labs", "a café in Lisbon named Pão Quente": the
 * organisation a kind and its town introduce by its name is in that town.
 */
function calledIn(tokens: Token[], mentions: Mention[], found: SentenceRelation[]): SentenceRelation[] {
  const out: SentenceRelation[] = [];
  for (const [k, place] of mentions.entries()) {
    const named = mentions[k + 1];
    if (
      !named ||
      place.type !== 'location' ||
      named.start !== place.end + 1 ||
      !['called', 'named'].includes(tokens[place.end]?.lower ?? '') ||
      tokens[place.start - 1]?.lower !== 'in' ||
      !isOrganizationNoun(tokens[place.start - 2]) ||
      ['person', 'location', 'date'].includes(named.type) ||
      found.some((r) => r.canonical === 'located in' && same(r.source, named))
    )
      continue;
    if (named.evidence === 'none') Object.assign(named, { type: 'organization', evidence: 'weak' });
    out.push(rel(named, place, 'located in', phrase(tokens, place.start - 1, named.start), named.end, 0.6));
  }
  return out;
}

/**
 * "Pesaflow, led by co-founders Wanjiru Kamau and Brian Otieno": who lead something as its
 * founders founded it.
 */
function foundersLead(found: SentenceRelation[]): SentenceRelation[] {
  return found
    .filter(
      (r) =>
        r.canonical === 'leads' &&
        /\bby (?:its |their |the )?(?:co-?)?founders?$/i.test(r.raw) &&
        !found.some((f) => f.canonical === 'founded' && same(f.source, r.source) && same(f.target, r.target)),
    )
    .map((r) => ({ ...r, canonical: 'founded', confidence: 0.6 }));
}

/**
 * "Inês Barata and Carla Mendes star as the sisters, with Rui Vieira as the harbour master": the
 * people who "star as" someone, and those "with … as" someone after them, are in the cast of the
 * work the text is about, when the sentence names none.
 */
function starAs(tokens: Token[], mentions: Mention[], discourse: Discourse): SentenceRelation[] {
  const verb = tokens.findIndex((t, k) => k > 0 && t.lemma === 'star');
  if (verb < 0 || tokens[verb + 1]?.lower !== 'as') return [];
  const work = discourse.thing();
  if (!work || ['person', 'location', 'organization'].includes(work.type)) return [];
  // (The subjects: names listed from the sentence's start to the verb.)
  const subjects = mentions.filter((m) => m.end <= verb);
  const covered = new Set(
    subjects.flatMap((m) => Array.from({ length: m.end - m.start }, (_, k) => m.start + k)),
  );
  for (let k = 0; k < verb; k++) if (!covered.has(k) && ![',', 'and'].includes(tokens[k]!.lower)) return [];
  // ("…, with Rui Vieira as the harbour master": each one named after "with" and before "as".)
  const also = mentions.filter(
    (m) => m.start > verb && tokens[m.start - 1]?.lower === 'with' && tokens[m.end]?.lower === 'as',
  );
  return [...subjects, ...also]
    .filter((m) => m.type === 'person' || (m.evidence === 'none' && m.name.includes(' ')))
    .map((m) => {
      if (m.type !== 'person') Object.assign(m, { type: 'person', evidence: 'weak' });
      return rel(work, m, 'stars', phrase(tokens, verb, verb + 2), m.end, 0.6);
    });
}

/**
 * "The cast also includes Dinara Sultanova and the Russian actor Pavel Grishin": each person the
 * sentence lists is in the cast of the work the text is about.
 */
function castIncludes(tokens: Token[], mentions: Mention[], discourse: Discourse): SentenceRelation[] {
  if (tokens[0]?.lower !== 'the' || tokens[1]?.lower !== 'cast') return [];
  const verb = tokens.findIndex((t, k) => k > 1 && k < 5 && t.lemma === 'include');
  const work = discourse.thing();
  if (verb < 0 || !work || work.type === 'person' || work.type === 'location') return [];
  return mentions
    .filter((m) => m.start > verb && (m.type === 'person' || m.evidence === 'none'))
    .map((m) => {
      if (m.type !== 'person') Object.assign(m, { type: 'person', evidence: 'weak' });
      return rel(work, m, 'stars', phrase(tokens, 0, verb + 1), m.end, 0.6);
    });
}

/** Words for the lesser parts of a cast: "in supporting roles", "in smaller parts". */
const SUPPORTING = /^(?:supporting|smaller|minor|secondary)$/;

/**
 * "It stars Lena Brandauer as a cellist, with Tobias Krüger and Farah Nasseri in supporting roles":
 * the people named after "with" are in the cast of the film the sentence says stars someone.
 */
function supportingCast(tokens: Token[], mentions: Mention[], found: SentenceRelation[]): SentenceRelation[] {
  const starring = found.find((r) => r.canonical === 'stars');
  if (!starring) return [];
  const roles = tokens.findIndex(
    (t, k) =>
      t.lower === 'in' &&
      SUPPORTING.test(tokens[k + 1]?.lower ?? '') &&
      /^(?:roles?|parts?)$/.test(tokens[k + 2]?.lower ?? ''),
  );
  const withAt = tokens.findIndex((t, k) => t.lower === 'with' && k > starring.target.start && k < roles);
  if (roles < 0 || withAt < 0) return [];
  // (Only a list of names runs from "with" to the roles.)
  const cast = mentions.filter((m) => m.start > withAt && m.end <= roles);
  const named = new Set(cast.flatMap((m) => Array.from({ length: m.end - m.start }, (_, k) => m.start + k)));
  for (let k = withAt + 1; k < roles; k++)
    if (!named.has(k) && ![',', 'and'].includes(tokens[k]!.lower)) return [];
  return cast
    .filter((m) => m.type === 'person')
    .map((m) => rel(starring.source, m, 'stars', phrase(tokens, withAt, roles + 3), m.end, 0.6));
}

/**
 * "makes Kalmar Tidal Systems a wholly owned subsidiary of Nordvind": a subsidiary another company
 * owns outright is owned by it, as well as part of it.
 */
function whollyOwned(found: SentenceRelation[]): SentenceRelation[] {
  return found
    .filter((r) => r.canonical === 'part of' && /\b(?:wholly|fully)[ -]owned subsidiary\b/i.test(r.raw))
    .map((r) => ({ ...r, source: r.target, target: r.source, canonical: 'owns', confidence: 0.6 }));
}

/** Words for a group that plays together, which its founders play in. */
const ENSEMBLES = new Set(['band', 'trio', 'quartet', 'quintet', 'duo', 'orchestra', 'ensemble', 'choir']);

/**
 * "a Zambian band formed in 2006 by guitarist Mwila Chanda", "he formed the Watanabe Trio with
 * bassist Hiroshi Ueda": who founds a band plays in it.
 */
function foundersPlayIn(tokens: Token[], found: SentenceRelation[]): SentenceRelation[] {
  const ensemble = tokens.some((t) => ENSEMBLES.has(t.lower));
  const band = (r: SentenceRelation) =>
    ensemble || r.target.keys[0]!.split(' ').some((w) => ENSEMBLES.has(w));
  return found
    .filter(
      (r) =>
        r.canonical === 'founded' && r.source.type === 'person' && r.target.type !== 'location' && band(r),
    )
    .map((r) => ({ ...r, canonical: 'member of', confidence: Math.min(r.confidence, 0.6) }));
}

/**
 * "was elected mayor of Thiès, succeeding Abdou Ndiaye", "succeeded Fred Osei as manager of …":
 * whom a person succeeds in what they now lead led it before them.
 */
function predecessorsLed(
  tokens: Token[],
  found: SentenceRelation[],
  discourse: Discourse,
): SentenceRelation[] {
  return found.flatMap((succession) => {
    const { source, target } = succession;
    if (succession.canonical !== 'succeeded' || target.type !== 'person' || target.start < source.start)
      return [];
    // ("Brightwater Foods has appointed Olufemi Adeyemi as chief executive. He takes over from
    // Claire Dubois.": what the sentence before said the successor leads, when this one opens on them.)
    // (Not as something the sentence names: "succeeded Jorge Meireles as minister".)
    const earlier =
      source.start === 0 && tokens[target.end]?.lower !== 'as'
        ? discourse.ledBefore.get(source.keys[0]!)
        : undefined;
    if (earlier && !found.some((r) => r.canonical === 'leads' && same(r.source, source)))
      return [rel(target, earlier, 'leads', succession.raw, target.end, 0.6)];
    // (Only what the successor leads right before the succession: not "the chief executive of
    // Chipotle, as its new CEO …, replacing …", nor what they lead after it.)
    // ("Its current director, Marius Petrauskas, succeeded Wróbel": or a role given before the name.)
    const before = (r: SentenceRelation) =>
      r.target.start < source.start && !tokens.slice(source.end, target.start).some((t) => t.lower === 'as');
    const led = (r: SentenceRelation) =>
      before(r) ||
      (r.target.end <= target.start &&
        tokens
          .slice(r.target.end, target.start)
          .every((t) => SUCCESSION_GAP.has(t.pos) || SUCCESSION_WORDS.has(t.lower)));
    return found
      .filter((r) => r.canonical === 'leads' && same(r.source, source) && !same(r.target, target) && led(r))
      .map((r) => ({ ...r, source: target, raw: succession.raw, confidence: 0.6 }));
  });
}

/** What may stand between what a successor leads and whom they succeed ("in 2014, succeeding"). */
const SUCCESSION_GAP = new Set(['PUNCT', 'ADP', 'SCONJ', 'NUM', 'DET', 'ADV', 'PRON']);
const SUCCESSION_WORDS = new Set([
  'succeeding',
  'replacing',
  'succeeded',
  'replaced',
  'when',
  'retiring',
  'who',
]);
