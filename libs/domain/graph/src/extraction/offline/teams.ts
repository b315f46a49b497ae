import { keyOf } from './keys';
import type { Mention } from './mentions';
import { mention } from './name-mentions';
import { POSSESSIVES } from './owners';
import { isVerbLike } from './predicates';
import { joinsWords, phrase, Token } from './sentences';

/**
 * Nouns for a group of people inside an organisation, named by the words before them. (Not
 * "department", "unit" or "division": "the survey department of Corvel", "the group's U.S.
 * division" are parts said of their organisation.)
 */
export const GROUP_NOUNS = new Set(['team', 'squad', 'crew']);
/** Words that say which of a team, not what it is: "our whole accounting team". */
const NOT_NAMING = new Set(['whole', 'entire', 'new', 'same', 'other', 'own', 'old']);

/** A firm's team of heads, named by what it is: "the executive team", "its senior management team". */
const HEADS_TEAM =
  /^(?:executive|leadership|management|senior|senior leadership|senior management) (?:team|board|committee)$/;

/** Whether a mention names a firm's team of heads rather than a team of its own ("executive team"). */
export const isHeadsTeam = (mention: Mention) => HEADS_TEAM.test(mention.keys[0]!);

/** Whether a mention names a team: "the SRE team", "Platform Security team". */
export const isTeam = (mention: Mention) => GROUP_NOUNS.has(mention.keys[0]!.split(' ').pop()!);

/** A name and the group noun after it as one organisation's name: "Payments" + "team". */
function withNoun(named: Mention, noun: Token, k: number, evidence: Mention['evidence']): void {
  const name = `${named.name} ${noun.text}`;
  Object.assign(named, { end: k + 1, name, type: 'organization', evidence, keys: [keyOf(name)] });
}

/** A team's mention over tokens `start` to `end`. */
const teamAt = (tokens: Token[], start: number, end: number): Mention =>
  mention(start, end, phrase(tokens, start, end), 'organization', null);

/**
 * Teams are parties support and business texts name as often as companies: "the Platform Security
 * team", "the SRE team", "our network team", "Parcelo's infrastructure team". A name nothing typed
 * before the group noun joins it ("Payments" + "team"); lower-case words after a determiner or a
 * possessive name one of their own. "The team" alone names nothing.
 */
export function withTeams(tokens: Token[], found: Mention[]): Mention[] {
  const teams: Mention[] = [];
  tokens.forEach((token, k) => {
    if (token.pos !== 'NOUN') return;
    const named = found.find((m) => m.end === k);
    // "the Nairobi Harriers club": the name is the club's, without the word.
    if (token.lower === 'club') {
      if (named && ['concept', 'person'].includes(named.type) && named.evidence !== 'strong')
        Object.assign(named, { type: 'organization', evidence: 'strong' });
      return;
    }
    // "the Halvorsen family", "the Tervo family": a family named by its surname is a party too
    // (owners, sellers), but "my host family" names nothing.
    if (token.lower === 'family') {
      if (named && named.end - named.start === 1 && ['concept', 'person'].includes(named.type))
        withNoun(named, token, k, 'weak');
      return;
    }
    if (!GROUP_NOUNS.has(token.lower)) return;
    if (named) {
      // ("the Data Platform team": a name read as a product's, too; "the Honolulu team": a town's.)
      const town = named.type === 'location' && tokens[named.start - 1]?.lower === 'the';
      if (['concept', 'product'].includes(named.type) || town) withNoun(named, token, k, 'strong');
      return;
    }
    // ("the SRE team", "our QA team": an abbreviation in capitals names it.)
    const abbreviation = tokens[k - 1];
    if (
      abbreviation &&
      /^[A-Z]{2,5}$/.test(abbreviation.text) &&
      (tokens[k - 2]?.pos === 'DET' || POSSESSIVES.has(tokens[k - 2]?.lower ?? ''))
    ) {
      teams.push(teamAt(tokens, k - 1, k + 1));
      return;
    }
    let start = k;
    const joined = (at: number) => joinsWords(tokens[at]);
    while (
      start > k - 3 &&
      tokens[start - 1] &&
      ((['NOUN', 'ADJ'].includes(tokens[start - 1]!.pos) &&
        tokens[start - 1]!.text === tokens[start - 1]!.lower &&
        !isVerbLike(tokens[start - 1]!) &&
        !NOT_NAMING.has(tokens[start - 1]!.lower)) ||
        joined(start - 1) ||
        joined(start - 2))
    )
      start--;
    if (start === k || joined(start)) return;
    const opener = tokens[start - 1];
    const owned =
      opener && (opener.pos === 'DET' || POSSESSIVES.has(opener.lower) || /^['’]s$/.test(opener.lower));
    if (!owned && !NOT_NAMING.has(opener?.lower ?? '')) return;
    teams.push(teamAt(tokens, start, k + 1));
  });
  if (teams.length === 0) return found;
  return [...found, ...teams].sort((a, b) => a.start - b.start);
}
