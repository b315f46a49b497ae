import { lexicon } from './lexicon';
import { personalName } from './short-names';
import type { Discourse } from './discourse';
import { Mention } from './mentions';
import { rel } from './owners';
import type { SentenceRelation } from './relations';
import { SITES } from './name-words';
import { isUserName } from './cues';
import { isVerbLike } from './predicates';
import { phrase, Sentence, Token } from './sentences';

/** Words that end the clause a product's platform is named in. */
const CLAUSE_ENDS = new Set([',', ';', '.', 'and', 'but', 'which', 'that', 'while']);
/** Verbs of software going wrong, after which "on X" names the platform it ran on. */
const FAILING = new Set(['crash', 'freeze', 'fail', 'hang', 'stall', 'lag', 'break', 'error', 'misbehave']);

/**
 * Support texts name the platform a product runs on without a verb of use: "Penwright 3.2.0
 * crashes when exporting on macOS 15.1", "a Pixel 8 running Android 15", "Atlas Notes 5.1 for
 * Android". The product uses the platform.
 */
export function platformUses(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  const product = (m: Mention) => m.type === 'product';
  for (const a of mentions.filter(product)) {
    // The first product (or untyped name) within eight words that the words make a platform;
    // what failed may stand between ("crashes when exporting to PDF on macOS 15.1").
    for (const b of mentions) {
      if (b.start < a.end || !(product(b) || b.evidence === 'none')) continue;
      if (b.start - a.end > 8) break;
      const words = tokens.slice(a.end, b.start);
      if (words.some((t) => CLAUSE_ENDS.has(t.lower))) break;
      const last = words[words.length - 1]?.lower;
      const running = words.length === 1 && (last === 'running' || last === 'for');
      const failingOn = last === 'on' && words.some((t) => FAILING.has(t.lemma) || FAILING.has(t.lower));
      if (!running && !failingOn) continue;
      out.push(rel(a, b, 'uses', phrase(tokens, a.end, b.start), b.end, 0.6));
      break;
    }
  }
  return out;
}

/** Verbs of moving to a new version or system: "since upgrading to Jira 9.4". */
const MOVES = new Set(['upgrade', 'update', 'migrate', 'switch', 'move']);
/** Verbs of putting a product on one's machines: "Since we installed CargoSync 4.2". */
const INSTALLS = new Set(['install', 'reinstall']);
/**
 * Words before a move or an install that leave the writer as its doer: "since updating …", "I
 * updated …", "yesterday's update to …".
 */
const WRITERS_DOING = new Set(['i', 'since', 'after', "'s", '’s']);
/** Types a thing one uses is never of. */
const NOT_USED = new Set(['person', 'location', 'date', 'email', 'url', 'error_code']);

/**
 * What a customer's ticket says they run, without "use": "Halden Logistics reports that since
 * upgrading to Jira 9.4 …", "since the upgrade to Opera PMS 5.6", "our Zebra TC52 handhelds",
 * "our Grafana 10.2 dashboards". The user is the organisation the sentence named before, else the
 * one the writer works at.
 */
export function customerUses(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  // (A name nothing typed that opens the sentence is the customer too: "Tavira Freight reports …".)
  const opener = mentions[0];
  const reporting =
    opener?.start === 0 && opener.evidence === 'none' && isVerbLike(tokens[opener.end] ?? tokens[0]!)
      ? opener
      : undefined;
  const userBefore = (at: number) =>
    mentions.find((m) => m.end <= at && m.type === 'organization') ??
    (reporting && reporting.end <= at ? reporting : undefined) ??
    discourse.speakersOrganization();
  for (const used of mentions) {
    if (NOT_USED.has(used.type) && !(used.type === 'person' && used.evidence !== 'strong')) continue;
    if (used.type === 'organization') continue;
    const to = used.start - 1;
    const isMove = (t: Token | undefined) =>
      t !== undefined && (MOVES.has(t.lemma) || MOVES.has(t.lower.replace(/(ing|s|d)$/, '')));
    // "since upgrading to Jira 9.4", or what was updated: "Since we updated CloudNote to version 5.2".
    const moved =
      (tokens[to]?.lower === 'to' && isMove(tokens[to - 1])) ||
      (isMove(tokens[to]) && isVerbLike(tokens[to]!) && tokens[used.end]?.lower === 'to');
    // "Since we installed CargoSync 4.2", "since installing DSM 7.2": a product the writer's side put
    // on its machines (not an update by its number, "installing KB5034441", nor "you can install …").
    const installed =
      used.type === 'product' &&
      /^\p{Lu}/u.test(used.name) &&
      INSTALLS.has(tokens[to]?.lemma ?? '') &&
      isVerbLike(tokens[to]!) &&
      ['we', ...WRITERS_DOING].includes(tokens[to - 1]?.lower ?? '');
    // "our Zebra TC52 handhelds": a product, or a name before what it names in lower case.
    const head = tokens[used.end];
    // (Not "our Pune site", "Our Casablanca warehouse": a site is named by its place.)
    const ours =
      tokens[used.start - 1]?.lower === 'our' &&
      !SITES.has(head?.lower ?? '') &&
      (used.type === 'product' || (head?.pos === 'NOUN' && head.text === head.lower && !isVerbLike(head)));
    if (!moved && !ours && !installed) continue;
    // ("Please upgrade to Tervező Studio 9.2": an instruction to the reader, whose firm the words do
    // not name; not the writer's.)
    const verb = tokens[to]?.lower === 'to' ? to - 1 : to;
    const instructed =
      moved && (verb === 0 || ['please', 'just', 'simply', 'kindly'].includes(tokens[verb - 1]?.lower ?? ''));
    if (instructed && !mentions.some((m) => m.end <= verb && m.type === 'organization')) continue;
    // Else a forum writer, when the words leave them the doer and no firm of the sentence is:
    // "kiwi_kate: … since updating NoteNest to 3.8". (Not a named writer, whose firm a later line
    // may name: "Since yesterday's update to ParcelWise … I work at Hart & Fig".)
    const writer = discourse.speaker;
    const writerDoing =
      !ours &&
      writer !== undefined &&
      isUserName(writer.name) &&
      WRITERS_DOING.has(tokens[verb - 1]?.lower ?? '') &&
      !mentions.some((m) => m.end <= verb && m.type === 'organization');
    const firm = ours ? discourse.speakersOrganization() : userBefore(used.start);
    // (Only where the text names no firm of theirs: annotators give a firm's update to the firm.)
    const user = firm ?? (writerDoing ? writer : undefined);
    if (!user || user.keys[0] === used.keys[0]) continue;
    if (used.type === 'person') Object.assign(used, { type: 'product', evidence: 'weak' });
    const raw = ours ? 'our' : phrase(tokens, to - 1, used.start);
    if (user.type === 'concept') Object.assign(user, { type: 'organization', evidence: 'weak' });
    out.push(rel(user, used, 'uses', raw, used.end, 0.6));
  }
  return out;
}

/** Nouns for those who use a product or a firm's services: "customers include …". */
const USER_NOUNS = new Set(['customers', 'users', 'clients', 'adopters', 'subscribers', 'licensees']);

/**
 * "Early customers include DHL and the supermarket chain Spar Hungary", "Notable users include
 * Deutsche Bahn and the European Space Agency": each name listed uses the product the text is
 * about (its latest product, else what it opened with).
 */
export function usersInclude(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  tokens.forEach((token, at) => {
    if (token.lemma !== 'include' || !USER_NOUNS.has(tokens[at - 1]?.lower ?? '')) return;
    // ("Affected customers include …": whom an incident hit, affected-customers' reading.)
    if (['affected', 'impacted'].includes(tokens[at - 2]?.lower ?? '')) return;
    // (Whose customers, when the words say: "Kopano's customers include …".)
    const owner = mentions.find((m) => m.end === at - 2 && /^['’]s$/.test(tokens[m.end]?.lower ?? ''));
    const later = mentions.filter((m) => m.start > at);
    const thing = discourse.thing();
    // (The latest product; else what the text is about, not a firm; else the latest name nothing
    // typed, "has launched Sparrow, a delivery robot", unless it reads as a person's: "Priya Raman".)
    const untyped = discourse.latest('concept', later);
    const someone =
      untyped !== undefined &&
      personalName(untyped) &&
      lexicon().classOf(untyped.keys[0]!.split(' ')[0]!) === 'first-name';
    const about =
      discourse.latest('product', later) ??
      (thing && ['product', 'concept'].includes(thing.type) ? thing : undefined) ??
      (someone ? undefined : untyped);
    const used = owner ?? about;
    if (!used || NOT_USED.has(used.type)) return;
    for (const user of mentions) {
      if (user.start <= at || !['organization', 'concept'].includes(user.type)) continue;
      // (The list's names, past the words that say what each is: "the supermarket chain Spar Hungary".)
      const gap = tokens.slice(at + 1, user.start);
      if (gap.some((t) => isVerbLike(t) || [';', '.'].includes(t.text))) break;
      if (user.keys[0] === used.keys[0]) continue;
      if (user.type === 'concept') Object.assign(user, { type: 'organization', evidence: 'weak' });
      out.push(rel(user, used, 'uses', phrase(tokens, at - 1, at + 1), user.end, 0.6));
    }
  });
  return out;
}
