/**
 * Rewrites a first-person sentence as a standalone statement about the user:
 * "I love hiking with my dog" → "Caroline loves hiking with Caroline's dog".
 * Only the speaker's own pronouns change; verbs right after the subject agree with it.
 */
// A Map: the words come from users ("I constructor …" must not find Object's constructor).
const IRREGULAR = new Map<string, string>(
  Object.entries({
    am: 'is',
    m: 'is',
    have: 'has',
    "'ve": 'has',
    do: 'does',
    go: 'goes',
    was: 'was',
    were: 'was',
    can: 'can',
    could: 'could',
    will: 'will',
    "'ll": 'will',
    would: 'would',
    "'d": 'would',
    should: 'should',
    must: 'must',
    might: 'might',
    may: 'may',
    had: 'had',
    did: 'did',
    "don't": "doesn't",
    "didn't": "didn't",
    "can't": "can't",
    "won't": "won't",
    "haven't": "hasn't",
    "wasn't": "wasn't",
    "'m not": 'is not',
  }),
);

/** Irregular past forms: they stay as they are after any subject. */
const PAST = new Set(
  (
    'went got had made took ran met lost won bought wrote read saw felt thought told said found left came became ' +
    'began brought built caught chose drove ate fell flew forgot gave grew heard kept knew led paid put quit rode ' +
    'sang sat slept spent stood swam taught threw understood woke wore did was were let set cut hit hurt shut ' +
    'sent lent meant dealt dreamt learnt burnt spoke broke stole froze rose drew drank sank swung hung held ' +
    'fought sought bought taught struck stuck dug'
  ).split(' '),
);

/** Third person singular of a present-tense verb: like → likes, watch → watches, try → tries. */
export function thirdPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular = IRREGULAR.get(lower);
  if (irregular !== undefined) return irregular;
  if (/(ed|ing)$/.test(lower) || PAST.has(lower)) return verb; // past tense or participle: unchanged
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

// Adverbs that may sit between the subject and its verb ("I really like", "I also work").
const ADVERB =
  '(?:really|also|still|just|usually|always|often|sometimes|never|actually|absolutely|definitely|totally|kinda|kind of|probably|recently|finally|already)';

export function toThirdPerson(sentence: string, name: string): string {
  const possessive = `${name}'s`;
  let text = sentence.trim();
  // Contractions of "I" first, so "I'm" and "I've" become "<name> is" and "<name> has".
  text = text.replace(/\bI'm\s+not\b/g, `${name} is not`);
  text = text.replace(/\bI'm\b/g, `${name} is`).replace(/\bI've\b/g, `${name} has`);
  text = text.replace(/\bI'll\b/g, `${name} will`).replace(/\bI'd\b/g, `${name} would`);
  // "I [adverb] verb" → "<name> [adverb] verbs"
  text = text.replace(
    new RegExp(`\\bI((?:\\s+${ADVERB})*)\\s+([A-Za-z']+)`, 'g'),
    (_match, adverbs: string, verb: string) => `${name}${adverbs} ${thirdPersonVerb(verb)}`,
  );
  text = text.replace(/\bI\b/g, name);
  text = text.replace(/\b[Mm]yself\b/g, name);
  text = text.replace(/\b[Mm]ine\b/g, possessive);
  text = text.replace(/\b[Mm]y\b/g, possessive);
  text = text.replace(/\bme\b/g, name);
  return text;
}
