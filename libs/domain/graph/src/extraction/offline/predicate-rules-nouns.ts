import { DEGREES, WORK_NOUNS } from './name-words';
import { NOT_PERSON, NOT_PLACE } from './predicate-rule-exclusions';
import type { PredicateRule } from './predicate-rules';

// Predicate rules read mostly from a noun for a relation or a role: "wife of", "founder of", "a novel by".

/** Fame, kin, friends and colleagues, then roles, parts, partners, degrees and works by their nouns. */
export const NOUN_RULES: PredicateRule[] = [
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
    // ("born in Białystok, the son of a railway clerk, Henryk …": no town is anyone's child.)
    notSourceTyped: ['location'],
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
    nouns: ['colleague', 'coworker', 'co-worker', 'teammate', 'team-mate'],
    preps: ['of'],
    canonical: 'works with',
    sourceType: 'person',
    targetType: 'person',
  },
  // "the founding principal of Mori Takeda Atelier", "founding director of the institute".
  {
    nouns: ['principal', 'partner', 'director', 'chair', 'editor', 'president', 'ceo'],
    words: ['founding'],
    preps: ['of'],
    canonical: 'founded',
    sourceType: 'person',
    notTarget: ['person', 'location', 'date'],
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
  // "the administrative centre of Tartu County", "the county seat of Harris County".
  {
    nouns: ['centre', 'center', 'seat'],
    words: ['administrative', 'county', 'regional', 'provincial'],
    preps: ['of'],
    canonical: 'capital of',
    onlySources: ['location'],
    onlyTargets: ['location'],
  },
  {
    // ("chief executive of Skyvault": whoever runs a company runs an organisation.)
    nouns: ['ceo', 'executive', 'chairman', 'chairwoman', 'boss'],
    preps: ['of'],
    canonical: 'leads',
    sourceType: 'person',
    targetType: 'organization',
  },
  {
    nouns: [
      'president',
      'chair',
      'head',
      'leader',
      'governor',
      'mayor',
      'king',
      'queen',
      'captain',
      'director',
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
      // Rulers: "the third emir of Qasr Bahri".
      'emir',
      'sultan',
      'emperor',
      'empress',
      'shah',
      'tsar',
      'tsarina',
      'pharaoh',
      'ruler',
      'monarch',
      'caliph',
    ],
    preps: ['of'],
    canonical: 'leads',
    sourceType: 'person',
  },
  { nouns: ['member'], preps: ['of'], canonical: 'member of', notTarget: NOT_PLACE },
  // "the novelist Fiona Munro, author of The Herring Girls", "the inventor of the Walkman": a work's
  // maker.
  {
    nouns: [
      'author',
      'co-author',
      'creator',
      'co-creator',
      'inventor',
      'composer',
      'lyricist',
      'screenwriter',
    ],
    preps: ['of'],
    canonical: 'created',
    sourceType: 'person',
    notTarget: ['person', 'location', 'date'],
  },
  // "Providencia, a district of Santiago", "San Telmo, a neighbourhood of Buenos Aires": a town's
  // quarter is in it.
  {
    nouns: ['district', 'suburb', 'neighbourhood', 'neighborhood', 'borough', 'quarter'],
    preps: ['of'],
    canonical: 'located in',
    notSource: ['person'],
    notTarget: NOT_PERSON,
  },
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
    ],
    preps: ['of'],
    canonical: 'part of',
    // (No person is a part: "Priyanka Desai, a former Heineken executive, …".)
    notSource: ['person'],
  },
  // "signed a distribution deal with Banca Serena", "a licensing agreement with Kestrel": a deal
  // between organisations (a person's "deal with" a club or a label is no partnership).
  {
    verbs: ['sign', 'strike', 'reach', 'ink', 'announce', 'agree'],
    nouns: ['deal', 'agreement'],
    preps: ['with'],
    canonical: 'partner of',
    notSourceTyped: ['person', 'location', 'date'],
    notTarget: ['person', 'location', 'date'],
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
    nouns: ['degree', 'master', 'masters', 'doctorate', 'bachelor', ...DEGREES],
    preps: ['at', 'from'],
    canonical: 'studied at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  // "a sophomore at Kansai University", "her last semester at IIT Bombay", "met as students at
  // Kyiv Polytechnic": a student's (at a school
  // only; not "years": "spent six years at ETH Zurich" is as often a job).
  {
    nouns: [
      'semester',
      'freshman',
      'sophomore',
      'fresher',
      'undergraduate',
      'undergrad',
      'student',
      'students',
    ],
    preps: ['at'],
    canonical: 'studied at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
    schoolsOnly: true,
  },
  // "Jenna got into Imperial College", "was accepted to KAIST": a place at a school.
  {
    verbs: ['get', 'accept', 'admit'],
    preps: ['into', 'to'],
    canonical: 'studied at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
    schoolsOnly: true,
  },
  // "went to culinary school at Kendall College", "took evening classes at Birkbeck".
  {
    nouns: ['school', 'course', 'courses', 'classes', 'studies'],
    preps: ['at'],
    canonical: 'studied at',
    sourceType: 'person',
    targetType: 'organization',
    onlyTargets: ['organization'],
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
];
