import { Discourse } from './discourse';
import { keyOf } from './keys';
import type { Mention } from './mentions';
import { nounPhraseAt, nounPhraseBefore } from './noun-phrases';
import { isVerbLike } from './predicates';
import { POSSESSIVES, rel } from './owners';
import type { SentenceRelation } from './relations';
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
  'loop',
  'loops',
]);

/** Nouns of two things at odds, the other of which is named after "with". */
const CONFLICTS = new Set(['conflict', 'incompatibility', 'clash', 'interaction']);

/** Prepositions after a fault that say what it is in: "a bug in X", "an outage at Adyen". */
const FAULT_PLACES = new Set(['in', 'on', 'within', 'at', 'from']);
/** Faults that say nothing of what went wrong: "a bug in X" is X's doing. */
const BARE_FAULTS = new Set([
  'bug',
  'bugs',
  'defect',
  'flaw',
  'regression',
  'glitch',
  'fault',
  'issue',
  'problem',
  'outage',
  'incident',
  // ("a change in the Okta configuration", "a race condition in SyncKit", "a cut in our cable")
  'change',
  'changes',
  'condition',
  'cut',
  'mismatch',
  'misconfiguration',
  // ("a timeout in PayWave", "a duplicate retry from PayWave", "a memory leak in the renderer")
  'timeout',
  'timeouts',
  'failure',
  'failures',
  'leak',
  'retry',
  'retries',
]);

/** Types of what is no trouble and causes none: a person, a place, a date, an address. */
const NOT_TROUBLE = new Set(['person', 'location', 'date', 'email', 'url']);

/** A place only by guess ("in PDFGen"), which a fault's "in" says is a thing. */
const guessedPlace = (m: Mention) => m.type === 'location' && m.evidence !== 'strong';

/** Marks that end a clause's subject. */
const PAUSES = new Set([',', ';', ':', '(', ')']);

/** Participles besides "caused" that say what brought a trouble about: "driven by logging". */
const CAUSING = new Set(['driven', 'triggered']);

/** Nouns that name a cause before "is": "the cause is …", "the culprit was …". */
const CAUSE_NOUNS = new Set(['cause', 'culprit', 'reason', 'problem', 'issue']);

/**
 * Causes: "the errors are caused by an expired TLS certificate", "IT traced the crash to the …
 * update", "The 2021 Texas power crisis was caused by Winter Storm Uri". The cause is the name or
 * noun phrase after "caused by" or "traced … to"; what it caused is the name before, else the
 * latest error code when the words only point at one ("it", "the crash"), else the noun phrase
 * that opens the sentence.
 */
export function causes(sentence: Sentence, mentions: Mention[], discourse: Discourse): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    // ("Habitat loss, driven mainly by logging and oil-palm expansion": driven is caused, past an adverb.)
    const by = tokens[at + 1]?.pos === 'ADV' && tokens[at + 2]?.lower === 'by' ? at + 2 : at + 1;
    const causedBy =
      (token.lemma === 'cause' && tokens[at + 1]?.lower === 'by') ||
      (CAUSING.has(token.lower) && tokens[by]?.lower === 'by')
        ? by + 1
        : -1;
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
    // ("the Bluetooth LE Audio setting being switched on": a noun the tagger read as a verb.)
    const nounHead =
      head?.pos === 'NOUN' ||
      (head?.pos === 'VERB' &&
        /ing$/.test(head.lower) &&
        ['AUX', 'PUNCT'].includes(tokens[cause!.end + 1]?.pos ?? 'PUNCT'));
    if (cause?.type !== 'error_code' && nounHead && head!.text === head!.lower) cause = undefined;
    cause ??= nounPhraseAt(tokens, from);
    // ("caused by a conflict with Sophos Endpoint": the other party of a conflict is the cause.)
    const conflict =
      cause && CONFLICTS.has(tokens[cause.end - 1]!.lower) && tokens[cause.end]?.lower === 'with'
        ? mentions.find((m) => m.start === cause!.end + 1 || m.start === cause!.end + 2)
        : undefined;
    // ("caused by a known bug in One UI 6.1": a fault that says nothing of itself is the named
    // thing's it is in, which is the cause; "an expired certificate in Keycloak" says what failed.)
    const after = cause && !mentions.includes(cause) ? cause.end : -1;
    // ("an outage at our processor, Adyen", "at your payment provider Adyen": past whose it is.)
    let owner = after + 1;
    if (
      POSSESSIVES.has(tokens[owner]?.lower ?? '') ||
      tokens[owner]?.lower === 'your' ||
      tokens[owner]?.pos === 'DET'
    ) {
      let k = owner + 1;
      while (k < owner + 4 && tokens[k]?.pos === 'NOUN' && tokens[k]!.text === tokens[k]!.lower) k++;
      owner = tokens[k]?.text === ',' ? k + 1 : k;
    }
    const inside =
      after >= 0 && FAULT_PLACES.has(tokens[after]?.lower ?? '') && BARE_FAULTS.has(tokens[after - 1]!.lower)
        ? mentions.find((m) => m.start === owner && (!NOT_TROUBLE.has(m.type) || guessedPlace(m)))
        : undefined;
    // ("a fault in PDFGen": what only "in" made a place is the faulty thing.)
    if (inside && guessedPlace(inside)) Object.assign(inside, { type: 'product', evidence: 'weak' });
    cause = conflict ?? inside ?? cause;
    if (!cause) {
      // ("The replication lag was caused by a long-running VACUUM": no cause read, but what "it"
      // means next is still the lag.)
      let k = at;
      while (k > 0 && ['AUX', 'ADV', 'PART'].includes(tokens[k - 1]!.pos)) k--;
      const trouble = nounPhraseBefore(tokens, k);
      if (trouble && TROUBLE_WORDS.has(tokens[trouble.end - 1]!.lower)) discourse.problem = trouble;
      return;
    }
    // What was caused: a name right before "caused by" a name is read by the pairs already; who
    // traced something is not what it was.
    let verbStart = at;
    while (verbStart > 0 && ['AUX', 'ADV', 'PART'].includes(tokens[verbStart - 1]!.pos)) verbStart--;
    // ("The bug is caused by …" stands for the error, not for what "the bug" was taken to mean.)
    const subject = (m: Mention) => m.end === verbStart && !TROUBLE_WORDS.has(tokens[m.end - 1]!.lower);
    // ("crash CR-5521 in Frostbound Chronicles is caused by …": the name after a preposition only
    // says where; the subject is the name before it.)
    // ("Error DV-311 in v5.2.0 is caused by …": so is a release's number after a preposition.)
    const release =
      /^v?\d+(?:\.\d+)+$/i.test(tokens[verbStart - 1]?.text ?? '') && tokens[verbStart - 2]?.pos === 'ADP';
    let namedSubject = release ? mentions.find((m) => m.end === verbStart - 2) : mentions.find(subject);
    // ("SIM-07 on the Galaxy A54 is caused by …": past an article too.)
    const before =
      namedSubject && tokens[namedSubject.start - 1]?.pos === 'DET'
        ? namedSubject.start - 2
        : (namedSubject?.start ?? 0) - 1;
    if (namedSubject && tokens[before]?.pos === 'ADP') namedSubject = mentions.find((m) => m.end === before);
    // ("TS-2417 affects Tessera 3.8.0 on Apple Silicon only and is caused by libvips 8.15": after
    // "and", the code that opened the clause before, which no pair joins to the cause.)
    const opener =
      !namedSubject && causedBy >= 0 && tokens[verbStart - 1]?.lower === 'and'
        ? mentions.find((m) => m.end < verbStart && m.type === 'error_code' && m.start <= 3)
        : undefined;
    if (opener && keyOf(opener.name) !== keyOf(cause.name)) {
      out.push(rel(opener, cause, 'caused by', phrase(tokens, at, from), cause.end, 0.75));
      return;
    }
    if (causedBy >= 0 && namedSubject && mentions.includes(cause) && !conflict && !inside) return;
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
      tokens[verbStart - 1]?.text === ',' ||
      // ("FIN-882: Sync failures … Caused by a pagination bug in SyncService.": a release note's.)
      (causedBy >= 0 && verbStart === 0);
    // (Named right before "caused by", or before the relative clause that says it.)
    const said = causedBy >= 0 ? (namedSubject ?? antecedent) : undefined;
    const effects: Mention[] = said ? [said] : [];
    if (!said) {
      // "The outage was caused by …", "We traced the freeze to …": what the words name was
      // caused; and when they name a kind of trouble, so was the error code they point at.
      // ("The dropped calls on your Galaxy A55 since 9 October are caused by …": what opens the
      // sentence is its subject, past the phrases that qualify it; "…; the crash is caused by …":
      // the clause's.)
      const opening = tracedTo < 0 && tokens[0]?.pos === 'DET' ? nounPhraseAt(tokens, 0) : undefined;
      const qualified =
        opening && !tokens.slice(opening.end, verbStart).some((t) => isVerbLike(t) || PAUSES.has(t.text));
      const what =
        tracedTo >= 0
          ? nounPhraseAt(tokens, at + 1)
          : qualified
            ? opening
            : (nounPhraseBefore(tokens, verbStart, causedBy >= 0) ??
              // ("Habitat loss, driven mainly by …,": a participle's aside after its noun.)
              (causedBy >= 0 && tokens[verbStart - 1]?.text === ',' && tokens[verbStart]?.pos === 'VERB'
                ? nounPhraseBefore(tokens, verbStart - 1, true)
                : undefined));
      // (The phrase must reach the verb, or "to" after "traced …", unless only qualifiers stand between.)
      const reaches =
        qualified ||
        what?.end === (tracedTo >= 0 ? tracedTo - 1 : verbStart) ||
        (what?.end === verbStart - 1 && tokens[verbStart - 1]?.text === ',');
      // ("The HTTP 502 responses were caused by …": a phrase holding an error code is the code.)
      const code =
        what && mentions.find((m) => m.type === 'error_code' && m.start >= what.start && m.end <= what.end);
      if (what && reaches) effects.push(code || describedBy(tokens, mentions, what));
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
    discourse.problem = effects.find((e) => e.type !== 'error_code') ?? effects[0] ?? discourse.problem;
    // ("driven by logging and oil-palm expansion": a second cause of the same kind after "and".)
    const second =
      !mentions.includes(cause) && tokens[cause.end]?.lower === 'and'
        ? nounPhraseAt(tokens, cause.end + 1)
        : undefined;
    for (const effect of effects)
      for (const one of second ? [cause, second] : [cause]) {
        if (keyOf(effect.name) === keyOf(one.name)) continue;
        out.push(
          rel(effect, one, 'caused by', phrase(tokens, at, from).trim() || 'caused by', one.end, 0.75),
        );
      }
  });
  return out;
}

/** "Scurvy is a disease caused by …": the name a noun phrase describes after "is a", else the phrase. */
function describedBy(tokens: Token[], mentions: Mention[], phrase: Mention): Mention {
  const article = tokens[phrase.start - 1];
  if (!article || !['a', 'an'].includes(article.lower) || tokens[phrase.start - 2]?.lemma !== 'be')
    return phrase;
  return mentions.find((m) => m.end === phrase.start - 2) ?? phrase;
}

/** Pronouns that stand for the trouble a text is about: "It also affected Metabase". */
const TROUBLE_PRONOUNS = new Set(['it', 'they', 'this', 'that']);
/** Words that only say how many of a group: "other customers", "all merchants". */
const QUANTIFIERS = new Set([
  'other',
  'some',
  'many',
  'most',
  'all',
  'several',
  'few',
  'only',
  'also',
  'whole',
  'entire',
]);

/**
 * What a trouble hit: "the VAT bug also affects the patient portal", "… is caused by X and affects
 * only Jira Data Center", "It affected Metabase" (the trouble last given a cause). The subject is
 * the name or noun phrase before the verb; after "and", the trouble the clause before gave a cause
 * for. A passive or negated verb ("web logins were not affected") says nothing.
 */
export function effects(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
  caused: SentenceRelation[],
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    if (token.lemma !== 'affect' || token.pos !== 'VERB') return;
    let s = at;
    while (s > 0 && ['AUX', 'ADV', 'PART'].includes(tokens[s - 1]!.pos)) s--;
    const helpers = tokens.slice(s, at);
    // ("were not affected" says nothing; "is affecting all users" does.)
    const passive = token.lower === 'affected' && helpers.some((t) => t.lemma === 'be');
    if (passive || helpers.some((t) => t.lower === 'not' || t.lower === "n't" || t.lower === 'never')) return;
    const targets = affectedAt(tokens, mentions, at + 1);
    if (targets.length === 0) return;
    const before = tokens[s - 1];
    let source: Mention | undefined;
    if (before?.lower === 'and') {
      // "… is caused by X and affects Y": the clause before's trouble; else the trouble the sentence
      // opens on: "That reboot loop is a known bug in firmware 3.8.0 and also affects the Home Hub X2".
      source = caused.find((r) => r.canonical === 'caused by')?.source ?? openingTrouble(tokens, mentions);
    } else if (before && TROUBLE_PRONOUNS.has(before.lower)) {
      // (Else what "it" stands for: "Ferrovax is a fungal disease. It affects the lungs …")
      const code = before.lower === 'it' ? discourse.errorCode : undefined;
      source = discourse.problem ?? code ?? mentions.find((m) => m.end === s);
    } else if (before?.lower === 'which' && tokens[s - 2]?.text === ',') {
      source = mentions.find((m) => m.end === s - 2) ?? nounPhraseBefore(tokens, s - 2);
    } else {
      // ("The outage affects …": the trouble named, not the thing "the outage" was taken to mean.)
      const named = nounPhraseBefore(tokens, s);
      const trouble = named && TROUBLE_WORDS.has(tokens[named.end - 1]!.lower) ? named : undefined;
      // ("The same error also affects …": the error code named before, when there is one.)
      const same = trouble && SAME.has(keyOf(trouble.name).split(' ')[0]!) ? discourse.errorCode : undefined;
      source =
        same ??
        trouble ??
        mentions.find((m) => m.end === s) ??
        (named && describedBy(tokens, mentions, named));
    }
    if (!source || NOT_TROUBLE.has(source.type)) return;
    discourse.problem = source;
    for (const target of targets) {
      if (keyOf(source.name) === keyOf(target.name)) continue;
      out.push(rel(source, target, 'affects', phrase(tokens, s, at + 1), target.end, 0.7));
    }
  });
  return out;
}

/** The trouble a sentence opens on: an error code, or a noun phrase of a trouble ("That reboot loop"). */
function openingTrouble(tokens: Token[], mentions: Mention[]): Mention | undefined {
  const code = mentions.find((m) => m.start <= 1 && m.type === 'error_code');
  if (code) return code;
  // (A demonstrative opening it is its article, whatever the tagger read it as.)
  const demonstrative = ['this', 'that', 'these', 'those'].includes(tokens[0]?.lower ?? '');
  const opening = nounPhraseAt(
    demonstrative ? [{ ...tokens[0]!, pos: 'DET' }, ...tokens.slice(1)] : tokens,
    0,
  );
  return opening && TROUBLE_WORDS.has(tokens[opening.end - 1]!.lower) ? opening : undefined;
}

/** Words that point back to a trouble named before: "the same error", "this bug". */
const SAME = new Set(['same', 'this', 'that']);

/** Words that open a relative clause. */
const RELATIVES = new Set(['which', 'whose', 'who', 'whom', 'that', 'where', 'when']);

/** Words before what was hit that are no part of its name: "only", "our", "other", "the". */
const skipped = (t: Token) =>
  t.pos === 'ADV' || t.pos === 'DET' || POSSESSIVES.has(t.lower) || QUANTIFIERS.has(t.lower);

/** What a trouble hit, from token `k` on: a name, else a noun phrase; a list of them ("the gums, skin and joints"). */
function affectedAt(tokens: Token[], mentions: Mention[], k: number): Mention[] {
  const out: Mention[] = [];
  for (;;) {
    while (tokens[k] && skipped(tokens[k]!)) k++;
    let target = mentions.find((m) => m.start === k);
    // ("the MeinBrünnholz portal": the name only says whose portal it is.)
    const head = target && tokens[target.end];
    if (target && head?.pos === 'NOUN' && head.text === head.lower) target = undefined;
    if (target && ['location', 'date', 'email', 'url'].includes(target.type)) return out;
    target ??= nounPhraseAt(tokens, k);
    if (!target) return out;
    out.push(target);
    k = target.end;
    if (tokens[k]?.text === ',' && tokens[k + 1]?.lower === 'and') k += 2;
    else if (tokens[k]?.text === ',' || tokens[k]?.lower === 'and') k++;
    else return out;
    // ("Metabase, whose dashboards …": a relative clause, not the list's next item.)
    if (RELATIVES.has(tokens[k]?.lower ?? '')) return out;
  }
}
