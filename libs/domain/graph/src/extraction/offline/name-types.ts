import { isTownName } from './towns';
import { EntityType, isProductWord, lexicon, ORGANIZATION_DESCRIPTORS, withoutAccents } from './lexicon';
import type { Evidence } from './mentions';
import { CORPORATE_SUFFIXES, DEPARTMENTS, ORGANIZATION_HEAD_SHAPE, ORGANIZATION_HEADS } from './name-words';
import { SYLLABLE, Token } from './sentences';

// How a name is typed from its own words, and whether words are a person's full name.

/** A model code: capitals and digits joined by hyphens, with a digit ("HL-L2350", "TC-52"), or a letter and a number ("X2", "S24"). */
const MODEL_CODE = /^(?=.*\d)(?=.*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)+$|^[A-Z]{1,2}\d{1,3}$/;

/** Last words of an event's name. */
const EVENT_HEADS = new Set([
  'marathon',
  'olympics',
  'olympiad',
  'games',
  'cup',
  'cups',
  'marathons',
  'festivals',
  'prix',
  'championship',
  'championships',
  'festival',
  'expo',
  'biennale',
  'regatta',
  'rally',
  'summit',
  'race',
  'open',
  'week',
  'fair',
  'conference',
  'congress',
]);

/** The words of a saint's name that open a town's: "Santa Cruz", "São Paulo", "St Andrews". */
export const SAINTS = new Set([
  'san',
  'santa',
  'santo',
  'são',
  'sao',
  'saint',
  'sainte',
  'st',
  'ste',
  'sankt',
]);

/** Last words of a team's or department's name: "Customer Operations", "Partner Success". */
const UNIT_WORDS = new Set([
  ...DEPARTMENTS,
  'success',
  'service',
  'services',
  'care',
  'relations',
  'experience',
  'insights',
  'team',
]);

/** Words for an institution that stand before its name: "Museum of …", "Biblioteca Nacional". */
const INSTITUTIONS_FIRST = new Set([
  'museum',
  'muséum',
  'museo',
  'musée',
  'museu',
  'library',
  'biblioteca',
  'bibliothèque',
  'galleria',
  'galería',
  'teatro',
  'théâtre',
]);

/** Words for a region that stand before its name. */
const REGION_HEADS = new Set(['county', 'province', 'prefecture', 'canton', 'oblast', 'département']);

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
  // "Museum of Modern Ceramic Art", "Museo Textil Andino": an institution by its first word. (Not
  // "Lake …" or "Mount …", which open titles too: the album "Lake Songs".)
  if (lower.length > 1 && INSTITUTIONS_FIRST.has(first)) return strong('organization');
  // "Berlin Marathon", "Pan American Games", "Tour de France": an event by its last word.
  if (lower.length > 1 && (EVENT_HEADS.has(last) || (first === 'tour' && lower[1] === 'de')))
    return strong('event');
  // "Santa Cruz", "San José", "São Paulo": a saint's name is a town's, unless its words say
  // otherwise ("the San Carlos art school").
  if (lower.length > 1 && SAINTS.has(first)) return weak('location');
  // "County Clare", "Province of Alberta": a kind of region before its name.
  if (lower.length > 1 && REGION_HEADS.has(first)) return strong('location');
  if (lower.length > 1 && ORGANIZATION_HEAD_SHAPE.test(first) && !lex.classOf(first))
    return strong('organization');
  // ("Min-jun Park", "Seo-yeon Kim": a romanised given name of two syllables, then a surname.)
  const givenFirst = /^(\p{Lu}\p{Ll}+)-(\p{Ll}+)$/u.exec(words[0]!);
  if (
    givenFirst &&
    lower.length === 2 &&
    SYLLABLE.test(givenFirst[1]!.toLowerCase()) &&
    SYLLABLE.test(givenFirst[2]!) &&
    givenFirst[2]!.length >= 2 &&
    /^\p{Lu}\p{Ll}+$/u.test(words[1]!)
  )
    return strong('person');
  // "Lina Park", "Dylan Field": a first name before a place word may be a person's.
  // ("The Salt Road": a title opening with a capitalised "The" may end on a place word.)
  if (lower.length > 1 && lex.isPlaceWord(last))
    return lex.classOf(first) === 'first-name' || words[0] === 'The' ? weak('location') : strong('location');
  if (lower.length > 1 && isProductWord(last)) return strong('product');
  // "Brother HL-L2350", "Zebra TC-52": a make and a model code of capitals, digits and hyphens.
  if (lower.length > 1 && MODEL_CODE.test(words[words.length - 1]!)) return strong('product');
  const firstClass = lex.classOf(first);
  // ("Customer Operations", "Customer Success": a role's word before a unit's names a team.)
  if (firstClass === 'role' && lower.length === 2 && UNIT_WORDS.has(last)) return weak('organization');
  if (firstClass === 'honorific' || (firstClass === 'role' && lower.length === 2)) return strong('person');
  if (firstClass === 'first-name' && lower.length >= 2 && lower.length <= 4) return strong('person');
  if (firstClass === 'first-name') return weak('person');
  if (lower.length >= 2 && lex.classOf(last) === 'last-name') return strong('person');
  if (lower.every((w) => ['location', 'region'].includes(lex.classOf(w) ?? ''))) return strong('location');
  // ("Santiago de Chile", "Ciudad de México": a town named with its country after "de".)
  if (
    lower.length === 3 &&
    ['de', 'del', 'do', 'da'].includes(lower[1]!) &&
    lex.isCountry(withoutAccents(last))
  )
    return strong('location');
  if (lower.length === 1 && whole === 'last-name') return weak('person');
  // ("Park Ji-won", "Jae-ho": a romanised Korean or Chinese given name of two syllables.)
  const given = /^(\p{Lu}\p{Ll}+)-(\p{Ll}+)$/u.exec(words[words.length - 1]!);
  if (given && lower.length <= 3 && SYLLABLE.test(given[1]!.toLowerCase()) && SYLLABLE.test(given[2]!))
    return lower.length > 1 ? strong('person') : weak('person');
  // ("here in Tábor", "— Kasia, Łódź": a town nothing else knows, by the gazetteer.)
  if (lower.join(' ').length >= 4 && lower.every((w) => !lex.classOf(w)) && isTownName(lower.join(' ')))
    return weak('location');
  return { type: 'concept', evidence: 'none' };
}

/** Whether the words from `start` to `end` are a person's first and last names ("Filipe Carvalho"). */
export function isFullName(tokens: Token[], start: number, end: number): boolean {
  const { type, evidence } = typeOfName(tokens.slice(start, end).map((t) => t.text));
  return type === 'person' && evidence === 'strong';
}
