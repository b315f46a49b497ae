import { isPersonNoun, KIN_NOUNS } from './cues';
import { Discourse } from './discourse';
import { nounPredicate } from './noun-predicates';
import { personalName } from './short-names';
import type { Mention } from './mentions';
import { rel } from './owners';
import type { SentenceRelation } from './relations';
import { phrase, Sentence, Token } from './sentences';

/** Nouns for someone who works where the speaker works: "my colleague Chinedu Okafor". */
export const COLLEAGUES = new Set(['colleague', 'coworker', 'co-worker', 'teammate', 'team-mate']);

/**
 * "my colleague Chinedu Okafor can send the logs", "my teammate Ana Ferreira": whom the speaker
 * calls a colleague works where the speaker works. Where that is not known yet, the name waits in
 * `discourse.colleagues` for a signature block that says it ("Customer Support, Lumeo Apps").
 */
export function colleaguesOf(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const named of mentions) {
    // (A name nothing typed that reads as a person's counts: "Our IT lead, Funmi Okoro, …".)
    if (named.type !== 'person' && !(named.evidence === 'none' && personalName(named))) continue;
    let k = named.start - 1;
    if (tokens[k]?.text === ',') k--;
    // ("Our IT lead, Funmi Okoro, thinks …", "our admin, Marek Lis": whom a writer calls "our"
    // by their job works there too.)
    const word = tokens[k]?.lower ?? '';
    const job =
      !COLLEAGUES.has(word) &&
      !KIN_NOUNS.has(word) &&
      tokens[k]?.text === word &&
      // (The tagger may read "lead" as a verb there.)
      (isPersonNoun({ ...tokens[k]!, pos: 'NOUN' }) || nounPredicate(word) !== undefined);
    if (!COLLEAGUES.has(word) && !job) continue;
    let owner = k - 1;
    // (A department may qualify the job: "our IT lead", "our finance director".)
    const department = (t: Token | undefined) =>
      t !== undefined && (['NOUN', 'PROPN'].includes(t.pos) || /^[A-Z]{2,4}$/.test(t.text));
    while (tokens[owner]?.pos === 'ADJ' || (job && owner >= k - 2 && department(tokens[owner]))) owner--;
    if (!(job ? ['our'] : ['my', 'our']).includes(tokens[owner]?.lower ?? '')) continue;
    if (named.type !== 'person') Object.assign(named, { type: 'person', evidence: 'weak' });
    const employer = discourse.speakersOrganization();
    if (employer)
      out.push(rel(named, employer, 'works at', phrase(tokens, owner, named.start), named.end, 0.6));
    else if (!discourse.speakers.size) discourse.colleagues.push(named);
  }
  return out;
}

/** Words for how long or how well one knows a friend: "an old friend", "a close friend". */
const FRIEND_WORDS = new Set(['old', 'close', 'good', 'dear', 'childhood', 'great', 'lifelong', 'longtime']);

/**
 * "Kai Lindström is an old friend", "Nadia's a good friend of mine": said in a turn or a letter,
 * the person named is a friend of whoever speaks.
 */
export function friendOfSpeaker(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const speaker = discourse.speaker;
  if (!speaker) return [];
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const named of mentions) {
    if (named.type !== 'person' || named.keys[0] === speaker.keys[0]) continue;
    let k = named.end;
    if (!['is', "'s", '’s', 'was'].includes(tokens[k]?.lower ?? '')) continue;
    k++;
    if (!['a', 'an'].includes(tokens[k]?.lower ?? '')) continue;
    k++;
    while (FRIEND_WORDS.has(tokens[k]?.lower ?? '')) k++;
    if (tokens[k]?.lower !== 'friend') continue;
    // (Whose friend, when the words say another's: "is a close friend of Ana's" is Ana's.)
    const of = tokens[k + 1]?.lower === 'of';
    if (of && tokens[k + 2]?.lower !== 'mine') continue;
    const end = of ? k + 3 : k + 1;
    if (!['.', ',', '!', ';', undefined].includes(tokens[end]?.text) && tokens[end]?.pos !== 'CCONJ')
      continue;
    out.push(rel(speaker, named, 'friend of', phrase(tokens, named.end, end), end, 0.6));
  }
  return out;
}
