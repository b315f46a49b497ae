import { lexicon } from './lexicon';
import { Mention } from './mentions';
import { joinsWords, Token } from './sentences';

// The nouns that say what kind of thing a name before them is ("the Keycloak 24.0 cluster", "the
// Rheinhalle concert hall", "the Bjørvika district of Oslo"): they keep the name in the chain.

/**
 * Nouns for hardware and software named by its make or model ("Brother HL-L2350 printers"), or
 * by what kind of system the name is ("the Keycloak 24.0 cluster", "the Hunspell library").
 */
const DEVICES = new Set([
  'printer',
  'handheld',
  'laptop',
  'phone',
  'server',
  'router',
  'switch',
  'tablet',
  'scanner',
  'terminal',
  'camera',
  'device',
  'machine',
  'drive',
  'dashboard',
  'headset',
  'point',
]);

/** Nouns for a part of a city, named before them: "the Bjørvika district of Oslo". */
export const DISTRICTS = new Set([
  'district',
  'neighbourhood',
  'neighborhood',
  'quarter',
  'suburb',
  'borough',
  'ward',
]);

/** Nouns for a land feature, named before them: "the Anti-Atlas mountains", "the Kariba Gorge". */
export const LAND_FEATURES = new Set([
  'mountains',
  'hills',
  'range',
  'valley',
  'desert',
  'peninsula',
  'plateau',
  'highlands',
  'islands',
  'archipelago',
  'basin',
  'delta',
]);

/**
 * Nouns for the kind of system a name is, right after it and ending the phrase: "the Keycloak 24.0
 * cluster", "the Hunspell library" (not "the Desaguadero river system", "the Austin chip designer").
 */
const SYSTEM_KINDS = new Set([
  'system',
  'network',
  'cluster',
  'library',
  'pool',
  'processor',
  'chip',
  'chipset',
  'framework',
  'engine',
  'module',
  'database',
  'protocol',
  'instance',
  'kernel',
  'sdk',
]);

/**
 * Nouns for an institution named by the words before them, which are its name: "the La Esmeralda
 * art school", "the Prado museum" (one modifier may come between; a place before them is only
 * where it is: "the Brno flight school").
 */
const INSTITUTION_KINDS = new Set([
  'school',
  'college',
  'academy',
  'hospital',
  'museum',
  'library',
  'gallery',
  'conservatory',
]);

/**
 * Nouns for a structure or a made thing named by the word before them, a modifier between or not:
 * "the Rheinhalle concert hall", "the Lindqvist pressure lamp", "the Vasa warship".
 */
const STRUCTURE_KINDS = new Set([
  'hall',
  'bridge',
  'tower',
  'church',
  'cathedral',
  'chapel',
  'temple',
  'mosque',
  'stadium',
  'arena',
  'theatre',
  'theater',
  'palace',
  'castle',
  'dam',
  'lighthouse',
  'skyscraper',
  'lamp',
  'engine',
  'vessel',
  'warship',
  'ship',
]);

/**
 * Nouns for a site of an organisation named before them: "a job at the Safaricom office", "the
 * Tata plant" (not "our Lisbon office": a place before them only says which).
 */
const SITE_KINDS = new Set([
  'office',
  'offices',
  'headquarters',
  'branch',
  'plant',
  'factory',
  'warehouse',
  'store',
  'showroom',
  'campus',
]);

/** Nouns for a group of organisations named before them: "the Wildlife Link coalition". */
const GROUP_KINDS = new Set(['coalition', 'alliance', 'consortium', 'collective', 'initiative', 'movement']);

/**
 * Whether the nouns at `at` only say what kind of thing the name before them is: a device ("access
 * points", "handhelds"; up to two words), a system's kind or an institution's.
 */
export function namesItsKind(tokens: Token[], at: number, named: Mention): boolean {
  const kind = tokens[at];
  if (kind?.pos !== 'NOUN') return false;
  // ("the Ledgerline database cluster": two such kinds in a row too.)
  const system = (t: Token | undefined) => t !== undefined && SYSTEM_KINDS.has(t.lower.replace(/s$/, ''));
  const last = system(tokens[at + 1]) && tokens[at + 1]!.pos === 'NOUN' ? at + 1 : at;
  if (system(kind) && tokens[last + 1]?.pos !== 'NOUN' && !joinsWords(tokens[last + 1])) return true;
  if (
    (SITE_KINDS.has(kind.lower) || GROUP_KINDS.has(kind.lower)) &&
    tokens[at + 1]?.pos !== 'NOUN' &&
    named.type !== 'location' &&
    named.type !== 'person' &&
    !['location', 'region'].includes(lexicon().classOf(named.keys[0]!) ?? '')
  )
    return true;
  for (let k = at; k < at + 2 && tokens[k]?.pos === 'NOUN'; k++) {
    if (DEVICES.has(tokens[k]!.lemma) || DEVICES.has(tokens[k]!.lower.replace(/s$/, ''))) return true;
    if (
      STRUCTURE_KINDS.has(tokens[k]!.lower) &&
      tokens[k + 1]?.pos !== 'NOUN' &&
      named.type !== 'location' &&
      named.type !== 'person'
    )
      return true;
    // (A one-word name with a modifier before the kind is likelier a place: "the Brno flight school".)
    if (
      INSTITUTION_KINDS.has(tokens[k]!.lower) &&
      tokens[k + 1]?.pos !== 'NOUN' &&
      !(named.end - named.start === 1 && k > at) &&
      // (A guessed place may be an institution's name: "the San Carlos art school".)
      !(named.type === 'location' && named.evidence === 'strong') &&
      !['location', 'region'].includes(lexicon().classOf(named.keys[0]!) ?? '')
    )
      return true;
  }
  return false;
}
