import { Aside } from './clauses';
import { KIN_NOUNS } from './cues';
import { Pair, Reading, same, wordsBetween } from './pair-rules';
import { isVerbLike } from './predicates';
import { joinsWords, Token } from './sentences';

// Whom the words between a pair of the chain are about: the pair's source (or target) moved to
// the name they describe before any rule reads them.

/**
 * Moves the i-th pair of the chain to whom its words are about: past an aside, from a place to
 * what is in it, from an object to the subject of an infinitive after it, from a place to the
 * company it only says the base of.
 */
export function movePair(pair: Pair, reading: Reading, asides: Aside[], hidden: Set<number>): void {
  afterAside(pair, reading.tokens, asides, hidden);
  participleAfterPlace(pair, reading);
  kinAfterPlace(pair, reading);
  purposeClause(pair, reading);
  basedTarget(pair, reading);
}

/** Prepositions of a place a person was in: "grew up in Cusco, the eldest daughter of …". */
const LOCATIVES = new Set(['in', 'at', 'from', 'near']);

/**
 * "Rosa Quispe grew up in Cusco, the eldest daughter of Teodoro Quispe": a kinship noun after the
 * place a person was in says who the person is, not the place.
 */
function kinAfterPlace(pair: Pair, { tokens, chain }: Reading): void {
  const { i, source, between } = pair;
  if (source.type === 'person' && source.evidence === 'strong') return;
  // ("born … in Maida Vale, London, the younger son of …": past the larger place of the one named.)
  const smaller = chain[i - 1];
  const place =
    smaller?.type === 'location' && smaller.end === source.start - 1 && tokens[smaller.end]?.text === ','
      ? smaller
      : source;
  if (!LOCATIVES.has(tokens[place.start - 1]?.lower ?? '')) return;
  if (between[0]?.text !== ',' || !['the', 'a', 'an'].includes(between[1]?.lower ?? '')) return;
  // ("the second of three children of the organist Klaus Brandt": a rank among the children, and
  // what the parent is, may stand around the kinship noun.)
  const of = between.map((t) => t.lower).lastIndexOf('of');
  const kin = between[of - 1];
  if (of < 3 || !kin || !(KIN_NOUNS.has(kin.lower) || KIN_NOUNS.has(kin.lemma))) return;
  const rank = between
    .slice(2, of - 1)
    .every(
      (t) => ['ADJ', 'NUM'].includes(t.pos) || t.lower === 'of' || /^(?:first|second|third)$/.test(t.lower),
    );
  const described = between
    .slice(of + 1)
    .every((t) => ['DET', 'ADJ', 'NOUN'].includes(t.pos) && t.text === t.lower);
  if (!rank || !described) return;
  const subject = chain.slice(0, i).find((m) => m.type === 'person');
  if (subject) pair.source = subject;
}

/**
 * After an aside ("Kofi Annan, who …, died in Bern") the main clause is about its subject; an aside
 * whose names all qualify a noun ("Marlowe Hotels, the chain owned by the Castellanos family, has
 * signed …") is skipped between the subject and its verb.
 */
function afterAside(pair: Pair, tokens: Token[], asides: Aside[], hidden: Set<number>): void {
  const { source, target } = pair;
  const aside = asides.find(
    (a) => (a.from === source.end || (source.start > a.from && source.start < a.to)) && target.start > a.to,
  );
  if (aside && !same(aside.subject, target)) {
    pair.source = aside.subject;
    pair.between = wordsBetween(tokens, aside.to + 1, target.start, hidden);
  }
}

/**
 * "The Burj Khalifa in Dubai, designed by …": a participle after "X in Y," is about X; so is the
 * verb right after a name's place ("Vinohrady Dental in Prague uses ClinicDesk").
 */
function participleAfterPlace(pair: Pair, { tokens, chain }: Reading): void {
  const { i, source, between } = pair;
  const head = i > 0 ? chain[i - 1]! : undefined;
  if (!head || source.start - head.end !== 1 || tokens[head.end]!.pos !== 'ADP') return;
  const participle = between[0]?.text === ',' && between[1] !== undefined && isVerbLike(between[1]);
  // (Whatever the name before the place, but a place, and past an auxiliary or the comma closing an
  // apposition: "Our practice, Lindqvist Dental in Hamburg, has used …".)
  let v = between[0]?.text === ',' ? 1 : 0;
  while (between[v]?.pos === 'AUX' && between[v + 1] && ['VERB', 'AUX'].includes(between[v + 1]!.pos)) v++;
  const verb =
    head.type !== 'location' &&
    source.type === 'location' &&
    tokens[head.end]!.lower === 'in' &&
    between[v] !== undefined &&
    isVerbLike(between[v]!);
  if (participle || verb) pair.source = head;
}

/** Verbs whose object does what the infinitive after it says: "hired Ana to lead", "asked Tom to join". */
const OBJECT_CONTROL = new Set([
  'ask',
  'tell',
  'hire',
  'persuade',
  'convince',
  'invite',
  'allow',
  'help',
  'urge',
  'encourage',
  'force',
  'appoint',
  'name',
  'elect',
  'choose',
  'select',
  'recruit',
  'pay',
  'send',
  'want',
  'expect',
  'need',
  'sign',
  'bring',
  'enable',
  'require',
  'get',
]);

/**
 * "Jordan quit Deloitte to open Northbound Roasters", "Ana moved to Lisbon to work at Feedzai": an
 * infinitive after the object of a relation just read is its subject's doing, not the object's
 * (unless the verb hands it to its object: "Zenara hired Ana Ruiz to lead its bank").
 */
function purposeClause(pair: Pair, { tokens, previous }: Reading): void {
  const { source, between } = pair;
  const [to, verb] = between;
  if (to?.lower !== 'to' || !verb || !['VERB', 'AUX'].includes(verb.pos)) return;
  if (!previous || previous.inverted || previous.target !== source || same(previous.source, source)) return;
  const words = tokens.slice(previous.source.end, source.start);
  if (words.some((t) => OBJECT_CONTROL.has(t.lemma))) return;
  pair.source = previous.source;
}

/**
 * "Heinonen, who has run the Tampere-based company since 2015": a place that only says where the
 * company is stands for the company, the text's own organisation (as places.ts's describedPlaces
 * reads "the Leeds company").
 */
function basedTarget(pair: Pair, { tokens, discourse }: Reading): void {
  const { target } = pair;
  if (
    target.type !== 'location' ||
    !joinsWords(tokens[target.end]) ||
    tokens[target.end + 1]?.lower !== 'based'
  )
    return;
  let k = target.end + 2;
  while (tokens[k]?.pos === 'NOUN' && tokens[k]!.text === tokens[k]!.lower) k++;
  const after = tokens[k];
  if (k === target.end + 2 || (after && /^\p{Lu}/u.test(after.text))) return;
  const company = discourse.firstOrganization;
  if (company && !same(company, pair.source)) pair.target = company;
}
