import { isProductWord, lexicon, ORGANIZATION_DESCRIPTORS } from './lexicon';
import { keyOf } from './keys';
import type { Mention } from './mentions';
import type { Token } from './sentences';
import { CORPORATE_SUFFIXES, NAME_PARTICLES } from './name-words';
import { isPersonNoun } from './cues';

/** Prepositions that put a place name in its place: "in Greenfield", "near Greenfield". */
const LOCATIVES = new Set(['in', 'at', 'near', 'from', 'to', 'of', 'outside', 'around', 'across']);

/** Generational suffixes: never a surname ("Martin Luther King Jr." is King). */
export const NAME_SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

/** First words that are an organisation's kind, not its name: "General Motors" is never "General". */
const GENERIC_FIRST_WORDS = new Set([
  'general',
  'united',
  'national',
  'international',
  'global',
  'first',
  'new',
  'royal',
  'standard',
  'american',
  'british',
  'western',
  'eastern',
  'northern',
  'southern',
]);

/**
 * Korean and Chinese names written family name first: "Park Ji-hoon", "Zhou Wei" are "Park" and
 * "Zhou". A hyphened given name after one word says so ("Lee Min-seo"), or a common family name
 * before one short word that is no given name of the lexicon's.
 */
const FAMILY_NAMES = new Set([
  'kim',
  'lee',
  'park',
  'choi',
  'jung',
  'kang',
  'cho',
  'yoon',
  'jang',
  'lim',
  'shin',
  'kwon',
  'hwang',
  'ahn',
  'jeon',
  'hong',
  'wang',
  'zhang',
  'liu',
  'chen',
  'yang',
  'huang',
  'zhao',
  'zhou',
  'xu',
  'sun',
  'zhu',
  'guo',
  'luo',
  'liang',
  'deng',
  'xie',
  'feng',
  'cao',
  'peng',
  'zeng',
]);

function familyFirst(words: string[]): boolean {
  if (words.length !== 2 || !FAMILY_NAMES.has(words[0]!)) return false;
  const given = words[1]!;
  return /^\p{L}+-\p{L}+$/u.test(given) || (given.length <= 5 && lexicon().classOf(given) !== 'first-name');
}

/** Legal forms written before a company's name (Indonesia's "PT", "CV"). */
const LEGAL_PREFIXES = new Set(['pt', 'cv']);

/** The short name a full name is later referred to by: a person's surname, an organisation's name without its descriptors. */
function shortNameOf(mention: Mention): string | undefined {
  const words = mention.keys[0]!.split(' ');
  if (words.length < 2) return undefined;
  if (mention.type === 'person') {
    if (familyFirst(words)) return words[0];
    const surname = [...words].reverse().find((w) => !NAME_SUFFIXES.has(w));
    return surname && surname !== words[0] ? surname : undefined;
  }
  // ("The X2 uses …" after "the Orion X2": a product's model, letters and digits, is it too.)
  if (mention.type === 'product') {
    const model = words[words.length - 1]!;
    return /^(?=.*\d)(?=.*\p{L})[\p{L}\d-]{2,}$/u.test(model) ? model : undefined;
  }
  if (mention.type !== 'organization') return undefined;
  // ("PT Nusantara Rasa" is "Nusantara Rasa": a legal form written before the name.)
  if (LEGAL_PREFIXES.has(words[0]!) && words.length > 1) return words.slice(1).join(' ');
  const lex = lexicon();
  let end = words.length;
  // "Pinecrest Software Ltd" is "Pinecrest" too: its legal suffix goes first, then its descriptors.
  while (end > 1 && CORPORATE_SUFFIXES.has(words[end - 1]!)) end--;
  const legal = end < words.length;
  while (
    end > 1 &&
    (ORGANIZATION_DESCRIPTORS.has(words[end - 1]!) || lex.isOrganizationWord(words[end - 1]!))
  )
    end--;
  const first = words[0]!;
  const kind = lex.classOf(first);
  // ("Tobishima Denki" is "Tobishima": a company of two words is known by its first, whatever the
  // second; not one whose first is a given name: "Marie Claire".)
  if (end === words.length && !legal && words.length === 2 && kind !== 'first-name') end = 1;
  // ("Al Noor Hospitality Group" is "Al Noor": two words left are a name too.)
  if ((end === words.length && !legal) || end > 2) return undefined;
  if (
    (end === 1 && first.length < 3) ||
    GENERIC_FIRST_WORDS.has(first) ||
    kind === 'demonym' ||
    kind === 'location'
  )
    return undefined;
  return words.slice(0, end).join(' ');
}

/**
 * Every short name a full name is later referred to by: shortNameOf's, and a company's first word
 * when a legal suffix ends its name ("Kessler" after "Kessler Gase AG").
 */
function shortNamesOf(mention: Mention): string[] {
  const short = shortNameOf(mention);
  if (!short) return [];
  const words = mention.keys[0]!.split(' ');
  const [first] = short.split(' ');
  const legal = CORPORATE_SUFFIXES.has(words[words.length - 1]!);
  return short.includes(' ') && legal && first!.length >= 3 ? [short, first!] : [short];
}

/** The place an organisation's name opens with, if it does: "greenfield" for Greenfield Robotics. */
function placeNameOf(mention: Mention): string | undefined {
  const [first, ...rest] = mention.keys[0]!.split(' ');
  return mention.type === 'organization' && rest.length > 0 && lexicon().classOf(first!) === 'location'
    ? first
    : undefined;
}

/** Two or three capitalised words, none a particle or a word of a company or place: a person's name, likely. */
export function personalName(mention: Mention): boolean {
  const words = mention.name.split(' ');
  const lex = lexicon();
  return (
    words.length >= 2 &&
    words.length <= 3 &&
    words.every((w) => /^\p{Lu}[\p{Ll}'’-]+$/u.test(w)) &&
    !words.some((w) => {
      const lower = w.toLowerCase();
      return (
        NAME_PARTICLES.has(lower) ||
        lex.isOrganizationWord(lower) ||
        lex.isPlaceWord(lower) ||
        isProductWord(lower) ||
        ORGANIZATION_DESCRIPTORS.has(lower) ||
        CORPORATE_SUFFIXES.has(lower)
      );
    })
  );
}

/**
 * Whether `short` is written as an acronym of `full`'s name: capitals only, its letters in order
 * among the full name's capitals, the first the same ("MSF" of Médecins Sans Frontières).
 */
function acronymOf(short: Mention, full: Mention): boolean {
  if (!/^[A-Z]{2,6}$/.test(short.name) || full.type === 'person') return false;
  const capitals = full.name.replace(/[^\p{Lu}]/gu, '');
  if (capitals[0] !== short.name[0] || capitals.length < short.name.length) return false;
  let k = 0;
  for (const letter of capitals) if (letter === short.name[k]) k++;
  return k === short.name.length;
}

/** Words that may stand before "known as": "also known as", "better known to fans as". */
const KNOWN_ADVERBS = new Set([
  'also',
  'better',
  'widely',
  'affectionately',
  'simply',
  'popularly',
  'fondly',
]);

/** Whether a person's name and a nickname may be paired: two words or more, and one or two not a place's or a firm's. */
const nameAndNickname = (person: Mention, nick: Mention) =>
  person.type === 'person' &&
  person.keys[0]!.includes(' ') &&
  nick.keys[0]!.split(' ').length <= 2 &&
  nick.type !== 'location' &&
  nick.type !== 'organization';

/** A quotation mark around a nickname. */
const QUOTE = /^["“”'‘’]$/;

/** Where the words before a nickname end, past its opening quotes, and no earlier than `from`. */
function beforeQuotes(tokens: Token[], nick: Mention, from: number): number {
  let end = nick.start;
  while (end > from && QUOTE.test(tokens[end - 1]!.text)) end--;
  return end;
}

/**
 * Whether words say a nickname follows: "known (to friends) (simply) as", "better known as"; whom to
 * in at most three words.
 */
function knownAs(words: string[]): boolean {
  const known = words.indexOf('known');
  if (known < 0 || words.at(-1) !== 'as' || !words.slice(0, known).every((w) => KNOWN_ADVERBS.has(w)))
    return false;
  const rest = words.slice(known + 1, -1).filter((w) => !KNOWN_ADVERBS.has(w));
  return rest.length === 0 || (rest[0] === 'to' && rest.length <= 4);
}

/**
 * Whether `nick` is the nickname `person` is given right after their name: "X, known (to friends)
 * (simply) as Y", "X (better known as Y)", "X, nicknamed Y". Only a person's name of two words or
 * more, and a nickname of at most two words that is not already a name of its own met before it.
 */
function nicknameOf(tokens: Token[], person: Mention, nick: Mention): boolean {
  if (!nameAndNickname(person, nick) || ![',', '('].includes(tokens[person.end]?.text ?? '')) return false;
  const words = tokens.slice(person.end + 1, beforeQuotes(tokens, nick, person.end + 1)).map((t) => t.lower);
  if (words.length === 1) return words[0] === 'nicknamed' || words[0] === 'dubbed';
  return knownAs(words);
}

/**
 * "Known to jazz fans simply as "Lalo", Eduardo Quispe Mamani was …": the nickname an opening gives
 * the person named after its comma, as [nickname, person] (the same limits as nicknameOf's).
 */
export function frontedNickname(tokens: Token[], mentions: Mention[]): [Mention, Mention] | undefined {
  const [nick, person] = mentions;
  if (!nick || !person || !nameAndNickname(person, nick)) return undefined;
  if (!knownAs(tokens.slice(0, beforeQuotes(tokens, nick, 0)).map((t) => t.lower))) return undefined;
  let comma = nick.end;
  while (QUOTE.test(tokens[comma]?.text ?? '')) comma++;
  return tokens[comma]?.text === ',' && person.start === comma + 1 ? [nick, person] : undefined;
}

/** The mention, where it is in its sentence, standing for the full name's entity. */
function standFor(mention: Mention, full: Mention): Mention {
  const { name, type, evidence, keys, aliases } = full;
  return { ...mention, name, type, evidence, keys, aliases };
}

/**
 * The full names met so far in a source, by the short name they are later referred to by: "Curie"
 * after "Marie Curie" is her, "Pixar" after "Pixar Animation Studios" is the studio. A name whose
 * type was only learnt from its sentence ("Srinivasa Ramanujan collaborated with …" makes him a
 * person) is remembered once its sentence is read, so the next sentence's "Ramanujan" finds him.
 * The short name also becomes the entity's alias, so later sources find it too.
 */
export class ShortNames {
  private readonly byShortName = new Map<string, Mention>();

  /** Organisations by their names without a legal suffix ("siam coil" for "Siam Coil Co"). */
  private readonly byBareName = new Map<string, Mention>();

  /** People met by one name alone ("Dr. Okonkwo"), whose family name a later full name may end in. */
  private readonly familyNames = new Set<string>();

  /** Every name met in full: never another's short name ("Zaliczka" before "Zaliczka Baltics"). */
  private readonly met = new Set<string>();

  /** Organisations named after a place, by that place's name: "greenfield" for Greenfield Robotics. */
  private readonly byPlaceName = new Map<string, Mention>();

  /**
   * People by their first name, when one full name of the text has it ("njeri" for Njeri Kamau);
   * null when two do. Never an alias: a first name says who only inside the text that named them.
   */
  private readonly byFirstName = new Map<string, Mention | null>();

  /** Whether the text is a chat (its turns have speakers' labels). */
  chat = false;

  /** The full name's mention when `mention` is a known short name (and nothing says it is something else). */
  resolve(mention: Mention): Mention {
    const words = mention.keys[0]!.split(' ');
    const bare = words.length > 1 ? this.byBareName.get(mention.keys[0]!) : undefined;
    if (bare && (mention.evidence !== 'strong' || mention.type === bare.type)) return standFor(mention, bare);
    if (words.length > 2) return mention;
    const full = this.byShortName.get(mention.keys[0]!) ?? this.firstNamed(mention);
    if (!full) return mention;
    // (A full name nothing typed takes the type its short name has here: "Adeyemi, who …".)
    if (full.evidence === 'none' && mention.evidence !== 'none')
      return { ...standFor(mention, full), type: mention.type, evidence: mention.evidence };
    // ("Kestrel Hill" after "Kestrel Hill Brewing": a place word made it a place, not the lexicon.)
    const placeByWord =
      full.type === 'organization' && mention.type === 'location' && !lexicon().classOf(mention.keys[0]!);
    if (mention.evidence === 'strong' && mention.type !== full.type && !placeByWord) return mention;
    return standFor(mention, full);
  }

  /** The one person of the text whose full name opens with this lone first name, if any. */
  private firstNamed(mention: Mention): Mention | undefined {
    if (mention.keys[0]!.includes(' ') || (mention.type !== 'person' && mention.evidence === 'strong'))
      return undefined;
    return this.byFirstName.get(mention.keys[0]!) ?? undefined;
  }

  /** A person's nickname: that person, there and after, and one of their aliases. */
  private nickname(nick: Mention, person: Mention): Mention {
    this.byShortName.set(nick.keys[0]!, person);
    if (!person.aliases.includes(nick.keys[0]!)) person.aliases.push(nick.keys[0]!);
    return standFor(nick, person);
  }

  /**
   * The sentence's mentions, each resolved against the names met before it, this sentence's earlier
   * ones included: "founded by Aino Lehtinen …, with Lehtinen staying on" is one person, though
   * nothing has typed her yet (an untyped name is taken for a person's there).
   */
  resolveAll(mentions: Mention[], tokens: Token[] = []): Mention[] {
    const earlier = new Map<string, Mention>();
    const placeNamedHere = new Map<string, Mention>();
    const fronted = frontedNickname(tokens, mentions);
    return mentions.map((mention, m) => {
      if (fronted && mention === fronted[0]) return this.nickname(mention, fronted[1]);
      // ("The Van Leeuwenhoek Institute for Water Research (VLIWR) is …": an acronym in brackets
      // right after a name is that name, there and after.)
      const named = mentions[m - 1];
      if (
        named &&
        tokens[mention.start - 1]?.text === '(' &&
        named.end === mention.start - 1 &&
        acronymOf(mention, named)
      ) {
        this.byShortName.set(mention.keys[0]!, named);
        return standFor(mention, named);
      }
      // ("Rajesh Venkataraman, known to friends simply as Raj, …", "Chinedu Okafor, better known as
      // Chi": a person's nickname is that person, there and after.)
      if (named && nicknameOf(tokens, named, mention)) return this.nickname(mention, named);
      const place = placeNameOf(mention);
      if (place) placeNamedHere.set(place, mention);
      // ("Greenfield was founded by …" after "Greenfield Robotics": the company, unless the words
      // around say a place: "in Greenfield", "Greenfield, Indiana".)
      const company =
        mention.type === 'location'
          ? (this.byPlaceName.get(mention.keys[0]!) ?? placeNamedHere.get(mention.keys[0]!))
          : undefined;
      const before = tokens[mention.start - 1]?.lower ?? '';
      // (Not before a title the company gives: "report to Pinecrest chief executive Fiona Walsh".)
      const after = tokens[mention.end];
      const title = after?.lower === 'chief' ? tokens[mention.end + 1] : after;
      const titled = title !== undefined && title.text === title.lower && isPersonNoun(title);
      const placed = (LOCATIVES.has(before) && !titled) || after?.text === ',';
      if (company && !placed && !this.met.has(mention.keys[0]!)) return standFor(mention, company);
      const words = mention.keys[0]!.split(' ');
      // ("HC Tatran Poprad is a club based in Poprad": a last word after "in" is a place, not a
      // short name of the name nothing typed before it.)
      const near = words.length <= 2 ? earlier.get(mention.keys[0]!) : undefined;
      const here = near && !(LOCATIVES.has(before) && near.evidence === 'none') ? near : undefined;
      const resolved =
        here && !(mention.evidence === 'strong' && mention.type !== here.type)
          ? standFor(mention, here)
          : this.resolve(mention);
      // (An untyped name is taken for a person's only when it could be one: "Studi di Trento" is not.)
      const personal = words.length <= 3 && !words.some((w) => NAME_PARTICLES.has(w));
      const shorts =
        mention.evidence === 'none'
          ? personal
            ? shortNamesOf({ ...mention, type: 'person' })
            : []
          : shortNamesOf(mention);
      for (const short of shorts) if (!earlier.has(short)) earlier.set(short, mention);
      // ("Dr. Okonkwo at Croydon University Hospital … is that Ifeoma Okonkwo?": a name nothing
      // typed, ending in the family name of someone met before alone, is a person's.)
      if (
        resolved === mention &&
        mention.evidence === 'none' &&
        tokens[mention.start]?.pos === 'PROPN' &&
        personalName(mention) &&
        this.familyNames.has(words[words.length - 1]!)
      )
        Object.assign(mention, { type: 'person', evidence: 'weak' });
      return resolved;
    });
  }

  /**
   * A known family name the tagger took for a word and no name found: "Born in Daegu, Park
   * studied at …" after "Park Ji-hoon".
   */
  unmentioned(tokens: Token[], mentions: Mention[]): Mention[] {
    const out: Mention[] = [];
    tokens.forEach((token, i) => {
      if (!/^\p{Lu}\p{Ll}+$/u.test(token.text) || mentions.some((m) => m.start <= i && i < m.end)) return;
      // ("… by Park Ji-woo and Lee Min-seo; Park serves as chief executive": or named earlier in
      // this sentence.)
      const here = mentions.find(
        (m) =>
          m.end < i &&
          m.type === 'person' &&
          familyFirst(m.keys[0]!.split(' ')) &&
          m.keys[0]!.split(' ')[0] === token.lower,
      );
      const full = here ?? this.byShortName.get(token.lower);
      if (!full || full.type !== 'person' || !familyFirst(full.keys[0]!.split(' '))) return;
      // (Not inside another name: "Park Avenue", "Sun Microsystems".)
      if (
        /^\p{Lu}/u.test(tokens[i + 1]?.text ?? '') ||
        (i > 0 && /^\p{Lu}/u.test(tokens[i - 1]!.text) && tokens[i - 1]!.pos === 'PROPN')
      )
        return;
      out.push(standFor({ ...full, start: i, end: i + 1 }, full));
    });
    return out;
  }

  /** Remembers a full name (after its sentence typed it), giving it its short name as an alias. */
  remember(mention: Mention): void {
    this.met.add(mention.keys[0]!);
    if (mention.type === 'person' && !mention.keys[0]!.includes(' ')) this.familyNames.add(mention.keys[0]!);
    const place = placeNameOf(mention);
    if (place && !this.byPlaceName.has(place)) this.byPlaceName.set(place, mention);
    if (mention.type === 'organization')
      for (const key of mention.keys.slice(1))
        if (!this.byBareName.has(key)) this.byBareName.set(key, mention);
    const words = mention.keys[0]!.split(' ');
    // ("Guess who I bumped into? Njeri Kamau! … Njeri from St. Mary's?": one person.)
    // (In a chat, also a name nothing typed that reads as a person's: chats call people by first names.)
    const personal =
      mention.type === 'person'
        ? lexicon().classOf(words[0]!) === 'first-name'
        : this.chat && mention.evidence === 'none' && personalName(mention);
    if (personal && words.length >= 2) {
      const other = this.byFirstName.get(words[0]!);
      if (other === undefined) this.byFirstName.set(words[0]!, mention);
      else if (other && other.keys[0] !== mention.keys[0]) this.byFirstName.set(words[0]!, null);
    }
    // "Sofía Restrepo Gaviria" is "Restrepo" too: a first name and two surnames, the first the one used.
    const second = words[1];
    if (
      mention.type === 'person' &&
      words.length === 3 &&
      lexicon().classOf(words[0]!) === 'first-name' &&
      second &&
      second.length > 2 &&
      !NAME_PARTICLES.has(second) &&
      lexicon().classOf(second) !== 'first-name'
    ) {
      if (!mention.aliases.includes(second)) mention.aliases.push(second);
      if (!this.byShortName.has(second)) this.byShortName.set(second, mention);
    }
    // "named Olusegun Adeyemi as chief executive … Adeyemi, who heads …": a name nothing typed that
    // reads as a person's is known by its last word too (it is no alias until something types it).
    if (mention.evidence === 'none' && personalName(mention)) {
      const last = words[words.length - 1]!;
      if (!this.byShortName.has(last)) this.byShortName.set(last, mention);
      return;
    }
    for (const short of shortNamesOf(mention)) {
      if (this.met.has(short)) continue;
      if (!mention.aliases.includes(keyOf(short))) mention.aliases.push(keyOf(short));
      if (!this.byShortName.has(short)) this.byShortName.set(short, mention);
    }
  }
}
