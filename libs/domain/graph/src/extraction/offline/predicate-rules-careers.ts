import { NOT_PERSON, NOT_PLACE } from './predicate-rule-exclusions';
import type { PredicateRule } from './predicate-rules';
import { WORK_SPELLS } from './name-words';

// Predicate rules for a career: working, playing or signing for, setting up, joining, leaving, hiring.

/** Where one works, plays or signs, what one sets up, joins or leaves, and who hires one. */
export const CAREER_RULES: PredicateRule[] = [
  // "Farah comes to us from Ocado Technology", "joined us from Medtronic": where one worked before.
  {
    verbs: ['come', 'join', 'arrive'],
    preps: ['from'],
    words: ['us'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: ['person', 'location', 'date'],
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
    // "flies for Gulf Crescent Airways", "drives for Bolt", "writes for Le Monde": a job there.
    verbs: ['fly', 'drive', 'write', 'design', 'consult', 'freelance', 'model', 'nurse'],
    preps: ['for'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    onlyTargets: ['organization'],
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
  // "sits on the board of Women in Tech Ireland", "was elected to the board of the Directors Guild":
  // one of its board; "chairs the board of Fundación Puentes" leads it.
  {
    verbs: ['chair', 'head', 'lead', 'preside'],
    nouns: ['board', 'council', 'committee', 'trustees'],
    preps: ['of'],
    canonical: 'leads',
    sourceType: 'person',
    notTarget: ['person', 'location', 'date'],
  },
  {
    verbs: ['be', 'sit', 'serve', 'elect', 'appoint', 'name', 'remain'],
    nouns: ['board', 'council', 'committee', 'trustees'],
    preps: ['of'],
    canonical: 'member of',
    sourceType: 'person',
    notTarget: ['person', 'location', 'date'],
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
    // "spent most of her career at the Norwegian Polar Institute", "her first job at Stripe", "I'm
    // on shift at Hospital del Mar".
    nouns: WORK_SPELLS,
    preps: ['at', 'with'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
  },
  {
    // "after six years at Google DeepMind": time spent at an organisation is a job there (at a
    // school it may be study, so not there).
    nouns: ['years', 'decade', 'decades'],
    preps: ['at', 'with'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: NOT_PERSON,
    notSchools: true,
  },
  // "was put in charge of TimberLab", "is in charge of the Lagos office": one leads what one is in
  // charge of.
  {
    nouns: ['charge'],
    preps: ['of'],
    canonical: 'leads',
    sourceType: 'person',
    notTarget: ['person', 'location', 'date'],
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
  // "The company was set up in 2020 by Wanjiru Kamau": the passive, its founder after "by".
  {
    verbs: ['set'],
    preps: ['by'],
    words: ['up'],
    canonical: 'founded',
    invertPassive: true,
    notTarget: ['location', 'date'],
  },
  // "so he's leaving Loja?", "she left Houston in 2019": a town one leaves is one one lived in.
  {
    verbs: ['leave'],
    preps: [''],
    canonical: 'lives in',
    sourceType: 'person',
    onlyTargets: ['location'],
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
    // ("rides for Team Jumbo-Visma", "races for Ferrari": a sportsman's team.)
    verbs: ['play', 'ride', 'race'],
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
];
