import { CanonicalPredicate } from './predicate-rules';
import { EntityType, lexicon } from './lexicon';
import { isCodeName } from './code-names';
import { keyOf } from './keys';
import { Mention } from './mentions';
import { POSSESSIVES } from './owners';
import {
  DASHES,
  DROPPED_HONORIFICS,
  KIN_TITLES,
  OPENERS,
  ROLE_ABBREVIATIONS,
  SITES,
  SOFTWARE_KINDS,
  WORK_NOUNS,
} from './name-words';
import { phrase, Sentence, Token } from './sentences';

/**
 * Kinship nouns, and what "my sister Ana" makes the owner to Ana, read owner first: the owner is
 * Ana's sibling, her son's parent, her dad's child.
 */
export const KIN_NOUNS = new Map<string, CanonicalPredicate>(
  Object.entries({
    sister: 'sibling of',
    brother: 'sibling of',
    sibling: 'sibling of',
    twin: 'sibling of',
    husband: 'married to',
    wife: 'married to',
    spouse: 'married to',
    partner: 'partner of',
    boyfriend: 'partner of',
    girlfriend: 'partner of',
    fiance: 'partner of',
    fiancé: 'partner of',
    fiancee: 'partner of',
    fiancée: 'partner of',
    son: 'parent of',
    daughter: 'parent of',
    // (Plurals before the names they list: "their sons, Marcos and Tiago".)
    sons: 'parent of',
    daughters: 'parent of',
    children: 'parent of',
    child: 'parent of',
    kid: 'parent of',
    dad: 'child of',
    stepdad: 'child of',
    stepfather: 'child of',
    stepmother: 'child of',
    stepmom: 'child of',
    stepmum: 'child of',
    stepson: 'parent of',
    stepdaughter: 'parent of',
    stepbrother: 'sibling of',
    stepsister: 'sibling of',
    father: 'child of',
    mother: 'child of',
    mom: 'child of',
    mum: 'child of',
    parent: 'child of',
    friend: 'friend of',
  } satisfies Record<string, CanonicalPredicate>),
);

/**
 * Verbs of reporting, by lemma: ", the Lisbon startup said" (places.ts), "announced that it has
 * acquired …" (chain.ts).
 */
export const REPORTING_VERBS = new Set([
  'say',
  'announce',
  'add',
  'report',
  'tell',
  'confirm',
  'state',
  'reveal',
  'disclose',
]);

/**
 * Nouns that say the name after them is a person ("the Dutch architect Rem Koolhaas"), beside
 * compromise's role nouns (its Actor tag) and nouns in -ist and -ian (physicist, historian).
 */
const PERSON_NOUNS = new Set([
  // (Office jobs the lexicon does not list: "Paralegal, Haldane & Roy".)
  'paralegal',
  'bookkeeper',
  'solicitor',
  'barrister',
  'dispatcher',
  'nurse',
  'engineer',
  'doctor',
  'teacher',
  'founder',
  'cofounder',
  'co-founder',
  'ceo',
  'executive',
  'chairman',
  'chairwoman',
  'president',
  'director',
  'scientist',
  'writer',
  'author',
  'novelist',
  'poet',
  'painter',
  'actress',
  'singer',
  'player',
  'coach',
  'student',
  'professor',
  'cousin',
  'colleague',
  'boss',
  'neighbour',
  'neighbor',
  'flatmate',
  'roommate',
  // (Occupations compromise does not list as roles.)
  'cricketer',
  'footballer',
  'swimmer',
  'boxer',
  'jockey',
  'midfielder',
  'striker',
  'batsman',
  'wrestler',
  'sprinter',
  'skier',
  'rower',
  'drummer',
  'fiddler',
  'composer',
  'conductor',
  'filmmaker',
  'photographer',
  'sculptor',
  'philosopher',
  'surgeon',
  'chef',
  'dancer',
  'banker',
  'diplomat',
  'researcher',
  'programmer',
  'lawyer',
  'entrepreneur',
  'producer',
  'investor',
  // (A forum's and a tracker's roles: "Reply from PrinterPaula (Community Expert):".)
  'expert',
  'moderator',
  'specialist',
  'technician',
  'maintainer',
  'contributor',
  'volunteer',
]);

/** Nouns that say the name after them is an organisation ("the audiobook distributor Findaway"). */
const ORGANIZATION_NOUNS = new Set([
  'company',
  'firm',
  'startup',
  'start-up',
  'fintech',
  'insurtech',
  'edtech',
  'healthtech',
  'proptech',
  'agritech',
  'spin-off',
  'maker',
  'manufacturer',
  'distributor',
  'publisher',
  'retailer',
  'bank',
  'brand',
  'airline',
  'chain',
  'carrier',
  'insurer',
  'lender',
  'nonprofit',
  'charity',
  'agency',
  'conglomerate',
  'provider',
  'operator',
  'supplier',
  'vendor',
  'fund',
  'foundation',
  'trust',
  'institute',
  'band',
  'orchestra',
  'choir',
  'restaurant',
  'bakery',
  'cafe',
  'café',
  'bistro',
  'brewery',
  'winery',
  'boutique',
  'studio',
  'practice',
  'clinic',
  'label',
  'group',
  'giant',
  'exporter',
  'importer',
  'utility',
  'broadcaster',
  'cooperative',
  'co-operative',
  'consultancy',
  'carmaker',
  'automaker',
  'chipmaker',
  'drugmaker',
  'steelmaker',
  'shipbuilder',
  'alliance',
  'association',
  'federation',
  'organisation',
  'organization',
  'consortium',
]);

/** Verbs of saying and thinking whose subject, in a chat, is someone: "Kemi said". */
const CHAT_SAYING = new Set(['say', 'tell', 'ask', 'think', 'reckon', 'mention', 'text', 'call', 'reply']);

/** What only software has, before "in": "a bug in Notely", "the export button in PeopleFlow". */
const SOFTWARE_PARTS = new Set([
  'error',
  'errors',
  'bug',
  'bugs',
  'crash',
  'crashes',
  'regression',
  'vulnerability',
  'exception',
  'feature',
  'setting',
  'settings',
  'button',
  'menu',
]);

/** What one holds "in" an organisation. */
const HOLDINGS = new Set([
  'stake',
  'stakes',
  'share',
  'shares',
  'investment',
  'investments',
  'interest',
  'holding',
  'holdings',
  'position',
]);

/** A speaker's part in a support chat, before their name in the turn's label ("Agent Ana Souza:"). */
const CHAT_ROLES = new Set(['customer', 'agent', 'user', 'client', 'caller', 'technician', 'moderator']);

/** Speakers' labels that name nobody in particular ("User:", "Assistant:"). */
const GENERIC_SPEAKERS = new Set([
  'user',
  'assistant',
  'system',
  'bot',
  'customer',
  'agent',
  'support',
  'human',
  'ai',
  'q',
  'a',
  'me',
  // A message's header lines.
  'subject',
  're',
  'from',
  'to',
  'cc',
  // An incident report's fields ("Remediation: certificate rotated by …").
  'summary',
  'date',
  'author',
  'remediation',
  'resolution',
  'owner',
  'service',
  'window',
  'impact',
  'environment',
  'status',
  'severity',
  'priority',
  'timeline',
  'update',
  'note',
  'workaround',
  'symptoms',
  'detection',
  'component',
  // A forum's or a tracker's fields ("Thread: Pi-hole stops resolving", "Labels: bug, macOS").
  'thread',
  'forum',
  'topic',
  'title',
  'label',
  'labels',
  'tags',
  'category',
  'channel',
  'response',
  'cause',
  'background',
  'description',
  'request',
  'problem',
  'issue',
  'steps',
  'fix',
  'expected',
  'actual',
  // A meeting's fields ("Present: Siobhan Gallagher (COO), Kwame Asante").
  'present',
  'participants',
  'attendance',
  'apologies',
  'absent',
  'action',
  'actions',
  'decision',
  'decisions',
  'version',
  'assignee',
  'milestone',
  'attendees',
  'agenda',
  'bcc',
  // A ticket's header fields (ticket-fields.ts).
  'contact',
  'client',
  'account',
  'product',
  'platform',
  'device',
  'requester',
  'reporter',
  'caller',
  'case',
  'ticket',
]);

/** Roles a possessor holds a leader or founder of: "Patagonia's CEO" makes Patagonia an organisation. */
const LEADER_NOUNS = new Set([
  'ceo',
  'founder',
  'chairman',
  'chairwoman',
  'chief',
  'president',
  'cto',
  'cfo',
  'owner',
  'board',
  'shareholders',
  'employees',
  'staff',
]);

export function isPersonNoun(token: Token | undefined): boolean {
  if (!token || token.pos !== 'NOUN' || token.text !== token.lower) return false;
  const word = token.lower;
  return (
    PERSON_NOUNS.has(word) ||
    KIN_NOUNS.has(word) ||
    lexicon().classOf(word) === 'role' ||
    (/(ist|ian)$/.test(word) && word.length > 5)
  );
}

export function isOrganizationNoun(token: Token | undefined): boolean {
  return Boolean(token && token.text === token.lower && ORGANIZATION_NOUNS.has(token.lower));
}

/** Words that open a forum post's label: "Posted by X:", "Reply from X:". */
const POSTED = new Set([
  'posted',
  'submitted',
  'reply',
  'replied',
  'answered',
  'comment',
  'message',
  'response',
  'update',
]);

/**
 * A conversation turn's speaker ("Maya: …", "Posted by dave_k77:"), when the label names someone.
 * `inDialogue` says whether a label of two or three words nothing typed is a speaker all the same:
 * the extractor's answer is yes when the text is a dialogue ("Kwabena Asante:" after "Interviewer:",
 * or opening two turns).
 */
export function speakerOf(
  sentence: Sentence,
  mentions: Mention[],
  inDialogue: (label: Mention) => boolean = () => false,
): Mention | undefined {
  const { tokens } = sentence;
  const posted = postedBy(tokens, mentions) ?? sentBy(tokens, mentions) ?? wroteBy(tokens, mentions);
  if (posted) return posted;
  // "[14:02] Priya (BrightNet Support): …", "14:06 Oluwaseun Bakare: …": a chat log's time and
  // the speaker's organisation may stand around the label.
  const timed = tokens[0]?.text === '[' && tokens[2]?.text === ']' && CLOCK.test(tokens[1]?.text ?? '');
  // "[Joanna]: …": a chat export's label in brackets.
  const bracketed = !timed && tokens[0]?.text === '[';
  const at = timed ? 3 : bracketed || CLOCK.test(tokens[0]?.text ?? '') ? 1 : 0;
  if (at === 0) {
    const named = bracketedName(tokens, mentions) ?? userName(tokens, mentions);
    if (named) return named;
  }
  // ("14:02 Customer (Giulia Romano): …": so after a chat log's time.)
  if (at === 1 && !bracketed) {
    const named = bracketedName(tokens, mentions, 1);
    if (named) return named;
  }
  // ("Grandma Rosa: …", "Dr. Okafor: …": a title the name leaves out may open the label.)
  const title = tokens[at]?.lower.replace(/\.$/, '') ?? '';
  // ("Customer Daniel Mwangi: …", "Agent Lucía Ferreira: …": so may the speaker's part in the chat.)
  const role = CHAT_ROLES.has(title) && tokens[at]!.text !== tokens[at]!.lower;
  const titled = KIN_TITLES.has(title) || DROPPED_HONORIFICS.has(title) || role;
  const label = mentions.find(
    (m) => m.start === at || (titled && m.start === at + 1 && (!role || m.type === 'person')),
  );
  if (!label || GENERIC_SPEAKERS.has(label.keys[0]!)) return undefined;
  // ("INC-20931 (sev-2): from 02:10 …": a code or a date opens a field, not a turn.)
  if (label.evidence === 'strong' && (label.type === 'error_code' || label.type === 'date')) return undefined;
  // ("[02:00:13] sync-agent: conflict on order …": a log line's program, no one speaking.)
  if (isCodeName(label) && !isUserName(label.name)) return undefined;
  if (bracketed && tokens[label.end]?.text !== ']') return undefined;
  let close = bracketed ? label.end + 1 : label.end;
  if (tokens[close]?.text === '(') {
    const shut = tokens.findIndex((t, k) => k > close && t.text === ')');
    if (shut > close && shut - close <= 5) close = shut + 1;
  }
  if (tokens[close]?.text !== ':') return undefined;
  // (Two or three words only after a time, or as a person's name: "Root Cause:" is a field.)
  const words = label.end - label.start;
  if (words === 1 || (words <= 3 && (timed || at === 1 || label.type === 'person'))) return label;
  if (words <= 3 && label.evidence !== 'strong' && inDialogue(label)) return label;
  return undefined;
}

/**
 * "From: Samir Haddad, ParcelWise Support": an e-mail's header names the writer of the message
 * below it, a reply's too; a person's name (typed so), ending the line or before the address or
 * the affiliation.
 */
function sentBy(tokens: Token[], mentions: Mention[]): Mention | undefined {
  const sender = fromHeader(tokens, mentions);
  if (sender?.type === 'person') return sender;
  // ("From: Sunil Rao (MediLedger Support)": a name nothing typed of two or three capitalised words.)
  if (sender?.evidence === 'none' && /^\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+){1,2}$/u.test(sender.name)) {
    settle(sender, 'person', 'weak');
    return sender;
  }
  return undefined;
}

/** How many quoting marks open a line: 1 for "> From: …", 2 for "> > From: …". */
export function quoteMarks(tokens: Token[]): number {
  let q = 0;
  while (tokens[q]?.text === '>' || tokens[q]?.text === '>>') q++;
  return q;
}

/**
 * The name an e-mail's "From:" line opens with ("From: Samir Haddad, ParcelWise Support", "From:
 * Dorota Wiśniewska <dorota@…>"), ending the line or before the address, a comma or a bracket.
 */
export function fromHeader(tokens: Token[], mentions: Mention[]): Mention | undefined {
  // ("> From: Sanjay Kulkarni (MediBill Support)": a quoted mail's header too.)
  const q = quoteMarks(tokens);
  if (tokens[q]?.lower !== 'from' || tokens[q + 1]?.text !== ':') return undefined;
  const sender = mentions.find((m) => m.start === q + 2);
  if (!sender) return undefined;
  const next = tokens[sender.end]?.text;
  return next === undefined || ['<', ',', '('].includes(next) ? sender : undefined;
}

/** Whether a line opens as a forum post's label does: "Posted by", "Reply from". */
export const opensPostLabel = (tokens: Token[]) =>
  POSTED.has(tokens[0]?.lower ?? '') && ['by', 'from'].includes(tokens[1]?.lower ?? '');

/** The same, or a post's kind and a dash: "Response — Aoife Brennan, …:". */
export const opensPostLine = (tokens: Token[]) =>
  opensPostLabel(tokens) || (POST_KINDS.has(tokens[0]?.lower ?? '') && DASHES.has(tokens[1]?.text ?? ''));

/**
 * "Posted by dave_k77:", "Reply from moderator Elena Rossi:", "Posted by tomasz_b (Tomasz
 * Bielecki):", "Comment from Ana Ferrer (Tessera core team):": a forum post's label names its
 * writer, after lower-case words of their role. A user name's brackets hold the person's name
 * (the writer, settled a person); a person's hold their affiliation, read as any label's is.
 */
function postedBy(tokens: Token[], mentions: Mention[]): Mention | undefined {
  if (!opensPostLabel(tokens)) return undefined;
  const writer = mentions.find((m) => m.start >= 2);
  if (!writer || !tokens.slice(2, writer.start).every((t) => t.pos === 'NOUN' && t.text === t.lower))
    return undefined;
  if (tokens[writer.end]?.text === ':') return writer;
  // ("Reply from Kacper Zając, Strumień Telecom field operations:": an affiliation after a comma.)
  if (tokens[writer.end]?.text === ',') {
    const colon = tokens.findIndex((t, k) => k > writer.end && t.text === ':');
    const words = tokens.slice(writer.end + 1, colon);
    return colon > 0 &&
      colon - writer.end <= 7 &&
      !words.some((t) => ['VERB', 'AUX'].includes(t.pos) && t.text === t.lower)
      ? writer
      : undefined;
  }
  if (tokens[writer.end]?.text !== '(') return undefined;
  const shut = tokens.findIndex((t, k) => k > writer.end && t.text === ')');
  if (shut < 0 || shut - writer.end > 7 || tokens[shut + 1]?.text !== ':') return undefined;
  if (!USER_NAME_MARK.test(writer.name)) return writer;
  const named = mentions.find((m) => m.start > writer.end && m.end <= shut && someonesName(m));
  if (!named) return undefined;
  settle(named, 'person', 'weak');
  return { ...named, start: 0, end: shut + 1 };
}

/** Verbs of a quoted message's attribution line: "Sofia Brennan wrote:". */
const WROTE = new Set(['wrote', 'writes', 'replied', 'replies', 'responded', 'commented']);

/**
 * "Sofia Brennan wrote:", "Tomasz Kowal (Quantix Software Support) replied:", "On 3 May, Ana Lima
 * wrote:": the line that attributes the message below it names its writer, the last name before
 * the verb (past an affiliation in brackets), a person's or one nothing typed.
 */
function wroteBy(tokens: Token[], mentions: Mention[]): Mention | undefined {
  const colon = tokens.length - 1;
  if (tokens[colon]?.text !== ':' || !WROTE.has(tokens[colon - 1]?.lower ?? '')) return undefined;
  let end = colon - 1;
  if (tokens[end - 1]?.text === ')') {
    const open = tokens.findLastIndex((t, k) => k < end - 1 && t.text === '(');
    if (open < 0 || end - open > 7) return undefined;
    // ("k_nakamura (Kaito Nakamura) wrote:": the person's name in the brackets, as a label's.)
    const named = mentions.find((m) => m.start === open + 1 && m.end === end - 1);
    if (named && open > 0 && someonesName(named)) {
      settle(named, 'person', 'weak');
      return named;
    }
    end = open;
  }
  const writer = mentions.find((m) => m.end === end);
  // (A user name too, whatever typed it: "kasia_nowak_design wrote:", "gregthompson_77 wrote:".)
  const userName = writer !== undefined && isUserName(writer.name);
  if (!writer || (writer.type !== 'person' && writer.evidence !== 'none' && !userName)) return undefined;
  if (userName && writer.type !== 'person') Object.assign(writer, { type: 'person', evidence: 'weak' });
  settle(writer, 'person', 'weak');
  return writer;
}

/** A post's kinds that may head a turn with its writer's name in brackets: "Update (Tomasz):". */
const POST_KINDS = new Set([...POSTED, 'update', 'note', 'response', 'answer', 'follow-up']);

/** A name in brackets a person's: typed so, or led by a first name. */
function someonesName(m: Mention): boolean {
  if (m.type === 'person') return true;
  if (m.evidence === 'strong') return false;
  return lexicon().classOf(m.name.split(' ')[0]!.toLowerCase()) === 'first-name';
}

/**
 * "nightowl_kr (Ji-hoon):", "@dimitri-p (maintainer Dimitri Papadakis):", "Agent (Rahul):",
 * "Update (Tomasz):": a turn's label that is a user name, a role or a post's kind, one word as
 * written, with the person's name in its brackets. That person (settled so), spanning the label to
 * its closing bracket, so that the turn's text opens after it as after any label.
 */
function bracketedName(tokens: Token[], mentions: Mention[], from = 0): Mention | undefined {
  const open = tokens.findIndex((t) => t.text === '(');
  if (open < from + 1 || open > from + 5 || tokens.slice(from + 1, open).some((t) => t.space !== ''))
    return undefined;
  const shut = tokens.findIndex((t, k) => k > open && t.text === ')');
  if (shut < 0 || shut - open > 7 || tokens[shut + 1]?.text !== ':') return undefined;
  const written = phrase(tokens, from, open);
  const word = written.toLowerCase();
  const standsForSomeone =
    /[_@\d]/.test(written) ||
    written === word ||
    GENERIC_SPEAKERS.has(word) ||
    POST_KINDS.has(word) ||
    PERSON_NOUNS.has(word) ||
    lexicon().classOf(word) === 'role';
  if (!standsForSomeone) return undefined;
  const named = mentions.find((m) => m.start > open && m.end <= shut && someonesName(m));
  if (!named) return undefined;
  settle(named, 'person', 'weak');
  return { ...named, start: 0, end: shut + 1 };
}

/** A user name's shape: "dave_k77", "u/oslo_drone", "@mkovacs" (a lower-case letter, and a mark or two digits). */
const USER_NAME = /^(?=.*\p{Ll})(?:u\/|@)?[\p{L}\d][\p{L}\d._-]*$/u;
const USER_NAME_MARK = /^(?:u\/|@)|_|\p{L}\d{2}/u;

/** Whether a name is written as a user name is: "kiwi_kate", "gregthompson_77". */
export const isUserName = (name: string): boolean => USER_NAME.test(name) && USER_NAME_MARK.test(name);

/**
 * "u/oslo_drone: …", "dave_k77: …", "@mkovacs: …": a forum's or a chat's user name, written as one
 * word, labels the turn. The name as the text writes it within (without "u/" or "@"), spanning
 * the label.
 */
function userName(tokens: Token[], mentions: Mention[]): Mention | undefined {
  const colon = tokens.findIndex((t) => t.text === ':');
  if (colon < 1 || colon > 6 || tokens.slice(1, colon + 1).some((t) => t.space !== '')) return undefined;
  const written = phrase(tokens, 0, colon);
  if (!isUserName(written)) return undefined;
  // (A setting's line is no turn: "max_connections: 100".)
  if (tokens.slice(colon + 1).filter((t) => /\p{L}/u.test(t.text)).length < 2) return undefined;
  const name = written.replace(/^(?:u\/|@)/, '');
  const within = mentions.find((m) => m.end <= colon && m.name === name);
  if (within) {
    // (Whoever a code name's shape made it: a turn's label is someone.)
    Object.assign(within, { type: 'person', evidence: 'weak' });
    return { ...within, start: 0, end: colon };
  }
  return {
    start: 0,
    end: colon,
    name,
    type: 'person',
    evidence: 'weak',
    identifier: null,
    keys: [keyOf(name)],
    aliases: [],
  };
}

/** Greetings before a name, of one or two words: "Hi Aroha,", "Kia ora Aroha,", "Good morning Ravi,". */
const GREETINGS = [
  ...[...OPENERS].map((word) => [word]),
  ['kia', 'ora'],
  ['good', 'morning'],
  ['good', 'afternoon'],
  ['good', 'evening'],
  ['morning'],
];

/**
 * Whom a line speaks to by name, after the turn's label when there is one: a greeting's name
 * ("Kia ora Aroha,", "Dear Ms Tane,") or a name called before "you" ("Meseret, you were born in
 * Bekoji"). A person; whom "you" and "your" stand for until another turn.
 */
export function addresseeOf(
  sentence: Sentence,
  mentions: Mention[],
  speaker: Mention | undefined,
): Mention | undefined {
  const { tokens } = sentence;
  let at = speaker && tokens[speaker.end]?.text === ':' ? speaker.end + 1 : 0;
  const greeting = GREETINGS.find((words) => words.every((word, k) => tokens[at + k]?.lower === word));
  at += greeting?.length ?? 0;
  const named = mentions.find((m) => m.start === at && m !== speaker);
  if (!named || (named.type !== 'person' && named.evidence !== 'none')) return undefined;
  // (A name nothing typed is a person's by its first name or alone: not "Dear Hausmann Service Team".)
  const words = named.name.split(' ');
  if (
    named.type !== 'person' &&
    words.length > 1 &&
    lexicon().classOf(words[0]!.toLowerCase()) !== 'first-name'
  )
    return undefined;
  const after = tokens[named.end];
  const called = greeting
    ? [',', '!', undefined].includes(after?.text)
    : after?.text === ',' &&
      (['you', 'your'].includes(tokens[named.end + 1]?.lower ?? '') ||
        // ("Ayşe, could your sister Derya film our set?": a question put to the name.)
        (speaker !== undefined &&
          tokens[named.end + 1]?.pos === 'AUX' &&
          tokens.slice(named.end + 2).some((t) => ['you', 'your'].includes(t.lower))));
  if (!called) return undefined;
  settle(named, 'person', 'weak');
  return named;
}

/** A time of day: "14:02", "09:41:07". */
const CLOCK = /^\d{1,2}:\d{2}(?::\d{2})?$/;

function settle(mention: Mention, type: EntityType, evidence: Mention['evidence'] = 'strong'): void {
  if (mention.evidence === 'strong' && mention.type !== type) return;
  mention.type = type;
  mention.evidence = evidence;
}

/** Words that say what a name is after "is a" or ", the": "a Chilean composer", "the drone maker". */
const DESCRIBING = new Set(['be', ',']);

/**
 * The type a description right after a name gives it: "X was a Chilean composer", "X, the drone
 * maker founded by …", "X is an economist who …" (a person or an organisation by the description's
 * head noun). A head before "of" names a relation, not a kind ("the parent of", "a member of").
 */
/** Nouns for a kind of place: "Tromsø is a city in …", "Gergeti is a village …", "the capital of …". */
const PLACE_KINDS = new Set([
  'city',
  'town',
  'village',
  'hamlet',
  'country',
  'island',
  'river',
  'lake',
  'mountain',
  'region',
  'province',
  'county',
  'district',
  'municipality',
  'state',
  'capital',
  'port',
  'suburb',
  'neighbourhood',
  'neighborhood',
  'valley',
  'peninsula',
  'archipelago',
  // ("a census-designated place in Pulaski County", "a commune in Brittany".)
  'place',
  'settlement',
  'commune',
  'township',
  'borough',
  'parish',
]);

function describedAs(tokens: Token[], end: number): EntityType | undefined {
  // "Tomás Arriaga (1902–1978) was a …": past the parenthesis.
  if (tokens[end]?.text === '(') while (end < tokens.length && tokens[end - 1]?.text !== ')') end++;
  const link = tokens[end];
  if (!link || !(DESCRIBING.has(link.lemma) || DESCRIBING.has(link.text))) return undefined;
  if (!['a', 'an', 'the'].includes(tokens[end + 1]?.lower ?? '')) return undefined;
  // Nationalities, numbers, adjectives and nouns that qualify the head: "a British-Nigerian actress".
  let head: Token | undefined;
  let k = end + 2;
  for (
    ;
    tokens[k] &&
    (['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(tokens[k]!.pos) ||
      tokens[k]!.text === '-' ||
      // ("a census-designated place": a participle hyphened on is an adjective's half.)
      (tokens[k - 1]?.text === '-' && tokens[k]!.space === ''));
    k++
  )
    if (tokens[k]!.pos === 'NOUN' && tokens[k]!.text === tokens[k]!.lower) head = tokens[k];
  // ("Naledi Mokoena, the company's CEO": the noun before "'s" is whose; what follows it is what
  // the name is.)
  if (/^['’]s$/.test(tokens[k]?.lower ?? '')) {
    const role = tokens[k + 1];
    return role && (isPersonNoun(role) || ROLE_ABBREVIATIONS.has(role.lower)) ? 'person' : undefined;
  }
  if (head && PLACE_KINDS.has(head.lower)) return 'location';
  // ("a South Korean maker of porcelain tableware": a company's noun says so before "of" too.)
  if (head && isOrganizationNoun(head)) return 'organization';
  if (!head || tokens[k]?.lower === 'of') return undefined;
  if (WORK_NOUNS.has(head.lower)) return 'concept';
  if (isPersonNoun(head) && !KIN_NOUNS.has(head.lower)) return 'person';
  return undefined;
}

/**
 * Types that the words around a name give it, where its own words did not: a role or kinship
 * noun before it ("the architect Rem Koolhaas", "my sister Ana") or "who" after it make a
 * person; a kind of company before it ("the distributor Findaway") or a leader it has
 * ("Patagonia's CEO") an organisation; "in Austin", "Austin-based" and "Santa Monica, California"
 * a place. A speaker's label ("Maya:") is a person.
 */
export function typeFromContext(sentence: Sentence, mentions: Mention[]): void {
  const { tokens } = sentence;
  const speaker = speakerOf(sentence, mentions);
  if (speaker) settle(speaker, 'person');
  // ("Aisha: Huh, Kemi said the same thing": in a chat, a name nothing typed that says or thinks
  // something is someone.)
  if (speaker)
    for (const m of mentions)
      if (
        m !== speaker &&
        m.evidence === 'none' &&
        m.end - m.start === 1 &&
        CHAT_SAYING.has(tokens[m.end]?.lemma ?? '') &&
        tokens[m.end]!.text === tokens[m.end]!.lower
      )
        settle(m, 'person', 'weak');
  // "WILMINGTON, Del., May 22 — A federal jury …": a news story's dateline is a place.
  // (The dash right after the name, or a date before it: "TALLINN —", "…, Sept. 12, 2023 --".)
  const dash = tokens.findIndex((t, k) => k < 10 && ['—', '–', '--'].includes(t.text));
  const dateline = mentions.find(
    (m) =>
      m.start === 0 &&
      dash >= m.end &&
      /^[\p{Lu} .'-]+$/u.test(m.name) &&
      (dash === m.end || tokens.slice(m.end, dash).some((t) => t.pos === 'NUM')),
  );
  if (dateline && /\p{Lu}{3}/u.test(dateline.name)) settle(dateline, 'location', 'weak');
  mentions.forEach((mention, m) => {
    if (mention.type === 'email' || mention.type === 'url' || mention.type === 'error_code') return;
    const before = tokens[mention.start - 1];
    const after = tokens[mention.end];
    // "Her twin sister, Paola": the noun may sit before a comma.
    const noun = before?.text === ',' ? tokens[mention.start - 2] : before;
    // (Not "IT coordinator, Karpaty Dairy Cooperative": a department in capitals is no pronoun.)
    const owner = tokens[mention.start - 3];
    const owned =
      before?.text !== ',' ||
      (['PRON', 'DET', 'ADJ'].includes(owner?.pos ?? '') && owner!.text !== owner!.text.toUpperCase());
    // "a jazz bar called Peter Cat": named after a thing, so not a person, whatever its words.
    if (before && ['called', 'named'].includes(before.lower) && tokens[mention.start - 2]?.pos === 'NOUN') {
      if (!isPersonNoun(tokens[mention.start - 2])) {
        mention.type = 'organization';
        mention.evidence = 'weak';
      }
      return;
    }
    // ("his first restaurant, Han River Kitchen", as "her twin sister, Paola"; a "maker" is a
    // company's word before it is a person's.)
    if (isOrganizationNoun(noun) && owned) return settle(mention, 'organization');
    // ("Our network partner Open Fiber": a partner of a trade is a firm as often as not.)
    const tradePartner =
      noun?.lower === 'partner' &&
      before === noun &&
      ['NOUN', 'ADJ'].includes(tokens[mention.start - 2]?.pos ?? '');
    if (isPersonNoun(noun) && owned && !tradePartner) return settle(mention, 'person');
    if (after?.text === ',' && ['who', 'whom'].includes(tokens[mention.end + 1]?.lower ?? ''))
      return settle(mention, 'person');
    if (
      ["'s", '’s'].includes(after?.lower ?? '') &&
      LEADER_NOUNS.has(tokens[mention.end + 1]?.lower ?? '') &&
      mention.type !== 'person'
    )
      return settle(mention, 'organization', 'weak');
    // ("Founded in 2019 by Ritika Sharma and Anand Iyer, the company …": the comma ends an opening
    // participle, and what follows is the sentence's subject, not a description of the name.)
    const closesOpening =
      tokens[0]?.pos === 'VERB' &&
      /(ed|en|wn|rn)$/.test(tokens[0]!.lower) &&
      !tokens.slice(0, mention.end).some((t) => t.text === ',');
    const described = closesOpening ? undefined : describedAs(tokens, mention.end);
    // (A work's description outweighs the first name it opens with: "Ed Wood, a film …"; an
    // organisation's the place word it ends on, "Kalimba Road is a Zambian band", or the first
    // name: "Savanna Cold Chain, a Kenyan refrigerated-logistics startup".)
    const placeNamed = mention.type === 'location' && mention.end - mention.start > 1;
    const personNamed = mention.type === 'person' && mention.end - mention.start > 1;
    if (
      described === 'concept' ||
      (described && mention.evidence !== 'strong') ||
      (described === 'organization' && (placeNamed || personNamed))
    ) {
      mention.type = described;
      mention.evidence = 'weak';
      return;
    }
    // ("a stake in Apple" is no place.)
    // ("an export error in PeopleFlow" is no place either: software is.)
    const placeBefore =
      before &&
      ['in', 'near', 'outside', 'around'].includes(before.lower) &&
      !HOLDINGS.has(tokens[mention.start - 2]?.lower ?? '') &&
      !SOFTWARE_PARTS.has(tokens[mention.start - 2]?.lower ?? '');
    const next = mentions[m + 1];
    const regionAfter =
      after?.text === ',' &&
      next?.start === mention.end + 1 &&
      next.type === 'location' &&
      lexicon().classOf(next.keys[0]!) === 'region' &&
      // (Not "Paystack, Nigeria's biggest payments firm": the country owns what describes the name.)
      !/^['’]s$/.test(tokens[next.end]?.lower ?? '');
    // A person's name is never "in …, Scotland", nor written after "the" ("the Julian Alps"): the
    // first or last name the type came from is a place's or a thing's here.
    if (mention.type === 'person' && placeBefore && regionAfter) {
      mention.type = 'location';
      mention.evidence = 'weak';
      return;
    }
    if (mention.type === 'person' && before?.lower === 'the') {
      mention.type = 'concept';
      mention.evidence = 'none';
    }
    if (mention.evidence === 'strong') return;
    // ("our Pune site", "Our Casablanca warehouse": one's site named by its place.)
    const possessive = before?.lower ?? '';
    const site =
      (POSSESSIVES.has(possessive) || possessive === 'your') &&
      after?.text === after?.lower &&
      SITES.has(after?.lower ?? '');
    if (site && mention.evidence === 'none') return settle(mention, 'location', 'weak');
    // (Not "a Debian-based distribution": what software is based on is no place.)
    const based =
      after?.text === '-' &&
      tokens[mention.end + 1]?.lower === 'based' &&
      !SOFTWARE_KINDS.has(tokens[mention.end + 2]?.lower ?? '');
    if ((placeBefore && mention.end - mention.start === 1) || based || regionAfter)
      settle(mention, 'location', 'weak');
  });
}
