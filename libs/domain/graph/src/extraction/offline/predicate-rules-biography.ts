import { NOT_PERSON } from './predicate-rule-exclusions';
import type { PredicateRule } from './predicate-rules';

// Predicate rules for a life: occupations, birth and death, founding and owning, homes, bands, schooling.

/** Occupations, birth and death, founding, owning and buying, homes, bands and schooling. */
export const BIOGRAPHY_RULES: PredicateRule[] = [
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
  // "came into the world in 1904 in Satara": where one was born, in other words.
  {
    verbs: ['come'],
    words: ['world'],
    preps: ['in'],
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
  // "He passed away in Genoa in 2004".
  {
    verbs: ['pass'],
    words: ['away'],
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
  // own business (a company opening a store founds nothing); "started the startup Lingora" too.
  {
    verbs: ['open', 'start'],
    preps: [''],
    canonical: 'founded',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: ['person', 'location', 'date', 'product', 'event'],
  },
  // "Widmo was started in 2012 by two former programmers": the passive, its founder after "by".
  {
    verbs: ['start'],
    preps: ['by'],
    canonical: 'founded',
    invertPassive: true,
    onlyTargets: ['organization'],
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
  // "which owns roughly 15% of Paylite", "holds a 20% stake in Vexa": a shareholder owns part of it.
  {
    verbs: ['own', 'hold', 'control'],
    preps: ['of', 'in'],
    words: ['%', 'percent', 'per', 'stake', 'share', 'shares', 'majority', 'minority'],
    canonical: 'owns',
    notOwnedPlace: true,
    onlyTargets: ['organization', 'concept'],
  },
  {
    verbs: ['acquire', 'buy', 'purchase'],
    preps: ['', 'by'],
    canonical: 'acquired',
    invertPassive: true,
    sourceType: 'organization',
    targetType: 'organization',
    // (Nobody is bought: "the biotech that Veritas bought last year, and he will …".)
    notTarget: ['person', 'date'],
  },
  { verbs: ['sell'], preps: ['to'], canonical: 'sold to' },
  // "The institute works closely with Rijkswaterstaat", "Kallio teamed up with Tobishima": an
  // organisation's work with another is a partnership.
  {
    verbs: ['collaborate', 'cooperate', 'work', 'partner', 'team'],
    preps: ['with'],
    canonical: 'partner of',
    onlySources: ['organization'],
    notTarget: ['person', 'location', 'date'],
  },
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
    notDescribed: true,
    canonical: 'lives in',
    sourceType: 'person',
    // (Not "Woodson is a census-designated place in Pulaski County", which its words made a place.)
    notSourceTyped: ['location', 'organization'],
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
  // "Camilo Vargas and I met at Universidad de los Andes": people who met at a school studied there.
  {
    verbs: ['meet'],
    preps: ['at'],
    canonical: 'studied at',
    sourceType: 'person',
    onlySources: ['person'],
    schoolsOnly: true,
  },
  // "my daughter Yui's graduation from Waseda University".
  {
    nouns: ['graduation'],
    preps: ['from'],
    canonical: 'studied at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: ['person', 'date', 'location'],
  },
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
  // "After dropping out of the University of Nigeria, he …": a school one left, one studied at.
  {
    verbs: ['drop'],
    preps: ['of'],
    words: ['out'],
    canonical: 'studied at',
    sourceType: 'person',
    schoolsOnly: true,
  },
];
