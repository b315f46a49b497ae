import { EntityMention, RelationMention } from '../../ports/graph-store';
import { lexicon, ORGANIZATION_DESCRIPTORS } from './lexicon';
import { CORPORATE_SUFFIXES, NAME_PARTICLES } from './name-words';

/** Types a maker's named thing has: never a person, place, date, company or identifier. */
const MADE_TYPES = new Set(['product', 'concept']);
/**
 * Words for a group of people, a body or a company's side, not a thing it makes: "Vireo
 * Support", "the QA team", "the Mekong River Research Alliance".
 */
const GROUPS = new Set([
  'team',
  'squad',
  'crew',
  'support',
  'customer',
  'customers',
  'users',
  'community',
  'staff',
  'alliance',
  'commission',
  'council',
  'association',
  'federation',
  'union',
  'league',
  'party',
]);
/** First words too common to be a brand ("General Motors" made no "General Assembly"). */
const NOT_BRANDS = new Set([
  'general',
  'united',
  'national',
  'international',
  'global',
  'new',
  'first',
  'royal',
  // (Articles: "Los Pájaros Ciegos" names nothing "Los Brujos del Sur" is.)
  'los',
  'las',
  'les',
  'the',
  'die',
  'der',
  'das',
  'het',
  'gli',
]);

/**
 * The names an organisation's products carry before their own: its name without its legal
 * suffix and descriptors ("raspberry pi" for Raspberry Pi Ltd, "helix" for Helix Systems), and
 * its first word when that is a name of its own ("toyota" for Toyota Motor Corporation).
 */
function brandsOf(organization: EntityMention): string[] {
  const words = organization.keys[0]!.split(' ');
  let end = words.length;
  while (end > 1 && CORPORATE_SUFFIXES.has(words[end - 1]!)) end--;
  const lex = lexicon();
  while (
    end > 1 &&
    (ORGANIZATION_DESCRIPTORS.has(words[end - 1]!) || lex.isOrganizationWord(words[end - 1]!))
  )
    end--;
  const brands = new Set([words.slice(0, end).join(' ')]);
  const first = words[0]!;
  const kind = lex.classOf(first);
  if (
    first.length >= 3 &&
    !NOT_BRANDS.has(first) &&
    !NAME_PARTICLES.has(first) &&
    kind !== 'location' &&
    kind !== 'region' &&
    kind !== 'demonym'
  )
    brands.add(first);
  return [...brands];
}

/**
 * A product named after a company of the same text is the company's: "the Toyota Prius" beside
 * Toyota Motor Corporation, "Vireo Studio" in a letter signed "Vireo Software", "TillPoint POS"
 * and TillPoint Systems. Read once the chunk's entities are known, for the pairs no sentence
 * related; the evidence is the sentence that names the product.
 */
export function brandRelations(entities: EntityMention[], relations: RelationMention[]): RelationMention[] {
  const related = new Set(relations.flatMap((r) => [`${r.source} ${r.target}`, `${r.target} ${r.source}`]));
  const lex = lexicon();
  const makers = entities.flatMap((maker, m) =>
    maker.type === 'organization' && !GROUPS.has(maker.keys[0]!.split(' ').pop()!)
      ? [
          {
            m,
            brands: brandsOf(maker),
            own: new Set([...maker.keys, ...(maker.aliases ?? [])]),
            full: maker.keys[0]!,
          },
        ]
      : [],
  );
  const out: RelationMention[] = [];
  entities.forEach((made, p) => {
    const key = made.keys[0]!;
    const last = key.split(' ').pop()!;
    // ("Vireo Support", "TillPoint customers", "Mekong River Research Alliance": a part or a party.)
    if (!MADE_TYPES.has(made.type) || GROUPS.has(last) || ORGANIZATION_DESCRIPTORS.has(last)) return;
    // ("Meridian Africa", "Bajío Americas": a company's regional arm is a part of it, not a product.)
    if (lex.isOrganizationWord(last) || ['location', 'region'].includes(lex.classOf(last) ?? '')) return;
    // ("Van der Linde" beside Van der Linde Coatings is the company, shortly named.)
    const named = makers.filter(
      ({ brands, own, full }) =>
        !own.has(key) && !full.startsWith(`${key} `) && brands.some((brand) => key.startsWith(`${brand} `)),
    );
    // (Two companies of that name, "Raspberry Pi Ltd" and "Raspberry Pi Foundation": whose is not said.)
    if (named.length !== 1) return;
    const m = named[0]!.m;
    if (related.has(`${m} ${p}`)) return;
    related.add(`${m} ${p}`);
    out.push({
      source: m,
      target: p,
      canonical_predicate: 'created',
      raw_predicate: made.name,
      context: made.context ?? '',
      confidence: 0.6,
      temporal_details: null,
      timestamp: null,
    });
  });
  return out;
}
