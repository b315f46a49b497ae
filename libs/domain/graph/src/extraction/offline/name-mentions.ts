import { DISTRICTS } from './kinds';
import { EntityType, isNationalityWord, lexicon, ORGANIZATION_DESCRIPTORS } from './lexicon';
import type { Mention } from './mentions';
import { bare, capitalised } from './name-tokens';
import { SAINTS, typeOfName } from './name-types';
import {
  CORPORATE_SUFFIXES,
  DEPARTMENTS,
  DROPPED_HONORIFICS,
  FUNCTION_WORDS,
  KIN_TITLES,
  NAME_PARTICLES,
  NAME_TITLES,
  OPENERS,
  PART_TITLES,
  RANKS,
  QUANTITY_HEADS,
  ROLE_ABBREVIATIONS,
  RULER_TITLES,
} from './name-words';
import { EXCLAMATIONS, isNoName, opensLine } from './no-names';
import { keyOf } from './keys';
import { joinsWords, Token } from './sentences';

// The mention a capitalised span holds: its titles, openers and particles trimmed, then typed.

/** Verbs whose object a nationality word is a language: "studied English". */
const LANGUAGE_VERBS = new Set(['study', 'teach', 'learn', 'speak', 'translate', 'read', 'major', 'lecture']);

/** Second halves that make a language's name a modifier: "Malayalam-language film". */
const LANGUAGE_HALVES = new Set(['language', 'speaking', 'medium']);

/** Words of a function an officer heads besides the departments': "VP Customer Success". */
const FUNCTION_NAMES = new Set([
  'success',
  'experience',
  'relations',
  'development',
  'partnerships',
  'communications',
  'research',
  'growth',
  'strategy',
  'people',
  'service',
  'services',
  'platform',
  'data',
]);

export function mention(
  start: number,
  end: number,
  name: string,
  type: EntityType,
  identifier: string | null,
): Mention {
  const key = keyOf(name);
  return { start, end, name, type, evidence: 'strong', identifier, keys: [key], aliases: [] };
}

/** Words of an officer's title besides role nouns: "Chief Executive Officer of Zagros Analytics". */
const TITLE_PARTS = new Set([
  'chief',
  'executive',
  'operating',
  'financial',
  'technology',
  'technical',
  'information',
  'marketing',
  'commercial',
  'vice',
  'managing',
  'deputy',
]);

export function nameMention(tokens: Token[], start: number, end: number): Mention | undefined {
  const lex = lexicon();
  let from = start;
  // "President of South Africa", "CEO of Amazon": the role is part of the predicate, not the name.
  let ofAt = -1;
  for (let i = start; i < end && ofAt < 0; i++) if (tokens[i]!.lower === 'of') ofAt = i;
  if (
    ofAt > start &&
    tokens
      .slice(start, ofAt)
      .every(
        (t) => lex.classOf(bare(t)) === 'role' || TITLE_PARTS.has(t.lower) || ROLE_ABBREVIATIONS.has(bare(t)),
      )
  ) {
    from = ofAt + 1;
  }
  // "Shares of Hartley & Finch rose …": a sentence's first word, a plural of what one has of a
  // company or place, opens no name.
  if (from === 0 && tokens[1]?.lower === 'of' && end > 2 && QUANTITY_HEADS.has(tokens[0]!.lower)) from = 2;
  // "Hola Tía Carmen", "Customer Haldor Marine ApS": a greeting or a ticket's label opens no name.
  // (Only where a message or a line opens: "the skier Ola Dahl" keeps her first name.)
  // ("Omg Rahul!!", "Thanks Kenji,": nor does an exclamation.)
  if (
    end - from > 1 &&
    opensLine(tokens, from) &&
    (OPENERS.has(bare(tokens[from]!)) || EXCLAMATIONS.has(bare(tokens[from]!)))
  )
    from++;
  const title = bare(tokens[from]!);
  if (from < end && (DROPPED_HONORIFICS.has(title) || KIN_TITLES.has(title)) && end - from > 1) from++;
  // "Sir Alex Ferguson", "Lord Justice Edwin Harcourt", "Vice-Chancellor Grace Mwakalinga",
  // "General Oreste Baratieri": titles of rank or office before two or three words written as a
  // name (a person's, whatever the lexicon knows of them) are no part of it.
  let ranked = from;
  const rank = (k: number) =>
    RANKS.has(bare(tokens[k]!)) ||
    NAME_TITLES.has(bare(tokens[k]!)) ||
    // ("Chief Justice Anna Berg", not "Chief Operating Officer …")
    (bare(tokens[k]!) === 'chief' && NAME_TITLES.has(bare(tokens[k + 1]!)));
  while (ranked < end - 2 && rank(ranked)) ranked++;
  const rest = tokens.slice(ranked, end).map((t) => t.text);
  if (
    ranked > from &&
    from === start &&
    rest.length <= 3 &&
    rest.every((w) => /^\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?$/u.test(w)) &&
    typeOfName(rest).type !== 'organization' &&
    typeOfName(tokens.slice(from, end).map((t) => t.text)).type !== 'organization'
  )
    from = ranked;
  // "Chef Daniel Cho", "General Oreste Baratieri": a title before a first and last name is no part
  // of them, and says who they are. ("Saint Petersburg", "Lady Gaga" keep theirs: one word follows.)
  const titled =
    from === start &&
    end - from >= 3 &&
    (((lex.classOf(title) === 'role' || NAME_TITLES.has(title)) &&
      lex.classOf(bare(tokens[from + 1]!)) === 'first-name') ||
      (PART_TITLES.has(title) && end - from === 3 && /^\p{Lu}\p{Ll}/u.test(tokens[from + 1]!.text))) &&
    /^\p{Lu}/u.test(tokens[from + 2]!.text);
  // ("the Uruguayan Gustavo Ferreyra": a nationality before a first and last name says who he is.)
  const national =
    from === start &&
    end - from >= 3 &&
    (lex.classOf(title) === 'demonym' || (!lex.classOf(title) && isNationalityWord(tokens[from]!.text))) &&
    /^\p{Lu}/u.test(tokens[from + 1]!.text) &&
    (lex.classOf(bare(tokens[from + 1]!)) === 'first-name' ||
      typeOfName(tokens.slice(from + 1, end).map((t) => t.text)).type === 'person');
  // ("Emperor Menelik II", "Empress Taytu Betul": a ruler's title, whatever name follows.)
  // (Not "Emperor Crown Group": a company's name may open with such a word.)
  const lastWord = bare(tokens[end - 1]!);
  const ruler =
    from === start &&
    end - from >= 3 &&
    RULER_TITLES.has(title) &&
    /^\p{Lu}/u.test(tokens[from + 1]!.text) &&
    !lex.isOrganizationWord(lastWord) &&
    !ORGANIZATION_DESCRIPTORS.has(lastWord) &&
    !CORPORATE_SUFFIXES.has(lastWord);
  // ("CEO Trần Minh Châu": an officer's title in capitals is never part of a name, whatever follows.)
  const officer =
    from === start &&
    end - from >= 2 &&
    ROLE_ABBREVIATIONS.has(title) &&
    tokens[from]!.text === tokens[from]!.text.toUpperCase() &&
    /^\p{Lu}\p{Ll}/u.test(tokens[from + 1]!.text);
  // ("VP Customer Success, CloudHarbor", "CTO Engineering": an officer's title over a function names nobody.)
  if (
    officer &&
    tokens.slice(from + 1, end).every((t) => {
      const word = bare(t);
      return DEPARTMENTS.has(word) || FUNCTION_WORDS.has(word) || FUNCTION_NAMES.has(word);
    })
  )
    return undefined;
  // (Never inside an institution's name: "Queen Mary University", "General Electric Company".)
  const dropsTitle =
    (titled || ruler || officer || national) &&
    typeOfName(tokens.slice(from, end).map((t) => t.text)).type !== 'organization';
  if (dropsTitle) from++;
  // "I'm Abena Mensah": wink reads "I'm" as one proper noun, which opens no name (writer.ts reads
  // the introduction).
  if (end - from > 1 && /^i['’]m$/i.test(tokens[from]!.text)) from++;
  // "Van Dijk Logistics" keeps its capitalised particle; "of Oslo" does not start a name.
  // (Nor does a lower-case word: "the new Windows 11 update".)
  while (
    from < end &&
    tokens[from]!.text === tokens[from]!.lower &&
    /\p{L}/u.test(tokens[from]!.text) &&
    (NAME_PARTICLES.has(tokens[from]!.lower) || from + 1 < end)
  )
    from++;
  let to = end;
  // (Only written in lower case: "Bijoya Das", "Willem De" end in a surname.)
  while (to > from && NAME_PARTICLES.has(tokens[to - 1]!.text)) to--;
  if (from >= to) return undefined;
  const words = tokens.slice(from, to).map((t) => t.text);
  const lower = words.map((w) => w.toLowerCase().replace(/\.$/, ''));
  const firstClass = lex.classOf(lower[0]!);
  // "the British physicist", "a Swedish lawyer": a nationality the lexicon lacks, not a name.
  // ("a Polish civil engineer": lower-case adjectives may come between.)
  let noun = to;
  while (tokens[noun]?.pos === 'ADJ' && tokens[noun]!.text === tokens[noun]!.lower) noun++;
  // ("the Polish-born cellist": so is one before "-born".)
  const bornAs = joinsWords(tokens[to]) && tokens[to + 1]?.lower === 'born';
  // ("Danish rival Fjordlink ApS": or a lower-case word the tagger took for an adjective, which a
  // name follows, is the noun the nationality describes.)
  const attributive =
    (tokens[noun]?.pos === 'NOUN' && tokens[noun]!.text === tokens[noun]!.lower) ||
    bornAs ||
    (noun > to && /^\p{Lu}/u.test(tokens[noun]?.text ?? ''));
  // (But "the Savassi district of Belo Horizonte": a city's district is named so.)
  const district = DISTRICTS.has(tokens[noun]?.lower ?? '') && tokens[noun + 1]?.lower === 'of';
  if (
    lower.length === 1 &&
    attributive &&
    !district &&
    /(ish|ese|ian|an|ch|i)$/.test(lower[0]!) &&
    !firstClass
  )
    return undefined;
  // ("studied English at Makerere", "taught French in Dakar": a language studied, not a name.)
  if (lower.length === 1 && LANGUAGE_VERBS.has(tokens[from - 1]?.lemma ?? '') && isNationalityWord(words[0]!))
    return undefined;
  if (isNoName(tokens, from, to, lower)) return undefined;
  // Nationalities ("an American director") and roles ("the CEO") alone are not entities; a role
  // word that names something ("Oracle moved …") is.
  // ("Vientiane, Laos,": a word the lexicon lists as a people's name, after a place and a comma and
  // before punctuation, is the country.)
  const country =
    lower.length === 1 &&
    firstClass === 'demonym' &&
    tokens[from - 1]?.text === ',' &&
    /^\p{Lu}/u.test(tokens[from - 2]?.text ?? '') &&
    [',', '.', ';'].includes(tokens[to]?.text ?? '');
  if (lower.length === 1 && !country && ['demonym', 'month', 'weekday'].includes(firstClass ?? ''))
    return undefined;
  if (lower.length === 1 && firstClass === 'role' && (start === 0 ? false : tokens[start - 1]!.pos === 'DET'))
    return undefined;
  // "its new CEO", "Patagonia's CEO", "South Korean": a role or a nationality, not a name.
  const lastClass = lex.classOf(lower[lower.length - 1]!);
  let b = start - 1;
  while (b >= 0 && tokens[b]!.text === tokens[b]!.lower && ['ADJ', 'PROPN', 'NOUN'].includes(tokens[b]!.pos))
    b--;
  const owned = b >= 0 && (tokens[b]!.pos === 'PRON' || ["'s", '’s'].includes(tokens[b]!.lower));
  const role = lastClass === 'role' || ROLE_ABBREVIATIONS.has(lower[lower.length - 1]!);
  if ((lastClass === 'demonym' && !country) || (owned && role && lower.length <= 2)) return undefined;
  // "Malayalam-language", "Swahili-speaking": a language as a modifier names nothing.
  if (joinsWords(tokens[to]) && LANGUAGE_HALVES.has(tokens[to + 1]?.lower ?? '')) return undefined;
  const name = words.reduce(
    (out, word, i) =>
      out +
      (i === 0 ||
      /^['’]s?$/.test(word) ||
      word === ',' ||
      word === ')' ||
      words[i - 1] === '(' ||
      (['+', '-'].includes(word) && !tokens[from + i]!.space) ||
      (joinsWords(tokens[from + i - 1]) && !tokens[from + i]!.space)
        ? ''
        : tokens[from + i]!.space || ' ') +
      word,
    '',
  );
  const { type, evidence } = country
    ? { type: 'location' as const, evidence: 'strong' as const }
    : typeOfName(words);
  const found = mention(from, to, name.replace(/\s+/g, ' '), type, null);
  found.evidence = evidence;
  if (dropsTitle || DROPPED_HONORIFICS.has(bare(tokens[start]!)) || KIN_TITLES.has(bare(tokens[start]!))) {
    found.type = 'person';
    found.evidence = 'strong';
  }
  // ("at St. Vincent's": a saint's name said as a possessive is a hospital's or a church's, no town.)
  // (Not "St John's Co-Cathedral", which goes on.)
  if (
    SAINTS.has(lower[0]!) &&
    /^['’]s$/.test(tokens[to]?.text ?? '') &&
    !(tokens[to + 1] !== undefined && capitalised(tokens[to + 1]!))
  ) {
    found.type = 'organization';
    found.evidence = 'weak';
  }
  // "Hartley & Moss", "Foster + Partners": partners' names joined are a firm.
  if (lower.includes('&') || lower.includes('+')) {
    found.type = 'organization';
    found.evidence = 'strong';
  }
  if (found.type === 'organization') {
    const short = keyOf(lower.filter((w, i) => i === 0 || !CORPORATE_SUFFIXES.has(w)).join(' '));
    if (short && short !== found.keys[0]) found.keys.push(short);
  }
  return found;
}
