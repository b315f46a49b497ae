import { KIN_NOUNS } from './cues';
import { Mention } from './mentions';
import { rel } from './owners';
import { retype } from './pair-rules';
import { isVerbLike, matchPredicate } from './predicates';
import { asVerb } from './predicate-verbs';
import type { SentenceRelation } from './relations';
import { hyphenBased, phrase, Sentence } from './sentences';
import { personalName } from './short-names';

// Constructions of an opening participle or gerund whose subject follows its comma: "Born in Turin, …", "After graduating from …,".

/**
 * "Born in Turin in 1909, Rita Levi-Montalcini was …", "Founded in 1413 by Henry Wardlaw, it is …":
 * the opening participle's subject follows its comma (as "A native of Ísafjörður, she …"'s does).
 */
export function frontedParticiple(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const first = tokens[0];
  // ("A native of Ísafjörður, she trained …": an opening apposition of birth reads the same way.)
  const native = first?.lower === 'a' && tokens[1]?.lower === 'native' && tokens[2]?.lower === 'of';
  if (!first || (!native && (!isVerbLike(first) || !/(ed|en|wn|rn)$/.test(first.lower)))) return [];
  // The comma that ends the participle's phrase: "Located in Kansas City, Missouri, the …" goes on
  // past a place's region.
  // ("Founded in 2020 by Oksana Melnyk and Taras Hrytsenko, who met as students at …, the company
  // builds …": past a relative clause on the agent, whose names are its own.)
  let comma = -1;
  let relative = -1;
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k]!.text !== ',') continue;
    const before = mentions.find((m) => m.end === k);
    const after = mentions.find((m) => m.start === k + 1);
    comma = k;
    if (relative < 0 && ['who', 'which'].includes(tokens[k + 1]?.lower ?? '')) {
      relative = k;
      continue;
    }
    // ("Born in Split, Croatia, on 30 January 1994, Luka Perić is …": past the date of the phrase.)
    const next = tokens.findIndex((t, j) => j > k && t.text === ',');
    const dated =
      ['on', 'in'].includes(tokens[k + 1]?.lower ?? '') &&
      next > k + 2 &&
      sentence.dates.some(([from, to]) => from === k + 2 && to === next - 1);
    if (dated && before) continue;
    // ("Born in Enugu to a schoolteacher mother, Ngozi Okafor, Chiamaka Eze spent …": a relative
    // named in apposition inside the phrase, before the comma its subject follows.)
    if (
      after &&
      KIN_NOUNS.has(tokens[k - 1]?.lower ?? '') &&
      tokens[after.end]?.text === ',' &&
      mentions.some((m) => m.start === after.end + 1)
    )
      continue;
    // ("Born in Sapporo, Hokkaido, to …": a one-word name nothing typed after a place is its region.)
    const region =
      after?.type === 'location' || (after?.evidence === 'none' && after.end - after.start === 1);
    if (!(before?.type === 'location' && region && tokens[after!.end]?.text === ',')) break;
    if (after!.type !== 'location') Object.assign(after!, { type: 'location', evidence: 'weak' });
  }
  const phraseEnd = relative >= 0 ? relative : comma;
  // "…, the glaciologist Ingrid Halvorsen spent …": a determiner and what the subject is may
  // stand before the name.
  let opens = comma + 1;
  if (tokens[opens]?.pos === 'DET') {
    opens++;
    while (
      opens < comma + 5 &&
      ['NOUN', 'ADJ'].includes(tokens[opens]?.pos ?? '') &&
      tokens[opens]!.text === tokens[opens]!.lower
    )
      opens++;
  }
  // ("Founded in 2019 by Lukas Brenner, the company makes …": "the company" may stand for the name.)
  // ("Born in Nyeri, the eldest of seven children, she worked …": past an apposition with no name;
  // "Designed by the architect Michiko Arakawa, a graduate of Tokyo University of the Arts, it
  // opened …": past one on the agent that names something of its own.)
  const aside = tokens.findIndex((t, k) => k > comma + 1 && t.text === ',');
  const apposition =
    tokens[comma + 1]?.pos === 'DET' && aside > 0 && !tokens.slice(comma + 1, aside).some(isVerbLike);
  const naming = mentions.some((m) => m.start > comma && m.start < aside);
  const pastAside = apposition && (!naming || ['a', 'an'].includes(tokens[comma + 1]!.lower));
  const subject =
    mentions.find((m) => m.start === comma + 1) ??
    mentions.find((m) => m.start === opens) ??
    (pastAside ? mentions.find((m) => m.start === aside + 1) : undefined);
  if (comma < 0 || !subject) return [];
  const out: SentenceRelation[] = [];
  const before = mentions.filter((m) => m.end <= phraseEnd);
  for (const [n, target] of before.entries()) {
    // ("by former Flipkart executives Ananya Iyer and …": a name that only qualifies the next.)
    const next = before[n + 1];
    // ("Produced by the Busan-based company Haemil Pictures": a place's "-based" qualifies too.)
    const qualifies =
      next !== undefined &&
      next.start > target.end &&
      tokens
        .slice(target.end, next.start)
        .every(
          (t, k, words) => (t.pos === 'NOUN' && t.text === t.lower) || (k <= 1 && hyphenBased(words, 1)),
        );
    if (qualifies) continue;
    // ("Born in the village of Ihithe in Nyeri District, she …": a place after a place is where
    // the first one is, not the subject's second birthplace.)
    const previous = before[n - 1];
    if (
      previous?.type === 'location' &&
      target.type === 'location' &&
      tokens.slice(previous.end, target.start).every((t) => t.lower === 'in' || t.text === ',')
    ) {
      const gap = phrase(tokens, previous.end, target.start) || ',';
      if (!out.some((r) => r.source === previous && r.target === target))
        out.push(rel(previous, target, 'located in', gap, target.end, 0.6));
      continue;
    }
    // ("Born in Gdańsk and raised in Łódź, he …": a second verb of the phrase is the later name's.)
    const verb = previous
      ? tokens.findIndex(
          (t, k) =>
            k > previous.end &&
            k < target.start &&
            isVerbLike(t) &&
            ['and', ','].includes(tokens[k - 1]!.lower),
        )
      : -1;
    const match = matchPredicate(tokens.slice(Math.max(verb, 0), target.start), subject, target);
    if (!match?.known) continue;
    // "Founded in 1413 by Henry Wardlaw, it is …", "Founded in 2017 by former Flipkart executives
    // Ananya Iyer and Rohit Bansal, PayKaro …": an agent after "by" did it to the subject.
    const byAgent = tokens.slice(1, target.start).some((t) => t.lower === 'by' && t.pos === 'ADP');
    const [from, to] = match.inverted || byAgent ? [target, subject] : [subject, target];
    // ("Born in Eldoret in 1987, Wanjiru Kamau is …": the participle's types are the relation's.)
    retype(from, match.sourceType);
    retype(to, match.targetType);
    out.push(rel(from, to, match.canonical, phrase(tokens, 0, target.start), target.end));
  }
  // "Born in Guadalajara to chef Rosa Ibarra and engineer Tomás Ibarra, Lucía Ibarra …": the
  // parents (who are married, when two are named).
  const to = first.lower === 'born' ? tokens.findIndex((t, k) => k < phraseEnd && t.lower === 'to') : -1;
  if (to > 0) {
    const parents = before.filter(
      (m) => m.start > to && (m.type === 'person' || (m.evidence === 'none' && personalName(m))),
    );
    for (const parent of parents) {
      if (parent.type !== 'person') Object.assign(parent, { type: 'person', evidence: 'weak' });
      out.push(rel(subject, parent, 'child of', phrase(tokens, 0, to + 1), parent.end, 0.6));
    }
    if (parents.length === 2)
      out.push(rel(parents[0]!, parents[1]!, 'married to', 'and', parents[1]!.end, 0.5));
  }
  return out;
}

/** Nouns of a span of time: "After a decade at X,". */
const DURATIONS = new Set([
  'year',
  'years',
  'decade',
  'decades',
  'month',
  'months',
  'stint',
  'spell',
  'career',
]);

/** Words that open a clause of time before the sentence's subject: "After graduating from …,". */
const TIME_OPENERS = new Set(['after', 'before', 'since', 'while', 'upon', 'on']);

/**
 * "After graduating from Berklee College of Music he toured …", "After teaching at Chittagong
 * University, he founded …": an opening gerund's subject is the sentence's, the first person
 * named (or meant by "he"/"she") after the gerund's own names.
 */
export function frontedGerund(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  if (!TIME_OPENERS.has(tokens[0]?.lower ?? '')) return [];
  // ("After six years as a network engineer at Ericsson, she …": or a time spent as something.)
  const comma = tokens.findIndex((t) => t.text === ',');
  const spent =
    comma > 0 &&
    tokens.slice(1, comma).some((t) => t.lower === 'as') &&
    !tokens.slice(1, comma).some(isVerbLike);
  // ("After a decade at Sundaram Motors, he …": a time spent at an organisation is work there.)
  const spentAt =
    comma > 0 &&
    tokens.slice(1, comma).some((t) => DURATIONS.has(t.lemma) || DURATIONS.has(t.lower)) &&
    !tokens.slice(1, comma).some(isVerbLike);
  if (!/ing$/.test(tokens[1]?.lower ?? '') && !spent && !spentAt) return [];
  // (A name nothing typed that reads as a person's may be the subject too: "…, Yaw Boateng founded …".)
  const subject = mentions.find(
    (m, i) =>
      (m.type === 'person' || (m.evidence === 'none' && personalName(m))) &&
      i > 0 &&
      (tokens[m.start - 1]?.text === ',' || tokens[m.start - 1]?.pos !== 'ADP') &&
      !tokens.slice(2, m.start).some((t) => isVerbLike(t) && !/ing$/.test(t.lower)),
  );
  if (!subject) return [];
  if (subject.type !== 'person') Object.assign(subject, { type: 'person', evidence: 'weak' });
  const out: SentenceRelation[] = [];
  for (const target of mentions.filter((m) => m.end <= subject.start)) {
    if (spentAt && !spent) {
      const at = tokens[target.start - 1]?.lower === 'at' && target.end <= comma;
      if (at && target.type !== 'location' && target.type !== 'person') {
        if (target.type !== 'organization') Object.assign(target, { type: 'organization', evidence: 'weak' });
        out.push(rel(subject, target, 'works at', phrase(tokens, 1, target.start), target.end));
      }
      continue;
    }
    const words = spent
      ? tokens.slice(1, target.start)
      : [asVerb(tokens[1]!), ...tokens.slice(2, target.start)];
    if (words.some((t) => t.text === ',')) break;
    const match = matchPredicate(words, subject, target);
    if (!match?.known || match.inverted) continue;
    out.push(rel(subject, target, match.canonical, phrase(tokens, 1, target.start), target.end));
  }
  return out;
}
