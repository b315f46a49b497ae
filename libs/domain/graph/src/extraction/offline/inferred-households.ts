import type { Discourse } from './discourse';
import type { Mention } from './mentions';
import { rel } from './owners';
import { same } from './pair-rules';
import type { SentenceRelation } from './relations';
import { bases } from './predicate-verbs';
import { phrase, Token } from './sentences';
import { personalName } from './short-names';

// What a household does: whom a person lives with lives there too, and what a plural subject
// ("the couple", "they") did, both people it stands for did (inferred.ts reads the rest).

/** Relations between two people one of whom a home can be shared with. */
const HOUSEHOLD = new Set(['married to', 'partner of', 'child of', 'sibling of']);

/**
 * "lives in Nakuru with her husband, the physiotherapist David Otieno", "where he lived with his
 * wife, Mercedes Barcha", "is married to the poet Marisol Vidal, and the couple lives in Puebla":
 * whom a person lives with lives there too.
 */
export function companionsLive(
  tokens: Token[],
  found: SentenceRelation[],
  mentions: Mention[] = [],
): SentenceRelation[] {
  const out: SentenceRelation[] = [];
  for (const home of found) {
    if (home.canonical !== 'lives in' || home.source.type !== 'person') continue;
    // ("Quispe now lives in Valparaíso with Soto and their two children": a person named right
    // after "with", whatever the sentence says they are to each other.)
    const beside = mentions.find(
      (m) =>
        m.start === home.target.end + 1 &&
        tokens[home.target.end]?.lower === 'with' &&
        m.type === 'person' &&
        !same(m, home.source),
    );
    if (beside && home.target.end > home.source.end) out.push({ ...home, source: beside, confidence: 0.6 });
    for (const tie of found) {
      if (!HOUSEHOLD.has(tie.canonical)) continue;
      const other = same(tie.source, home.source)
        ? tie.target
        : same(tie.target, home.source)
          ? tie.source
          : undefined;
      if (!other || other.type !== 'person' || same(other, home.target)) continue;
      const from = Math.max(home.source.end, home.target.end);
      const window = tokens.slice(from, other.start);
      // ("with her husband, …": no "and", ";" or verb of another clause after "with".)
      const at = window.findIndex((t) => t.lower === 'with');
      const withIt =
        other.start > from &&
        window.length <= 8 &&
        at >= 0 &&
        !window.some((t) => t.text === ';' || t.lower === 'and') &&
        !window.slice(at + 1).some((t) => t.pos === 'VERB');
      const couple = /\bcouple\b/i.test(home.raw) && other.end <= home.target.start;
      if (withIt || couple) out.push({ ...home, source: other, confidence: 0.6 });
    }
  }
  return out;
}

/**
 * The two people a plural subject at token `at` ("the couple", "they") stands for: the last two
 * named before it in its sentence, else the last two the text named, none of them named after it.
 */
function lastTwoPeople(
  mentions: Mention[],
  at: number,
  discourse: Discourse,
  except: Mention,
  found: SentenceRelation[],
): Mention[] {
  // (A couple the text married, in this sentence or before: "He married the film editor Mei Lin.
  // The couple moved to Gothenburg", past a bandmate named before her.)
  const married = found.filter((r) => r.canonical === 'married to' && r.end <= at).pop();
  const couple = married ? [married.source, married.target] : discourse.couple;
  if (couple && !couple.some((m) => same(m, except))) return couple;
  // (Or two people this sentence tied before it: "Her brother, Khalid Al-Hashimi, sits on the
  // council, and the two co-founded …".)
  const tied = found
    .filter(
      (r) =>
        PEOPLES_TIES.has(r.canonical) &&
        r.end <= at &&
        r.source.type === 'person' &&
        r.target.type === 'person',
    )
    .pop();
  if (tied && !same(tied.source, tied.target)) return [tied.source, tied.target];
  // (An untyped name that reads as a person's counts: "she met Priya Ramanathan, and … the two".)
  const here = mentions.filter(
    (m) => (m.type === 'person' || (m.evidence === 'none' && personalName(m))) && m.end <= at,
  );
  const later = mentions.filter((m) => m.start > at);
  const people =
    here.length >= 2
      ? here.slice(-2)
      : discourse
          .latestPeople(2 + later.length, except)
          .filter((m) => !later.some((l) => same(l, m)))
          .slice(-2);
  if (people.length !== 2 || same(people[0]!, people[1]!)) return [];
  for (const m of people) if (m.type !== 'person') Object.assign(m, { type: 'person', evidence: 'weak' });
  return people;
}

/** The verb after a subject ending at `at`, past auxiliaries and adverbs, if its lemma is one of `verbs`. */
function verbAfter(tokens: Token[], at: number, verbs: Set<string>): number {
  let v = at + 1;
  while (tokens[v] && ['AUX', 'ADV'].includes(tokens[v]!.pos)) v++;
  // ("the two co-founded": wink leaves "co-founded" as it is, so its base forms are asked too.)
  const verb = tokens[v];
  return verb && (verbs.has(verb.lemma) || bases(verb.lower).some((b) => verbs.has(b))) ? v : -1;
}

/** Verbs of making a home somewhere. */
const SETTLES = new Set(['live', 'move', 'settle', 'reside', 'relocate']);

/**
 * "Ingrid is married to Oskar Lindqvist; the couple live in Trondheim", "… married Ana Ruiz. The
 * couple settled in Oaxaca": "the couple" (or "the pair") are the two people named last, and both
 * live there.
 */
export function coupleHome(
  tokens: Token[],
  mentions: Mention[],
  discourse: Discourse,
  found: SentenceRelation[],
): SentenceRelation[] {
  let c = tokens.findIndex((t, k) => ['couple', 'pair'].includes(t.lower) && tokens[k - 1]?.lower === 'the');
  // ("Adeyemi is married to Chinedu Eze; they live in Ile-Ife", "… married Tom Berg. They live in
  // Cologne": "they" opening a clause right after a marriage is the couple.)
  let couple: Mention[] | undefined;
  if (c < 0) {
    c = tokens.findIndex(
      (t, k) => t.lower === 'they' && (k === 0 || [',', 'and', ';'].includes(tokens[k - 1]!.lower)),
    );
    const married = found.filter((r) => r.canonical === 'married to' && r.end <= c).pop();
    couple = married ? [married.source, married.target] : discourse.coupleBefore;
    if (!couple) return [];
  }
  const v = c < 0 ? -1 : verbAfter(tokens, c, SETTLES);
  if (v < 0) return [];
  const place = mentions.find(
    (m) =>
      m.start > v &&
      m.start <= v + 3 &&
      m.type === 'location' &&
      ['in', 'to'].includes(tokens[m.start - 1]?.lower ?? ''),
  );
  if (!place || found.some((r) => r.canonical === 'lives in' && same(r.target, place))) return [];
  const raw = phrase(tokens, Math.max(c - 1, 0), place.start);
  return (couple ?? lastTwoPeople(mentions, c, discourse, place, found)).map((person) =>
    rel(person, place, 'lives in', raw, place.end, 0.6),
  );
}

/** Ties between two people, who may then be "the two" of their sentence. */
const PEOPLES_TIES = new Set(['sibling of', 'partner of', 'friend of', 'works with', 'child of']);

/** Words for two people after "the": "the two", "the pair", "the duo". */
const PAIRS = new Set(['two', 'pair', 'duo']);

/** Verbs of founding something together. */
const FOUNDS = new Set([
  'found',
  'co-found',
  'cofound',
  'establish',
  'launch',
  'open',
  'start',
  'set',
  'form',
]);

/**
 * "… where she met her future husband, the engineer Duarte Falcão. Together they founded Falcão
 * Okonkwo Arquitetos": "they", opening its clause, are the two people named last, and both founded
 * what follows the verb.
 */
export function theyFounded(
  tokens: Token[],
  mentions: Mention[],
  discourse: Discourse,
  found: SentenceRelation[],
): SentenceRelation[] {
  const they = tokens.findIndex(
    (w, k) => w.lower === 'they' && (k === 0 || ['together', ',', 'and', ';'].includes(tokens[k - 1]!.lower)),
  );
  // ("There she met Priya Ramanathan, and in 2016 the two co-founded Kestrel Analytics": so are
  // "the two", "the pair", "the duo", whatever the pairs read of them.)
  const two = tokens.findIndex((w, k) => PAIRS.has(w.lower) && tokens[k - 1]?.lower === 'the');
  const t = they >= 0 ? they : two;
  const v = t < 0 ? -1 : verbAfter(tokens, t, FOUNDS);
  if (v < 0 || (tokens[v]!.lemma === 'set' && tokens[v + 1]?.lower !== 'up')) return [];
  const made = mentions.find((m) => m.start > v && m.start <= v + 4);
  if (!made || ['person', 'location', 'date', 'email', 'url'].includes(made.type)) return [];
  if (they >= 0 && found.some((r) => r.canonical === 'founded' && same(r.target, made))) return [];
  const people = lastTwoPeople(mentions, t, discourse, made, found);
  if (people.length === 0) return [];
  if (made.type !== 'organization' && made.evidence === 'none')
    Object.assign(made, { type: 'organization', evidence: 'weak' });
  const raw = phrase(tokens, t, made.start);
  return people.map((person) => rel(person, made, 'founded', raw, made.end, 0.6));
}
