import { Discourse } from './discourse';
import { keyOf, Mention } from './mentions';
import { CLAUSE_BREAKS, isVerbLike, matchPredicate } from './predicates';
import { placedKind } from './appositions';
import {
  asTitle,
  bareTitles,
  frontedRelation,
  groupedNames,
  premodifiedTitles,
  weAre,
  whoseListed,
} from './nominal-roles';
import { POSSESSIVES, rel } from './owners';
import { SentenceRelation } from './relations';
import { phrase, Sentence, Token } from './sentences';

/** Words that say what went wrong without naming it: "the crash", "the errors", "it", "that". */
const TROUBLE_WORDS = new Set([
  'it',
  'this',
  'that',
  "that's",
  'error',
  'errors',
  'crash',
  'crashes',
  'issue',
  'issues',
  'problem',
  'problems',
  'failure',
  'failures',
  'outage',
  'bounce',
  'bounces',
  'bug',
  'bugs',
  'glitch',
  'freeze',
  'freezes',
  'delay',
  'delays',
  'lag',
  'timeout',
  'timeouts',
  'slowdown',
  'leak',
]);

/** Nouns that name a cause before "is": "the cause is …", "the culprit was …". */
const CAUSE_NOUNS = new Set(['cause', 'culprit', 'reason', 'problem', 'issue']);

/**
 * "Born in Turin in 1909, Rita Levi-Montalcini was …", "Founded in 1413 by Henry Wardlaw, it is …":
 * the opening participle's subject follows its comma.
 */
function frontedParticiple(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const first = tokens[0];
  if (!first || !isVerbLike(first) || !/(ed|en|wn|rn)$/.test(first.lower)) return [];
  // The comma that ends the participle's phrase: "Located in Kansas City, Missouri, the …" goes on
  // past a place's region.
  let comma = -1;
  for (let k = 0; k < tokens.length; k++) {
    if (tokens[k]!.text !== ',') continue;
    const before = mentions.find((m) => m.end === k);
    const after = mentions.find((m) => m.start === k + 1);
    comma = k;
    if (!(before?.type === 'location' && after?.type === 'location' && tokens[after.end]?.text === ','))
      break;
  }
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
  const subject = mentions.find((m) => m.start === opens);
  if (comma < 0 || !subject) return [];
  const out: SentenceRelation[] = [];
  for (const target of mentions.filter((m) => m.end <= comma)) {
    const match = matchPredicate(tokens.slice(0, target.start), subject, target);
    if (!match?.known) continue;
    // "Founded in 1413 by Henry Wardlaw, it is …": the agent after "by" did it to the subject.
    const [from, to] = match.inverted ? [target, subject] : [subject, target];
    out.push(rel(from, to, match.canonical, phrase(tokens, 0, target.start), target.end));
  }
  return out;
}

/** "Unilever sold Ekaterra, …, to CVC Capital Partners": the seller sold to the buyer, who acquired it. */
function soldTo(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  // "Tata Motors bought Jaguar Land Rover from Ford": Ford sold to Tata Motors.
  const boughtFrom = (at: number) => {
    const buyer = [...mentions].reverse().find((m) => m.end <= at);
    const bought = mentions.find((m) => m.start > at);
    if (!buyer || !bought || bought.start - at > 2) return;
    const seller = mentions.find((m) => m.start === bought.end + 1 && tokens[bought.end]!.lower === 'from');
    if (seller && seller.type !== 'location' && seller.type !== 'person')
      out.push(rel(seller, buyer, 'sold to', phrase(tokens, at, seller.start), seller.end, 0.75));
  };
  tokens.forEach((token, at) => {
    if (['buy', 'acquire', 'purchase'].includes(token.lemma) && isVerbLike(token)) {
      boughtFrom(at);
      return;
    }
    if (token.lemma !== 'sell' || !isVerbLike(token)) return;
    const seller = [...mentions].reverse().find((m) => m.end <= at);
    // What was sold is the name right after the verb: in "sold its Watson Health unit" it is the unit.
    const sold = mentions.find((m) => m.start > at);
    if (!seller || !sold || sold.start - at > 2 || tokens[sold.start - 1]!.pos === 'PRON') return;
    const head = tokens[sold.end];
    if (head?.pos === 'NOUN' && head.text === head.lower) return;
    for (let k = sold.end; k < tokens.length; k++) {
      if (CLAUSE_BREAKS.has(tokens[k]!.lower) || tokens[k]!.text === ';') return;
      if (tokens[k]!.lower !== 'to') continue;
      let n = k + 1;
      while (
        tokens[n] &&
        ['DET', 'ADJ', 'NOUN'].includes(tokens[n]!.pos) &&
        tokens[n]!.text === tokens[n]!.lower
      )
        n++;
      const buyer = mentions.find((m) => m.start === n);
      if (!buyer) return;
      out.push(rel(seller, buyer, 'sold to', phrase(tokens, at, k + 1), buyer.end, 0.8));
      out.push(rel(buyer, sold, 'acquired', 'bought', buyer.end));
      return;
    }
  });
  return out;
}

/** A noun phrase written in lower case, from `from` on: "an expired TLS certificate", "a firewall rule". */
export function nounPhraseAt(tokens: Token[], from: number): Mention | undefined {
  let start = from;
  while (tokens[start]?.pos === 'DET' || POSSESSIVES.has(tokens[start]?.lower ?? '')) start++;
  let end = start;
  // ("the printer-driver patch": a hyphen joins two words of the phrase, whatever their tags.)
  const hyphen = (k: number) =>
    tokens[k]?.text === '-' && tokens[k]!.space === '' && tokens[k + 1]?.space === '';
  // ("an expired signing certificate": a gerund before a noun is part of the phrase.)
  const modifier = (k: number) => /ing$/.test(tokens[k]!.lower) && tokens[k + 1]?.pos === 'NOUN';
  while (
    tokens[end] &&
    !(end > start && isVerbLike(tokens[end]!) && !hyphen(end - 1) && !hyphen(end + 1) && !modifier(end)) &&
    (['NOUN', 'PROPN', 'NUM'].includes(tokens[end]!.pos) ||
      modifier(end) ||
      hyphen(end) ||
      hyphen(end + 1) ||
      (end === start && (tokens[end]!.pos === 'ADJ' || /(ed|ing)$/.test(tokens[end]!.lower))))
  )
    end++;
  if (end === start || tokens[end - 1]!.pos !== 'NOUN' || end - start > 6) return undefined;
  const name = phrase(tokens, start, end);
  return {
    start,
    end,
    name,
    type: 'concept',
    evidence: 'none',
    identifier: null,
    keys: [keyOf(name)],
    aliases: [],
  };
}

/** The noun phrase that ends right before token `end`: "our intranet portal" before "at Halden Bank". */
export function nounPhraseBefore(tokens: Token[], end: number): Mention | undefined {
  let start = end;
  // ("booking page": the tagger may read a noun's -ing modifier as a verb.)
  const inPhrase = (t: Token, next: Token | undefined) =>
    (['NOUN', 'ADJ', 'PROPN'].includes(t.pos) && !isVerbLike(t)) ||
    (/ing$/.test(t.lower) && next?.pos === 'NOUN');
  while (start > 0 && inPhrase(tokens[start - 1]!, tokens[start])) start--;
  if (start === end || !['DET', 'PRON'].includes(tokens[start - 1]?.pos ?? '')) return undefined;
  return nounPhraseAt(tokens, start);
}

/**
 * Causes: "the errors are caused by an expired TLS certificate", "IT traced the crash to the …
 * update", "The 2021 Texas power crisis was caused by Winter Storm Uri". The cause is the name or
 * noun phrase after "caused by" or "traced … to"; what it caused is the name before, else the
 * latest error code when the words only point at one ("it", "the crash"), else the noun phrase
 * that opens the sentence.
 */
function causes(sentence: Sentence, mentions: Mention[], discourse: Discourse): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    const causedBy = token.lemma === 'cause' && tokens[at + 1]?.lower === 'by' ? at + 2 : -1;
    let tracedTo = -1;
    if (token.lemma === 'trace') {
      const to = tokens.findIndex((t, k) => k > at && k <= at + 4 && t.lower === 'to');
      if (to > 0 && tokens.slice(at + 1, to).some((t) => TROUBLE_WORDS.has(t.lower))) tracedTo = to + 1;
    }
    // "the cause is the new Windows 11 update", "the problem is a blocked UDP port".
    const named =
      CAUSE_NOUNS.has(token.lower) && token.pos === 'NOUN' && tokens[at + 1]?.lemma === 'be' ? at + 2 : -1;
    const from = causedBy >= 0 ? causedBy : tracedTo >= 0 ? tracedTo : named;
    if (from < 0) return;
    let cause = mentions.find(
      (m) =>
        m.start >= from &&
        tokens.slice(from, m.start).every((t) => t.pos === 'DET' || (t.pos === 'ADJ' && t.lower === t.text)),
    );
    // "a Windows Defender rule": the name only says whose rule it is.
    const head = cause && tokens[cause.end];
    if (cause?.type !== 'error_code' && head?.pos === 'NOUN' && head.text === head.lower) cause = undefined;
    cause ??= nounPhraseAt(tokens, from);
    if (!cause) return;
    // What was caused: a name right before "caused by" a name is read by the pairs already; who
    // traced something is not what it was.
    let verbStart = at;
    while (verbStart > 0 && ['AUX', 'ADV', 'PART'].includes(tokens[verbStart - 1]!.pos)) verbStart--;
    // ("The bug is caused by …" stands for the error, not for what "the bug" was taken to mean.)
    const subject = (m: Mention) => m.end === verbStart && !TROUBLE_WORDS.has(tokens[m.end - 1]!.lower);
    const namedSubject = mentions.find(subject);
    if (causedBy >= 0 && namedSubject && mentions.includes(cause)) return;
    // "E-31, which your manual says is caused by …": what the relative clause is about.
    const which = tokens.findIndex(
      (t, w) =>
        w >= verbStart - 5 &&
        w < verbStart &&
        ['which', 'that'].includes(t.lower) &&
        tokens[w - 1]?.text === ',',
    );
    const antecedent = which > 0 ? mentions.find((m) => m.end === which - 1) : undefined;
    const subjectWords = tokens.slice(Math.max(0, verbStart - 3), verbStart);
    const pointer =
      tracedTo >= 0 ||
      named >= 0 ||
      subjectWords.some((t) => TROUBLE_WORDS.has(t.lower)) ||
      tokens[verbStart - 1]?.text === ',';
    // (Named right before "caused by", or before the relative clause that says it.)
    const said = causedBy >= 0 ? (namedSubject ?? antecedent) : undefined;
    const effects: Mention[] = said ? [said] : [];
    if (!said) {
      // "The outage was caused by …", "We traced the freeze to …": what the words name was
      // caused; and when they name a kind of trouble, so was the error code they point at.
      const what =
        tracedTo >= 0
          ? nounPhraseAt(tokens, at + 1)
          : tokens[0]?.pos === 'DET'
            ? nounPhraseAt(tokens, 0)
            : undefined;
      if (what && what.end === (tracedTo >= 0 ? tracedTo - 1 : verbStart)) effects.push(what);
      if (pointer) {
        // The latest error code before these words (this sentence's own later ones are not "it").
        const earlier = discourse.errorCode;
        const later = mentions.some((m) => m.start > at && m.keys[0] === earlier?.keys[0]);
        const code =
          [...mentions].reverse().find((m) => m.end <= at && m.type === 'error_code') ??
          (later ? undefined : earlier);
        if (code) effects.push(code);
      }
    }
    for (const effect of effects) {
      if (keyOf(effect.name) === keyOf(cause.name)) continue;
      out.push(
        rel(effect, cause, 'caused by', phrase(tokens, at, from).trim() || 'caused by', cause.end, 0.75),
      );
    }
  });
  return out;
}

/** "Mexico City, where he lived with his wife": the place is where the clause's verb happened. */
function whereClause(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const place of mentions) {
    if (
      place.type !== 'location' ||
      tokens[place.end]?.text !== ',' ||
      tokens[place.end + 1]?.lower !== 'where'
    )
      continue;
    const who = mentions.find((m) => m.start === place.end + 2);
    if (!who) continue;
    let end = who.end;
    while (tokens[end] && ['VERB', 'AUX', 'ADV'].includes(tokens[end]!.pos)) end++;
    const verbs = tokens.slice(who.end, end);
    const match = matchPredicate([...verbs, IN], who, place);
    if (match?.known && !match.inverted)
      out.push(rel(who, place, match.canonical, phrase(tokens, place.end + 1, end), end));
  }
  return out;
}

/** The preposition a place adverb stands for: "lives there" is "lives in" the place. */
export const IN: Token = {
  text: 'in',
  lower: 'in',
  pos: 'ADP',
  lemma: 'in',
  kind: 'word',
  space: ' ',
  stop: true,
};

/**
 * Relations said by a construction rather than by the words between two neighbouring names (the
 * possessives of kinship and role are read apart, before the sentence's pairs: possessives.ts): an
 * opening participle, a title taken "as" or written before its holder's name, a turn's "we are
 * friends", the names a "whose" noun lists, "the brothers A and B", a sale "to" a buyer, a cause, a place
 * in an apposition ("X, a Manchester startup").
 */
export function constructionRelations(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  return [
    ...frontedParticiple(sentence, mentions),
    ...asTitle(sentence, mentions, discourse),
    ...premodifiedTitles(sentence, mentions),
    ...bareTitles(sentence, mentions, discourse),
    ...weAre(sentence, discourse),
    ...whoseListed(sentence, mentions),
    ...groupedNames(sentence, mentions),
    ...frontedRelation(sentence, mentions),
    ...soldTo(sentence, mentions),
    ...causes(sentence, mentions, discourse),
    ...whereClause(sentence, mentions),
    ...placedKind(sentence, mentions),
  ];
}
