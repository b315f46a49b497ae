import type { Discourse } from './discourse';
import { lexicon } from './lexicon';
import { Mention } from './mentions';
import type { SentenceRelation } from './relations';

/** Possessive determiners, and whom each stands for. */
export const POSSESSIVES = new Set(['my', 'our', 'his', 'her', 'their', 'its']);

export const rel = (
  source: Mention,
  target: Mention,
  canonical: string,
  raw: string,
  end: number,
  confidence = 0.7,
): SentenceRelation => ({ source, target, canonical, raw, confidence, end });

/** The gender a pronoun names ("her", "she"), when it names one. */
export function pronounGender(word: string): 'female' | 'male' | undefined {
  if (word === 'her' || word === 'she' || word === 'hers') return 'female';
  if (word === 'his' || word === 'he' || word === 'him') return 'male';
  return undefined;
}

const FEMALE_NOUNS = [
  'wife',
  'mother',
  'mum',
  'mom',
  'sister',
  'daughter',
  'aunt',
  'grandmother',
  'grandma',
  'granddaughter',
  'niece',
  'girlfriend',
  'fiancée',
  'bride',
  'widow',
  'mrs',
  'ms',
  'miss',
  'queen',
  'abuela',
  'actress',
  'businesswoman',
  'chairwoman',
  'sportswoman',
  'stepmother',
  'stepdaughter',
  'mama',
  'mamma',
  'maman',
  'mamá',
];
const MALE_NOUNS = [
  'husband',
  'father',
  'dad',
  'brother',
  'son',
  'uncle',
  'grandfather',
  'grandpa',
  'grandson',
  'nephew',
  'boyfriend',
  'fiancé',
  'groom',
  'widower',
  'mr',
  'king',
  'abuelo',
  'businessman',
  'chairman',
  'sportsman',
  'stepfather',
  'stepson',
  'papa',
  'papá',
];
/** Nouns before a name that say its gender. */
const GENDERED = new Map<string, 'female' | 'male'>([
  ...FEMALE_NOUNS.map((w) => [w, 'female'] as const),
  ...MALE_NOUNS.map((w) => [w, 'male'] as const),
]);

/**
 * The gender a noun before a name gives it: "my wife Kemi", "her son Emeka" ("her half-brother,
 * Ibrahima", "his step-sister" as their brother and sister).
 */
export const nounGender = (word: string): 'female' | 'male' | undefined =>
  GENDERED.get(word.replace(/^(?:half|step)-/, ''));

/**
 * Vietnamese middle names that say a gender, in names written family name first: "Nguyễn Thị Lan"
 * is a woman, "Trần Văn Khải" a man (whatever the lexicon says of "Nguyen" as a first name).
 */
const VIETNAMESE_MIDDLE_NAMES = new Map<string, 'female' | 'male'>([
  ['thi', 'female'],
  ['van', 'male'],
]);

/** The gender a person's first name says, when the lexicon knows the name. */
export const mentionGender = (mention: Mention): 'female' | 'male' | undefined => {
  const words = mention.keys[0]!.split(' ');
  const middle = words.length === 3 ? VIETNAMESE_MIDDLE_NAMES.get(words[1]!) : undefined;
  // ("Mama is already crying": a parent called by what they are to the speaker.)
  const called = words.length === 1 ? nounGender(words[0]!) : undefined;
  if (called) return called;
  // ("Jean-Luc", "Marie-Ève": a hyphenated first name the lexicon does not know says its first part's.)
  const first = words[0]!;
  return (
    middle ??
    lexicon().genderOf(first) ??
    (first.includes('-') ? lexicon().genderOf(first.split('-')[0]!) : undefined)
  );
};

/**
 * The latest of `people` a pronoun of `gender` can stand for: one whose first name says that
 * gender before one the lexicon cannot tell, never one whose name says the other.
 */
export function latestOfGender(
  people: Mention[],
  gender: 'female' | 'male' | undefined,
  genderOf: (mention: Mention) => 'female' | 'male' | undefined = mentionGender,
): Mention | undefined {
  const latestFirst = [...people].reverse();
  if (!gender) return latestFirst[0];
  return latestFirst.find((m) => genderOf(m) === gender) ?? latestFirst.find((m) => !genderOf(m));
}

/**
 * Whom a possessive at token `at` stands for: "my" the speaker of the turn, "his"/"her" the latest
 * person the pronoun's gender fits, "its"/"their" the thing the sentence (or else the text) is about.
 */
export function ownerOf(
  word: string,
  at: number,
  mentions: Mention[],
  discourse: Discourse,
): Mention | undefined {
  const before = mentions.filter((m) => m.end <= at);
  if (word === 'my' || word === 'our') return discourse.speaker;
  if (word === 'his' || word === 'her') {
    const gender = pronounGender(word);
    // (Never the turn's speaker: "Jonas: … his girlfriend Ines" is someone else's.)
    const speaker = discourse.speaker?.keys[0];
    const earlier = latestOfGender(
      before.filter((m) => m.type === 'person' && m.keys[0] !== speaker),
      gender,
      discourse.genderOf,
    );
    // (Else someone named before, not later in this sentence: "Emperor Menelik II and his wife,
    // …, the governor of Italian Eritrea" is not Eritrea's wife.)
    return (
      earlier ??
      discourse.person(undefined, gender, false, { later: new Set(mentions.filter((m) => m.start > at)) })
    );
  }
  return (
    before.find((m) => !['person', 'location', 'date', 'email', 'url'].includes(m.type)) ?? discourse.thing()
  );
}
