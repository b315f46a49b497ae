import type { EntityType } from './lexicon';
import type { PredicateRule } from './predicate-rules';

// How a system, a device or a person's tools are said to be used (predicate-rules.ts tries these
// in its own order: the moves before "lives in", the rest among the rules of its tail).

/** Software, data and devices: what a system or a person uses. */
const SYSTEMS: EntityType[] = ['product', 'concept'];

/** Moving to a system is using it; tried before moving to a place, which is living there. */
export const MOVING_TO_SYSTEMS: PredicateRule[] = [
  // "Vistula Bank will move its retail accounts to CoreNova 5", "we switched to Lumora": a system
  // one moves to is one uses (a place one moves to is where one lives, the next rule).
  {
    verbs: ['migrate', 'switch', 'upgrade', 'transition', 'port'],
    preps: ['to', 'onto'],
    canonical: 'uses',
    onlyTargets: SYSTEMS,
    taggedOnly: true,
  },
  { verbs: ['move'], preps: ['to', 'onto'], canonical: 'uses', onlyTargets: ['product'], taggedOnly: true },
];

/** Using, running on, reading from, sending through and working in a system. */
export const SYSTEM_RULES: PredicateRule[] = [
  { verbs: ['use', 'depend', 'rely', 'require'], preps: ['', 'on', 'upon'], canonical: 'uses' },
  // "Coupang has deployed 300 units of the Dalbit X2", "installed 40 units of …": units put to use.
  {
    verbs: ['deploy', 'install', 'roll'],
    words: ['units'],
    preps: ['of'],
    canonical: 'uses',
    notTarget: ['person', 'location', 'date'],
    notSource: ['location'],
  },
  // "shipped with Android 13": what a device came with, it runs.
  { verbs: ['ship'], preps: ['with'], canonical: 'uses', notTarget: ['person', 'location', 'date'] },
  // "The gateway runs on Cloudflare Workers", "built on Kubernetes", "is powered by the Hybrid
  // Synergy Drive system".
  { verbs: ['run', 'build', 'host', 'deploy'], preps: ['on'], canonical: 'uses' },
  { verbs: ['power'], preps: ['by'], canonical: 'uses' },
  // "Slack is used by Shopify", "the Looker dashboard used by the route-planning team".
  { verbs: ['use'], preps: ['by'], canonical: 'uses', invertPassive: true, lastVerb: true },
  // "The Hybrid Synergy Drive powers the Prius", "the model feeds the Looker dashboard": what is
  // powered or fed uses it.
  {
    verbs: ['power', 'feed'],
    preps: ['', 'into'],
    canonical: 'uses',
    reversed: true,
    notTarget: ['person', 'location', 'date'],
    notSource: ['person', 'location'],
    taggedOnly: true,
  },
  // "Grafana pulls metrics from Prometheus", "Metabase reads from the replica", "I print from
  // Microsoft Word 365": where a system's data, or a person's page, comes from.
  {
    verbs: ['pull', 'read', 'fetch', 'load', 'query', 'ingest', 'stream', 'sync', 'poll', 'import'],
    preps: ['from'],
    canonical: 'uses',
    notSource: ['person'],
    onlyTargets: SYSTEMS,
    taggedOnly: true,
  },
  { verbs: ['print', 'export'], preps: ['from'], canonical: 'uses', onlyTargets: SYSTEMS, taggedOnly: true },
  // "connects to PostgreSQL 15", "queries BigQuery", "polling Jenkins", "bundles libharu".
  {
    verbs: ['connect', 'talk'],
    preps: ['to'],
    canonical: 'uses',
    notSource: ['person'],
    onlyTargets: SYSTEMS,
    taggedOnly: true,
  },
  {
    verbs: ['query', 'poll', 'wrap'],
    preps: [''],
    canonical: 'uses',
    notSource: ['person', 'location'],
    onlyTargets: SYSTEMS,
    taggedOnly: true,
  },
  {
    verbs: ['bundle', 'embed'],
    preps: [''],
    canonical: 'uses',
    notSource: ['person', 'location'],
    onlyTargets: SYSTEMS,
  },
  // "sends notifications through Slack", "settles payments over the M-Pesa network", "signs in
  // via Okta": the channel a system or a person works through.
  {
    verbs: [
      'send',
      'route',
      'process',
      'settle',
      'deliver',
      'pay',
      'stream',
      'serve',
      'authenticate',
      'sign',
      'log',
      'connect',
      'sync',
      'share',
      'message',
      'chat',
      'book',
      'order',
    ],
    preps: ['via', 'through', 'over'],
    canonical: 'uses',
    onlyTargets: SYSTEMS,
    taggedOnly: true,
  },
  // "builds all its client dashboards in Apache Superset", "types everything in LibreOffice
  // Writer", "keeps their spreadsheets on the NAS", "built with React": the tool one works in.
  {
    verbs: [
      'build',
      'type',
      'code',
      'program',
      'script',
      'render',
      'edit',
      'draft',
      'track',
      'manage',
      'model',
      'plot',
      'store',
      'keep',
      'save',
      'back',
      'develop',
      'make',
      'create',
    ],
    preps: ['in', 'on', 'with'],
    canonical: 'uses',
    notSource: ['email', 'url', 'error_code', 'date'],
    onlyTargets: SYSTEMS,
    taggedOnly: true,
  },
];
