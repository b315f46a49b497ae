import type { Discourse } from './discourse';
import type { Mention } from './mentions';
import { nounPredicate } from './noun-predicates';
import { POSSESSIVES, rel } from './owners';
import type { SentenceRelation } from './relations';
import { phrase, Sentence, Token } from './sentences';

// What a chat's or a transcript's turn says of its speaker without a verb: a child calling a
// parent ("Also Mum, I got the job!", "Thanks Dad ❤️", "Dad, did you get the photos?"), and a role
// in brackets in the turn's label ("David Chen (CEO): Sure.").

/**
 * What a child calls a mother, in English and in the languages families mix into English chats
 * ("Merci Maman", "Mẹ, flight is booked").
 */
const MOTHER_CALLS = [
  'mum',
  'mom',
  'ma',
  'mama',
  'mummy',
  'mommy',
  'maman',
  'mamá',
  'mami',
  'mamãe',
  'mãe',
  'mamma',
  'mutti',
  'mẹ',
  'amma',
  'ammi',
];
/** Which parent a call names: "Mum" and "Mom" the one, "Dad" and "Papa" the other. */
const FATHER_CALLS = new Set([
  'dad',
  'daddy',
  'pa',
  'papa',
  'papá',
  'papai',
  'babbo',
  'vati',
  'baba',
  'bố',
  'abba',
  'appa',
]);
/** What a child calls a parent. */
const PARENT_CALLS = new Set([...MOTHER_CALLS, ...FATHER_CALLS]);
/** Words a call may follow inside a turn: "Thanks Dad", "Also Mum,". */
const CALL_OPENERS = new Set([
  'thanks',
  'thank',
  'also',
  'hi',
  'hey',
  'love',
  'morning',
  'night',
  'ok',
  'okay',
  'yes',
  'sorry',
  'bye',
  'so',
  'merci',
  'gracias',
  'obrigado',
  'obrigada',
  'danke',
  'grazie',
]);

/** The parent the turn calls by that name (capitalised, as a call and not "my dad"), if it calls one. */
function callsParent(sentence: Sentence, label: Mention | undefined): 'father' | 'mother' | undefined {
  const { tokens } = sentence;
  const start = label && tokens[label.end]?.text === ':' ? label.end + 1 : 0;
  const call = tokens.find((t, k) => {
    if (k < start || !PARENT_CALLS.has(t.lower) || !/^\p{Lu}/u.test(t.text)) return false;
    const before = tokens[k - 1];
    const after = tokens[k + 1];
    // ("thank you Papa": past the thanks' "you".)
    const thankYou = before?.lower === 'you' && tokens[k - 2]?.lower === 'thank';
    const opens = k === start || before?.text === ',' || CALL_OPENERS.has(before?.lower ?? '') || thankYou;
    const closes = after === undefined || [',', '!', '?', '.'].includes(after.text) || after.kind !== 'word';
    return opens && closes;
  });
  if (!call) return undefined;
  return FATHER_CALLS.has(call.lower) ? 'father' : 'mother';
}

/**
 * The role a turn's label gives its speaker in brackets: "David Chen (CEO): Sure." (a transcript's
 * convention), as the vocabulary's predicate of that role.
 */
function speakersRole(sentence: Sentence, label: Mention | undefined): string | undefined {
  const { tokens } = sentence;
  if (!label || tokens[label.end]?.text !== '(' || tokens[label.end + 2]?.text !== ')') return undefined;
  if (tokens[label.end + 3]?.text !== ':') return undefined;
  const role = nounPredicate(tokens[label.end + 1]!.lower);
  return role?.targetType === 'organization' || role?.canonical === 'leads' ? role.canonical : undefined;
}

/**
 * The relations a turn says of its speaker (`discourse.speaker`, `label` when the turn opens here):
 * the child of whom the turn answers when it calls a parent (or of whoever answers a chat's opening
 * call), and a bracketed role held at the organisation the text is about.
 */
export function turnRelations(
  sentence: Sentence,
  label: Mention | undefined,
  discourse: Discourse,
): SentenceRelation[] {
  const out: SentenceRelation[] = [];
  const child = discourse.speaker;
  const called = child && (label || discourse.speakers.size > 0) ? callsParent(sentence, label) : undefined;
  // (The parent a sibling called so before is the one called: "Luis: Yes Mum" then "Marco: Mum, …"
  // after Luis's turn is Marco calling their mother, not Luis.)
  const parent = (called && discourse.parentsCalled.get(called)) ?? discourse.addressee;
  if (child && called) {
    if (parent && discourse.speakers.has(parent.keys[0]!) && parent.keys[0] !== child.keys[0]) {
      out.push(rel(child, parent, 'child of', 'called parent', sentence.tokens.length, 0.6));
      out.push(...siblings(discourse, child, parent, sentence.tokens.length));
      discourse.parentsCalled.set(called, parent);
    } else discourse.childCalling = { child, parent: called };
  } else if (label && discourse.childCalling && label.keys[0] !== discourse.childCalling.child.keys[0]) {
    out.push(rel(discourse.childCalling.child, label, 'child of', 'answered', label.end, 0.6));
    out.push(...siblings(discourse, discourse.childCalling.child, label, label.end));
    discourse.parentsCalled.set(discourse.childCalling.parent, label);
    discourse.childCalling = undefined;
  }
  // ("proud of you sis", "Congrats, little sister!", "ok little bro 😘": a sibling called at the
  // end of a turn is whom the speaker talks to.)
  const sibling = discourse.addressee;
  if (
    child &&
    sibling &&
    callsSibling(sentence.tokens) &&
    discourse.speakers.has(sibling.keys[0]!) &&
    sibling.keys[0] !== child.keys[0]
  )
    out.push(rel(sibling, child, 'sibling of', 'called sibling', sentence.tokens.length, 0.6));
  const role = speakersRole(sentence, label);
  const company = discourse.firstOrganization;
  if (label && role && company && company.keys[0] !== label.keys[0])
    out.push(
      rel(label, company, role, phrase(sentence.tokens, label.end, label.end + 3), label.end + 3, 0.6),
    );
  return out;
}

/** Words a speaker calls a sibling by; "bro" only with a word of age before it ("little bro"): alone it is a friend's. */
const SIBLING_CALLS = new Set(['sis', 'sister', 'brother', 'bro', 'sibling']);
const AGES = new Set(['little', 'lil', 'big', 'baby', 'older', 'younger', 'kid']);

/** Whether a turn's last words call a sibling: "…, little sister!", "thanks sis". */
function callsSibling(tokens: Token[]): boolean {
  let end = tokens.length;
  while (end > 0 && ['PUNCT', 'SYM', 'X'].includes(tokens[end - 1]!.pos)) end--;
  const word = tokens[end - 1];
  if (!word || !SIBLING_CALLS.has(word.lower) || word.text !== word.lower) return false;
  const before = tokens[end - 2];
  const aged = before !== undefined && AGES.has(before.lower);
  if (word.lower === 'bro' && !aged) return false;
  // (Not "my sister", "a brother", "his little sister": someone's sibling, no one called.)
  const owner = tokens[aged ? end - 3 : end - 2];
  return (
    !owner ||
    (owner.pos !== 'DET' &&
      !POSSESSIVES.has(owner.lower) &&
      owner.lower !== 'your' &&
      !/^['’]s$/.test(owner.lower))
  );
}

/** Two speakers who call one parent are siblings: the new child, then each one before. */
function siblings(discourse: Discourse, child: Mention, parent: Mention, end: number): SentenceRelation[] {
  const key = parent.keys[0]!;
  const before = discourse.childrenCalling.get(key) ?? [];
  if (before.some((c) => c.keys[0] === child.keys[0])) return [];
  discourse.childrenCalling.set(key, [...before, child]);
  return before.map((earlier) => rel(child, earlier, 'sibling of', 'called one parent', end, 0.55));
}
