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
 * "moved to", "just started at". Only right after the speaker's label, or after a word or two and
 * a comma there ("cant, working …"): a later sentence of the turn leaves out someone else as often
 * ("for now. migrating it to Kafka in Q2"). A verb in its base form opens an instruction, not a
 * statement ("bring Sora too", "send me the link").
 */
export function elidedSubject(tokens: Token[], i: number): boolean {
  const label = tokens.findIndex((t) => t.text === ':');
  if (label < 1 || label > 3 || i <= label) return false;
  const from = label + 1;
  let verb = i;
  while (OPENING_ADVERBS.has(tokens[verb]?.lower ?? '') && verb < i + 2) verb++;
  const t = tokens[verb];
  // (Nor a verb of the third person, whose subject is something else left out: "depends on work".)
  if (!t || t.pos !== 'VERB' || t.lower === t.lemma || (/s$/.test(t.lower) && t.lower.startsWith(t.lemma)))
    return false;
  if (i === from) return true;
  // (After a word or two and a comma: "cant, working late at Naver".)
  return (
    tokens[i - 1]?.text === ',' &&
    i - 1 - from <= 2 &&
    tokens.slice(from, i - 1).every((w) => w.pos !== 'PROPN' && w.pos !== 'VERB' && w.pos !== 'PRON')
  );
}
