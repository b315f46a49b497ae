import { Discourse } from './discourse';
import type { Mention } from './mentions';
import { rel } from './owners';
import type { SentenceRelation } from './relations';
import { phrase, Sentence } from './sentences';

/** Nouns for someone who works where the speaker works: "my colleague Chinedu Okafor". */
const COLLEAGUES = new Set(['colleague', 'coworker', 'co-worker', 'teammate', 'team-mate']);

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
    if (named.type !== 'person') continue;
    let k = named.start - 1;
    if (tokens[k]?.text === ',') k--;
    if (!COLLEAGUES.has(tokens[k]?.lower ?? '')) continue;
    let owner = k - 1;
    while (tokens[owner]?.pos === 'ADJ') owner--;
    if (!['my', 'our'].includes(tokens[owner]?.lower ?? '')) continue;
    const employer = discourse.speakersOrganization();
    if (employer)
      out.push(rel(named, employer, 'works at', phrase(tokens, owner, named.start), named.end, 0.6));
    else if (!discourse.speakers.size) discourse.colleagues.push(named);
  }
  return out;
}
