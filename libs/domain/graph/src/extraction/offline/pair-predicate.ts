import { IN } from './constructions';
import { isOrganizationNoun } from './cues';
import { Mention } from './mentions';
import { Gap, Pair, POSSESSIVE_PRONOUNS, rawOf, Reading, retype } from './pair-rules';
import { matchPredicate } from './predicates';
import type { SentenceRelation } from './relations';
import { lexicon } from './lexicon';
import { SYLLABLE, Token } from './sentences';
import { personalName } from './short-names';

// The last pair rule: the words between two names read as a predicate, and the subjects joined to it.

const IDENTIFIERS = new Set(['email', 'url', 'date']);

/**
 * The words between as a predicate of the vocabulary or a short verb phrase of their own: the
 * relation a list or a second subject after it continues.
 */
export function predicate(pair: Pair, reading: Reading, { apposition }: Gap): boolean {
  const { i, source, target, between } = pair;
  const { tokens, chain, discourse, found } = reading;
  const read = tokens[target.start]?.lower === 'there' ? [...between, IN] : between;
  const match = matchPredicate(read, source, target);
  if (!match || (apposition && !match.known)) return true;
  // A verb of its own between an address and a link ("write to x@y.com or see https://…") is an
  // instruction to the reader, not a relation between them.
  if (!match.known && (IDENTIFIERS.has(source.type) || IDENTIFIERS.has(target.type))) return true;
  const [from, to] = match.inverted ? [target, source] : [source, target];
  // The match's types are the relation's own: "was founded by Jan Koum" makes Koum the founder.
  retype(from, match.sourceType);
  retype(to, match.targetType);
  // "Chinua Achebe wrote Things Fall Apart": a work's maker named like a person is one (so that
  // "he" next is Achebe, not the novel).
  // (Unless a company's noun stands before it: "by the Scottish indie band The Glass Harbour".)
  const kindNoun = tokens[from.start - (tokens[from.start - 1]?.text === 'The' ? 2 : 1)];
  // (So is a founder whose first name the lexicon knows, or whose words are all syllables of a
  // romanised Chinese or Korean name: "was founded in 2015 by Tan Wei Ling", so that "Tan" alone is
  // her later; not "founded by Vistula Line".)
  const founder =
    match.canonical === 'founded' &&
    (lexicon().classOf(from.name.split(' ')[0]!.toLowerCase()) === 'first-name' ||
      from.name.split(' ').every((w) => SYLLABLE.test(w.toLowerCase())));
  if ((match.canonical === 'created' || founder) && from.evidence === 'none' && personalName(from))
    retype(from, isOrganizationNoun(kindNoun) ? 'organization' : 'person');
  const confidence = (match.known ? 0.85 : 0.55) * (source.start !== chain[i]!.start ? 0.9 : 1);
  const words = stripArticles(rawOf(between)) || match.canonical;
  const previous: SentenceRelation = {
    source: from,
    target: to,
    canonical: match.canonical,
    raw: words,
    confidence,
    end: target.end,
    inverted: match.inverted,
  };
  // ("born in Prowent, a village that is now part of Kórnik, and grew up in Kraków": a relative
  // clause on an apposition is an aside; the clause after it goes on from the relation before.)
  const aside =
    tokens[source.end]?.text === ',' &&
    reading.previous !== undefined &&
    tokens.slice(source.end, target.start).some((t) => ['that', 'which', 'who'].includes(t.lower));
  if (!aside) reading.previous = previous;
  found.push(previous);
  // (A thing is what "it" means next only as the sentence's subject: in "… developed by Fairphone
  // B.V., an Amsterdam-based enterprise. It uses …" "it" is still the phone.)
  // (Nor is a passive's agent: "after being scouted by Renata Alves, then a youth coach at X" does
  // not make her whom "she" means next.)
  const agent = tokens[from.start - 1]?.lower === 'by';
  if (!aside && ((from.type === 'person' && !agent) || from.start === chain[0]!.start))
    discourse.rememberSubject(from);
  // (An untyped name that says something of another, past an opening aside, may be whom "he" means
  // next, when the text has named no subject yet: 'Known to fans as "KMA", Kofi Mensah-Arthur
  // captained …. He grew up …'.)
  else if (!aside && !agent && from.evidence === 'none') discourse.rememberFirstSubject(from);
  // "Tom and his sister Ana moved to Oslo": the first of two joined subjects too.
  const joined = chain[i - 1];
  // (Not through an apposition, which describes the second alone: "Calder Energy and Ørsted, the
  // Danish utility headquartered in Fredericia".)
  const described =
    tokens[source.end]?.text === ',' && ['the', 'a', 'an'].includes(tokens[source.end + 1]?.lower ?? '');
  if (
    joined &&
    !match.inverted &&
    !described &&
    source === chain[i] &&
    joinedSubject(tokens, joined, source)
  ) {
    found.push({ ...previous, source: joined, confidence: 0.7 });
    // ("He and his older brother Marek both studied at …. In 1979 he married …": a pronoun joined
    // first is the text's subject going on, whom "he" next means, not the relative named after it.)
    if (joined.type === 'person' && tokens[joined.start]?.pos === 'PRON' && !aside)
      discourse.rememberMainSubject(joined);
  }
  return true;
}

/** "X and [her partner,] Y": two subjects of one verb. */
function joinedSubject(tokens: Token[], first: Mention, second: Mention): boolean {
  const gap = tokens.slice(first.end, second.start);
  // ("Rui and I finally moved to Lisbon": a name nothing typed joined to the speaker is a person.)
  const withSpeaker =
    first.evidence === 'none' &&
    second.type === 'person' &&
    /^(?:i|we)$/i.test(tokens[second.start]?.text ?? '');
  if (withSpeaker && gap.length === 1 && gap[0]!.lower === 'and') {
    Object.assign(first, { type: 'person', evidence: 'weak' });
    return true;
  }
  // ("Chidinma Eze and Kwabena Asante worked at Paystack": a name nothing typed that reads as a
  // person's, joined to a person, is one.)
  // (Or the other way round: "Kenji Mori and Akiko Hara founded Studio Kaze".)
  const untypedPerson = first.evidence === 'none' && second.type === 'person' && personalName(first);
  const untypedSecond = second.evidence === 'none' && first.type === 'person' && personalName(second);
  const joins =
    (first.type === second.type || untypedPerson || untypedSecond) &&
    // (Not a pronoun opening a clause of its own: "supplies Gravlund, and last year it acquired …".)
    tokens[second.start]?.lower !== 'it' &&
    gap.some((t) => t.lower === 'and') &&
    gap.every(
      (t) =>
        t.lower === 'and' ||
        t.text === ',' ||
        POSSESSIVE_PRONOUNS.has(t.lower) ||
        // ("He and his wife, the broadcaster Efua Mensah-Arthur, live in …".)
        (t.pos === 'DET' && gap[0]?.lower === 'and' && POSSESSIVE_PRONOUNS.has(gap[1]?.lower ?? '')) ||
        (['NOUN', 'ADJ'].includes(t.pos) && t.lower === t.text),
    );
  if (joins && untypedPerson) Object.assign(first, { type: 'person', evidence: 'weak' });
  if (joins && untypedSecond) Object.assign(second, { type: 'person', evidence: 'weak' });
  return joins;
}

function stripArticles(raw: string): string {
  return raw.replace(/\s+(the|a|an|its|his|her|their)$/i, '').trim();
}
