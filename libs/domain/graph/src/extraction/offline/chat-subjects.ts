import { Token } from './sentences';

// How a chat's turn names its speaker without "I": in lower case ("i work at Naver", "im using
// PetSure") or not at all ("cant, working late at Naver", "moved to Galway last year"). Read only
// in a conversation's turns (chain.ts), where whoever speaks is known.

/** Adverbs that may stand before a turn's verb with its subject left out: "just moved to …". */
const OPENING_ADVERBS = new Set([
  'just',
  'still',
  'finally',
  'already',
  'now',
  'also',
  'actually',
  'currently',
]);

/** "i" (the tagger's pronoun) or "im" before what follows a subject: "im using PetSure", "im at Naver". */
export function chatFirstPerson(tokens: Token[], i: number): boolean {
  const token = tokens[i]!;
  if (token.text === 'i') return token.pos === 'PRON';
  return token.text === 'im' && ['VERB', 'ADV', 'ADP', 'ADJ', 'DET'].includes(tokens[i + 1]?.pos ?? '');
}

/**
 * Where a turn's clause opens on an inflected verb with no subject, past adverbs: "working at",
 * "moved to", "just started at"; -1 where none does. Only right after the speaker's label, or after
 * a word or two and a comma there ("cant, working …"): a later sentence of the turn leaves out
 * someone else as often ("for now. migrating it to Kafka in Q2"). A verb in its base form opens an
 * instruction, not a statement ("bring Sora too", "send me the link"); one of the third person has
 * something else for its subject ("depends on work").
 */
export function elidedSubjectAt(tokens: Token[]): number {
  const label = tokens.findIndex((t) => t.text === ':');
  if (label < 1 || label > 3) return -1;
  const from = label + 1;
  // ("guess who got the job at Brightwave Labs 🎉": the speaker, teasing.)
  if (
    tokens[from]?.lower === 'guess' &&
    tokens[from + 1]?.lower === 'who' &&
    tokens[from + 2]?.pos === 'VERB'
  )
    return from + 2;
  // (After a word or two and a comma: "cant, working late at Naver".)
  const comma = tokens.findIndex((t, k) => k > from && k <= from + 2 && t.text === ',');
  const opening =
    comma > 0 && tokens.slice(from, comma).every((w) => !['PROPN', 'VERB', 'PRON'].includes(w.pos))
      ? [from, comma + 1]
      : [from];
  return opening.find((at) => inflectedVerbAt(tokens, at)) ?? -1;
}

/** Whether an inflected verb, not of the third person, stands at `at` past opening adverbs. */
function inflectedVerbAt(tokens: Token[], at: number): boolean {
  let verb = at;
  while (OPENING_ADVERBS.has(tokens[verb]?.lower ?? '') && verb < at + 2) verb++;
  const t = tokens[verb];
  return (
    t !== undefined &&
    t.pos === 'VERB' &&
    t.lower !== t.lemma &&
    !(/s$/.test(t.lower) && t.lower.startsWith(t.lemma))
  );
}
