import { asidesOf } from './clauses';
import { chainOf, withPronouns } from './chain';
import { errorCodeRelation } from './error-relations';
import { constructionRelations, nounPhraseAt, nounPhraseBefore, possessiveRoles } from './constructions';
import { Discourse } from './discourse';
import { lexicon } from './lexicon';
import { Mention } from './mentions';
import { CLAUSE_BREAKS, isVerbLike, matchPredicate, nounPredicate } from './predicates';
import { phrase, Sentence, Token } from './sentences';

/** A relation read from one sentence, between two of its mentions (pronouns already resolved). */
export interface SentenceRelation {
  source: Mention;
  target: Mention;
  canonical: string;
  raw: string;
  confidence: number;
  /** Token index where the relation's words end: dates after it attach to the next relation. */
  end: number;
  /** Read against the text's order ("was founded by"): a list after it adds sources, not targets. */
  inverted?: boolean;
}

const RELATIVES = new Set(['which', 'who', 'that', 'whom', 'whose']);
const POSSESSIVE_PRONOUNS = new Set(['my', 'our', 'his', 'her', 'their', 'its', 'your']);
const LIST_WORDS = new Set([',', 'and', 'or']);
/** Names of events, which an organisation is never "in" as in a place: "in World War I". */
const EVENT_WORDS =
  /\b(war|cup|games|olympics|championships?|season|league|festival|awards?|prize|expo|summit)\b/i;
const IDENTIFIERS = new Set(['email', 'url', 'date']);

const same = (a: Mention, b: Mention) => a.keys[0] === b.keys[0] && a.type === b.type;

function retype(mention: Mention, type: Mention['type'] | undefined): void {
  if (type && mention.evidence !== 'strong' && mention.type !== type) {
    mention.type = type;
    mention.evidence = 'weak';
  }
}

/** True when the words after `mention` start a clause of its own ("…, and Andy Jassy succeeded him"). */
function startsClause(tokens: Token[], mention: Mention): boolean {
  const next = tokens[mention.end];
  return next !== undefined && isVerbLike(next);
}

/**
 * The relations of one sentence. Each pair of neighbouring mentions is read through the words
 * between them: a predicate of the vocabulary (or a short verb phrase of its own), a list that
 * continues the previous relation ("flows through Brazil, Peru and Colombia"), a second subject
 * ("founded Apple with Steve Wozniak"), a place and its region ("Redmond, Washington"). Words
 * that close a clause (`;`, "when", "because", …) end the pairing.
 */
export function findRelations(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const found: SentenceRelation[] = [];
  // Parentheses hold asides ("Scott Derrickson (born July 16, 1966) is …"): read around them.
  const hidden = new Set<number>();
  let depth = 0;
  tokens.forEach((t, i) => {
    if (t.text === '(') depth++;
    if (depth > 0) hidden.add(i);
    if (t.text === ')' && depth > 0) depth--;
  });
  const visible = withPronouns(sentence, mentions, discourse).filter((m) => !hidden.has(m.start));
  const chain = chainOf(tokens, visible, found);
  const asides = asidesOf(tokens, visible);
  // "Her daughter Joylette …": whom "her" stands for is read before this sentence's subjects count.
  const owned = possessiveRoles(sentence, visible, discourse);

  let previous: SentenceRelation | undefined;
  for (let i = 0; i + 1 < chain.length; i++) {
    let source = chain[i]!;
    const target = chain[i + 1]!;
    if (same(source, target)) continue;
    let between = tokens.slice(source.end, target.start).filter((_, k) => !hidden.has(source.end + k));
    // After an aside ("Kofi Annan, who …, died in Bern") the main clause is about its subject.
    const aside = asides.find((a) => source.start > a.from && source.start < a.to && target.start > a.to);
    if (aside && !same(aside.subject, target)) {
      source = aside.subject;
      between = tokens.slice(aside.to + 1, target.start).filter((_, k) => !hidden.has(aside.to + 1 + k));
    }
    // "The Burj Khalifa in Dubai, designed by …": a participle after "X in Y," is about X.
    const head = i > 0 ? chain[i - 1]! : undefined;
    if (
      head &&
      between[0]?.text === ',' &&
      between[1] !== undefined &&
      isVerbLike(between[1]) &&
      source.start - head.end === 1 &&
      tokens[head.end]!.pos === 'ADP'
    ) {
      source = head;
    }
    if (between.length > 16 || between.some((t) => [';', ':'].includes(t.text))) {
      previous = undefined;
      continue;
    }
    if (["'s", '’s'].includes(tokens[target.end]?.lower ?? '')) {
      // "Ryan Gellert, Patagonia's CEO": the apposition names the role and whose it is.
      const role =
        between.length === 1 && between[0]!.text === ','
          ? nounPredicate(tokens[target.end + 1]?.lower ?? '')
          : undefined;
      if (role && role.canonical !== 'located in') {
        retype(source, role.sourceType);
        found.push({
          source,
          target,
          canonical: role.canonical,
          raw: phrase(tokens, target.end, target.end + 2),
          confidence: 0.75,
          end: target.end + 2,
        });
      }
      continue;
    }
    // "her husband Callum", "its founder, Yvon Chouinard": the construction reads these.
    if (ownedRole(between)) continue;
    // "The Santa Monica, California-based publisher had been headed by …": a description of the
    // latest organisation, which is where the description says, and the subject of the verb after.
    if (between[0]?.text === '-' && between[1]?.lower === 'based') {
      let n = 2;
      while (between[n]?.pos === 'NOUN' && between[n]!.text === between[n]!.lower && !isVerbLike(between[n]!))
        n++;
      const described =
        source.type === 'location' && n > 2 && n < between.length
          ? discourse.latest('organization')
          : undefined;
      if (!described || same(described, target)) continue;
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
      source = described;
      between = between.slice(n);
    }
    const raw = (words: Token[]) => phrase(words, 0, words.length).replace(/^[,\s]+|[,\s]+$/g, '');

    // "reports that the patient portal has returned HTTP 503": what the error hit is the clause's
    // subject; in "The VPN client at Morrow & Pike fails with …" it is the sentence's.
    const that = between.findIndex((t) => t.lower === 'that');
    const objectOfPreposition = tokens[source.start - 1]?.pos === 'ADP';
    if (target.type === 'error_code' && (that >= 0 || objectOfPreposition)) {
      const hit =
        that >= 0
          ? nounPhraseAt(tokens, tokens.indexOf(between[that]!) + 1)
          : ((tokens[0]?.pos === 'DET' ? nounPhraseAt(tokens, 0) : undefined) ??
            nounPhraseBefore(tokens, source.start - 1));
      const rest = hit ? tokens.slice(hit.end, target.start) : [];
      if (hit && errorCodeRelation(hit, target, rest)) {
        found.push({
          source: target,
          target: hit,
          canonical: 'affects',
          raw: raw(rest),
          confidence: 0.7,
          end: target.start,
        });
        continue;
      }
    }
    // Error codes: "E1045 appears when the Gateway …", "pods fail with error ERR_CONN_RESET".
    const errorRelation = errorCodeRelation(source, target, between);
    if (errorRelation) {
      found.push({ ...errorRelation, raw: raw(between), end: target.start });
      continue;
    }
    if (between.some((t, b) => CLAUSE_BREAKS.has(t.lower) && !(between[b + 1]?.pos === 'NUM'))) {
      previous = undefined;
      continue;
    }
    // ", which is based in", "who", "that": the clause is about the entity before it.
    let k = 0;
    while (k < between.length && (between[k]!.text === ',' || RELATIVES.has(between[k]!.lower))) k++;
    if (k > 0 && between.slice(0, k).some((t) => RELATIVES.has(t.lower))) between = between.slice(k);

    const noVerb = !between.some(isVerbLike);
    // "Marco Bellini, a project manager at Ferrolab", "Priya Raman here, office manager at …".
    const apposition = noVerb && between.find((t) => t.pos !== 'ADV')?.text === ',' && !same(source, target);
    // "… by the Patagonia Purpose Trust and the Holdfast Collective": articles do not end a list.
    // (Between two names the lexicon knows: "The Old Man and the Sea" is one title.)
    const typed = source.evidence !== 'none' && target.evidence !== 'none';
    const listed = between.filter((t) => !typed || t.pos !== 'DET');
    const listOnly = listed.length > 0 && listed.every((t) => LIST_WORDS.has(t.lower));
    // "Austin, Texas": a place, then the region it is in (unless the comma is a list's); and
    // "Newnham College, Cambridge": an organisation, then where it is.
    if (
      between.length === 1 &&
      between[0]!.text === ',' &&
      (source.type === 'location' || source.type === 'organization') &&
      target.type === 'location'
    ) {
      const rest = tokens.slice(target.end, chain[i + 2]?.start ?? target.end);
      const listGoesOn = rest.some(
        (t, r) => (t.lower === 'and' || t.lower === 'or') && !rest.slice(r + 1).some(isVerbLike),
      );
      if (!listGoesOn && lexicon().classOf(source.keys[0]!) !== 'region') {
        found.push({
          source,
          target,
          canonical: 'located in',
          raw: 'located in',
          confidence: 0.75,
          end: target.start,
        });
        continue;
      }
    }
    if (previous && noVerb && (listOnly || LIST_WORDS.has(listed[listed.length - 1]?.lower ?? ''))) {
      // A list: the previous relation again, with the next item.
      const continues = previous.inverted ? previous.source : previous.target;
      // (A list of agents after "was built by" takes no places: "by VEB Werft in Wismar, East Germany".)
      const placeAsAgent = previous.inverted && target.type === 'location';
      if (
        same(continues, source) &&
        !startsClause(tokens, target) &&
        compatible(source, target) &&
        !placeAsAgent
      ) {
        previous = previous.inverted
          ? { ...previous, source: target, confidence: 0.7, end: target.start }
          : { ...previous, target, confidence: 0.7, end: target.start };
        found.push(previous);
        continue;
      }
    }
    if (previous && between.length === 1 && between[0]!.lower === 'with' && same(previous.target, source)) {
      if (['founded', 'created'].includes(previous.canonical) && target.type !== 'location') {
        found.push({
          ...previous,
          source: target,
          target: previous.target,
          confidence: 0.7,
          end: target.start,
        });
        continue;
      }
    }
    // "worked at Columbia University with Bruce Heezen": a colleague there.
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
      continue;
    }
    // "collaborated with G. H. Hardy at Trinity College": where the collaborator worked.
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
      continue;
    }
    // "Priya Raman from Northwind reported …": someone from an organisation works there.
    if (
      between.length === 1 &&
      between[0]!.lower === 'from' &&
      source.start === chain[i]!.start &&
      ((source.type === 'person' && target.type === 'organization') ||
        ((source.type === 'person' || (source.evidence === 'none' && source.keys[0]!.includes(' '))) &&
          target.evidence === 'none' &&
          isVerbLike(tokens[target.end] ?? between[0]!)))
    ) {
      retype(source, 'person');
      retype(target, 'organization');
      found.push({ source, target, canonical: 'works at', raw: 'from', confidence: 0.6, end: target.start });
      continue;
    }
    // "was founded in Sweden by Ingvar Kamprad": the founder after the place.
    if (
      previous?.canonical === 'located in' &&
      /found|establish/.test(previous.raw) &&
      between.length === 1 &&
      between[0]!.lower === 'by' &&
      same(previous.target, source) &&
      target.type !== 'location'
    ) {
      retype(target, 'person');
      found.push({
        ...previous,
        source: target,
        target: previous.source,
        canonical: 'founded',
        raw: 'founded by',
        end: target.start,
      });
      continue;
    }
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
      continue;
    }
    // "Nintendo in Kyoto": an organisation, then where it is (a name nothing typed is a place there).
    if (
      between.length === 1 &&
      between[0]!.lower === 'in' &&
      (source.type === 'organization' ||
        // ("The Burj Khalifa in Dubai": a landmark named with "the", not "Users in Madrid".)
        ((source.evidence === 'none' || source.type === 'location') &&
          tokens[source.start - 1]?.pos === 'DET' &&
          target.type === 'location' &&
          target.evidence === 'strong')) &&
      (target.type === 'location' || (target.evidence === 'none' && !EVENT_WORDS.test(target.name)))
    ) {
      retype(target, 'location');
      found.push({ source, target, canonical: 'located in', raw: 'in', confidence: 0.7, end: target.start });
      continue;
    }
    // "Shopify, the Ottawa-based e-commerce platform": where it is.
    if (
      between.length === 2 &&
      between[0]!.text === ',' &&
      between[1]!.pos === 'DET' &&
      tokens[target.end]?.text === '-' &&
      tokens[target.end + 1]?.lower === 'based'
    ) {
      retype(target, 'location');
      found.push({
        source,
        target,
        canonical: 'located in',
        raw: 'based in',
        confidence: 0.7,
        end: target.end,
      });
      continue;
    }
    // "Lake Baikal, in southern Siberia, …": where it is (a country is not in a province).
    const inPlace = between.filter((t) => t.text !== ',' && !(t.pos === 'ADJ' && t.lower === t.text));
    if (
      between[0]?.text === ',' &&
      inPlace.length === 1 &&
      inPlace[0]!.lower === 'in' &&
      (target.type === 'location' || target.evidence === 'none') &&
      source.type !== 'person' &&
      lexicon().classOf(source.keys[0]!) !== 'region' &&
      !EVENT_WORDS.test(target.name)
    ) {
      retype(target, 'location');
      found.push({ source, target, canonical: 'located in', raw: 'in', confidence: 0.7, end: target.start });
      continue;
    }
    // "moved to Toronto for a job at Shopify": a role noun after the previous relation is its subject's.
    const subject = previous && (previous.inverted ? previous.target : previous.source);
    if (
      noVerb &&
      subject?.type === 'person' &&
      between[0]?.pos === 'ADP' &&
      between.some((t) => t.pos === 'NOUN') &&
      !same(subject, target)
    ) {
      const role = matchPredicate(between, subject, target);
      if (role?.known && role.sourceType === 'person') {
        found.push({
          source: subject,
          target,
          canonical: role.canonical,
          raw: raw(between),
          confidence: 0.7,
          end: target.start,
        });
        continue;
      }
    }
    if (noVerb && !between.some((t) => t.lemma === 'be') && !apposition) continue;
    // "… in 1943 and later worked at …": the clause after "and" keeps the subject of the one before.
    const and = between.findIndex((t) => t.lower === 'and');
    // ("and was a professor at": a copula makes a clause too.)
    const clause = (t: Token) => isVerbLike(t) || (t.pos === 'AUX' && t.lemma === 'be');
    const previousSubject = previous && (previous.inverted ? previous.target : previous.source);
    if (
      and >= 0 &&
      !between.slice(0, and).some(isVerbLike) &&
      between.slice(and + 1).some(clause) &&
      (between.slice(and + 1).some(isVerbLike) || same(previous?.target ?? source, source))
    ) {
      const clauseSubject = previousSubject;
      if (!clauseSubject) continue;
      source = clauseSubject;
      between = between.slice(and + 1).filter((t) => t.pos !== 'ADV');
    } else if (
      and >= 0 &&
      between.slice(and + 1).some(isVerbLike) &&
      !between
        .slice(0, and)
        .filter((t) => t.text !== ',')
        .slice(-1)
        .some(isVerbLike) &&
      !between.slice(and + 1).some((t) => t.pos === 'PRON')
    ) {
      // "He trained at the flight school and joined the Air Force": the last verb is the target's
      // (but "developed, designed, and marketed by" share theirs).
      between = between.slice(and + 1).filter((t) => t.pos !== 'ADV');
    }
    const match = matchPredicate(between, source, target);
    if (!match || (apposition && !match.known)) continue;
    // A verb of its own between an address and a link ("write to x@y.com or see https://…") is an
    // instruction to the reader, not a relation between them.
    if (!match.known && (IDENTIFIERS.has(source.type) || IDENTIFIERS.has(target.type))) continue;
    const [from, to] = match.inverted ? [target, source] : [source, target];
    // The match's types are the relation's own: "was founded by Jan Koum" makes Koum the founder.
    retype(from, match.sourceType);
    retype(to, match.targetType);
    const confidence = (match.known ? 0.85 : 0.55) * (source.start !== chain[i]!.start ? 0.9 : 1);
    const words = stripArticles(raw(between)) || match.canonical;
    previous = {
      source: from,
      target: to,
      canonical: match.canonical,
      raw: words,
      confidence,
      end: target.end,
      inverted: match.inverted,
    };
    found.push(previous);
    discourse.rememberSubject(from);
    // "Tom and his sister Ana moved to Oslo": the first of two joined subjects too.
    const joined = chain[i - 1];
    if (joined && !match.inverted && source === chain[i] && joinedSubject(tokens, joined, source)) {
      found.push({ ...previous, source: joined, confidence: 0.7 });
    }
  }
  // After the pairs, which settle the types a construction looks for ("its" is no person).
  found.push(...owned, ...constructionRelations(sentence, visible, discourse));
  return dedupe(found);
}

/** "X and [her partner,] Y": two subjects of one verb. */
function joinedSubject(tokens: Token[], first: Mention, second: Mention): boolean {
  const gap = tokens.slice(first.end, second.start);
  return (
    first.type === second.type &&
    gap.some((t) => t.lower === 'and') &&
    gap.every(
      (t) =>
        t.lower === 'and' ||
        t.text === ',' ||
        POSSESSIVE_PRONOUNS.has(t.lower) ||
        (['NOUN', 'ADJ'].includes(t.pos) && t.lower === t.text),
    )
  );
}

/** Words that end on a possessive and a role or kinship noun: "… and her husband", "… by its founder,". */
function ownedRole(between: Token[]): boolean {
  let k = between.length - 1;
  if (between[k]?.text === ',') k--;
  if (k < 1 || between[k]!.pos !== 'NOUN') return false;
  while (k > 0 && ['NOUN', 'ADJ'].includes(between[k]!.pos) && between[k]!.lower === between[k]!.text) k--;
  return POSSESSIVE_PRONOUNS.has(between[k]!.lower);
}

/** One relation per (source, predicate, target): a construction and a pair may read the same one. */
function dedupe(found: SentenceRelation[]): SentenceRelation[] {
  const seen = new Set<string>();
  return found.filter((r) => {
    const key = JSON.stringify([r.source.keys[0], r.canonical, r.target.keys[0]]);
    if (seen.has(key) || r.source.keys[0] === r.target.keys[0]) return false;
    seen.add(key);
    return true;
  });
}

function stripArticles(raw: string): string {
  return raw.replace(/\s+(the|a|an|its|his|her|their)$/i, '').trim();
}

function compatible(a: Mention, b: Mention): boolean {
  return a.type === b.type || a.evidence === 'none' || b.evidence === 'none';
}
