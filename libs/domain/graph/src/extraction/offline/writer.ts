import { findMentions, Mention } from './mentions';
import { isVerbLike } from './predicates';
import { Sentence } from './sentences';

/** The verb of "I'm X" and "I am X" (with "this is", "my name is" and "X here", an introduction). */
const INTRODUCING = new Set(["'m", '’m', 'am', "i'm", 'i’m']);
/** Dashes that open a signature: "— Fiona Dunne". */
const DASHES = new Set(['—', '–', '--', '-']);

/**
 * Who wrote a message that names its writer: "Hi, this is Hannah Pryce from …", "Priya Raman here",
 * "I'm Ola Berg", or a signature at the end ("— Fiona Dunne", a last line "Ruth Okafor, ruth@…").
 * "I" and "my" stand for them where no conversation turn names its speaker.
 */
export function writerOf(sentences: Sentence[]): Mention | undefined {
  for (const sentence of sentences.slice(0, 2)) {
    const { tokens } = sentence;
    // (Names are looked for only where an introduction's words are: most texts have none.)
    const introduces = tokens.some(
      (t, k) =>
        t.lower === 'here' ||
        INTRODUCING.has(t.lower) ||
        (t.lower === 'is' && ['this', 'name'].includes(tokens[k - 1]?.lower ?? '')),
    );
    if (!introduces) continue;
    const mentions = findMentions(sentence);
    // ("Customer: Hi, this is …": a turn's label before the greeting.)
    const label = tokens[1]?.text === ':' ? 2 : 0;
    const introduced = mentions.find((m) => {
      const before = tokens.slice(Math.max(0, m.start - 3), m.start).map((t) => t.lower);
      return (
        (before.slice(-2).join(' ') === 'this is' && m.start - label <= 4) ||
        before.slice(-3).join(' ') === 'my name is' ||
        (['i', 'am'].includes(before[before.length - 2] ?? '') &&
          /^(am|'m|’m)$/.test(before[before.length - 1] ?? '')) ||
        /^i['’]m$/.test(before[before.length - 1] ?? '') ||
        tokens[m.end]?.lower === 'here'
      );
    });
    if (introduced) return asPerson(introduced);
  }
  const last = sentences[sentences.length - 1];
  const dash = last ? last.tokens.map((t) => DASHES.has(t.text)).lastIndexOf(true) : -1;
  if (!last || (dash < 0 && last.tokens.some(isVerbLike))) return undefined;
  const mentions = findMentions(last);
  const signed = mentions.find((m) => m.start === dash + 1 && dash >= 0);
  if (signed) return asPerson(signed);
  // A last line of a name (and an address or an organisation) and no verb.
  const first = mentions[0];
  if (first?.start === 0 && first.type !== 'organization' && !last.tokens.some(isVerbLike))
    return asPerson(first);
  return undefined;
}

function asPerson(mention: Mention): Mention | undefined {
  if (mention.type !== 'person' && mention.evidence === 'strong') return undefined;
  return { ...mention, type: 'person', evidence: mention.evidence === 'none' ? 'weak' : mention.evidence };
}
