import type { PredicateRule } from './predicate-rules';

// Predicate rules for what one makes: designs, builds, launches, releases, writes or records ("created").

/** Buildings, products and works, made, put out or written. */
export const CREATION_RULES: PredicateRule[] = [
  // "designed the Arctic Cathedral", "built the Rheinhalle", "designed Canberra": a building or a
  // planned city is its architect's work, though it is a place.
  {
    verbs: ['design', 'build', 'construct', 'co-design'],
    preps: ['', 'by'],
    canonical: 'created',
    invertPassive: true,
    notTarget: ['date', 'person'],
  },
  // "we launched Ruedas in 2018": a company a person launches is one they founded.
  {
    verbs: ['launch'],
    preps: [''],
    canonical: 'founded',
    sourceType: 'person',
    onlySources: ['person'],
    onlyTargets: ['organization'],
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
  // "the Vega EV, an electric scooter made by Surya eMobility": what is made or manufactured by a
  // maker is theirs (only so, passive: "made" alone says too little, LIGHT_VERBS).
  // ("Pesaflow makes FlowPay, an app …", "Kestrel manufactures the K2": a firm's product, active.)
  {
    verbs: ['make', 'manufacture'],
    preps: [''],
    canonical: 'created',
    onlySources: ['organization'],
    lastVerb: true,
    notTarget: ['location', 'date', 'person', 'organization', 'email', 'url', 'error_code'],
  },
  {
    verbs: ['make', 'manufacture'],
    preps: ['by'],
    canonical: 'created',
    invertPassive: true,
    notTarget: ['location', 'date', 'person'],
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
];
