import { NOT_PERSON } from './predicate-rule-exclusions';
import { COMPANY_SITES, HOMES } from './name-words';
import type { PredicateRule } from './predicate-rules';

// Predicate rules for where people live and where things are ("lives in", "located in").

/** Being raised, living and settling somewhere; being based, sited or lying on a border there. */
export const PLACE_RULES: PredicateRule[] = [
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
  // "I'm still in Porto", "she's stuck in Berlin finishing her PhD": where one still is, one lives.
  {
    words: ['still', 'stuck'],
    bare: true,
    preps: ['in'],
    canonical: 'lives in',
    sourceType: 'person',
    targetType: 'location',
    notTarget: ['person', 'date', 'organization'],
  },
  // "I'm still at Arup", "Is Haruka still at Hokkaido Brewing?": where one still is, one works.
  {
    words: ['still'],
    bare: true,
    preps: ['at'],
    canonical: 'works at',
    sourceType: 'person',
    targetType: 'organization',
    notTarget: ['person', 'date', 'location', 'event'],
  },
  // "he's at Mekong Air now", "Femi was at Orbitel for three years": where a person is, at a name
  // sure to be a firm's, they work.
  {
    verbs: ['be'],
    bare: true,
    preps: ['at'],
    canonical: 'works at',
    sourceType: 'person',
    onlyTargets: ['organization'],
    notTarget: ['person', 'date', 'location', 'event'],
  },
  // "he moved to Boğaz Media in March", "she jumped to Revolut": a move to a firm is a new job.
  {
    verbs: ['move', 'switch', 'jump', 'defect'],
    preps: ['to'],
    canonical: 'works at',
    sourceType: 'person',
    onlyTargets: ['organization'],
    notTarget: ['person', 'date', 'location', 'event'],
  },
  // "The Souss Film Week is held every March in Agadir": where an event takes place.
  {
    verbs: ['hold', 'stage', 'take'],
    preps: ['in', 'on', 'at'],
    canonical: 'located in',
    onlySources: ['event'],
    notTarget: ['person', 'date', 'organization'],
  },
  // "divides his time between Tokyo and Kamakura", "splits her time between Bamako and Montreuil":
  // one lives in both.
  {
    verbs: ['divide', 'split'],
    nouns: ['time'],
    preps: ['between'],
    canonical: 'lives in',
    sourceType: 'person',
    targetType: 'location',
    notTarget: ['person', 'date', 'organization'],
  },
  // "the Sahyadri Analytics office in Hinjewadi": a company's office is where it is.
  {
    nouns: [...COMPANY_SITES],
    preps: ['in'],
    noVerbs: true,
    canonical: 'located in',
    onlySources: ['organization'],
    targetType: 'location',
    notTarget: ['person', 'date', 'organization'],
  },
  // "is sharing a flat in Hammersmith", "bought a flat near the common in Clapham", "rents a
  // house in Porto": a home one has somewhere is where one lives.
  {
    verbs: ['share', 'rent', 'buy', 'own', 'have'],
    // (Words, not nouns: the tagger reads "a flat in" as an adjective.)
    words: [...HOMES, 'condo'],
    preps: ['in'],
    canonical: 'lives in',
    sourceType: 'person',
    onlySources: ['person'],
    targetType: 'location',
    notTarget: ['person', 'date', 'organization'],
  },
  // "Jess flew in from Austin", "we'll drive down from Manchester", "Karim is flying in from
  // Amman": who travels from a town to see someone comes from home.
  {
    verbs: ['fly', 'drive'],
    preps: ['from'],
    verbBeforePrep: true,
    canonical: 'lives in',
    sourceType: 'person',
    onlySources: ['person'],
    targetType: 'location',
    notTarget: ['person', 'date', 'organization'],
  },
  // "Helena retired to Braga": one retires to where one then lives.
  {
    verbs: ['retire'],
    preps: ['to'],
    canonical: 'lives in',
    sourceType: 'person',
    targetType: 'location',
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
  // "headquartered on Victoria Island", "located on Main Street" (not "based on": a novel, a study).
  {
    verbs: ['headquarter', 'locate', 'situate'],
    preps: ['on'],
    canonical: 'located in',
    targetType: 'location',
    onlyTargets: ['location'],
  },
  // "lies on the border of Peru and Bolivia", "straddles the border between …": in both.
  {
    nouns: ['border', 'frontier'],
    preps: ['of', 'between'],
    canonical: 'located in',
    targetType: 'location',
    notTarget: NOT_PERSON,
  },
];
