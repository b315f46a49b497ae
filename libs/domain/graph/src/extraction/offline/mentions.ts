import { EntityType, isNationalityWord, isProductWord, lexicon, ORGANIZATION_DESCRIPTORS } from './lexicon';
import { MODEL, releaseEnd, schemeCode } from './product-names';
import {
  DROPPED_HONORIFICS,
  INSTITUTION_HEADS,
  KIN_TITLES,
  NAME_TITLES,
  NAME_PARTICLES,
  OPENERS,
  ORGANIZATION_HEADS,
  QUANTITY_HEADS,
  ROLE_ABBREVIATIONS,
  SEASONS,
  SUFFIX_SPELLINGS,
  CORPORATE_SUFFIXES,
  PART_TITLES,
  RULER_TITLES,
} from './name-words';
import { codeNameAt } from './code-names';
import { isNoName, opensLine } from './no-names';
import { keyOf } from './keys';
import { openingTitleEnd, opensTitle, quotedTitleEnd, titleJoin } from './titles';
import { joinsWords, phrase, Sentence, Token } from './sentences';
import { withTeams } from './teams';

/** An entity mention in a sentence: tokens [start, end). */
export type Evidence = 'strong' | 'weak' | 'none';

export interface Mention {
  start: number;
  end: number;
  name: string;
  type: EntityType;
  /**
   * What the type rests on: `strong` (the whole name in the lexicon, a cue word, an identifier's
   * shape), `weak` (a first or last name: "Austin" is also a city), `none` (the default, concept).
   * What a relation implies may replace a weak or missing type, never a strong one.
   */
  evidence: Evidence;
  identifier: string | null;
  keys: string[];
  aliases: string[];
}

/**
 * Whether a name's words hold an institution's "of" or "for" before a field, not a place:
 * "Institute of Meteorology", "University of Science" (not "University of Oslo").
 */
function institutionOf(tokens: Token[], from: number, to: number): boolean {
  const lex = lexicon();
  for (let k = from + 1; k + 1 < to; k++)
    if (
      ['of', 'for'].includes(tokens[k]!.lower) &&
      INSTITUTION_HEADS.has(tokens[k - 1]!.lower) &&
      !['location', 'region'].includes(lex.classOf(bare(tokens[k + 1]!)) ?? '')
    )
      return true;
  return false;
}

/** Whether the capitalised words at `from` name an institution of their own ("… and Harvard University"). */
function secondInstitution(tokens: Token[], from: number): boolean {
  for (let k = from; k < tokens.length && /^\p{Lu}\p{Ll}/u.test(tokens[k]!.text); k++)
    if (INSTITUTION_HEADS.has(bare(tokens[k]!))) return true;
  return false;
}

/** Verbs whose object a nationality word is a language: "studied English". */
const LANGUAGE_VERBS = new Set(['study', 'teach', 'learn', 'speak', 'translate', 'read', 'major', 'lecture']);

/** Error codes and similar identifiers: E1045, ERR_CONN_RESET, 0x80070005, LD-0x1F, HTTP-503, KB4023057. */
const ERROR_CODE =
  /^(?:[A-Z]{1,6}[-_]?\d{2,}[A-Z0-9]*|(?:[A-Z]{1,6}-)?0x[0-9A-Fa-f]{2,}|[A-Z]{2,}(?:_[A-Z0-9]+)+)$/;
/** A model code: capitals and digits joined by hyphens, with a digit ("HL-L2350", "TC-52"), or a letter and a number ("X2", "S24"). */
const MODEL_CODE = /^(?=.*\d)(?=.*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)+$|^[A-Z]{1,2}\d{1,3}$/;
/** Second halves that make a language's name a modifier: "Malayalam-language film". */
const LANGUAGE_HALVES = new Set(['language', 'speaking', 'medium']);

const bare = (token: Token) => token.lower.replace(/\.$/, '');
const capitalised = (token: Token) => /^\p{Lu}/u.test(token.text);

function isNameToken(tokens: Token[], i: number, inSpan: boolean): boolean {
  const token = tokens[i]!;
  if (token.kind !== 'word' && token.kind !== 'number') return false;
  if (token.pos === 'PROPN') return true;
  // ("succeeded Per Sandberg": a capitalised word the tagger reads as a preposition mid-sentence,
  // before a name, is a first name.)
  if (
    !inSpan &&
    i > 0 &&
    /^\p{Lu}\p{Ll}+$/u.test(token.text) &&
    ['ADP', 'SCONJ'].includes(token.pos) &&
    /\p{L}/u.test(tokens[i - 1]!.text) &&
    tokens[i + 1]?.pos === 'PROPN'
  )
    return true;
  // ("Tsim Sha Tsui": a capitalised word the tagger reads as a verb's clipped form, inside a name.)
  if (inSpan && token.pos === 'AUX' && /^\p{Lu}\p{Ll}+$/u.test(token.text) && tokens[i + 1]?.pos === 'PROPN')
    return true;
  // A capitalised common noun continues a name ("Payments API", "Checkout Service"), or starts one
  // when a proper noun follows; alone it is most often a sentence's first word.
  if (!capitalised(token) || !['NOUN', 'ADJ', 'X', 'VERB'].includes(token.pos)) return false;
  // Mid-sentence after a preposition it is a name the tagger did not know: "from Ford", "at Tessera".
  const afterPreposition = i > 1 && tokens[i - 1]!.pos === 'ADP' && token.pos !== 'ADJ';
  return inSpan || tokens[i + 1]?.pos === 'PROPN' || afterPreposition;
}

/** How a name is typed from its own words, and on what evidence. */
export function typeOfName(words: string[]): { type: EntityType; evidence: Evidence } {
  const lex = lexicon();
  const lower = words.map((w) => w.toLowerCase().replace(/\.$/, ''));
  const strong = (type: EntityType) => ({ type, evidence: 'strong' as const });
  const weak = (type: EntityType) => ({ type, evidence: 'weak' as const });
  const whole = lex.classOf(lower.join(' '));
  if (whole === 'location' || whole === 'region') return strong('location');
  if (whole === 'organization') return strong('organization');
  // One word that names people is also a place or a brand often enough (Austin, Tesla): a guess.
  if (whole === 'person') return lower.length > 1 ? strong('person') : weak('person');
  const last = lower[lower.length - 1]!;
  const first = lower[0]!;
  if (
    lower.length > 1 &&
    (lex.isOrganizationWord(last) || ORGANIZATION_DESCRIPTORS.has(last) || CORPORATE_SUFFIXES.has(last))
  )
    return strong('organization');
  if (
    lower.some((w) =>
      [
        'university',
        'college',
        'institute',
        'school',
        'elementary',
        'hospital',
        'infirmary',
        'academy',
        'conservatory',
        'universidad',
        'universidade',
        'università',
        'universität',
        'université',
        'universiteit',
        'uniwersytet',
        'hochschule',
        'politecnico',
        'politécnica',
      ].includes(w),
    )
  )
    return strong('organization');
  if (lower.length > 1 && ORGANIZATION_HEADS.has(first)) return strong('organization');
  // "Lina Park", "Dylan Field": a first name before a place word may be a person's.
  // ("The Salt Road": a title opening with a capitalised "The" may end on a place word.)
  if (lower.length > 1 && lex.isPlaceWord(last))
    return lex.classOf(first) === 'first-name' || words[0] === 'The' ? weak('location') : strong('location');
  if (lower.length > 1 && isProductWord(last)) return strong('product');
  // "Brother HL-L2350", "Zebra TC-52": a make and a model code of capitals, digits and hyphens.
  if (lower.length > 1 && MODEL_CODE.test(words[words.length - 1]!)) return strong('product');
  const firstClass = lex.classOf(first);
  if (firstClass === 'honorific' || (firstClass === 'role' && lower.length === 2)) return strong('person');
  if (firstClass === 'first-name' && lower.length >= 2 && lower.length <= 4) return strong('person');
  if (firstClass === 'first-name') return weak('person');
  if (lower.length >= 2 && lex.classOf(last) === 'last-name') return strong('person');
  if (lower.every((w) => ['location', 'region'].includes(lex.classOf(w) ?? ''))) return strong('location');
  if (lower.length === 1 && whole === 'last-name') return weak('person');
  return { type: 'concept', evidence: 'none' };
}

function mention(
  start: number,
  end: number,
  name: string,
  type: EntityType,
  identifier: string | null,
): Mention {
  const key = keyOf(name);
  return { start, end, name, type, evidence: 'strong', identifier, keys: [key], aliases: [] };
}

function nameMention(tokens: Token[], start: number, end: number): Mention | undefined {
  const lex = lexicon();
  let from = start;
  // "President of South Africa", "CEO of Amazon": the role is part of the predicate, not the name.
  let ofAt = -1;
  for (let i = start; i < end && ofAt < 0; i++) if (tokens[i]!.lower === 'of') ofAt = i;
  if (
    ofAt > start &&
    tokens
      .slice(start, ofAt)
      .every((t) => lex.classOf(bare(t)) === 'role' || t.lower === 'chief' || ROLE_ABBREVIATIONS.has(bare(t)))
  ) {
    from = ofAt + 1;
  }
  // "Shares of Hartley & Finch rose …": a sentence's first word, a plural of what one has of a
  // company or place, opens no name.
  if (from === 0 && tokens[1]?.lower === 'of' && end > 2 && QUANTITY_HEADS.has(tokens[0]!.lower)) from = 2;
  // "Hola Tía Carmen", "Customer Haldor Marine ApS": a greeting or a ticket's label opens no name.
  // (Only where a message or a line opens: "the skier Ola Dahl" keeps her first name.)
  if (end - from > 1 && opensLine(tokens, from) && OPENERS.has(bare(tokens[from]!))) from++;
  const title = bare(tokens[from]!);
  if (from < end && (DROPPED_HONORIFICS.has(title) || KIN_TITLES.has(title)) && end - from > 1) from++;
  // "Chef Daniel Cho", "General Oreste Baratieri": a title before a first and last name is no part
  // of them, and says who they are. ("Saint Petersburg", "Lady Gaga" keep theirs: one word follows.)
  const titled =
    from === start &&
    end - from >= 3 &&
    (((lex.classOf(title) === 'role' || NAME_TITLES.has(title)) &&
      lex.classOf(bare(tokens[from + 1]!)) === 'first-name') ||
      (PART_TITLES.has(title) && end - from === 3 && /^\p{Lu}\p{Ll}/u.test(tokens[from + 1]!.text))) &&
    /^\p{Lu}/u.test(tokens[from + 2]!.text);
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
  // (Never inside an institution's name: "Queen Mary University", "General Electric Company".)
  const dropsTitle =
    (titled || ruler || officer) &&
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
  const attributive = tokens[noun]?.pos === 'NOUN' && tokens[noun]!.text === tokens[noun]!.lower;
  if (lower.length === 1 && attributive && /(ish|ese|ian|an|ch|i)$/.test(lower[0]!) && !firstClass)
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

/** Whether the words from `start` to `end` are a person's first and last names ("Filipe Carvalho"). */
function isFullName(tokens: Token[], start: number, end: number): boolean {
  const { type, evidence } = typeOfName(tokens.slice(start, end).map((t) => t.text));
  return type === 'person' && evidence === 'strong';
}

const NO_CODE_NAMES = new Set<string>();

/**
 * The entity mentions of a sentence, in order: names, e-mails, URLs, error codes, and the
 * lower-case names of code (`codeNames`: those the chunk introduced, code-names.ts).
 */
export function findMentions(sentence: Sentence, codeNames: Set<string> = NO_CODE_NAMES): Mention[] {
  const { tokens } = sentence;
  const lex = lexicon();
  const dateToken = new Set<number>();
  for (const [first, last] of sentence.dates) {
    // "by Jan Koum": a month's name followed by a name is a first name, not a date.
    // "Winter Storm Uri": a season that opens a name.
    const month = lex.classOf(bare(tokens[last]!)) === 'month' || SEASONS.has(tokens[last]!.lower);
    if (month && tokens[last + 1]?.pos === 'PROPN' && tokens[last - 1]?.pos !== 'NUM') continue;
    for (let i = first; i <= last; i++) dateToken.add(i);
  }
  // "July 16" and "in March" are dates; "Jan Koum" is not.
  tokens.forEach((t, i) => {
    const cls = lex.classOf(bare(t));
    if ((cls !== 'month' && cls !== 'weekday') || t.pos !== 'PROPN') return;
    const nearNumber = tokens[i - 1]?.pos === 'NUM' || tokens[i + 1]?.pos === 'NUM';
    const afterPreposition = tokens[i - 1]?.pos === 'ADP' && tokens[i + 1]?.pos !== 'PROPN';
    if (nearNumber || afterPreposition) dateToken.add(i);
  });

  const found: Mention[] = [];
  // "Crouching Tiger, Hidden Dragon is a 2000 wuxia film": the work's title, commas and small words
  // and all.
  const opening = openingTitleEnd(tokens);
  if (opening > 0) {
    const title = mention(0, opening, phrase(tokens, 0, opening), 'concept', null);
    found.push({ ...title, evidence: 'none' });
  }
  for (let i = opening; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'email') {
      found.push(mention(i, i + 1, token.text, 'email', token.text));
      continue;
    }
    if (token.kind === 'url') {
      found.push(mention(i, i + 1, token.text, 'url', token.text));
      continue;
    }
    if (ERROR_CODE.test(token.text) && !dateToken.has(i)) {
      found.push(mention(i, i + 1, token.text, 'error_code', token.text));
      continue;
    }
    // "wrote "Gracias a la vida"": a title in quotes is one name, whatever its words.
    const quoted = ['"', '“'].includes(tokens[i - 1]?.text ?? '') ? quotedTitleEnd(tokens, i) : 0;
    if (quoted > 0) {
      found.push({ ...mention(i, quoted, phrase(tokens, i, quoted), 'concept', null), evidence: 'none' });
      i = quoted - 1;
      continue;
    }
    // (Most words are lower-case and start nothing: test the cheap thing first.)
    // "error 49.4C02": a printer's code, a dotted number with letters and digits glued to it.
    const glued = tokens[i + 1];
    if (
      /^\d+\.\d+$/.test(token.text) &&
      glued?.space === '' &&
      /^[A-Z]+\d[A-Z0-9]*$/.test(glued.text) &&
      !dateToken.has(i)
    ) {
      const code = token.text + glued.text;
      found.push(mention(i, i + 2, code, 'error_code', code));
      i++;
      continue;
    }
    // "5G", "4K", "23H2": letters glued to a number are a unit or a part of it, no name.
    if (token.space === '' && tokens[i - 1]?.pos === 'NUM' && /^[A-Z]{1,2}\d?$/.test(token.text)) continue;
    const lowerCase = token.text === token.lower;
    // (Only a word a joiner or a number follows can open one.)
    const after = tokens[i + 1];
    const code =
      lowerCase &&
      after &&
      (after.text === '-' || after.text === '_' || after.pos === 'NUM') &&
      !dateToken.has(i)
        ? codeNameAt(tokens, i, codeNames)
        : undefined;
    if (code) {
      found.push(code);
      i = code.end - 1;
      continue;
    }
    if (lowerCase && token.lower !== 'error' && token.lower !== 'status') continue;
    const scheme = schemeCode(tokens, i);
    if (scheme) {
      found.push(mention(i, scheme.end, scheme.name, 'error_code', scheme.name));
      i = scheme.end - 1;
      continue;
    }
    // ("Spoke & Chain": a word of any kind before "&" joins the name it opens.)
    const opensParticleName =
      i > 0 &&
      capitalised(token) &&
      (token.pos === 'NOUN' || (['&', '+'].includes(tokens[i + 1]?.lower ?? '') && token.pos !== 'DET')) &&
      NAME_PARTICLES.has(tokens[i + 1]?.lower ?? '') &&
      tokens[i + 2]?.pos === 'PROPN';
    // "the Zoom 5.17 update": a common word that a release number follows is a product's name.
    // (Not "Error 79.4C05": a number with a code glued to it is the code's.)
    const opensRelease =
      i > 0 &&
      capitalised(token) &&
      /^\d+(?:\.\d+)+$/.test(tokens[i + 1]?.text ?? '') &&
      !(tokens[i + 2]?.space === '' && /^[A-Z]+\d/.test(tokens[i + 2]!.text));
    const title = capitalised(token) ? opensTitle(tokens, i) : undefined;
    // "our Prometheus and Loki servers": a capitalised word joined by "and" to a name just found is
    // one too, whatever the tagger read it as.
    const listed =
      capitalised(token) &&
      ['NOUN', 'ADJ', 'X'].includes(token.pos) &&
      ['and', 'or'].includes(tokens[i - 1]?.lower ?? '') &&
      found[found.length - 1]?.end === i - 1;
    if (
      dateToken.has(i) ||
      (!isNameToken(tokens, i, false) && !opensParticleName && !opensRelease && !title && !listed)
    )
      continue;
    let end = i + 1;
    let model = false;
    for (;;) {
      const word = tokens[end];
      const joined = title && word ? titleJoin(tokens, end, title) : end;
      if (title && word && !dateToken.has(end) && /^\p{Lu}/u.test(word.text) && word.pos !== 'PUNCT') {
        end++;
      } else if (joined > end) {
        end = joined;
      } else if (
        end < tokens.length &&
        !dateToken.has(end) &&
        !ERROR_CODE.test(tokens[end]!.text) &&
        isNameToken(tokens, end, true)
      ) {
        end++;
      } else if (
        // "King's College London", "St. Brendan's Hospital": a possessive inside an institution's name.
        end + 2 < tokens.length &&
        (tokens[end]!.lower === "'s" || tokens[end]!.lower === '’s') &&
        capitalised(tokens[end + 1]!) &&
        (lex.isOrganizationWord(tokens[end + 1]!.lower) ||
          ['party', 'league'].includes(tokens[end + 1]!.lower))
      ) {
        end += 2;
      } else if (
        // "Bishop Cotton Girls' School", "Turkish Architects' Association": a plural's apostrophe
        // inside an institution's name.
        end + 1 < tokens.length &&
        ["'", '’'].includes(tokens[end]!.text) &&
        tokens[end]!.space === '' &&
        /s$/.test(tokens[end - 1]!.text) &&
        capitalised(tokens[end + 1]!) &&
        (lex.isOrganizationWord(tokens[end + 1]!.lower) ||
          ['school', 'association', 'union', 'club', 'league', 'hospital', 'college'].includes(
            tokens[end + 1]!.lower,
          ))
      ) {
        end += 2;
      } else if (
        // "Bijoya Das", "Joost Van": a surname the tagger read as a particle ("das", "van").
        end < tokens.length &&
        NAME_PARTICLES.has(tokens[end]!.lower) &&
        /^\p{Lu}\p{Ll}+$/u.test(tokens[end]!.text) &&
        !(tokens[end + 1] && (tokens[end + 1]!.pos === 'PROPN' || capitalised(tokens[end + 1]!)))
      ) {
        end++;
      } else if (
        // "M-Pesa": a hyphen the tokeniser split off joins two capitalised halves of one name.
        joinsWords(tokens[end]) &&
        tokens[end + 1]?.space === '' &&
        !dateToken.has(end + 1) &&
        /^\p{Lu}/u.test(tokens[end + 1]?.text ?? '')
      ) {
        end += 2;
      } else if (end < tokens.length && SUFFIX_SPELLINGS.test(tokens[end]!.text)) {
        // "the drone maker Fjellfly AS": a company's legal suffix ends its name.
        end++;
      } else if (
        // "Hoshida Resorts Co., Ltd.": a comma inside the legal suffix.
        /^co\.?$/i.test(tokens[end - 1]!.text) &&
        tokens[end]?.text === ',' &&
        SUFFIX_SPELLINGS.test(tokens[end + 1]?.text ?? '')
      ) {
        end += 2;
      } else if (
        end < tokens.length &&
        MODEL.test(tokens[end]!.text) &&
        !['error', 'code', 'err', 'status'].includes(tokens[end - 1]!.lower)
      ) {
        // "Synology DS920+": a brand and its model are one product.
        end += tokens[end + 1]?.text === '+' && tokens[end + 1]!.space === '' ? 2 : 1;
        model = true;
      } else if (
        end + 1 < tokens.length &&
        NAME_PARTICLES.has(tokens[end]!.lower) &&
        !dateToken.has(end + 1) &&
        tokens[end + 1]!.pos === 'PROPN' &&
        // ("Haldor Marine ApS of Esbjerg": a legal suffix ends the name; "of" starts a place.)
        !SUFFIX_SPELLINGS.test(tokens[end - 1]!.text) &&
        // ("leaving Spotify for Zalando": "for" goes on only after an institution's word, as in
        // "Centre for Genomic Medicine".)
        (tokens[end]!.lower !== 'for' || lex.isOrganizationWord(tokens[end - 1]!.lower)) &&
        // ("Filipe Carvalho of Hospitality Systems": a person's full name ends before "of".)
        // ("Adolf II of Holstein": a ruler's numeral keeps the title's place.)
        !(
          tokens[end]!.lower === 'of' &&
          end - i >= 2 &&
          !/^[IVX]+$/.test(tokens[end - 1]!.text) &&
          isFullName(tokens, i, end)
        )
      ) {
        end += 2;
      } else if (
        // "the Polish Academy of Learning", "the Uppsala Institute of Applied Chemistry": an
        // institution's "of" takes the capitalised words after it, whatever the tagger read them as.
        // ("the Iceland University of the Arts": with "the" too.)
        end + 1 < tokens.length &&
        tokens[end]!.lower === 'of' &&
        INSTITUTION_HEADS.has(tokens[end - 1]!.lower) &&
        !dateToken.has(end + 1) &&
        (/^\p{Lu}\p{Ll}/u.test(tokens[end + 1]!.text) ||
          (tokens[end + 1]!.lower === 'the' && /^\p{Lu}\p{Ll}/u.test(tokens[end + 2]?.text ?? ''))) &&
        !(['DET', 'PRON'].includes(tokens[end + 1]!.pos) && tokens[end + 1]!.lower !== 'the')
      ) {
        end += tokens[end + 1]!.lower === 'the' ? 3 : 2;
        while (end < tokens.length && !dateToken.has(end) && /^\p{Lu}\p{Ll}/u.test(tokens[end]!.text)) end++;
      } else if (
        // "the Institute of Meteorology and Water Management", "University of Science and
        // Technology": an institution's "of" goes on past "and" (not to a person: "… of Oslo and
        // Anna Berg").
        tokens[end]?.lower === 'and' &&
        institutionOf(tokens, i, end) &&
        !secondInstitution(tokens, end + 1) &&
        !dateToken.has(end + 1) &&
        /^\p{Lu}\p{Ll}/u.test(tokens[end + 1]?.text ?? '') &&
        lex.classOf(bare(tokens[end + 1]!)) !== 'first-name' &&
        !/^(?:the|a|an)$/i.test(tokens[end + 1]!.text)
      ) {
        end += 2;
        while (end < tokens.length && !dateToken.has(end) && /^\p{Lu}\p{Ll}/u.test(tokens[end]!.text)) end++;
      } else break;
    }
    // "Error E1045": the code is the entity, the word before it only says what it is.
    const next = tokens[end];
    if (end - i === 1 && next && ERROR_CODE.test(next.text) && ['error', 'code', 'err'].includes(token.lower))
      continue;
    const named = nameMention(tokens, i, end);
    if (named) {
      const release = releaseEnd(tokens, end, dateToken);
      if (release > end || model) {
        named.end = release;
        named.name = phrase(tokens, named.start, release);
        named.keys = [keyOf(named.name)];
        named.type = 'product';
        named.evidence = 'strong';
        end = release;
      }
      found.push(named);
    }
    i = end - 1;
  }
  return withTeams(tokens, found);
}
