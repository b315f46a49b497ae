import { isOrganizationNoun, KIN_NOUNS } from './cues';
import { Discourse } from './discourse';
import { keyOf } from './keys';
import { isNationalityWord } from './lexicon';
import type { Mention } from './mentions';
import { DROPPED_HONORIFICS, NAME_TITLES, RULER_TITLES, TITLE_NOUNS, underLeader } from './name-words';
import { ownerOf, POSSESSIVES, rel } from './owners';
import { nounPredicate } from './noun-predicates';
import { kinOfKin, kinOfPair } from './possessive-kin';
import type { SentenceRelation } from './relations';
import { joinsWords, phrase, Sentence } from './sentences';
import { personalName } from './short-names';
import { COLLEAGUES } from './colleagues';

/** Titles a name may have been read without: "his wife, Empress Taytu Betul". */
const TITLE_WORDS = new Set([...DROPPED_HONORIFICS, ...NAME_TITLES, ...RULER_TITLES]);

/** A work one makes, and a building one designs: its title or name after the owner's noun is theirs. */
export const WORKS = new Set([...TITLE_NOUNS, 'building', 'bridge', 'invention', 'product']);

/** Nouns of a union between two people, before "to" or "with": "her marriage to X". */
const UNIONS = new Map<string, string>(
  Object.entries({
    marriage: 'married to',
    engagement: 'partner of',
    partnership: 'partner of',
    friendship: 'friend of',
  }),
);
/** Nouns of who takes over from whom: "his replacement is X" (X succeeded him), "her predecessor, X". */
const SUCCESSION = new Map<string, 'successor' | 'predecessor'>([
  ['successor', 'successor'],
  ['replacement', 'successor'],
  ['predecessor', 'predecessor'],
]);
/** Verbs of setting up a business, which make its founder, not only its owner. */
const FOUNDING_VERBS = /^(?:co-?)?(?:found|open|start|establish|launch|set|form|creat|buil)/;

/** Groups one plays in: whose band it is, they are a member of. */
const ENSEMBLES = new Set(['band', 'trio', 'duo', 'quartet', 'quintet', 'choir', 'orchestra', 'ensemble']);
/** Verbs that say a name is what a possessive noun after them names: "became its principal". */
const LINKS = new Set(['be', 'become', 'remain']);

/**
 * "my sister Ana", "her husband Callum", "its founder, Yvon Chouinard", "Its capital, Tallinn":
 * a possessive, a kinship or role noun, then the name. Kinship reads from the owner ("Maya
 * sibling of Ana"), a role from the name ("Yvon Chouinard founded Patagonia").
 */
export function possessiveRoles(
  sentence: Sentence,
  mentions: Mention[],
  discourse: Discourse,
): SentenceRelation[] {
  const { tokens } = sentence;
  const out: SentenceRelation[] = [];
  // The latest relation read, and whether its name was the source (a role) or the target (kinship).
  let last: { relation: SentenceRelation; namedIsSource: boolean } | undefined;
  // "His father was X and his mother Y": a relative just named is not whom the next "his" means.
  const relatives = new Set<Mention>();
  // ("the firm's generics division, Lotus Generics": the organisation the text is about.)
  // (Or the name the text opened with, which nothing typed yet: "Ubuntu Pay has raised …".)
  const theCompanys = (p: number) => {
    if (tokens[p - 2]?.lower !== 'the' || !isOrganizationNoun(tokens[p - 1])) return undefined;
    // (Not a name of this sentence after it: "the alliance's research arm, the BMA Institute".)
    const company = discourse.thing(
      'organization',
      mentions.filter((m) => m.start >= p),
    );
    if (company) return company;
    const opening = discourse.thing();
    return opening?.evidence === 'none' ? opening : undefined;
  };
  for (const named of mentions) {
    // ("I'll bring my mum, she's been begging": a pronoun after a kin noun names no one.)
    if (tokens[named.start]?.pos === 'PRON') continue;
    let k = named.start - 1;
    // "on his Galaxy S23", "my iPad": a device or program a person calls theirs is one they use.
    const personal = tokens[k]?.lower ?? '';
    if (['my', 'his', 'her'].includes(personal) && isDeviceName(named)) {
      const owner = ownerOf(personal, k, mentions, discourse);
      if (owner?.type === 'person')
        out.push(rel(owner, named, 'uses', phrase(tokens, k, named.start), named.end, 0.6));
      continue;
    }
    // "my own firm, Volkov & Partners", "her own studio Lumen": a business one calls one's own is one
    // one owns.
    const comma = tokens[k]?.text === ',' ? 1 : 0;
    const firm = tokens[k - comma];
    const own = tokens[k - comma - 1];
    const possessor = tokens[k - comma - 2];
    if (
      firm &&
      own?.lower === 'own' &&
      isOrganizationNoun(firm) &&
      firm.text === firm.lower &&
      ['my', 'his', 'her', 'our', 'their'].includes(possessor?.lower ?? '') &&
      // (One founds a firm one opens as one's own: "opened her own studio, X".)
      !tokens.slice(Math.max(0, k - comma - 6), k - comma - 2).some((t) => FOUNDING_VERBS.test(t.lower)) &&
      // (A band of one's own is one they play in: "He's back with his own band, Solar Norte".)
      !ENSEMBLES.has(firm.lower)
    ) {
      const owner = ownerOf(possessor!.lower, k - comma - 2, mentions, discourse);
      if (owner?.type === 'person') {
        if (named.type !== 'organization') Object.assign(named, { type: 'organization', evidence: 'weak' });
        out.push(rel(owner, named, 'owns', phrase(tokens, k - comma - 2, named.start), named.end, 0.6));
        continue;
      }
    }
    // "Waymo's co-CEOs are Tekedra Mawakana and Dmitri Dolgov": the second name holds it too.
    // (Not a name that describes the next one: "… Eli Berg and Sakura Denki senior engineer Kenta Ono".)
    const after = tokens[named.end];
    const describes =
      after !== undefined && after.text === after.lower && ['NOUN', 'ADJ'].includes(after.pos);
    // (After a comma, only a list that goes on: not "by Thabo Mokoena and his sister Naledi
    // Mokoena, Ubuntu Pay offers …".)
    const listed = tokens[k]?.lower === 'and' || [',', 'and'].includes(tokens[named.end]?.lower ?? '');
    if (
      last &&
      ['and', ','].includes(tokens[k]?.lower ?? '') &&
      last.relation.end === k &&
      !describes &&
      listed
    ) {
      const { relation, namedIsSource } = last;
      const again = namedIsSource
        ? { ...relation, source: named, end: named.end }
        : { ...relation, target: named, end: named.end };
      out.push(again);
      last = { relation: again, namedIsSource };
      continue;
    }
    // ("his wife, Empress Taytu Betul": a title dropped from the name stands before it.)
    if (k > named.start - 2 && TITLE_WORDS.has(tokens[k]?.lower.replace(/\.$/, '') ?? '')) k--;
    // ("Kestrel's flagship product, a fraud-detection engine called Sentinel": past what it is called.)
    if (['called', 'named', 'dubbed'].includes(tokens[k]?.lower ?? '')) {
      let j = k - 1;
      while (
        j > 0 &&
        tokens[j]!.text === tokens[j]!.lower &&
        (['NOUN', 'ADJ'].includes(tokens[j]!.pos) || joinsWords(tokens[j]))
      )
        j--;
      if (['a', 'an'].includes(tokens[j]?.lower ?? '') && tokens[j - 1]?.text === ',') k = j - 1;
    }
    if (tokens[k]?.text === ',') k--;
    // "Her father was the poet Lord Byron": the noun, then what it is.
    let said = k;
    // ("Its current president is the Finnish historian Aino Virtanen": adjectives and a
    // nationality may stand between the article and the noun.)
    // ("the Ghanaian-born illustrator": so may a "-born" compound.)
    let article = said - 1;
    for (;;) {
      const word = tokens[article];
      if (article <= 0 || !word) break;
      if ((word.pos === 'ADJ' && word.text === word.lower) || isNationalityWord(word.text)) article--;
      else if (word.lower === 'born' && joinsWords(tokens[article - 1]) && article > 2) article -= 2;
      else break;
    }
    if (
      tokens[said]?.pos === 'NOUN' &&
      tokens[said]!.text === tokens[said]!.lower &&
      tokens[article]?.pos === 'DET'
    )
      said = article - 1;
    else if (tokens[said]?.pos === 'DET') said--;
    // ("his wife, fashion designer Amara Eze": a kinship noun, then a trade with no article.)
    let trade = named.start - 1;
    while (
      trade > 0 &&
      ['NOUN', 'ADJ'].includes(tokens[trade]!.pos) &&
      tokens[trade]!.text === tokens[trade]!.lower
    )
      trade--;
    if (
      said === k &&
      trade < named.start - 1 &&
      tokens[trade]?.text === ',' &&
      KIN_NOUNS.has(tokens[trade - 1]?.lower ?? '')
    )
      k = trade - 1;
    else if (said < k && tokens[said]?.lemma === 'be') k = said - 1;
    else if (tokens[k]?.lemma === 'be') k--;
    // "her husband, the oceanographer Lars Vik": the kinship noun, then what the name is.
    // (And "her best-known building, the Biblioteca Pública": a work noun, then its name; "the
    // alliance's research arm, the BMA Institute": a part.)
    else if (
      said < k &&
      tokens[said]?.text === ',' &&
      (KIN_NOUNS.get(tokens[said - 1]?.lower ?? '') ||
        WORKS.has(tokens[said - 1]?.lower ?? '') ||
        nounPredicate(tokens[said - 1]?.lower ?? '')?.canonical === 'part of')
    )
      k = said - 1;
    // "Her marriage to the poet Adam Włodek": a union noun of the owner's, then "to" or "with".
    const at = said < k && tokens[said]?.pos !== 'AUX' ? said : k;
    const union = ['to', 'with'].includes(tokens[at]?.lower ?? '')
      ? UNIONS.get(tokens[at - 1]?.lower ?? '')
      : undefined;
    const unionOwner =
      union && POSSESSIVES.has(tokens[at - 2]?.lower ?? '')
        ? ownerOf(tokens[at - 2]!.lower, at - 2, mentions, discourse)
        : undefined;
    if (union && unionOwner && unionOwner.type === 'person' && keyOf(unionOwner.name) !== keyOf(named.name)) {
      named.type = 'person';
      out.push(rel(unionOwner, named, union, phrase(tokens, at - 2, at + 1), named.end));
      continue;
    }
    const noun = tokens[k];
    // A lower-case noun, or a title written in capitals ("Figma's CEO, Dylan Field").
    const titled = noun !== undefined && nounPredicate(noun.lower) !== undefined;
    if (!noun || (!titled && (noun.pos !== 'NOUN' || noun.text !== noun.lower))) continue;
    let p = k - 1;
    // ("Tallyo's on-call engineer": a hyphenated compound is one modifier, whatever its tags.)
    // ("Nestwell's managing director": a gerund before the noun modifies it too.)
    // ("its Thai subsidiary": so is a nationality, written with its capital.)
    // ("Her 2011 album Noites de Vidro": a year too.)
    const modifier = (at: number) =>
      (['ADJ', 'NOUN'].includes(tokens[at]!.pos) && tokens[at]!.text === tokens[at]!.lower) ||
      (tokens[at]!.pos === 'NUM' && /^\d{4}$/.test(tokens[at]!.text)) ||
      (['ADJ', 'PROPN'].includes(tokens[at]!.pos) && isNationalityWord(tokens[at]!.text)) ||
      (/ing$/.test(tokens[at]!.text) && tokens[at + 1]?.pos === 'NOUN') ||
      joinsWords(tokens[at]) ||
      joinsWords(tokens[at + 1]) ||
      joinsWords(tokens[at - 1]);
    while (p >= 0 && modifier(p)) p--;
    // ("her Arup colleague Tunde Bakare": the colleague works where the name before the noun says.)
    const workplace =
      COLLEAGUES.has(noun.lower) && p === k - 1
        ? mentions.find((m) => m.end === k && m.start === p)
        : undefined;
    if (
      workplace &&
      workplace.type !== 'person' &&
      workplace.type !== 'location' &&
      POSSESSIVES.has(tokens[p - 1]?.lower ?? '')
    ) {
      if (workplace.evidence === 'none') Object.assign(workplace, { type: 'organization', evidence: 'weak' });
      out.push(rel(named, workplace, 'works at', phrase(tokens, p, k + 1), named.end, 0.6));
      p = workplace.start - 1;
    }
    // "Glenmorie's founder and chief executive, Fiona McAskill": two roles of one owner.
    const firstNoun =
      tokens[p]?.lower === 'and' && tokens[p - 1]?.pos === 'NOUN' ? tokens[p - 1]!.lower : undefined;
    const firstRole = firstNoun ? nounPredicate(firstNoun) : undefined;
    // ("her husband and field partner, Alan Brooke": a relative who is also a partner or a colleague.)
    const firstKin = firstNoun ? KIN_NOUNS.get(firstNoun) : undefined;
    if (firstRole || firstKin) {
      p -= 2;
      while (p >= 0 && ['ADJ', 'NOUN'].includes(tokens[p]!.pos) && tokens[p]!.text === tokens[p]!.lower) p--;
    }
    const possessive = tokens[p];
    if (!possessive) continue;
    // "he married Elena Pizarro, and their son, Rodrigo": "their" kin is the two people just named.
    if (possessive.lower === 'their' && KIN_NOUNS.get(noun.lower)) {
      // (The two people may be the sentence before's: "X was married to Y. Their daughter, Z, …")
      const here = mentions.filter((m) => m.end <= p && !relatives.has(m) && m.type === 'person');
      // (Not people this sentence names after the possessive: "… their sons, A and B, and by her
      // sister, Helena".)
      const after = new Set(mentions.filter((m) => m.start > p).map((m) => m.keys[0]!));
      const earlier = discourse
        .latestPeople(4, named)
        .filter((m) => !after.has(m.keys[0]!))
        .slice(-2);
      const before = here.length >= 2 ? here : [...earlier, ...here];
      out.push(...kinOfPair(before, named, noun.lower, phrase(tokens, p, k + 1)));
      // ("their sons, Marcos Vianna and Tiago Vianna": each one the plural lists.)
      const second = mentions.find(
        (m) =>
          m.start > named.end &&
          ['and', ','].includes(tokens[m.start - 1]?.lower ?? '') &&
          tokens.slice(named.end, m.start).every((t) => t.text === ',' || t.lower === 'and') &&
          (m.type === 'person' || (m.evidence === 'none' && personalName(m))),
      );
      if (second && /s$/.test(noun.lower)) {
        if (second.type !== 'person') Object.assign(second, { type: 'person', evidence: 'weak' });
        out.push(...kinOfPair(before, second, noun.lower, phrase(tokens, p, k + 1)));
        // (Two children of one couple are siblings.)
        if (KIN_NOUNS.get(noun.lower) === 'parent of')
          out.push(rel(named, second, 'sibling of', phrase(tokens, p, second.end), second.end, 0.6));
      }
      continue;
    }
    // (The speaker's relatives are related to each other: "my brother Luca" and "our mum Giovanna".)
    if (['my', 'our'].includes(possessive.lower) && KIN_NOUNS.get(noun.lower))
      out.push(...kinOfKin(discourse, noun.lower, named, phrase(tokens, p, k + 1)));
    // "my sister Ana", or a name's own: "Tom's sister Ana", "Figma's CEO, Dylan Field".
    const owner = POSSESSIVES.has(possessive.lower)
      ? ownerOf(
          possessive.lower,
          p,
          mentions.filter((m) => !relatives.has(m)),
          discourse,
        )
      : ["'s", '’s'].includes(possessive.lower)
        ? (mentions.find((m) => m.end === p) ?? theCompanys(p))
        : possessive.lower === 'your'
          ? discourse.addressee
          : undefined;
    if (!owner || keyOf(owner.name) === keyOf(named.name)) continue;
    const raw = phrase(tokens, p, k + 1);
    const kin = KIN_NOUNS.get(noun.lower);
    // (A role after the relative is read below, with the relative's: "her husband and manager".)
    if (firstKin && kin && firstKin !== kin && owner.type !== 'location' && owner.type !== 'organization') {
      Object.assign(named, { type: 'person', evidence: 'strong' });
      out.push(rel(owner, named, firstKin, raw, named.end));
    }
    // ("Our network partner Open Fiber": a partner of a kind is the firm's, when the speaker's firm
    // is known, and no one's partner in life.)
    if (kin === 'partner of' && p < k - 1 && possessive.lower === 'our') {
      const firm = discourse.speakersOrganization();
      if (!firm || named.type === 'person' || keyOf(firm.name) === keyOf(named.name)) continue;
      if (named.evidence === 'none') Object.assign(named, { type: 'organization', evidence: 'weak' });
      out.push(rel(firm, named, 'partner of', raw, named.end, 0.6));
      continue;
    }
    if (kin) {
      named.type = 'person';
      named.evidence = 'strong';
      out.push(rel(owner, named, kin, raw, named.end));
      last = { relation: out[out.length - 1]!, namedIsSource: false };
      // (Only kin of "his" or "her": "my husband Rui …, his brother Nuno" is Rui's brother.)
      if (!['my', 'our'].includes(possessive.lower)) relatives.add(named);
      continue;
    }
    // "Her best-known collection, Salt and Ash", "his 1999 album Blue Hour": the owner's work.
    if (WORKS.has(noun.lower) && owner.type !== 'location' && named.type !== 'person') {
      out.push(rel(owner, named, 'created', raw, named.end));
      continue;
    }
    // "his replacement is Ngozi Eze", "her successor, Tom Reid": who took over from whom.
    const succession = SUCCESSION.get(noun.lower);
    if (succession && owner.type === 'person' && named.type !== 'organization' && named.type !== 'location') {
      if (named.evidence === 'none') Object.assign(named, { type: 'person', evidence: 'weak' });
      out.push(
        succession === 'successor'
          ? rel(named, owner, 'succeeded', raw, named.end)
          : rel(owner, named, 'succeeded', raw, named.end),
      );
      continue;
    }
    // "Neda's band Gol-e Sorkh", "Sepideh's jazz trio, Nava Trio": a musician's group.
    if (
      ENSEMBLES.has(noun.lower) &&
      owner.type !== 'location' &&
      owner.type !== 'organization' &&
      named.type !== 'person'
    ) {
      if (owner.evidence === 'none') Object.assign(owner, { type: 'person', evidence: 'weak' });
      if (named.evidence === 'none') Object.assign(named, { type: 'organization', evidence: 'weak' });
      out.push(rel(owner, named, 'member of', raw, named.end));
      continue;
    }
    const role = nounPredicate(noun.lower);
    if (!role) continue;
    // (Nothing is part of a person: "our second unit, a ColorJet 5400" is a printer.)
    if (role.canonical === 'part of' && owner.type === 'person') continue;
    if (role.sourceType === 'person') {
      named.type = 'person';
      named.evidence = 'strong';
    }
    // ("reporting to our CEO Adaeze Nwosu": a role of "our" is held at the speaker's organisation,
    // when the text said which.)
    const employer =
      owner.type === 'person' && role.targetType === 'organization' && possessive.lower === 'our'
        ? discourse.speakersOrganization()
        : undefined;
    const holder = employer ?? owner;
    // ("Lumicore's design chief, Chen Yu-ting": a function's head works under the one who leads.)
    const canonical =
      role.canonical === 'leads' && underLeader(tokens[k - 1]?.lower) ? 'works at' : role.canonical;
    if (firstRole && firstRole.canonical !== canonical)
      out.push(rel(named, holder, firstRole.canonical, raw, named.end));
    // ("my colleague Jonas Becker": the owner first, as kin's; annotators write it so.)
    const ownerFirst = canonical === 'works with' && holder.type === 'person';
    out.push(
      ownerFirst
        ? rel(holder, named, canonical, raw, named.end)
        : rel(named, holder, canonical, raw, named.end),
    );
    last = { relation: out[out.length - 1]!, namedIsSource: !ownerFirst };
  }
  // "Jack Dorsey, its co-founder, …", "Callum, her husband, …": the same, said after the name;
  // and "Sally Mapstone became its principal in 2016", "Ana is my sister".
  for (const named of mentions) {
    let p = named.end;
    while (LINKS.has(tokens[p]?.lemma ?? '') && p < named.end + 3) p++;
    const linked = p > named.end;
    if (!linked) p += tokens[named.end]?.text === ',' ? 1 : tokens.length;
    // ("Naledi Mokoena, the company's CEO, said": the organisation the text is about; "I'm Daniela,
    // Mateo's older sister": a name's own.)
    const nameOwner = linked ? undefined : mentions.find((m) => m.start === p && m !== named);
    const company = nameOwner
      ? /^['’]s$/.test(tokens[nameOwner.end]?.lower ?? '')
        ? nameOwner
        : undefined
      : ["'s", '’s'].includes(tokens[p + 2]?.lower ?? '')
        ? theCompanys(p + 2)
        : undefined;
    if (company) p = nameOwner ? nameOwner.end : p + 2;
    const possessive = tokens[p];
    if (!possessive || (!POSSESSIVES.has(possessive.lower) && !company)) continue;
    // ("its frozen-desserts division": a hyphenated compound is one modifier, whatever its tags.)
    let k = tokens[p + 2]?.text === '-' ? p + 3 : p + 1;
    while (
      (['ADJ', 'NOUN', 'PROPN'].includes(tokens[k + 1]?.pos ?? '') || tokens[k + 1]?.text === '-') &&
      !mentions.some((m) => m.start === k + 1)
    )
      k++;
    const noun = tokens[k];
    const closes =
      tokens[k + 1] === undefined ||
      [',', '.', ';', '!', '?'].includes(tokens[k + 1]!.text) ||
      // ("he's my husband 😂 he's already …": an emoji ends a chat's clause.)
      tokens[k + 1]!.pos === 'SYM' ||
      (linked && ['in', 'since', 'from', 'until'].includes(tokens[k + 1]!.lower));
    if (!noun || !closes || out.some((r) => r.source === named || r.target === named)) continue;
    const owner =
      company ??
      ownerOf(
        possessive.lower,
        p,
        mentions.filter((m) => m !== named),
        discourse,
      );
    if (!owner || keyOf(owner.name) === keyOf(named.name)) continue;
    const raw = phrase(tokens, p, k + 1);
    // (Only a person is someone's relative: not "… the Universidad Politécnica de Madrid, our mom, Rosa".)
    const kin = named.type === 'person' || named.evidence === 'none' ? KIN_NOUNS.get(noun.lower) : undefined;
    const role = KIN_NOUNS.get(noun.lower) ? undefined : nounPredicate(noun.lower);
    if (kin) out.push(rel(owner, named, kin, raw, k + 1));
    else if (role) out.push(rel(named, owner, role.canonical, raw, k + 1));
  }
  return out;
}

/** A product's name, or one written like a device's or a program's: "iPad", "PS5", "Galaxy S23". */
function isDeviceName(mention: Mention): boolean {
  return (
    mention.type === 'product' ||
    (mention.type === 'concept' && /^\p{Ll}+\p{Lu}|\d/u.test(mention.name) && !/^\d+$/.test(mention.name))
  );
}
