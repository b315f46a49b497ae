import { EntityType } from './lexicon';
import type { Mention } from './mentions';
import { Token } from './sentences';

/**
 * The canonical predicates (docs/api.md, "Graph relations"): what the offline extractor maps the
 * verbs and nouns between two entities to. A relation whose words match none keeps its own words,
 * lemmatised, as its canonical predicate, with a lower confidence.
 */
export const CANONICAL_PREDICATES = [
  'born in',
  'died in',
  'married to',
  'child of',
  'parent of',
  'sibling of',
  'friend of',
  'works at',
  'works with',
  'leads',
  'founded',
  'owns',
  'acquired',
  'sold to',
  'created',
  'stars',
  'studied at',
  'lives in',
  'located in',
  'capital of',
  'part of',
  'member of',
  'partner of',
  'succeeded',
  'uses',
  'caused by',
  'affects',
] as const;

export type CanonicalPredicate = (typeof CANONICAL_PREDICATES)[number];

export interface PredicateMatch {
  canonical: string;
  /** The relation runs from the second entity to the first ("was founded by"). */
  inverted: boolean;
  /** From the vocabulary (true), or the words themselves (false). */
  known: boolean;
  /** The type this predicate implies for an entity the lexicon could not type. */
  sourceType?: EntityType;
  targetType?: EntityType;
}

interface Rule {
  verbs?: string[];
  nouns?: string[];
  /** The last preposition between the entities must be one of these ('' for none). */
  preps?: string[];
  canonical: CanonicalPredicate;
  /** A passive ("was created by") runs the relation the other way. */
  invertPassive?: boolean;
  sourceType?: EntityType;
  targetType?: EntityType;
  /** Types the target must not have. */
  notTarget?: EntityType[];
}

const NOT_PLACE: EntityType[] = ['location', 'date'];
const NOT_PERSON: EntityType[] = ['person', 'date'];

/** Tried in order; the first that matches decides. */
const RULES: Rule[] = [
  {
    nouns: ['wife', 'husband', 'spouse'],
    preps: ['of'],
    canonical: 'married to',
    sourceType: 'person',
    targetType: 'person',
  },
  { verbs: ['marry', 'wed'], canonical: 'married to', sourceType: 'person', targetType: 'person' },
  {
    nouns: ['daughter', 'son', 'child'],
    preps: ['of'],
    canonical: 'child of',
    sourceType: 'person',
    targetType: 'person',
  },
  {
    nouns: ['father', 'mother', 'parent'],
    preps: ['of'],
    canonical: 'parent of',
    sourceType: 'person',
    targetType: 'person',
  },
  {
    nouns: ['brother', 'sister', 'sibling'],
    preps: ['of'],
    canonical: 'sibling of',
    sourceType: 'person',
    targetType: 'person',
  },
  {
    nouns: ['friend'],
    preps: ['of', 'with'],
    canonical: 'friend of',
    sourceType: 'person',
    targetType: 'person',
  },
  { verbs: ['befriend'], canonical: 'friend of', sourceType: 'person', targetType: 'person' },
  {
    nouns: ['founder', 'co-founder', 'cofounder'],
    preps: ['of'],
    canonical: 'founded',
    targetType: 'organization',
  },
  { nouns: ['owner'], preps: ['of'], canonical: 'owns' },
  {
    nouns: ['capital'],
    preps: ['of'],
    canonical: 'capital of',
    sourceType: 'location',
    targetType: 'location',
  },
  {
    nouns: [
      'ceo',
      'executive',
      'president',
      'chairman',
      'chairwoman',
      'chair',
      'head',
      'leader',
      'governor',
      'mayor',
      'king',
      'queen',
      'captain',
      'director',
    ],
    preps: ['of'],
    canonical: 'leads',
    sourceType: 'person',
  },
  { nouns: ['member'], preps: ['of'], canonical: 'member of', notTarget: NOT_PLACE },
  {
    nouns: [
      'subsidiary',
      'division',
      'part',
      'unit',
      'branch',
      'state',
      'province',
      'region',
      'department',
      'district',
      'suburb',
      'neighbourhood',
      'neighborhood',
    ],
    preps: ['of'],
    canonical: 'part of',
  },
  { nouns: ['partner'], preps: ['of', 'with'], canonical: 'partner of' },
  { verbs: ['partner'], preps: ['with'], canonical: 'partner of' },
  {
    nouns: [
      'officer',
      'employee',
      'engineer',
      'professor',
      'manager',
      'scientist',
      'researcher',
      'analyst',
      'lecturer',
      'job',
      'developer',
      'designer',
      'intern',
    ],
    preps: ['of', 'at', 'for', 'with'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  {
    verbs: ['bear'],
    preps: ['in', ''],
    canonical: 'born in',
    sourceType: 'person',
    targetType: 'location',
    notTarget: NOT_PERSON,
  },
  {
    verbs: ['die'],
    preps: ['in', 'at'],
    canonical: 'died in',
    sourceType: 'person',
    targetType: 'location',
    notTarget: NOT_PERSON,
  },
  {
    verbs: ['found', 'co-found', 'cofound', 'establish', 'co-founded', 'cofounded'],
    preps: ['', 'by'],
    canonical: 'founded',
    invertPassive: true,
    targetType: 'organization',
  },
  { verbs: ['own'], preps: ['', 'by'], canonical: 'owns', invertPassive: true },
  { verbs: ['acquire', 'buy', 'purchase'], preps: ['', 'by'], canonical: 'acquired', invertPassive: true },
  { verbs: ['sell'], preps: ['to'], canonical: 'sold to' },
  {
    verbs: ['collaborate', 'cooperate', 'work'],
    preps: ['with', 'alongside'],
    canonical: 'works with',
    sourceType: 'person',
    targetType: 'person',
  },
  {
    verbs: ['study', 'graduate', 'attend', 'enrol', 'enroll'],
    preps: ['at', 'from', 'in', ''],
    canonical: 'studied at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  {
    verbs: ['work', 'teach', 'lecture', 'retire', 'serve', 'intern'],
    preps: ['at', 'for', 'from'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  {
    verbs: ['employ', 'hire'],
    preps: ['by'],
    canonical: 'works at',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  {
    verbs: ['appoint', 'name', 'elect'],
    preps: ['at', 'of'],
    canonical: 'works at',
    sourceType: 'person',
    notTarget: NOT_PERSON,
  },
  {
    verbs: ['play'],
    preps: ['for', 'in'],
    canonical: 'member of',
    sourceType: 'person',
    notTarget: NOT_PLACE,
  },
  {
    verbs: ['join'],
    preps: [''],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  {
    verbs: [
      'write',
      'direct',
      'paint',
      'compose',
      'design',
      'invent',
      'create',
      'develop',
      'author',
      'produce',
      'draw',
      'sculpt',
      'record',
      'publish',
    ],
    preps: ['', 'by'],
    canonical: 'created',
    invertPassive: true,
    notTarget: ['location', 'date'],
  },
  {
    verbs: ['live', 'reside', 'settle', 'move', 'relocate', 'emigrate', 'immigrate'],
    preps: ['in', 'to'],
    canonical: 'lives in',
    sourceType: 'person',
    targetType: 'location',
    notTarget: NOT_PERSON,
  },
  {
    verbs: ['headquarter', 'base', 'locate', 'situate', 'form', 'open', 'flow', 'found', 'establish'],
    preps: ['in', 'through', 'at'],
    canonical: 'located in',
    targetType: 'location',
    notTarget: NOT_PERSON,
  },
  {
    verbs: ['lead', 'run', 'head', 'manage', 'chair', 'govern', 'rule', 'captain'],
    preps: ['', 'by'],
    canonical: 'leads',
    invertPassive: true,
    notTarget: ['date'],
  },
  {
    verbs: ['succeed', 'replace'],
    preps: ['', 'as'],
    canonical: 'succeeded',
    sourceType: 'person',
    targetType: 'person',
  },
  { verbs: ['use', 'depend', 'rely', 'require'], preps: ['', 'on', 'upon'], canonical: 'uses' },
  { verbs: ['cause', 'trigger'], preps: ['by'], canonical: 'caused by' },
  { verbs: ['star', 'feature'], preps: [''], canonical: 'stars', targetType: 'person' },
  { verbs: ['belong'], preps: ['to'], canonical: 'part of' },
];

/** Words between two entities that end one clause and start another: no relation spans them. */
export const CLAUSE_BREAKS = new Set([
  'when',
  'because',
  'while',
  'if',
  'although',
  'though',
  'but',
  'whereas',
  'since',
  'after',
  'before',
  'until',
  'unless',
  'than',
  'whether',
  'so',
]);

const root = (token: Token) => token.lemma.toLowerCase();

/** The base forms a word can be an inflection of: "lives" → live, "married" → marry, "based" → base. */
function bases(word: string): string[] {
  const out = [word];
  if (word.endsWith('ied')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s')) out.push(word.slice(0, -1));
  if (word.endsWith('ed')) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith('ing')) out.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return out;
}

/**
 * Verbs, and what the tagger took for something else: participles as adjectives ("is married
 * to", "is based in"), and third-person verbs as plural nouns ("lives in", "flows through").
 */
export function isVerbLike(token: Token): boolean {
  if (token.pos === 'VERB') return true;
  if (token.pos === 'AUX') return root(token) !== 'be' && root(token) !== 'have';
  if (token.pos === 'ADJ') return /(ed|en|wn)$/.test(token.lower);
  if (token.pos === 'NOUN')
    return (
      /[^s]s$/.test(token.lower) &&
      bases(token.lower)
        .slice(1)
        .some((b) => KNOWN_VERBS().has(b))
    );
  return false;
}

/** Verbs outside the rules that a tagger may still take for plural nouns ("blocks", "crashes"). */
const MORE_VERBS = ['block', 'affect', 'crash', 'break', 'occur', 'appear', 'happen', 'fail', 'show', 'stop'];

let knownVerbs: Set<string> | undefined;
function KNOWN_VERBS(): Set<string> {
  knownVerbs ??= new Set([...RULES.flatMap((rule) => rule.verbs ?? []), ...MORE_VERBS]);
  return knownVerbs;
}

/** Moves an entity "moved its headquarters to": an organisation moves its seat, not its home. */
function relocates(tokens: Token[]): boolean {
  return tokens.some((t) =>
    ['headquarters', 'hq', 'office', 'offices', 'seat', 'operations'].includes(t.lower),
  );
}

/** Bodies one joins as a member, not as an employee. */
const GROUP_WORDS =
  /\b(navy|army|air force|marines|party|band|club|society|team|union|association|council|committee|league|orchestra|choir|parliament|senate|congress|board|academy)\b/i;

/**
 * The canonical predicate for the words between two entities, or undefined when they say nothing
 * a relation can be read from. `between` excludes both entities.
 */
export function matchPredicate(
  between: Token[],
  source: Mention,
  target: Mention,
): PredicateMatch | undefined {
  const content = between.filter((t) => !['DET', 'PUNCT', 'ADV', 'NUM', 'SYM', 'INTJ'].includes(t.pos));
  const verbs = content.filter(isVerbLike);
  const nouns = content.filter((t) => (t.pos === 'NOUN' || t.pos === 'PROPN') && !verbs.includes(t));
  const lastWord = [...between].reverse().find((t) => t.pos !== 'DET' && t.pos !== 'PUNCT');
  const finalPrep = lastWord && (lastWord.pos === 'ADP' || lastWord.lower === 'to') ? lastWord.lower : '';
  const passive =
    finalPrep === 'by' &&
    between.some((t) => root(t) === 'be' || root(t) === 'get') &&
    verbs.some((t) => /(ed|en|wn|ght|lt|id)$/.test(t.lower));
  const verbIs = (t: Token, words: string[]) =>
    words.includes(root(t)) || bases(t.lower).some((b) => words.includes(b));
  const nounIs = (t: Token, words: string[]) => words.includes(root(t)) || words.includes(t.lower);
  // A type the lexicon is sure of rules a predicate out; a guessed one does not.
  const targetType = target.evidence === 'strong' ? target.type : undefined;

  for (const rule of RULES) {
    if (rule.preps && !rule.preps.includes(finalPrep)) continue;
    if (targetType && rule.notTarget?.includes(targetType) && !(rule.invertPassive && passive)) continue;
    if (rule.verbs && !verbs.some((t) => verbIs(t, rule.verbs!))) continue;
    if (rule.nouns && !nouns.some((t) => nounIs(t, rule.nouns!))) continue;
    if (rule.canonical === 'lives in' && source.type !== 'person' && relocates(between)) {
      return { canonical: 'located in', inverted: false, known: true, targetType: 'location' };
    }
    if (rule.canonical === 'lives in' && source.type === 'organization' && source.evidence === 'strong')
      continue;
    if (
      rule.canonical === 'works at' &&
      verbs.some((t) => verbIs(t, ['join'])) &&
      GROUP_WORDS.test(target.name)
    ) {
      return { canonical: 'member of', inverted: false, known: true };
    }
    const inverted = Boolean(rule.invertPassive && passive);
    return {
      canonical: rule.canonical,
      inverted,
      known: true,
      sourceType: inverted ? rule.targetType : rule.sourceType,
      targetType: inverted ? rule.sourceType : rule.targetType,
    };
  }
  // "is a museum in Paris", "is a census-designated place in Pulaski County".
  const copula = root(between[0] ?? lastWord!) === 'be' && between[1]?.pos === 'DET';
  if (
    copula &&
    finalPrep === 'in' &&
    nouns.length > 0 &&
    (target.type === 'location' || target.evidence !== 'strong')
  ) {
    return { canonical: 'located in', inverted: false, known: true, targetType: 'location' };
  }
  // Anything else: one verb and its preposition, nothing more, as the predicate.
  if (verbs.length === 1 && nouns.length === 0 && content.length <= 2 && !passive) {
    const words = content.filter((t) => isVerbLike(t) || t.pos === 'ADP').map(root);
    if (words.length > 0) return { canonical: words.join(' '), inverted: false, known: false };
  }
  return undefined;
}
