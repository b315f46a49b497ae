import { EntityType } from './lexicon';
import { BIOGRAPHY_RULES } from './predicate-rules-biography';
import { CAREER_RULES } from './predicate-rules-careers';
import { CREATION_RULES } from './predicate-rules-creations';
import { NOUN_RULES } from './predicate-rules-nouns';
import { PLACE_RULES } from './predicate-rules-places';
import { MOVING_TO_SYSTEMS, SYSTEM_RULES } from './system-rules';

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

const VOCABULARY = new Set<string>(CANONICAL_PREDICATES);
/** Whether a relation's predicate is of the vocabulary, not a verb of its own ("win", "premier at"). */
export const isCanonical = (predicate: string): boolean => VOCABULARY.has(predicate);

/** One way of saying a canonical predicate: its verbs or nouns, and the preposition it ends on. */
export interface PredicateRule {
  verbs?: string[];
  nouns?: string[];
  /** Any noun for a person's occupation counts as one of `nouns` (before "at", "for", "with"). */
  anyOccupation?: boolean;
  /** The last preposition between the entities must be one of these ('' for none). */
  preps?: string[];
  canonical: CanonicalPredicate;
  /** A passive ("was created by") runs the relation the other way. */
  invertPassive?: boolean;
  /** The relation always runs from the second entity to the first ("X is home to Y"). */
  reversed?: boolean;
  sourceType?: EntityType;
  targetType?: EntityType;
  /** Types the target must not have. */
  notTarget?: EntityType[];
  /** Types the source must not have, when the lexicon is sure of them. */
  notSource?: EntityType[];
  /** Types the source must not have, however it was typed (by the lexicon or by its sentence). */
  notSourceTyped?: EntityType[];
  /**
   * Types the target must have, however sure its type is; a name nothing typed (a concept) passes
   * too ("built in Apache Superset", not "built in Halden", which a guess made a place).
   */
  onlyTargets?: EntityType[];
  /** Types the source must have, however sure its type is. */
  onlySources?: EntityType[];
  /** Only a target whose name says it teaches: "Kansai University", "IIT Bombay" (SCHOOL_NAME). */
  schoolsOnly?: boolean;
  /**
   * One of these words must stand between the two: a verb's particle ("took over from", not "took a
   * loan from"), a share ("owns 15% of").
   */
  words?: string[];
  /** No target whose name says it teaches (SCHOOL_NAME): "six years at ETH Zurich" may be study. */
  notSchools?: boolean;
  /** Only where no verb stands between the two: "Farid's new house in Mississauga". */
  noVerbs?: boolean;
  /**
   * Not where the words describe the source in apposition: "the Casa Verde, a historic house in
   * Potosí" is a house there, no one's home.
   */
  notDescribed?: boolean;
  /** What the relation is about (its target, read the relation's way) is no town or country the lexicon knows. */
  notOwnedPlace?: boolean;
  /** The verb stands right before the preposition: "was raised in", not "raised money in". */
  verbBeforePrep?: boolean;
  /** Only where no verb but "be" stands between: "X is a novel by Y", not "X released albums by Y". */
  onlyBe?: boolean;
  /**
   * Only where nothing but "be", adverbs and the preposition stand between: "Ana is still at
   * Arup", not "is your sister still at Stripe" (whose the sister is, the rule cannot say).
   */
  bare?: boolean;
  /** The rule's verb must be the last of the words ("used by", not "they use … knocked offline by"). */
  lastVerb?: boolean;
  /**
   * The verbs count only where the tagger reads a verb: "stores", "books", "logs" are more often
   * plural nouns than verbs, so a noun is not taken for one of them (predicate-verbs.ts, isVerbLike).
   */
  taggedOnly?: boolean;
}

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

/** Tried in order; the first that matches decides. */
export const PREDICATE_RULES: PredicateRule[] = [
  ...NOUN_RULES,
  ...BIOGRAPHY_RULES,
  ...CAREER_RULES,
  ...CREATION_RULES,
  ...MOVING_TO_SYSTEMS,
  ...PLACE_RULES,
  {
    verbs: ['lead', 'run', 'head', 'manage', 'chair', 'govern', 'rule', 'captain', 'steer'],
    preps: ['', 'by'],
    canonical: 'leads',
    invertPassive: true,
    notTarget: ['date'],
  },
  // "has been presided over by Ivana Perić", "she presides over the court".
  { verbs: ['preside'], preps: ['over', 'by'], canonical: 'leads', invertPassive: true, notTarget: ['date'] },
  {
    // ("she unseated the incumbent, Jorge Salinas": one voted out of a post is replaced in it.)
    verbs: ['succeed', 'replace', 'unseat'],
    preps: ['', 'as', 'by'],
    canonical: 'succeeded',
    invertPassive: true,
    sourceType: 'person',
    targetType: 'person',
  },
  // "took over last year from company founder Ernesto Alcázar": one person after another.
  {
    verbs: ['take'],
    preps: ['from'],
    words: ['over'],
    canonical: 'succeeded',
    sourceType: 'person',
    onlySources: ['person'],
    onlyTargets: ['person'],
  },
  // "It succeeded the Fairphone 4": a model or a title follows the one before it.
  { verbs: ['succeed'], preps: [''], canonical: 'succeeded', notTarget: ['person', 'location', 'date'] },
  ...SYSTEM_RULES,
  { verbs: ['cause', 'trigger'], preps: ['by'], canonical: 'caused by' },
  // (Not "The tower features in the film Lumen": a place casts no one.)
  {
    verbs: ['star', 'feature'],
    preps: [''],
    canonical: 'stars',
    targetType: 'person',
    notSourceTyped: ['location'],
  },
  // "X starred in Y", "X appeared in Y": Y stars X.
  {
    verbs: ['star', 'appear'],
    preps: ['in'],
    canonical: 'stars',
    reversed: true,
    targetType: 'person',
    notTarget: ['person', 'location', 'date', 'organization'],
  },
  { verbs: ['belong'], preps: ['to'], canonical: 'part of' },
  // "Activision Blizzard now sits within Microsoft Gaming", "the unit falls under Siemens Energy".
  {
    verbs: ['sit', 'fall'],
    preps: ['within', 'under', 'inside'],
    canonical: 'part of',
    notSourceTyped: ['person', 'location', 'date'],
    notTarget: ['person', 'location', 'date'],
  },
  // "BladeCare, which will be folded into Nordvind Services": a business merged into another.
  {
    verbs: ['fold', 'merge', 'integrate', 'absorb', 'incorporate'],
    preps: ['into'],
    canonical: 'part of',
    notTarget: ['person', 'location', 'date'],
  },
];
