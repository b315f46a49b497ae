import { isOrganizationNoun } from './cues';
import { lexicon } from './lexicon';
import { INSTITUTION_HEADS } from './name-words';
import { Token } from './sentences';

// Token tests for where a name starts and how far it runs: name tokens, institutions' "of" and "and".

/** What joins an institution's head to its field, in English and in the languages of its name. */
const INSTITUTION_OF = new Set([
  'of',
  'for',
  'für',
  'de',
  'di',
  'voor',
  'för',
  'des',
  'du',
  'del',
  'della',
  'da',
  'do',
  'dos',
  'das',
]);
/** "and" in the languages of an institution's name: "Musik und Tanz", "Ciencias y Artes". */
export const INSTITUTION_AND = new Set(['and', 'und', 'y', 'e', 'et', 'en', 'och', 'og']);

/**
 * Whether a name's words hold an institution's "of" or "for" before a field, not a place:
 * "Institute of Meteorology", "University of Science" (not "University of Oslo").
 */
export function institutionOf(tokens: Token[], from: number, to: number): boolean {
  const lex = lexicon();
  for (let k = from + 1; k + 1 < to; k++)
    if (
      INSTITUTION_OF.has(tokens[k]!.lower) &&
      INSTITUTION_HEADS.has(tokens[k - 1]!.lower) &&
      !['location', 'region'].includes(lex.classOf(bare(tokens[k + 1]!)) ?? '')
    )
      return true;
  return false;
}

/** Whether the capitalised words at `from` name an institution of their own ("… and Harvard University"). */
export function secondInstitution(tokens: Token[], from: number): boolean {
  for (let k = from; k < tokens.length && /^\p{Lu}\p{Ll}/u.test(tokens[k]!.text); k++)
    if (INSTITUTION_HEADS.has(bare(tokens[k]!))) return true;
  return false;
}

export const bare = (token: Token) => token.lower.replace(/\.$/, '');
export const capitalised = (token: Token) => /^\p{Lu}/u.test(token.text);

/** Number words written with a capital, as a name's first word is: "One Medical", "Three Ports Regatta". */
const NUMBER_WORDS = new Set([
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Twelve',
]);

/** Small words a name's title capitalises: "Girls Who Code", "Doctors Without Borders". */
const TITLE_SMALL_WORDS = new Set([
  'Who',
  'Without',
  'With',
  'In',
  'On',
  'For',
  'And',
  'The',
  'Against',
  'Beyond',
]);

export function isNameToken(tokens: Token[], i: number, inSpan: boolean): boolean {
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
  // ("her brother, Can Kaya, plays …", "with Will Smith": a capitalised modal mid-sentence before a
  // name is a first name; a question opens with one: "Tom: Can Ana come?")
  if (
    !inSpan &&
    i > 0 &&
    token.pos === 'AUX' &&
    /^\p{Lu}\p{Ll}+$/u.test(token.text) &&
    ![':', '"', '“', '—', '-', '(', '['].includes(tokens[i - 1]!.text) &&
    tokens[i + 1]?.pos === 'PROPN'
  )
    return true;
  // ("IT Service Desk", "IT Operations": the trade in capitals, which wink reads as "it", opening a
  // name or inside one: "NorthPoint IT Services".)
  if (token.text === 'IT' && tokens[i + 1]?.pos === 'PROPN' && /^\p{Lu}\p{Ll}/u.test(tokens[i + 1]!.text))
    return true;
  // ("a bug in One UI 6.1", "One Medical": a capitalised number word mid-sentence opening a name.)
  // ("the Three Ports Regatta": so do the others.)
  if (!inSpan && i > 0 && NUMBER_WORDS.has(token.text) && tokens[i + 1]?.pos === 'PROPN') return true;
  // ("Isabella I of Castile", "Charles I of England": a ruler's numeral the tagger read as "I".)
  if (
    inSpan &&
    token.text === 'I' &&
    tokens[i + 1]?.lower === 'of' &&
    /^\p{Lu}\p{Ll}/u.test(tokens[i + 2]?.text ?? '') &&
    /^\p{Lu}\p{Ll}+$/u.test(tokens[i - 1]?.text ?? '')
  )
    return true;
  // ("just joined SAP actually": a word in capitals that the tagger read as a verb, after a verb or
  // a preposition, is a name.)
  if (
    !inSpan &&
    i > 0 &&
    token.pos === 'VERB' &&
    /^\p{Lu}{2,}$/u.test(token.text) &&
    ((tokens[i - 1]!.pos === 'VERB' && tokens[i - 1]!.text === tokens[i - 1]!.lower) ||
      tokens[i - 1]!.pos === 'ADP')
  )
    return true;
  // ("Tessellate is the open-source renderer …": a word the tagger read as a verb or a common word,
  // opening a sentence that says what it is, is the name of what the sentence describes.)
  if (
    !inSpan &&
    i === 0 &&
    /^\p{Lu}\p{Ll}+$/u.test(token.text) &&
    ['VERB', 'NOUN', 'ADJ'].includes(token.pos) &&
    !/ing$/.test(token.lower) &&
    ['is', 'was'].includes(tokens[1]?.lower ?? '') &&
    ['a', 'an', 'the'].includes(tokens[2]?.lower ?? '')
  )
    return true;
  // ("Tsim Sha Tsui": a capitalised word the tagger reads as a verb's clipped form, inside a name.)
  if (inSpan && token.pos === 'AUX' && /^\p{Lu}\p{Ll}+$/u.test(token.text) && tokens[i + 1]?.pos === 'PROPN')
    return true;
  // A capitalised common noun continues a name ("Payments API", "Checkout Service"), or starts one
  // when a proper noun follows; alone it is most often a sentence's first word.
  // ("Havbris Offshore": so does one the tagger read as an adverb, inside a name.)
  if (inSpan && token.pos === 'ADV' && /^\p{Lu}\p{Ll}+$/u.test(token.text)) return true;
  // ("Girls Who Solder", "Doctors Without Borders", "UiT The Arctic University of Norway": a small
  // word capitalised inside a name, before another of its words, is one of them.)
  if (
    inSpan &&
    TITLE_SMALL_WORDS.has(token.text) &&
    /^\p{Lu}/u.test(tokens[i - 1]?.text ?? '') &&
    /^\p{Lu}\p{Ll}/u.test(tokens[i + 1]?.text ?? '')
  )
    return true;
  if (!capitalised(token) || !['NOUN', 'ADJ', 'X', 'VERB'].includes(token.pos)) return false;
  // Mid-sentence after a preposition it is a name the tagger did not know: "from Ford", "at Tessera".
  const afterPreposition = i > 1 && tokens[i - 1]!.pos === 'ADP' && token.pos !== 'ADJ';
  // So it is after a kind of organisation: "the Lagos label Redline Sounds" (tagged as verbs).
  const afterKind = i > 1 && isOrganizationNoun(tokens[i - 1]) && token.pos !== 'ADJ';
  return inSpan || tokens[i + 1]?.pos === 'PROPN' || afterPreposition || afterKind;
}
