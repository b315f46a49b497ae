import type { Mention } from './mentions';
import { Sentence } from './sentences';

// A child calling a parent in a family chat: "Also Mum, I got the job!", "Thanks Dad ❤️",
// "Dad, did you get the photos?". The parent is whom the turn answers (the speaker before), or,
// in a turn that opens the chat, whoever answers it.

/** What a child calls a parent. */
const PARENT_CALLS = new Set(['mum', 'mom', 'mama', 'mummy', 'mommy', 'dad', 'daddy', 'papa']);
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
]);

/** Whether the turn calls a parent by that name (capitalised, as a call and not "my dad"). */
export function callsParent(sentence: Sentence, label: Mention | undefined): boolean {
  const { tokens } = sentence;
  const start = label && tokens[label.end]?.text === ':' ? label.end + 1 : 0;
  return tokens.some((t, k) => {
    if (k < start || !PARENT_CALLS.has(t.lower) || !/^\p{Lu}/u.test(t.text)) return false;
    const before = tokens[k - 1];
    const after = tokens[k + 1];
    const opens = k === start || before?.text === ',' || CALL_OPENERS.has(before?.lower ?? '');
    const closes = after === undefined || [',', '!', '?', '.'].includes(after.text) || after.kind !== 'word';
    return opens && closes;
  });
}
