import { findMentions, Mention } from './mentions';
import { CLOSINGS, DASHES, FUNCTION_WORDS } from './name-words';
import { isVerbLike } from './predicates';
import { Sentence, Token } from './sentences';
import { fromHeader, isUserName, opensPostLabel } from './cues';
import { isRoleWord } from './signatures';
import { personalName } from './short-names';

/** The verb of "I'm X" and "I am X" (with "this is", "my name is" and "X here", an introduction). */
const INTRODUCING = new Set(["'m", '’m', 'am', "i'm", 'i’m']);
/** Words of a closing of more than one word: "Kind regards", "Many thanks", "Best wishes". */
const CLOSING_WORDS = new Set(['kind', 'warm', 'many', 'best', 'wishes', 'with', 'all', 'the']);

/**
 * Who wrote a message that names its writer: "Hi, this is Hannah Pryce from …", "Priya Raman here",
 * "Hey, it's Yusuf.", "[voice note from Nikhil Rao]",
 * "I'm Ola Berg", or a signature at the end ("— Fiona Dunne", a last line "Ruth Okafor, ruth@…").
 * "I" and "my" stand for them where no conversation turn names its speaker.
 */
export function writerOf(sentences: Sentence[]): Mention | undefined {
  // "[voice note from Nikhil Rao] Okay so …": a bracketed label naming whom the message is from.
  const opening = sentences[0];
  if (opening && ['[', '('].includes(opening.tokens[0]?.text ?? '')) {
    const close = opening.tokens.findIndex((t) => [']', ')'].includes(t.text));
    const from = findMentions(opening).find(
      (m) => m.end === close && opening.tokens[m.start - 1]?.lower === 'from' && close < 10,
    );
    if (from) return asPerson(from);
  }
  // ("From: Dorota Wiśniewska" / "To: Strumień Telecom support": an e-mail's sender, by their name.)
  const header = sentences
    .slice(0, 4)
    .find((s) => s.tokens[0]?.lower === 'from' && s.tokens[1]?.text === ':');
  const sender = header && fromHeader(header.tokens, findMentions(header));
  if (sender && (sender.type === 'person' || (sender.evidence === 'none' && personalName(sender))))
    return asPerson(sender);
  for (const sentence of sentences.slice(0, 2)) {
    const { tokens } = sentence;
    // (Names are looked for only where an introduction's words are: most texts have none.)
    const introduces = tokens.some(
      (t, k) =>
        t.lower === 'here' ||
        INTRODUCING.has(t.lower) ||
        (t.lower === 'is' && ['this', 'name'].includes(tokens[k - 1]?.lower ?? '')) ||
        (/^['’]s$/.test(t.lower) && tokens[k - 1]?.lower === 'it' && k <= 4),
    );
    if (!introduces) continue;
    const mentions = findMentions(sentence);
    // ("Customer: Hi, this is …": a turn's label before the greeting.)
    const label = tokens[1]?.text === ':' ? 2 : 0;
    const introduced = mentions.find((m) => {
      const before = tokens.slice(Math.max(0, m.start - 3), m.start).map((t) => t.lower);
      return (
        (before.slice(-2).join(' ') === 'this is' && m.start - label <= 4) ||
        // ("Hey, it's Yusuf.": a message opening with its writer's name.)
        (/^it ['’]s$/.test(before.slice(-2).join(' ')) &&
          m.start - label <= 4 &&
          tokens[m.end]?.pos === 'PUNCT') ||
        before.slice(-3).join(' ') === 'my name is' ||
        (['i', 'am'].includes(before[before.length - 2] ?? '') &&
          /^(am|'m|’m)$/.test(before[before.length - 1] ?? '')) ||
        /^i['’]m$/.test(before[before.length - 1] ?? '') ||
        tokens[m.end]?.lower === 'here'
      );
    });
    if (introduced) return asPerson(introduced);
  }
  // ("Mei Lin Chow / Paralegal, Haldane & Roy": a last line that opens on a job title is the line
  // under the name.)
  const last = sentences[sentences.length - 1];
  const signature = last && signatureOf(last);
  if (signature && roleTitled(last, signature) && sentences.length > 1) {
    const above = signatureOf(sentences[sentences.length - 2]!);
    return above && !roleTitled(sentences[sentences.length - 2]!, above) ? above : undefined;
  }
  return signature ?? posterOf(sentences);
}

/**
 * "posted by kofi_builds » Tue Mar 12", "Submitted by: Ana Ruiz": a forum post's or a form's writer,
 * under its title (their name in brackets after a user name: "Posted by kasia_w (Katarzyna
 * Wolska)"), where the message is not signed.
 */
function posterOf(sentences: Sentence[]): Mention | undefined {
  for (const sentence of sentences.slice(0, 4)) {
    const { tokens } = sentence;
    if (!opensPostLabel(tokens) || tokens[1]?.lower !== 'by') continue;
    const poster = bylineName(tokens, findMentions(sentence), 2);
    if (poster) return poster;
  }
  return undefined;
}

/** Whether a mention opens on a job title written alone or before "of": "Paralegal", "Head of Export Sales". */
function roleTitled(sentence: Sentence, mention: Mention): boolean {
  const { tokens } = sentence;
  // ("Office Manager, PT Sinar Jaya Logistik", "Tier 2 Support, Cloudhaven Partners Ltd": or ends on
  // a role or a function, before the comma the organisation follows.)
  const lastWord = tokens[mention.end - 1];
  const ending =
    tokens[mention.end]?.text === ',' && (isRoleWord(lastWord) || FUNCTION_WORDS.has(lastWord?.lower ?? ''));
  return (
    ending ||
    (isRoleWord(tokens[mention.start]) &&
      (mention.end - mention.start === 1 || tokens[mention.start + 1]?.lower === 'of'))
  );
}

/** A signature's name on a last line: after a dash, or the line's first name with no verb. */
function signatureOf(last: Sentence): Mention | undefined {
  const dash = last.tokens.map((t) => DASHES.has(t.text)).lastIndexOf(true);
  if (dash < 0 && last.tokens.some(isVerbLike)) return undefined;
  const mentions = findMentions(last);
  const signed = mentions.find((m) => m.start === dash + 1 && dash >= 0);
  if (signed) return asPerson(signed);
  // A last line of a name (and an address or an organisation) and no verb; or a closing before
  // it ("Best, Oskar", "Kind regards, Sven Aalto").
  const first = mentions[0];
  const closed =
    first !== undefined &&
    first.start > 0 &&
    last.tokens
      .slice(0, first.start)
      .every((t) => t.text === ',' || CLOSINGS.has(t.lower) || CLOSING_WORDS.has(t.lower));
  if ((first?.start === 0 || closed) && first.type !== 'organization' && !last.tokens.some(isVerbLike))
    return asPerson(first);
  return undefined;
}

function asPerson(mention: Mention): Mention | undefined {
  // (A user name signs as a person, whatever typed it: "— kiwi_kate, Wellington".)
  if (mention.type !== 'person' && mention.evidence === 'strong' && !isUserName(mention.name))
    return undefined;
  return { ...mention, type: 'person', evidence: mention.evidence === 'none' ? 'weak' : mention.evidence };
}

/** Prepositions that say where someone works: "the IT admin at X", "I manage IT for X". */
const WORKPLACE = new Set(['at', 'for', 'with']);

/**
 * Where a writer who gives no name works, when a sentence of theirs says: "Hi, I'm the IT admin at
 * Brightwater Dental", "I manage IT for Dunmore Primary School". Their "we" and "our" stand for it.
 */
export function writersOrganizationIn(sentence: Sentence, mentions: Mention[]): Mention | undefined {
  const { tokens } = sentence;
  const i = tokens.findIndex((t) => /^i(['’]m)?$/.test(t.lower) && t.text.startsWith('I'));
  if (i < 0) return undefined;
  // (A name nothing typed is an organisation there: "the office manager at Kestrel Vets".)
  const organization = mentions.find(
    (m) =>
      m.start > i &&
      m.start <= i + 8 &&
      (m.type === 'organization' || m.evidence === 'none') &&
      WORKPLACE.has(tokens[m.start - 1]?.lower ?? ''),
  );
  // (Nobody else named between: "I'm writing for my colleague Ana at X" is Ana's workplace.)
  if (!organization || mentions.some((m) => m.start > i && m.end <= organization.start)) return undefined;
  if (tokens.slice(i + 1, organization.start).some((t) => t.text === ',' || t.text === '.')) return undefined;
  if (organization.type !== 'organization')
    Object.assign(organization, { type: 'organization', evidence: 'weak' });
  return organization;
}

/**
 * The person a byline names from token `from` on ("Posted by kofi_builds", "Reply from Jana
 * Horvath (Orbitly Staff)"): the first person or user name, or the person's name in brackets after
 * a user name ("mod_dtran (Daniel Tran, moderator)").
 */
function bylineName(tokens: Token[], mentions: Mention[], from: number): Mention | undefined {
  for (const m of mentions) {
    if (m.start < from) continue;
    const named = mentions.find((n) => n.start === m.end + 1 && tokens[m.end]?.text === '(');
    if (named && (named.type === 'person' || personalName(named))) return asPerson(named);
    if (m.type === 'person' || isUserName(m.name) || (m.evidence === 'none' && personalName(m)))
      return asPerson(m);
  }
  return undefined;
}

/** Who writes the reply a line opens ("Reply from mod_dtran (Daniel Tran, …):"). */
export const replierOf = (tokens: Token[], mentions: Mention[]): Mention | undefined =>
  bylineName(tokens, mentions, 2);
