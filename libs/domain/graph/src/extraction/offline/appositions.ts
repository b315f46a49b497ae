import { Mention } from './mentions';
import { rel } from './owners';
import type { SentenceRelation } from './relations';
import { phrase, Sentence } from './sentences';

/**
 * "Lumen Health, a Manchester telemedicine startup, …", "SolarPeak, a San Diego installer": an
 * apposition that names a place before what the thing is (in lower case) says where it is.
 * ("Kim Lee, a Seoul native": a person's is where they come from, which is not a relation here.)
 */
export function placedKind(sentence: Sentence, mentions: Mention[]): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  for (const thing of mentions) {
    if ((thing.type === 'person' && thing.evidence === 'strong') || thing.type === 'location') continue;
    if (tokens[thing.end]?.text !== ',' || tokens[thing.end + 1]?.pos !== 'DET') continue;
    const place = mentions.find((m) => m.start === thing.end + 2);
    if (!place || place.type !== 'location' || place.evidence !== 'strong') continue;
    let k = place.end;
    while (tokens[k] && ['NOUN', 'ADJ'].includes(tokens[k]!.pos) && tokens[k]!.text === tokens[k]!.lower) k++;
    if (k === place.end || tokens[k - 1]!.pos !== 'NOUN') continue;
    // The apposition ends there: "a Manchester telemedicine startup," not "a Paris flat she rents".
    if (tokens[k] && ![',', '.', ';', ')', '—', '–'].includes(tokens[k]!.text)) continue;
    out.push(rel(thing, place, 'located in', phrase(tokens, place.start, k), place.end, 0.6));
  }
  return out;
}
