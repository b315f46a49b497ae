import { EntityType } from './lexicon';
import { WORK_NOUNS } from './name-words';
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
  /** Only where no verb stands between the two: "Farid's new house in Mississauga". */
  noVerbs?: boolean;
  /** What the relation is about (its target, read the relation's way) is no town or country the lexicon knows. */
  notOwnedPlace?: boolean;
  /** The verb stands right before the preposition: "was raised in", not "raised money in". */
  verbBeforePrep?: boolean;
  /** Only where no verb but "be" stands between: "X is a novel by Y", not "X released albums by Y". */
  onlyBe?: boolean;
  /** The rule's verb must be the last of the words ("used by", not "they use … knocked offline by"). */
  lastVerb?: boolean;
  /**
   * The verbs count only where the tagger reads a verb: "stores", "books", "logs" are more often
   * plural nouns than verbs, so a noun is not taken for one of them (predicates.ts, isVerbLike).
   */
  taggedOnly?: boolean;
}

const NOT_PLACE: EntityType[] = ['location', 'date'];
const NOT_PERSON: EntityType[] = ['person', 'date'];

/** Tried in order; the first that matches decides. */
export const PREDICATE_RULES: PredicateRule[] = [
  // "an architect best known for the Rheinhalle", "remembered for Kaveri Nights": what one is
  // known for having made (not a place, a person or an employer: those fall through to no rule).
  {
    verbs: ['know', 'remember', 'note'],
    preps: ['for'],
    lastVerb: true,
    canonical: 'created',
    notTarget: ['location', 'date', 'person', 'organization', 'email', 'url', 'error_code'],
    // ("The town is known for the Basilica of San Teodoro": a place makes nothing.)
    notSourceTyped: ['location'],
  },
  {
    nouns: ['wife', 'husband', 'spouse'],
    preps: ['of'],
    canonical: 'married to',
    sourceType: 'person',
    targetType: 'person',
  },
  // (Not "got married to a chef there": a place is where, not whom.)
  {
    verbs: ['marry', 'wed'],
    canonical: 'married to',
    sourceType: 'person',
    targetType: 'person',
    notTarget: ['location', 'organization', 'date'],
  },
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
    nouns: ['colleague', 'coworker', 'co-worker'],
    preps: ['of'],
    canonical: 'works with',
    sourceType: 'person',
    targetType: 'person',
  },
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
      'boss',
      'chief',
      'secretary-general',
      'director-general',
      'principal',
      'rector',
      'dean',
      'provost',
      'chancellor',
      'headteacher',
      'headmaster',
      'headmistress',
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
      'arm',
      'imprint',
      'affiliate',
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
    // (No person is a part: "Priyanka Desai, a former Heineken executive, …".)
    notSource: ['person'],
  },
  {
    nouns: ['partner', 'venture', 'partnership', 'alliance'],
    preps: ['of', 'with'],
    canonical: 'partner of',
    // ("expansion into Indonesia through a partnership with Bank Nusantara": a place partners no one.)
    notSource: NOT_PLACE,
    notTarget: NOT_PLACE,
  },
  {
    nouns: ['purchase', 'acquisition', 'takeover', 'buyout'],
    preps: ['of'],
    canonical: 'acquired',
    notTarget: ['person', 'date'],
  },
  {
    nouns: [
      'degree',
      'master',
      'masters',
      'phd',
      'doctorate',
      'bachelor',
      'mba',
      'msc',
      'bsc',
      'mphil',
      'dphil',
    ],
    preps: ['at', 'from'],
    canonical: 'studied at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  { nouns: ['home'], preps: ['to'], canonical: 'located in', reversed: true, notTarget: ['date'] },
  // "Things Fall Apart is a 1958 novel by Chinua Achebe", "Tomboy, a 2011 film by Céline Sciamma":
  // the work is its maker's.
  {
    // ("a Series C round led by SoftBank" is no work of SoftBank's.)
    nouns: [...WORK_NOUNS].filter((noun) => noun !== 'series'),
    preps: ['by'],
    canonical: 'created',
    reversed: true,
    onlyBe: true,
    notTarget: ['location', 'date'],
  },
  // "The city is the birthplace of the novelist Ismail Kadare": he was born there.
  {
    nouns: ['birthplace'],
    preps: ['of'],
    canonical: 'born in',
    reversed: true,
    sourceType: 'person',
    targetType: 'location',
    notTarget: ['date'],
  },
  // (The tagger reads "is home to" as a verb as often as a noun.)
  { verbs: ['home'], preps: ['to'], canonical: 'located in', reversed: true, notTarget: ['date'] },
  {
    verbs: ['partner'],
    preps: ['with'],
    canonical: 'partner of',
    notSource: NOT_PLACE,
    notTarget: NOT_PLACE,
  },
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
      'trainee',
      'apprentice',
      'nurse',
      'doctor',
      'physician',
      'surgeon',
      'teacher',
      'architect',
      'lawyer',
      'consultant',
      'accountant',
      'editor',
      'journalist',
      'reporter',
      'chef',
      'technician',
      'administrator',
      'admin',
      'sre',
      'dba',
      'lead',
      'programmer',
      'supervisor',
      'representative',
      'specialist',
      'coordinator',
      'assistant',
      'worker',
      'staff',
      'cto',
      'cfo',
      'coo',
      'cio',
      'vp',
    ],
    anyOccupation: true,
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
    verbs: ['found', 'co-found', 'cofound', 'establish', 'co-founded', 'cofounded', 'form'],
    preps: ['', 'by'],
    canonical: 'founded',
    invertPassive: true,
    targetType: 'organization',
  },
  // "opened his first restaurant, Han River Kitchen", "she opened a bakery, Pão Quente": a person's
  // own business (a company opening a store founds nothing).
  {
    verbs: ['open'],
    preps: [''],
    canonical: 'founded',
    sourceType: 'person',
    targetType: 'organization',
  },
  // ("which is controlled by the Halvorsen family": a controlling owner.)
  // (Not a town: "a little shop in Tbilisi owned by my friend Nino" is the shop's owner.)
  {
    verbs: ['own', 'control'],
    preps: ['', 'by'],
    canonical: 'owns',
    invertPassive: true,
    notOwnedPlace: true,
  },
  {
    verbs: ['acquire', 'buy', 'purchase'],
    preps: ['', 'by'],
    canonical: 'acquired',
    invertPassive: true,
    sourceType: 'organization',
    targetType: 'organization',
  },
  { verbs: ['sell'], preps: ['to'], canonical: 'sold to' },
  {
    verbs: ['collaborate', 'cooperate', 'work'],
    preps: ['with', 'alongside'],
    canonical: 'works with',
    sourceType: 'person',
    targetType: 'person',
  },
  {
    nouns: ['house', 'flat', 'apartment', 'home', 'place'],
    preps: ['in'],
    noVerbs: true,
    canonical: 'lives in',
    sourceType: 'person',
    targetType: 'location',
    notTarget: NOT_PERSON,
  },
  // "played with the experimental string quartet Frostrósir": one of its players.
  {
    verbs: ['play', 'perform', 'tour', 'sing'],
    nouns: ['band', 'quartet', 'trio', 'quintet', 'orchestra', 'ensemble', 'choir', 'group'],
    preps: ['with', 'in'],
    canonical: 'member of',
    sourceType: 'person',
    notTarget: ['person', 'location', 'date'],
  },
  // "a native of Ísafjörður": where one was born.
  { nouns: ['native'], preps: ['of'], canonical: 'born in', sourceType: 'person', targetType: 'location' },
  // "A graduate of Imperial College London, he …", "an alumna of Stella Maris College".
  {
    nouns: ['graduate', 'alumnus', 'alumna', 'alumni'],
    preps: ['of'],
    canonical: 'studied at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: ['person', 'date'],
  },
  // "read computer science at the University of Edinburgh" (only at an organisation).
  {
    verbs: ['read'],
    preps: ['at'],
    canonical: 'studied at',
    sourceType: 'person',
    targetType: 'organization',
    onlyTargets: ['organization'],
  },
  {
    verbs: ['study', 'graduate', 'attend', 'enrol', 'enroll', 'train', 'educate'],
    preps: ['at', 'from', 'in', ''],
    canonical: 'studied at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  {
    verbs: ['work', 'teach', 'lecture', 'retire', 'serve', 'intern', 'cook', 'coach'],
    preps: ['at', 'for', 'from'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  {
    // "spent six years at the Broad Institute", "spent a decade at the law firm Gómez & Arango".
    verbs: ['spend'],
    preps: ['at', 'with'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  // "signed for Olympique Lyonnais", "competes for the Nairobi Harriers": a player of the club (as
  // one plays for it, below).
  {
    verbs: ['sign', 'compete', 'race'],
    preps: ['for'],
    canonical: 'member of',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: ['person', 'location', 'date'],
  },
  {
    // "spent most of her career at the Norwegian Polar Institute", "her first job at Stripe".
    nouns: ['career', 'job', 'stint', 'tenure', 'internship', 'residency'],
    preps: ['at', 'with'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  {
    // "runs IT at Kestrel Health", "manages sales for Acme": a job there.
    verbs: ['run', 'manage', 'head', 'lead', 'oversee'],
    preps: ['at', 'for'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  // "set up the British Hotel", "set up a charity".
  {
    verbs: ['set'],
    preps: ['up'],
    canonical: 'founded',
    targetType: 'organization',
    notTarget: ['person', 'location', 'date'],
  },
  {
    // "Dev quit Accenture", "she left Siemens": a job there, ended.
    verbs: ['quit', 'leave'],
    preps: [''],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: ['location', 'date', 'person'],
  },
  {
    // "Tessera hired Ana Lobo": she works there.
    verbs: ['hire', 'employ'],
    preps: [''],
    canonical: 'works at',
    reversed: true,
    sourceType: 'person',
    targetType: 'organization',
    notTarget: ['location', 'date'],
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
    // "joined Stripe"; "joins from Unilever": the employer left is one worked at too.
    verbs: ['join'],
    preps: ['', 'from'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  // "Tobias left for Datadog": a move to a new employer (a place one leaves for is no employer).
  {
    verbs: ['leave'],
    preps: ['for'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: ['person', 'location', 'date', 'event'],
  },
  // "designed the Arctic Cathedral", "built the Rheinhalle", "designed Canberra": a building or a
  // planned city is its architect's work, though it is a place.
  {
    verbs: ['design', 'build', 'construct', 'co-design'],
    preps: ['', 'by'],
    canonical: 'created',
    invertPassive: true,
    notTarget: ['date', 'person'],
  },
  // "Toyota launched the Prius", "she released Miss Perfumado in 1992": what a maker or an artist
  // puts out is theirs (a place, a person or a company is not launched so).
  {
    verbs: ['launch', 'release', 'unveil', 'debut', 'ship'],
    preps: ['', 'by'],
    canonical: 'created',
    invertPassive: true,
    notTarget: ['location', 'date', 'person', 'organization', 'email', 'url', 'error_code'],
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
      'pen',
      'co-write',
      'co-author',
      'build',
      'construct',
    ],
    preps: ['', 'by'],
    canonical: 'created',
    invertPassive: true,
    notTarget: ['location', 'date'],
  },
  ...MOVING_TO_SYSTEMS,
  // "was raised in Kumasi", "Raised in Kumasi by his grandmother, he …" (not "raised money in").
  {
    verbs: ['raise'],
    preps: ['in'],
    verbBeforePrep: true,
    canonical: 'lives in',
    sourceType: 'person',
    targetType: 'location',
    notTarget: ['person', 'date', 'organization'],
  },
  {
    verbs: ['live', 'reside', 'settle', 'move', 'relocate', 'emigrate', 'immigrate', 'stay', 'spend', 'grow'],
    preps: ['in', 'to'],
    canonical: 'lives in',
    sourceType: 'person',
    targetType: 'location',
    // (One moves to a label or a club as a member, not to live there.)
    notTarget: ['person', 'date', 'organization'],
  },
  {
    verbs: [
      'headquarter',
      'base',
      'locate',
      'situate',
      'form',
      'open',
      'flow',
      'found',
      'establish',
      'sit',
      'lie',
    ],
    preps: ['in', 'through', 'at'],
    canonical: 'located in',
    targetType: 'location',
    notTarget: NOT_PERSON,
  },
  // "lies on the border of Peru and Bolivia", "straddles the border between …": in both.
  {
    nouns: ['border', 'frontier'],
    preps: ['of', 'between'],
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
    preps: ['', 'as', 'by'],
    canonical: 'succeeded',
    invertPassive: true,
    sourceType: 'person',
    targetType: 'person',
  },
  // "It succeeded the Fairphone 4": a model or a title follows the one before it.
  { verbs: ['succeed'], preps: [''], canonical: 'succeeded', notTarget: ['person', 'location', 'date'] },
  ...SYSTEM_RULES,
  { verbs: ['cause', 'trigger'], preps: ['by'], canonical: 'caused by' },
  { verbs: ['star', 'feature'], preps: [''], canonical: 'stars', targetType: 'person' },
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
];
