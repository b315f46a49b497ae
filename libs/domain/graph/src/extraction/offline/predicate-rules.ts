import { EntityType } from './lexicon';

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

/** One way of saying a canonical predicate: its verbs or nouns, and the preposition it ends on. */
export interface PredicateRule {
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
export const PREDICATE_RULES: PredicateRule[] = [
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
