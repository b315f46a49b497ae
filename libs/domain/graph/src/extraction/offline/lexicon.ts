import nlp from 'compromise';

/** Entity types the offline extractor assigns (docs/api.md, "Graph relations"). */
export type EntityType =
  | 'person'
  | 'organization'
  | 'location'
  | 'product'
  | 'event'
  | 'date'
  | 'concept'
  | 'email'
  | 'url'
  | 'error_code';

/** What compromise's lexicon says a word or name is, reduced to what typing needs. */
export type LexicalClass =
  | 'region'
  | 'first-name'
  | 'last-name'
  | 'person'
  | 'location'
  | 'organization'
  | 'demonym'
  | 'honorific'
  | 'role'
  | 'month'
  | 'weekday';

export interface Lexicon {
  classOf(lowercased: string): LexicalClass | undefined;
  isOrganizationWord(word: string): boolean;
  isPlaceWord(word: string): boolean;
  /** Whether compromise lists the name as a country's ("england", "denmark"), not a region's. */
  isCountry(lowercased: string): boolean;
  /** The gender compromise lists a first name under, when it lists it under one only. */
  genderOf(word: string): 'female' | 'male' | undefined;
}

/** The order decides between tags a word carries at once ("washington": place before surname). */
const TAG_CLASSES: [string, LexicalClass][] = [
  ['Month', 'month'],
  ['WeekDay', 'weekday'],
  ['Honorific', 'honorific'],
  ['Demonym', 'demonym'],
  ['Country', 'region'],
  ['Region', 'region'],
  ['City', 'location'],
  ['Place', 'location'],
  ['Organization', 'organization'],
  ['SportsTeam', 'organization'],
  ['FemaleName', 'first-name'],
  ['MaleName', 'first-name'],
  ['FirstName', 'first-name'],
  ['LastName', 'last-name'],
  ['Person', 'person'],
  ['Actor', 'role'],
];

/** Words of product and service names in technical text, which compromise does not list. */
const PRODUCT_WORDS = new Set([
  'api',
  'app',
  'application',
  'cli',
  'cloud',
  'database',
  'engine',
  'framework',
  'gateway',
  'os',
  'platform',
  'plugin',
  'proxy',
  'sdk',
  'server',
  'service',
  'update',
]);

/** Place words compromise leaves out of its list of them. */
const MORE_PLACE_WORDS = new Set(['city', 'county', 'province', 'state', 'district', 'river', 'tower']);

let built: Lexicon | undefined;

/**
 * Words that describe what an organisation does rather than name it: "Pixar Animation Studios" is
 * "Pixar" once introduced, "Altair Engineering" is "Altair". (The lexicon's organisation words,
 * Group, Partners, Systems, Labs, …, count too.)
 */
export const ORGANIZATION_DESCRIPTORS = new Set([
  'animation',
  'studios',
  'studio',
  'engineering',
  'technologies',
  'technology',
  'software',
  'pharmaceuticals',
  'motors',
  'airlines',
  'media',
  'networks',
  'energy',
  'foods',
  'games',
  'robotics',
  'interactive',
  'pictures',
  'films',
  'analytics',
  'ventures',
  'solutions',
  'records',
  'publishing',
  'pharma',
  'biotech',
  'commerce',
  'shipping',
  'brewing',
  'payments',
  'aerospace',
  'mining',
  'steel',
  'textiles',
  'diagnostics',
  'therapeutics',
  'biosciences',
  'semiconductor',
  'semiconductors',
  'health',
  'healthcare',
  'dental',
  'logistics',
  'trust',
  'capital',
  'holdings',
  'consulting',
  'collective',
  'resorts',
  'hotels',
  'hospitality',
  // (Professional firms: "Haldane & Roy Solicitors" is "Haldane & Roy".)
  'solicitors',
  'attorneys',
  'accountants',
  'architects',
  'apps',
  'chemicals',
  'electronics',
  'entertainment',
  'telecom',
  'insurance',
  'apparel',
  'instruments',
  'exports',
  'imports',
  'trading',
  'printing',
  'print',
  'mobility',
  'network',
  'bakery',
  'bakeshop',
  'dairy',
  'cooperative',
  'jewellery',
  'jewelry',
  'farms',
  'fisheries',
  'freight',
  'pharmacy',
]);

/**
 * compromise's own lexicon (24k words and names: first and last names, cities, countries, regions,
 * organisations, demonyms, honorifics, role nouns) and its cue words for organisations and places,
 * read once. Only the data is used: tagging is wink-nlp's, which is an order of magnitude faster.
 */
export function lexicon(): Lexicon {
  if (built) return built;
  const model = nlp.model() as {
    one: { lexicon: Record<string, string | string[]> };
    two: { orgWords: Record<string, boolean>; placeWords: Record<string, boolean> };
  };
  const classes = new Map<string, LexicalClass>();
  const genders = new Map<string, 'female' | 'male'>();
  const countries = new Set<string>();
  for (const [word, tags] of Object.entries(model.one.lexicon)) {
    const list = Array.isArray(tags) ? tags : [tags];
    const found = TAG_CLASSES.find(([tag]) => list.includes(tag));
    if (found) classes.set(word, found[1]);
    if (list.includes('Country')) countries.add(word);
    if (list.includes('FemaleName') !== list.includes('MaleName'))
      genders.set(word, list.includes('FemaleName') ? 'female' : 'male');
  }
  const orgWords = new Set(Object.keys(model.two.orgWords));
  const placeWords = new Set([...Object.keys(model.two.placeWords), ...MORE_PLACE_WORDS]);
  // compromise lists names without their accents: "Céline", "Søren", "Tomáš" are its "celine",
  // "soren", "tomas". A word it does not list is looked up again written so.
  const either = <T>(map: Map<string, T>, word: string) => map.get(word) ?? map.get(withoutAccents(word));
  built = {
    classOf: (word) => either(classes, word),
    isOrganizationWord: (word) => orgWords.has(word),
    isPlaceWord: (word) => placeWords.has(word),
    isCountry: (word) => countries.has(word),
    genderOf: (word) => either(genders, word),
  };
  return built;
}

/** Letters that do not decompose into a base letter and a mark. */
const FOLDED: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ı: 'i',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
  ð: 'd',
};

/** "søren" → "soren", "tomáš" → "tomas", "łukasz" → "lukasz". */
export function withoutAccents(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øłđıæœßþð]/g, (letter) => FOLDED[letter]!);
}

/**
 * Whether a capitalised word reads as a nationality: one the lexicon lists ("Thai"), or one with a
 * nationality's ending ("Finnish", "Japanese", "Korean", "Dutch", "Icelandic", "Iraqi").
 */
export function isNationalityWord(text: string): boolean {
  return (
    lexicon().classOf(text.toLowerCase()) === 'demonym' ||
    /^\p{Lu}\p{Ll}+(?:ish|ese|ian|an|ch|ic|i)$/u.test(text)
  );
}

export function isProductWord(word: string): boolean {
  return PRODUCT_WORDS.has(word);
}
